"""The creation ledger: every energy die spent or gained, on what, and what is left."""

from __future__ import annotations

import pytest

from desktop.systems.protector.rules import edits
from desktop.systems.protector.rules.character import (
    Agent,
    AgentTrait,
    Decade,
    Effect,
    InternalConflict,
    Power,
    ProtectorCharacter,
    Trait,
    TraitDice,
)
from desktop.systems.protector.rules.ledger import Ledger, build_ledger, n_dice


def ledger(**fields: object) -> Ledger:
    return build_ledger(ProtectorCharacter(name="Test", **fields))


def spent_on(result: Ledger, field: str) -> int:
    return sum(line.dice for line in result.lines if line.field.startswith(field))


def test_the_starting_pool_is_the_first_line() -> None:
    result = ledger()
    (line,) = result.lines
    assert (line.dice, line.field, line.what) == (10, "energy_pool", "starting energy pool")
    assert result.left == 10 and result.spent == 0 and result.gained == 10
    assert ledger(energy_pool=14).left == 14  # the GM may change it


def test_every_decade_costs_a_die_the_first_included() -> None:
    decades = [Decade(tier=1, entry="School"), Decade(tier=2, entry="War"),
               Decade(tier=2, entry="Travel")]
    result = ledger(decades=decades)
    assert result.left == 7
    assert [line.what for line in result.lines[1:]] == [
        "Decade 1 (first tier): School", "Decade 2 (second tier): War",
        "Decade 3 (second tier): Travel"]
    assert all(line.dice == -1 for line in result.lines[1:])


def test_internal_conflicts_add_a_die_each() -> None:
    result = ledger(conflicts=[InternalConflict(conflict="They're on to me", trigger="x"),
                               InternalConflict(conflict="Don't feel like a hero")])
    assert result.left == 12 and result.gained == 12
    assert spent_on(result, "conflicts") == 2


@pytest.mark.parametrize(("kind", "per_die"), [("attribute", 2), ("skill", 4),
                                               ("conditional", 3)])
def test_steps_are_bought_in_whole_dice_per_type(kind: str, per_die: int) -> None:
    result = ledger(trait_dice=TraitDice(**{kind: 2}),
                    traits=[Trait(name="A", type=kind, steps=1)])
    assert result.left == 8
    budget = result.steps[kind]
    assert (budget.bought, budget.assigned, budget.unassigned) == (2 * per_die, 1,
                                                                   2 * per_die - 1)
    assert spent_on(result, f"trait_dice.{kind}") == -2


def test_skill_steps_split_across_skills() -> None:
    """"This can be put all on a single skill or split among four different skills.\""""
    skills = [Trait(name=n, type="skill", steps=1) for n in ("Math", "Lying", "Hiding", "Humor")]
    result = ledger(trait_dice=TraitDice(skill=1), traits=skills)
    assert result.left == 9 and result.steps["skill"].unassigned == 0


def test_trades_and_limits_are_free_and_limits_give_skill_steps() -> None:
    traits = [Trait(name="Welder", type="trade", steps=3),
              Trait(name="Impatient", type="limit", limit=3, condition="patience"),
              Trait(name="Shy", type="limit", limit=4, condition="crowds"),
              Trait(name="Lockpicking", type="skill", steps=3)]
    result = ledger(traits=traits)
    assert result.left == 10  # nothing charged
    skill = result.steps["skill"]
    assert (skill.dice, skill.from_limits, skill.bought, skill.unassigned) == (0, 3, 3, 0)


def test_an_active_power_gets_its_eras_dice_per_energy_die() -> None:
    powers = [Power(name="Flight", active=True, energy_dice=2)]
    for era, per_die in (("wwi", 6), ("golden_age", 5), ("wwii", 8), ("misfits", 3),
                         ("coming_menace", 3), ("coming_menace_after", 6)):
        result = ledger(era=era, powers=powers)
        (pool,) = result.powers
        assert (pool.dice_per_die, pool.pool, result.left) == (per_die, 2 * per_die, 8), era


def test_latent_powers_cost_nothing_and_have_no_pool() -> None:
    result = ledger(powers=[Power(name="Telepathy", category="freedom")])
    (pool,) = result.powers
    assert result.left == 10 and not pool.active and pool.pool == 0 and pool.dice == ()


def test_effects_and_steps_are_bought_with_pool_dice() -> None:
    power = Power(name="Fire", active=True, energy_dice=1, steps=7,
                  effects=[Effect(name="Ranged"), Effect(name="Area"),
                           Effect(name="Single Use"), Effect(name="Limit", note="x")])
    (pool,) = ledger(era="wwii", powers=[power]).powers
    # 8 dice; Ranged and Area cost 2; Single Use and Limit add 2; 7 steps take 3 dice.
    assert (pool.effects_cost, pool.step_dice, pool.spare_steps, pool.pool) == (0, 3, 2, 5)
    assert [line.dice for line in pool.lines] == [8, -1, -1, 1, 1, -3]
    assert pool.lines[0].what == "1 energy die × 8 (WWII)"
    assert pool.lines[3].what == "Single Use adds 1"


def test_the_fixed_dice_per_die_wins_over_the_era() -> None:
    power = Power(name="Flight", active=True, energy_dice=1, dice_per_die=5)
    (pool,) = ledger(era="wwii", powers=[power]).powers
    assert pool.pool == 5 and "fixed at activation" in pool.lines[0].what


def test_agents_get_six_build_dice_per_energy_die() -> None:
    agent = Agent(name="Rifle", types=["weapon"], energy_dice=1,
                  traits=[AgentTrait(name="Damage", type="weapon", steps=2),
                          AgentTrait(name="Accuracy", type="character", steps=1)],
                  properties=[Effect(name="Ranged")])
    result = ledger(agents=[agent])
    (pool,) = result.agents
    # 6 build dice: damage 2 × 1, accuracy 1 × 2 (a character trait), Ranged 1 → pool 1.
    assert (pool.build, pool.traits_cost, pool.properties_cost, pool.pool) == (6, 4, 1, 1)
    assert [str(d) for d in pool.dice] == ["d6"]
    assert result.left == 9
    assert [line.what for line in pool.lines] == [
        "1 energy die × 6 (build dice)", "Damage: 2 steps × 1", "Accuracy: 1 step × 2",
        "Ranged costs 1"]


def test_single_use_gives_a_build_die_back() -> None:
    grenade = Agent(name="Grenade", types=["weapon"], gained_dice=3,
                    traits=[AgentTrait(name="Damage", type="weapon", steps=2)],
                    properties=[Effect(name="Area"), Effect(name="Single Use")])
    (pool,) = ledger(agents=[grenade]).agents
    assert pool.pool == 1 and pool.cost == 3


def test_inventions_get_the_invention_powers_pool_per_die() -> None:
    inventor = Power(name="Gadgets", category="generate", application="Invention",
                     invention=True, active=True, energy_dice=1, steps=3)  # 8 - 1 = 7
    boots = Agent(name="Boots", types=["movement"], invention_of="Gadgets", energy_dice=2)
    result = ledger(era="wwii", powers=[inventor], agents=[boots])
    assert result.agents[0].dice_per_die == 7 and result.agents[0].pool == 14
    assert result.left == 7
    # A power that is not an invention power gives nothing.
    plain = inventor.model_copy(update={"invention": False})
    assert ledger(era="wwii", powers=[plain], agents=[boots]).agents[0].pool == 0


def test_dice_changed_since_creation() -> None:
    assert ledger(energy_change=2).left == 12
    result = ledger(energy_change=-3)
    assert result.left == 7 and result.lines[-1].field == "energy_change"


def test_an_npcs_purchases_are_listed_not_charged() -> None:
    result = ledger(npc=True, energy_pool=5, decades=[Decade(tier=1, entry="School")],
                    traits=[Trait(name="Strength", type="attribute", steps=2)],
                    trait_dice=TraitDice(attribute=1),
                    powers=[Power(name="Fire", active=True, energy_dice=2)])
    assert result.left == 5
    assert all(not line.charged for line in result.lines[1:])
    assert result.powers[0].pool == 12  # its pool still follows the era (WWI: 6 a die)


def test_a_full_character_adds_up() -> None:
    character = ProtectorCharacter(
        name="Full", era="golden_age",
        conflicts=[InternalConflict(conflict="c", trigger="t")],
        decades=[Decade(tier=1, entry="School"), Decade(tier=2, entry="College")],
        trait_dice=TraitDice(attribute=1, skill=1),
        traits=[Trait(name="Strong", type="attribute", steps=2),
                Trait(name="Physics", type="skill", steps=4)],
        powers=[Power(name="Flight", active=True, energy_dice=2),
                Power(name="Latent one")],
        agents=[Agent(name="Car", types=["movement"], energy_dice=2)],
    )
    result = build_ledger(character)
    assert result.gained == 11 and result.spent == 8 and result.left == 3
    assert result.powers[0].pool == 10  # Golden Age: 5 a die


def test_activation_fixes_the_eras_dice_and_the_visionarys_death_adds_three() -> None:
    character = ProtectorCharacter(name="x", era="coming_menace",
                                   powers=[Power(name="Speed", category="freedom"),
                                           Power(name="Later", category="heal")])
    character = edits.activate_power(character, 0, 2)
    assert character.powers[0].dice_per_die == 3
    assert build_ledger(character).powers[0].pool == 6
    after = edits.visionary_dies(character)
    assert after.era == "coming_menace_after"
    assert after.powers[0].dice_per_die == 6 and after.powers[1].dice_per_die is None
    assert build_ledger(after).powers[0].pool == 12
    assert build_ledger(edits.activate_power(after, 1)).powers[1].pool == 6
    with pytest.raises(edits.EditError, match="at least 1"):
        edits.activate_power(character, 1, 0)
    with pytest.raises(edits.EditError, match="no power 3"):
        edits.activate_power(character, 2)
    with pytest.raises(edits.EditError, match="The Coming Menace"):
        edits.visionary_dies(after)


def test_book_equipment_added_at_creation() -> None:
    character = edits.add_equipment(ProtectorCharacter(name="x"), "Pistol")
    (pool,) = build_ledger(character).agents
    # The book's Pistol: "Cost 3d / System Pool 1d" (Equipment; RULINGS Protector 10).
    # One energy die gives 6 build dice; the 3 beyond the Cost stay out of the pool.
    assert pool.pool == 1 and pool.build == 6 and pool.unspent == 3
    with pytest.raises(edits.EditError, match="no equipment named"):
        edits.add_equipment(character, "Phaser")


def test_dice_words() -> None:
    assert (n_dice(1), n_dice(2), n_dice(1, "energy dice")) == ("1 die", "2 dice",
                                                               "1 energy die")


def test_every_book_item_keeps_its_printed_pool() -> None:
    # RULINGS Protector 10: "Equipment and places keep the pools the book prints for
    # them (e.g. the book's Pistol and Home entries)". The book: Pistol "Cost 3d / System
    # Pool 1d"; Home "Cost 15d / System Pool 5d".
    from desktop.systems.protector.rules import catalog

    for item in catalog.equipment_catalog().equipment:
        character = edits.add_equipment(ProtectorCharacter(name="x"), item.name)
        (pool,) = build_ledger(character).agents
        assert pool.pool == item.pool, item.name
        assert pool.cost == item.cost, item.name
    home = build_ledger(edits.add_equipment(ProtectorCharacter(name="x"), "Home")).agents[0]
    assert (home.pool, home.build, home.unspent) == (5, 18, 3)
    assert "the book's Cost 15d (3 left over, not in the pool)" in home.lines[0].what


def test_an_older_file_with_the_catalog_note_keeps_the_printed_pool() -> None:
    from desktop.systems.protector.rules.character import Agent

    old = Agent.model_validate({
        "name": "Wrench and Socket Set", "kind": "equipment", "energy_dice": 1,
        "traits": [{"type": "technical", "name": "", "steps": 1}],
        "properties": [{"name": "No Deplete"}],
        "notes": "From the book's equipment (Technical): Cost 3d, System Pool 1d."})
    assert old.printed_cost == 3
    mine = Agent.model_validate({"name": "Gadget", "energy_dice": 1})
    assert mine.printed_cost is None
    (pool,) = build_ledger(ProtectorCharacter(name="x", agents=[old])).agents
    assert pool.pool == 1
    (own,) = build_ledger(ProtectorCharacter(name="x", agents=[mine])).agents
    assert own.pool == 6, "an agent of one's own still gets all its build dice"


def test_inventions_keep_the_powers_dice_steps() -> None:
    """"the device gets a number of dice equal to the super power's pool plus any dice
    steps" (Super Inventions): an 11-dice Invention with 3 steps makes an invention of
    those 11 dice, 3 of them stepped, not 11 plain d6."""
    from desktop.systems.protector.rules.derived import derive

    inventor = Power(name="Invention", category="generate", application="Invention",
                     invention=True, active=True, energy_dice=1, dice_per_die=12,
                     steps=3)  # 12 − 1 die for the steps = 11 dice, 3 steps on them
    suit = Agent(name="Battle suit", types=["defense"], invention_of="Invention",
                 energy_dice=1)
    character = ProtectorCharacter(name="Test", powers=[inventor], agents=[suit])
    result = build_ledger(character)
    assert [str(d) for d in result.powers[0].dice] == ["d8"] * 3 + ["d6"] * 8
    assert result.agents[0].pool == 11
    assert [str(d) for d in result.agents[0].dice] == ["d8"] * 3 + ["d6"] * 8
    assert derive(character).to_json(character)["agent_pools"]["Battle suit"] == (
        ["d8"] * 3 + ["d6"] * 8)
    # Two energy dice: the power's dice twice, steps and all; a trait takes plain dice.
    two = suit.model_copy(update={"energy_dice": 2,
                                  "traits": [AgentTrait(name="Armor", type="defense", steps=2)]})
    pool = build_ledger(character.model_copy(update={"agents": [two]})).agents[0]
    assert pool.pool == 20
    assert [str(d) for d in pool.dice] == ["d8"] * 6 + ["d6"] * 14
    # An agent that is no invention keeps plain d6s.
    plain = build_ledger(ProtectorCharacter(name="T", agents=[Agent(name="Car",
                                                                    energy_dice=1)]))
    assert {str(d) for d in plain.agents[0].dice} == {"d6"}


def test_switching_the_era_to_after_the_visionarys_death_adds_the_dice() -> None:
    """"In The Coming Menace, all powers start with 3d but after the death of The
    Visionary, they get an additional 3d for each die they spent": switching the era
    does what The Visionary's death does; other switches change only the era."""
    character = edits.activate_power(ProtectorCharacter(
        name="x", era="coming_menace", powers=[Power(name="Speed", category="freedom")]),
        0, 2)
    after = edits.change_era(character, "coming_menace_after")
    assert after == edits.visionary_dies(character)
    assert build_ledger(after).powers[0].pool == 12
    golden = edits.change_era(character, "golden_age")
    assert golden.era == "golden_age" and golden.powers[0].dice_per_die == 3
    with pytest.raises(KeyError):
        edits.change_era(character, "no such era")
