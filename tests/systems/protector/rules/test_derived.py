"""Protector derived values, step by step: the energy pool, the JSON of ``sheetdesk derive``,
the age, and any valid file derives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.model.dice import Roller
from desktop.model.findings import Severity
from desktop.systems.protector.rules import lifepath, lifepath_steps
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
from desktop.systems.protector.rules.derived import age_of, derive
from tests.systems.protector.helpers import finished, found, has

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def test_a_finished_life_path_has_no_findings() -> None:
    derived = derive(finished())
    assert found(derived) == []
    assert derived.next_step.done and derived.energy_dice == 9 and derived.age == "10-19"


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


@settings(max_examples=300)
@given(characters)
def test_any_valid_character_derives_and_says_what_comes_next(character) -> None:
    derived = derive(character)
    data = derived.to_json(character)
    assert data["energy_dice"] == derived.ledger.left
    assert all(f.rule and f.field for f in derived.findings)
    step = lifepath_steps.next_step(character)
    if not step.done and not character.npc:
        for option in step.options:
            lifepath.choose(character, option.value)  # every offered choice is takeable
        if step.rollable:
            lifepath.roll(character, Roller(1))
