"""Rest phases and healing help, repair, restocking and training: the book's examples."""

from __future__ import annotations

import pytest

from desktop.model.dice_pool import Die, Pool
from desktop.systems.protector.fight.pools import Agent, Combatant, CombatError, picks
from desktop.systems.protector.fight.rest import (
    RestRoll,
    RestSkipped,
    damage_dice_of,
    full_multiple,
    repair,
    rest,
    rest_returns,
    restock,
    times_exceeded,
    train,
)
from desktop.systems.protector.rules.combat_tables import rest_phase, training_kind
from tests.systems.protector.helpers import ScriptedRoller


def people(*combatants: Combatant) -> dict[str, Combatant]:
    return {c.key: c for c in combatants}


# --- the counting rules ----------------------------------------------------------------


@pytest.mark.parametrize(("faces", "back"), [
    ((2, 3), 0), ((3, 3), 1), ((3, 3, 3), 2), ((4, 4, 4, 4), 3), ((1, 1, 2, 2, 3), 2),
    ((2, 3, 4, 3), 1)])
def test_rest_rolls_return_k_minus_one_per_group(faces, back) -> None:
    assert rest_returns(faces) == back


def test_full_multiple_needs_two_dice_all_alike() -> None:
    assert full_multiple((2, 2)) and full_multiple((4, 4, 4))
    assert not full_multiple((2,)) and not full_multiple((2, 2, 3))


@pytest.mark.parametrize(("total", "score", "gains"), [
    (7, 6, 1), (12, 6, 2), (6, 6, 0), (5, 6, 0), (16, 4, 4), (17, 4, 4)])
def test_times_exceeded(total, score, gains) -> None:
    assert times_exceeded(total, score) == gains


# --- Resting and Healing: Grace and Aiden ------------------------------------------------


def test_grace_and_aiden_rest_and_heal() -> None:
    """The book's example (Resting and Healing), to the letter: "Grace's character has
    taken a die of damage and rolls 2d4 to rest, trying to get a multiple, but gets a 2
    and a 3. Aiden's character has a 4 step medical skill so skips his rest roll and
    rolls to see if he can help heal Grace. He rolls 2d10 and gets a total of 11. He
    adds two dice of Gracie's rest die. He rolls 2d4 and gets a 4 and a 3. Gracie now
    has a multiple and can heal a die." (RULINGS Protector 9: the pair of 3s heals.)"""
    grace = Combatant("Grace", Pool(2, removed=1))  # "has taken a die of damage"
    aiden = Combatant("Aiden", Pool(6))
    roller = ScriptedRoller([10, 3,  # Aiden's healing roll: 10 + 1 other = 11
                             2, 3, 4, 3])  # Grace's 2d4 and Aiden's two extra d4s
    out, report = rest(people(grace, aiden), ["Grace", "Aiden"], rest_phase("Rest"), roller,
                       helpers={"Aiden": ("Grace", picks("d10,d10"))})
    (help_,) = report.helps
    assert help_.side.value == 11 and help_.dice == 2
    first = report.rolls[0]
    assert isinstance(first, RestRoll)
    assert (first.faces, first.bonus) == ((2, 3), (4, 3))
    assert first.healed == 1, "Gracie now has a multiple and can heal a die"
    assert first.healed_by == (3, 2)
    assert out["Grace"].energy == Pool(3)
    assert len(report.rolls) == 1, "Aiden skipped his rest roll"
    assert out["Aiden"].energy == Pool(6), "rest-phase rolls never deplete"
    assert not roller.script
    text = report.describe()
    assert "Aiden helps Grace" in text and "2 extra d4s" in text
    assert "Grace rests: 4d4 [2, 3 + help 4, 3]" in text
    assert "pair of 3s: a damage die back" in text
    assert "no multiple" not in text


def test_the_pair_also_returns_a_depleted_die() -> None:
    # "For every double rolled, one depleted die is returned to the character's dice
    # pool" — and the same pair heals a damage die (RULINGS Protector 9).
    grace = Combatant("Grace", Pool(2, depleted=1, removed=1))
    aiden = Combatant("Aiden", Pool(6))
    roller = ScriptedRoller([10, 3, 2, 3, 4, 3])
    out, report = rest(people(grace, aiden), ["Grace", "Aiden"], rest_phase("Rest"), roller,
                       helpers={"Aiden": ("Grace", picks("d10,d10"))})
    first = report.rolls[0]
    assert (first.returned, first.healed) == (1, 1)
    assert out["Grace"].energy == Pool(4)
    assert "1 depleted back, pair of 3s: a damage die back" in report.describe()


def test_with_only_her_own_two_d4_a_pair_is_the_full_multiple() -> None:
    grace = Combatant("Grace", Pool(2, removed=1))
    out, report = rest(people(grace), ["Grace"], rest_phase("Rest"), ScriptedRoller([2, 3]))
    assert report.rolls[0].healed == 0 and out["Grace"].energy == Pool(2, removed=1)
    out, report = rest(people(grace), ["Grace"], rest_phase("Rest"), ScriptedRoller([3, 3]))
    assert report.rolls[0].healed == 1 and out["Grace"].energy == Pool(3)


def test_without_help_only_the_automatic_die_returns() -> None:
    grace = Combatant("Grace", Pool(2, depleted=2))
    out, report = rest(people(grace), ["Grace"], rest_phase("Rest"), ScriptedRoller([2, 3]))
    assert report.rolls[0].returned == 0
    assert out["Grace"].energy == Pool(3, depleted=1)


def test_sleep_rolls_three_times_and_restores_three() -> None:
    hero = Combatant("Hero", Pool(3, depleted=6))
    roller = ScriptedRoller([1, 1, 2,  # pair: 1 back (4 ready)
                             4, 4, 4, 4,  # full multiple: 3 back (7 ready)
                             1, 2, 3, 4, 1, 2, 3])  # two pairs: 2 back
    out, report = rest(people(hero), ["Hero"], rest_phase("Sleep"), roller)
    assert [r.returned for r in report.rolls] == [1, 3, 2]
    assert out["Hero"].energy == Pool(9)  # 6 back by rolling, the rest automatically


def test_a_full_multiple_returns_a_damage_die() -> None:
    hero = Combatant("Hero", Pool(2, depleted=1, removed=1))
    out, report = rest(people(hero), ["Hero"], rest_phase("Rest"), ScriptedRoller([3, 3]))
    assert report.rolls[0].healed == 1
    assert out["Hero"].energy == Pool(4)
    assert "pair of 3s: a damage die back" in report.describe()


def test_one_die_left_cannot_roll_to_rest() -> None:
    hero = Combatant("Hero", Pool(1, depleted=5))
    out, report = rest(people(hero), ["Hero"], rest_phase("Recovery"), ScriptedRoller([]))
    assert isinstance(report.rolls[0], RestSkipped)
    assert "1 ready die" in report.rolls[0].describe()
    assert out["Hero"].energy == Pool(6), "Recovery restores 5 automatically"


def test_agents_and_powers_rest_too_and_the_restore_goes_where_asked() -> None:
    flight = Agent("Flight", Pool(3, depleted=2), kind="power")
    hero = Combatant("Hero", Pool(5, depleted=1), {"Flight": flight})
    roller = ScriptedRoller([1, 2, 3, 4, 4,  # energy: a pair, 1 back
                             2, 2, 2])  # Flight: a triple, 2 back
    out, report = rest(people(hero), ["Hero"], rest_phase("Rest"), roller,
                       restore_to={"Hero": ["Flight"]})
    assert [(r.source, r.returned) for r in report.rolls] == [("energy", 1), ("Flight", 2)]
    assert out["Hero"].energy == Pool(6)
    assert out["Hero"].agent("Flight").pool == Pool(5)


def test_a_helper_must_be_resting_and_not_help_itself() -> None:
    grace = Combatant("Grace", Pool(2, depleted=1))
    with pytest.raises(CombatError, match="not resting"):
        rest(people(grace), ["Grace"], rest_phase("Rest"), ScriptedRoller([]),
             helpers={"Aiden": ("Grace", picks("d6"))})
    with pytest.raises(CombatError, match="itself"):
        rest(people(grace), ["Grace"], rest_phase("Rest"), ScriptedRoller([]),
             helpers={"Grace": ("Grace", picks("d6"))})


# --- Repairing Equipment: Aiden's motorcycle -----------------------------------------------


def motorcycle_scene() -> dict[str, Combatant]:
    bike = Agent("Motorcycle", Pool(0, removed=2), types=frozenset({"Movement"}), steps=3)
    kit = Agent("Toolkit", Pool(1), types=frozenset({"Tool", "Technical"}), steps=3)
    return people(Combatant("Aiden", Pool(10), {"Motorcycle": bike}),
                  Combatant("Gracie", Pool(5), {"Toolkit": kit}))


def test_the_motorcycle_is_fully_repaired() -> None:
    """Damage dice d8 and d10 roll 6; Gracie's 5d6 roll 7, her toolkit's d12 a 5: 12 is
    twice the damage roll, so both dice are repaired."""
    scene = motorcycle_scene()
    assert damage_dice_of(scene["Aiden"].agent("Motorcycle")) == (Die(10), Die(8))
    roller = ScriptedRoller([5, 2,  # damage dice d10, d8: 5 + 1 other = 6
                             3, 2, 2, 3, 2,  # Gracie's 5d6: 3 + 4 others = 7
                             5])  # the toolkit's d12
    out, result = repair(scene, "Aiden", "Motorcycle", ["Gracie"], picks("5d6"), roller,
                         tool=("Gracie", "Toolkit"))
    assert (result.damage_roll.value, result.repairer.value, result.total) == (6, 7, 12)
    assert result.repaired == 2
    assert out["Aiden"].agent("Motorcycle").pool == Pool(2)
    assert "2 dice of damage repaired" in result.describe()


def test_without_the_toolkit_one_die_is_repaired() -> None:
    roller = ScriptedRoller([5, 2, 3, 2, 2, 3, 2])
    out, result = repair(motorcycle_scene(), "Aiden", "Motorcycle", ["Gracie"],
                         picks("5d6"), roller)
    assert result.repaired == 1 and result.tool_roll is None
    assert out["Aiden"].agent("Motorcycle").pool == Pool(1, removed=1)


def test_the_tool_only_helps_a_roll_that_passed() -> None:
    out, result = repair(motorcycle_scene(), "Aiden", "Motorcycle", ["Gracie"],
                         picks("5d6"), ScriptedRoller([6, 5, 2, 2, 2, 3, 1]),
                         tool=("Gracie", "Toolkit"))
    assert result.damage_roll.value == 7 and result.repairer.value == 7
    assert result.repaired == 0 and result.tool_roll is None
    assert out["Gracie"].energy == Pool(4, depleted=1), "the repair roll depletes normally"


def test_nothing_to_repair() -> None:
    scene = motorcycle_scene()
    with pytest.raises(CombatError, match="no damage"):
        repair(scene, "Gracie", "Toolkit", ["Aiden"], picks("d6"), ScriptedRoller([]))


def test_restocking_heals_depletions() -> None:
    gun = Agent("Pistol", Pool(1, depleted=2), types=frozenset({"Weapon"}))
    out, done = restock(people(Combatant("Sam", Pool(5), {"Pistol": gun})), "Sam", "Pistol")
    assert out["Sam"].agent("Pistol").pool == Pool(3)
    assert "restocks" in done.describe()
    with pytest.raises(CombatError, match="no depleted"):
        restock(out, "Sam", "Pistol")


# --- Buying Traits and Agents: Gracie's training --------------------------------------------


def test_gracie_trains_her_fighter_attribute() -> None:
    """Two energy dice with 2 related steps: 2d8, a 16; the GM's 3d6 shows 4: four steps."""
    gracie = Combatant("Gracie", Pool(10))
    out, result = train(people(gracie), "Gracie", training_kind("Attribute"), "Fighter", 2,
                        ScriptedRoller([8, 8, 1, 1, 2]), steps=2)
    assert result.dice == (Die(8), Die(8))
    assert (result.total, result.difficulty, result.gains) == (16, 4, 4)
    assert out["Gracie"].energy == Pool(8), "the spent dice are lost for good"
    assert "Fighter gains 4 steps" in result.describe()


def test_training_an_agent_adds_dice_and_powers_must_exist() -> None:
    hero = Combatant("Hero", Pool(6), {"Flight": Agent("Flight", Pool(3), kind="power")})
    out, result = train(people(hero), "Hero", training_kind("Power"), "Flight", 1,
                        ScriptedRoller([6, 2]))
    assert result.gains == 3 and out["Hero"].agent("Flight").pool == Pool(6)
    out, result = train(out, "Hero", training_kind("Equipment"), "Rope", 1,
                        ScriptedRoller([5, 2]))
    assert out["Hero"].agent("Rope").pool == Pool(2)
    with pytest.raises(CombatError, match="new powers cannot be bought"):
        train(out, "Hero", training_kind("Power"), "Telepathy", 1, ScriptedRoller([3, 1]))
    with pytest.raises(CombatError, match="ready dice"):
        train(out, "Hero", training_kind("Skill"), "Lying", 9, ScriptedRoller([]))


def test_the_rest_chart_states_the_books_example_reading() -> None:
    # RULINGS Protector 9: the quick-reference chart must not say "all dice the same".
    from desktop.systems.protector.fight.gm_charts import charts

    (rest_chart,) = [c for c in charts() if c.title == "Resting and Healing"]
    text = " ".join(rest_chart.lines)
    assert "a helper's dice included, also heal one damage die" in text
    assert "all dice the same" not in text
