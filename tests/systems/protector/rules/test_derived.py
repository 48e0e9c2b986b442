"""Protector derived values and findings: each creation rule broken shows, cited."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.model.dice import Roller
from desktop.model.findings import Severity
from desktop.systems.protector.rules import lifepath, stepping
from desktop.systems.protector.rules.character import (
    AGENT_KINDS,
    AGENT_TRAIT_TYPES,
    EQUIPMENT_TYPES,
    ERAS,
    EVENT_TYPES,
    POWER_CATEGORIES,
    TRAIT_TYPES,
    Agent,
    AgentTrait,
    Continuation,
    Decade,
    Effect,
    EnergyState,
    Event,
    EventLink,
    InternalConflict,
    Power,
    ProtectorCharacter,
    Trait,
    TraitDice,
    TraitGrant,
)
from desktop.systems.protector.rules.derived import ProtectorDerived, age_of, derive

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def finished(**fields: object) -> ProtectorCharacter:
    """A character whose life path is done (one Decade, one Event, one power)."""
    base: dict[str, object] = dict(
        name="Test", era="wwii",
        decades=[Decade(tier=1, entry="School", roll=1, description="Grew up.",
                        traits=[TraitGrant(type="skill", name="Math", steps=1)],
                        event_count=1,
                        events=[Event(type="loss", roll=3, description="Lost a dog.")],
                        continuation=Continuation(faces=[2], another=False))],
        power_count=1,
        powers=[Power(name="Flight", category="freedom", application="Flight",
                      event=EventLink(decade=0, event=0))],
    )
    base.update(fields)
    return ProtectorCharacter(**base)


def found(derived: ProtectorDerived, severity: Severity | None = None) -> list[tuple[str, str]]:
    return [(f.message, f.field) for f in derived.findings
            if severity is None or f.severity is severity]


def has(derived: ProtectorDerived, severity: Severity, text: str, field: str = "") -> bool:
    return any(text in f.message and f.severity is severity and f.field.startswith(field)
               for f in derived.findings)


def test_a_finished_life_path_has_no_findings() -> None:
    derived = derive(finished())
    assert found(derived) == []
    assert derived.next_step.done and derived.energy_dice == 9 and derived.age == "10-19"


def test_findings_cite_the_book_and_name_a_field() -> None:
    derived = derive(ProtectorCharacter())
    assert derived.findings
    for finding in derived.findings:
        assert str(finding.rule).startswith("Protector, ") and finding.field


def test_overspending_energy_is_an_error() -> None:
    derived = derive(finished(trait_dice=TraitDice(skill=10),
                              traits=[Trait(name="Math", type="skill", steps=40)]))
    assert derived.energy_dice == -1
    assert has(derived, E, "11 energy dice spent of 10: 1 over", "energy_pool")


def test_no_energy_left_is_a_warning_and_a_gm_pool_is_noted() -> None:
    derived = derive(finished(trait_dice=TraitDice(skill=10),
                              traits=[Trait(name="Math", type="skill", steps=40)],
                              energy_pool=11))
    assert derived.energy_dice == 0
    assert has(derived, W, "No energy dice left") and has(derived, I, "set by the GM")


def test_step_budgets() -> None:
    over = derive(finished(trait_dice=TraitDice(attribute=1),
                           traits=[Trait(name="Strong", type="attribute", steps=3)]))
    assert has(over, E, "3 attribute steps on traits, but 2 bought", "trait_dice.attribute")
    left = derive(finished(trait_dice=TraitDice(skill=1),
                           traits=[Trait(name="Math", type="skill", steps=1)]))
    assert has(left, I, "3 skill steps bought, not yet on a trait", "trait_dice.skill")
    limited = derive(finished(traits=[Trait(name="Shy", type="limit", limit=3, condition="x"),
                                      Trait(name="Math", type="skill", steps=3)]))
    assert has(limited, E, "3 skill steps on traits, but 2 bought (0 dice × 4 + 2 from "
                           "limits)")


def test_trait_type_rules() -> None:
    derived = derive(finished(traits=[
        Trait(name="Welder", type="trade", steps=2),
        Trait(name="Shy", type="limit", steps=1),
        Trait(name="Brave", type="conditional", steps=0),
        Trait(name="Odd", type="skill", steps=0, limit=2),
    ]))
    assert has(derived, E, "a trade gives 3 steps, not 2", "traits.0.steps")
    assert has(derived, E, "a limit has no steps of its own", "traits.1.steps")
    assert has(derived, E, "Limit Shy needs its value", "traits.1.limit")
    assert has(derived, W, "Limit Shy: define the tests it caps", "traits.1.condition")
    assert has(derived, W, "Conditional Brave: define the trigger", "traits.2.condition")
    assert has(derived, W, "only a limit has a limit value", "traits.3.limit")


def test_traits_merge_decade_and_bought_steps() -> None:
    derived = derive(finished(trait_dice=TraitDice(skill=1),
                              traits=[Trait(name="math", type="skill", steps=4, trained_steps=1,
                                            dice=[3, 3])]))
    (math_trait,) = derived.traits
    assert (math_trait.name, math_trait.steps, math_trait.from_decades) == ("Math", 6, 1)
    assert has(derived, E, "Math: 6 steps put on dice, but it has 6") is False
    too_many = derive(finished(traits=[Trait(name="Math", type="skill", dice=[2])]))
    assert has(too_many, E, "Math: 2 steps put on dice, but it has 1", "traits.0.dice")


def test_life_path_findings() -> None:
    assert has(derive(ProtectorCharacter(name="x")), E, "at least one Decade", "decades")
    base = finished()
    decade = base.decades[0]
    wrong = decade.model_copy(update={
        "roll": 12, "description": "", "event_count": 5,
        "events": [Event(type="loss", roll=4, description="")] * 6,
        "continuation": Continuation(faces=[2, 3], another=True)})
    derived = derive(base.model_copy(update={"decades": [wrong]}))
    second_tier = decade.model_copy(update={"tier": 2, "entry": "War"})
    assert has(derive(base.model_copy(update={"decades": [second_tier]})), E,
               "Decade 1 comes from the first-tier table", "decades.0.tier")
    assert has(derived, W, "a roll of 12 gives From a different land, not School")
    assert has(derived, I, "describe what the character was doing", "decades.0.description")
    assert has(derived, W, "5 Events; the 1d4 gives 1 to 4")
    assert has(derived, W, "has 6 Events; its roll gave 5")
    assert has(derived, W, "needs a one-sentence description", "decades.0.events.0")
    assert has(derived, W, "a roll of 4 is Rejection", "decades.0.events.0.roll")
    assert has(derived, E, "one die per decade held (1), not 2", "decades.0.continuation")
    assert has(derived, E, "only if all the dice are odd")


def test_a_decade_after_the_roll_said_powers_is_flagged() -> None:
    base = finished()
    second = Decade(tier=2, entry="War", event_count=1, events=[Event(type="loss",
                                                                       description="x")],
                    continuation=Continuation(faces=[2, 2], another=False), description="x")
    derived = derive(base.model_copy(update={"decades": [*base.decades, second]}))
    assert has(derived, W, "Decade 2 follows, but the continuation roll went on to powers")


def test_an_unfinished_life_path_says_what_comes_next() -> None:
    character = finished(power_count=2)
    derived = derive(character)
    assert has(derived, I, "Life path not finished: Power 2: roll 1d10", "powers.1")
    assert derived.next_step.kind == "power_category"
    more = derive(finished(power_count=0))
    assert has(more, W, "1 powers; the life path gave 0")
    assert has(more, W, "0 powers: the 1d6 gives 1 to 6")


def test_power_findings() -> None:
    powers = [
        Power(name="A", category="freedom", application="Flight", active=True,
              event=EventLink(decade=0, event=0)),  # active without dice
        Power(name="B", category="freedom", application="Flight", energy_dice=1,
              effects=[Effect(name="Ranged")], event=EventLink(decade=3, event=0)),
        Power(name="C", category="generate", application="Energy beam", active=True,
              energy_dice=1, effects=[Effect(name="Long Ranged"), Effect(name="Huge Area"),
                                      Effect(name="Fast Burn"), Effect(name="Fast Burn"),
                                      Effect(name="Laser"), Effect(name="Limit")],
              steps=30, event=EventLink(decade=0, event=0)),
        Power(name="D", category="amplification", application="Charm", active=True,
              energy_dice=1, steps=10, dice=[10], event=EventLink(decade=0, event=0),
              depleted=5),
    ]
    derived = derive(finished(power_count=4, powers=powers))
    assert has(derived, E, "A is active: activating a power costs at least 1", "powers.0")
    assert has(derived, E, "B is latent but has 1 energy dice", "powers.1.energy_dice")
    assert has(derived, W, "B is latent: its effects and steps are bought", "powers.1")
    assert has(derived, E, "B answers Event 1 of Decade 4, which the character does not "
                           "have", "powers.1.event")
    assert has(derived, E, "C: Long Ranged requires Ranged", "powers.2.effects.0")
    assert has(derived, E, "C: Huge Area requires Large Area", "powers.2.effects.1")
    assert has(derived, E, "C: Fast Burn taken twice", "powers.2.effects.3")
    assert has(derived, W, "'Laser' is not in the book's list", "powers.2.effects.4")
    assert has(derived, W, "say how the Limit limits it", "powers.2.effects.5.note")
    assert has(derived, E, "C: its effects and steps cost", "powers.2")
    assert has(derived, W, "D amplifies 'Charm', which is not one of the character's traits")
    assert has(derived, I, "D: 6 steps on its dice buy nothing until the next die up")
    assert has(derived, I, "D: steps come 3 for a pool die; 2 more paid for")
    assert has(derived, E, "D: 5 dice depleted or damaged of a pool of 4", "powers.3.depleted")
    assert has(derived, W, "the book gives") is False


def test_a_power_without_its_event_is_a_warning_once_the_path_is_past_it() -> None:
    derived = derive(finished(power_count=2, powers=[
        Power(name="Flight", category="freedom", application="Flight"),
        Power(name="Heal", category="heal")]))
    # Power 1 is the life path's next step (its Event): no warning for it yet.
    assert derived.next_step.kind == "power_event" and derived.next_step.power == 0
    assert not has(derived, W, "Flight should answer")
    assert has(derived, W, "Heal should answer one of the character's Events", "powers.1")


def test_dice_per_die_fixed_in_another_era() -> None:
    moved = derive(finished(powers=[Power(name="F", category="freedom", application="Flight",
                                          active=True, energy_dice=1, dice_per_die=5,
                                          event=EventLink(decade=0, event=0))]))
    assert has(moved, I, "5 pool dice a die, fixed at activation (WWII gives 8)")
    dead = derive(finished(era="coming_menace_after", powers=[
        Power(name="F", category="freedom", application="Flight", active=True, energy_dice=1,
              dice_per_die=3, event=EventLink(decade=0, event=0))]))
    assert has(dead, W, "The Visionary has died", "powers.0.dice_per_die")


def test_agent_findings() -> None:
    agents = [
        Agent(name="Nothing", types=["tool"]),
        Agent(name="Overbuilt", types=["weapon"], energy_dice=1,
              traits=[AgentTrait(name="Damage", type="weapon", steps=6)]),
        Agent(name="Untyped", energy_dice=1, properties=[Effect(name="Immunity"),
                                                         Effect(name="Long Ranged")]),
        Agent(name="Butler", kind="assistant", energy_dice=1,
              traits=[AgentTrait(name="Guard", type="defense", steps=1)]),
        Agent(name="Gadget", invention_of="Nowhere", energy_dice=1, types=["tool"]),
        Agent(name="Car", types=["movement"], energy_dice=2,
              traits=[AgentTrait(name="Cargo", type="capacity", steps=1, dice=[2])],
              depleted=20),
        Agent(name="Car", types=["movement"], gained_dice=1),
    ]
    derived = derive(finished(agents=agents))
    assert has(derived, E, "Agent Nothing has no dice", "agents.0.energy_dice")
    assert has(derived, E, "one build die must go to its pool", "agents.1")
    assert has(derived, W, "Untyped: equipment gets a type", "agents.2.types")
    assert has(derived, W, "the book gives Immunity to powers only", "agents.2.properties.0")
    assert has(derived, E, "Long Ranged requires Ranged", "agents.2.properties.1")
    assert has(derived, W, "an assistant's traits are skills", "agents.3.traits.0")
    assert has(derived, E, "an invention of 'Nowhere', which the character does not have")
    assert has(derived, I, "a Capacity trait, but it does not have the Capacity type")
    assert has(derived, E, "2 steps put on dice, but Cargo has 1", "agents.5.traits.0.dice")
    assert has(derived, E, "20 dice depleted or damaged of a pool of 11", "agents.5.depleted")
    assert has(derived, W, "2 agents are called Car")
    over = derive(finished(agents=[Agent(name="Tank", types=["weapon"], energy_dice=1,
                                         traits=[AgentTrait(type="character", steps=4)])]))
    assert has(over, E, "cost 8 of 6 build dice: 2 over", "agents.0")


def test_invention_power_must_be_one_and_active() -> None:
    powers = [Power(name="Gizmos", category="generate", application="Invention",
                    event=EventLink(decade=0, event=0))]
    agent = Agent(name="Boots", types=["movement"], invention_of="Gizmos", energy_dice=1)
    not_marked = derive(finished(powers=powers, agents=[agent]))
    assert has(not_marked, E, "Gizmos is not marked as an invention power")
    latent = derive(finished(powers=[powers[0].model_copy(update={"invention": True})],
                             agents=[agent]))
    assert has(latent, E, "Gizmos is latent, so it gives no build dice")


def test_play_state_and_conflicts() -> None:
    derived = derive(finished(energy=EnergyState(depleted=6, damaged=4, awarded=1),
                              conflicts=[InternalConflict(conflict="Guilt")]))
    assert derived.energy_dice == 10 and derived.energy_ready == 0
    assert not has(derived, E, "depleted and")
    pool = derived.energy_pool(finished(energy=EnergyState(depleted=6, damaged=4, awarded=1)))
    assert (pool.ready, pool.depleted, pool.awarded, pool.removed) == (0, 6, 1, 4)
    assert has(derived, W, "'Guilt' needs a trigger", "conflicts.0.trigger")
    too_many = derive(finished(energy=EnergyState(depleted=9, damaged=1)))
    assert has(too_many, E, "9 depleted and 1 damaged dice, but the pool has 9")


def test_to_json_has_the_products_keys() -> None:
    character = finished(powers=[Power(name="Flight", category="freedom", active=True,
                                       application="Flight", energy_dice=1, steps=12,
                                       event=EventLink(decade=0, event=0))],
                         agents=[Agent(name="Pistol", types=["weapon"], energy_dice=1)])
    data = derive(character).to_json(character)
    for key in ("system", "name", "findings", "energy_dice", "power_pools", "agent_pools"):
        assert key in data
    assert data["system"] == "protector" and data["energy_dice"] == 7
    assert data["power_pools"] == {"Flight": ["d12", "d12", "d12", "d12"]}  # 8 - 4 step dice
    assert data["agent_pools"] == {"Pistol": ["d6"] * 6}
    assert data["next_step"] == "done" and data["ledger"][0]["dice"] == 10


def test_age_by_decades() -> None:
    assert [age_of(n) for n in (0, 1, 2, 3)] == ["0-9", "10-19", "20-29", "30-39"]


@pytest.mark.parametrize(("steps", "die"), [
    (0, "d6"), (1, "d8"), (2, "d10"), (3, "d12"), (4, "d20"), (15, "d20"), (16, "1d4x10"),
    (24, "1d6x10"), (32, "1d8x10"), (56, "1d20x10"), (111, "1d20x10"), (112, "1d4x100"),
    (784, "1d4x1000"), (10_000, "1d4x1000"),
])
def test_steps_on_one_die_follow_the_higher_steps_table(steps: int, die: str) -> None:
    assert str(stepping.die_for(steps)) == die


def test_stepping_a_pool() -> None:
    even = stepping.step_dice(7, 24)
    assert [str(d) for d in even.dice] == ["d20"] * 3 + ["d12"] * 4
    assert (even.unassigned, even.unused, even.extra_dice) == (0, 0, 0)
    chosen = stepping.step_dice(7, 24, [24])
    assert [str(d) for d in chosen.dice] == ["1d6x10"] + ["d6"] * 6
    partial = stepping.step_dice(2, 12, [6, 2])
    assert [str(d) for d in partial.dice] == ["d20", "d10"]
    assert (partial.unassigned, partial.unused) == (4, 2)
    extra = stepping.step_dice(1, 3, [1, 1, 1])
    assert extra.extra_dice == 2 and [str(d) for d in extra.dice] == ["d8"]
    assert stepping.step_dice(0, 5).dice == () and stepping.step_dice(0, 5).unassigned == 5


# ---------------------------------------------------------------- any valid file


SMALL = st.integers(0, 12)
NAMES = st.sampled_from(["Flight", "Math", "Gadgets", "Ωmega", "Kaiser Überlegen", "x"])
effects = st.builds(Effect, name=st.sampled_from(
    ["Fast Burn", "Ranged", "Long Ranged", "Area", "Huge Area", "Limit", "Single Use",
     "Immunity", "Laser"]), note=st.text(max_size=5))
events = st.builds(Event, type=st.none() | st.sampled_from(EVENT_TYPES),
                   roll=st.none() | st.integers(1, 8), description=st.text(max_size=5))
decades = st.builds(
    Decade, tier=st.sampled_from([1, 2]), entry=st.sampled_from(["", "School", "War", "Odd"]),
    roll=st.none() | st.integers(1, 20),
    traits=st.lists(st.builds(TraitGrant, type=st.sampled_from(["skill", "attribute"]),
                              name=st.sampled_from(["", "Math", "Strength"]), steps=SMALL,
                              options=st.lists(NAMES, max_size=2)), max_size=2),
    event_count=st.none() | SMALL, events=st.lists(events, max_size=3),
    continuation=st.none() | st.builds(Continuation, faces=st.lists(st.integers(-1, 7),
                                                                      max_size=3),
                                       another=st.booleans()))
links = st.none() | st.builds(EventLink, decade=st.integers(0, 3), event=st.integers(0, 3))
powers = st.builds(
    Power, name=NAMES, category=st.none() | st.sampled_from(POWER_CATEGORIES),
    application=st.sampled_from(["", "Flight", "Math", "Invention"]), event=links,
    active=st.booleans(), energy_dice=SMALL, dice_per_die=st.none() | SMALL,
    gained_dice=SMALL, effects=st.lists(effects, max_size=4), steps=st.integers(0, 200),
    dice=st.lists(st.integers(0, 200), max_size=4), invention=st.booleans(),
    depleted=SMALL, damaged=SMALL)
agents = st.builds(
    Agent, name=NAMES, kind=st.sampled_from(AGENT_KINDS),
    types=st.lists(st.sampled_from(EQUIPMENT_TYPES), max_size=2), energy_dice=SMALL,
    invention_of=st.none() | NAMES, gained_dice=SMALL,
    traits=st.lists(st.builds(AgentTrait, name=NAMES, type=st.sampled_from(AGENT_TRAIT_TYPES),
                              steps=SMALL, dice=st.lists(SMALL, max_size=3)), max_size=3),
    properties=st.lists(effects, max_size=3), depleted=SMALL, damaged=SMALL)
traits = st.builds(Trait, name=NAMES, type=st.sampled_from(TRAIT_TYPES), steps=SMALL,
                   limit=st.none() | st.integers(0, 5), trained_steps=SMALL,
                   dice=st.lists(SMALL, max_size=3), condition=st.text(max_size=3))
characters = st.builds(
    ProtectorCharacter, name=st.text(max_size=5), era=st.sampled_from(ERAS),
    energy_pool=st.integers(0, 30), energy_change=st.integers(-5, 5), npc=st.booleans(),
    decades=st.lists(decades, max_size=3), power_count=st.none() | st.integers(0, 7),
    traits=st.lists(traits, max_size=4),
    trait_dice=st.builds(TraitDice, attribute=SMALL, skill=SMALL, conditional=SMALL),
    powers=st.lists(powers, max_size=3), agents=st.lists(agents, max_size=3),
    conflicts=st.lists(st.builds(InternalConflict, conflict=NAMES, trigger=st.text(max_size=3)),
                       max_size=2),
    energy=st.builds(EnergyState, depleted=SMALL, damaged=SMALL, awarded=SMALL))


@settings(max_examples=300, deadline=None)
@given(characters)
def test_any_valid_character_derives_and_says_what_comes_next(character) -> None:
    derived = derive(character)
    data = derived.to_json(character)
    assert data["energy_dice"] == derived.ledger.left
    assert all(f.rule and f.field for f in derived.findings)
    step = lifepath.next_step(character)
    if not step.done and not character.npc:
        for option in step.options:
            lifepath.choose(character, option.value)  # every offered choice is takeable
        if step.rollable:
            lifepath.roll(character, Roller(1))
