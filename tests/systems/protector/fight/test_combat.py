"""Protector encounters: play order, seating, declarations, and rest, training and awards
through the encounter (Protector, Play Order; Storytelling). Contests: test_contests.py."""

from __future__ import annotations

import pytest

from desktop.model.dice_pool import Pool
from desktop.systems.protector.fight.combat import GM, Encounter
from desktop.systems.protector.fight.contests import Side
from desktop.systems.protector.fight.pools import Combatant, CombatError, picks
from tests.systems.protector.helpers import ScriptedRoller, scene

# --- play order -------------------------------------------------------------------------


def test_turns_go_clockwise_from_the_gm_and_rounds_repeat() -> None:
    step = scene().start()
    assert step.lines() == ("Round 1: the GM sets the scene; then clockwise: GM → Erin → Sam",
                            "Round 1: the GM's turn (NPCs and challenges)")
    enc = step.encounter
    assert enc.current == GM and enc.gm_keys() == ("Slaver",)
    enc = enc.advance().encounter
    assert enc.current == "Erin"
    enc = enc.advance().encounter
    assert enc.current == "Sam"
    step = enc.advance()
    assert step.encounter.round == 2 and step.encounter.current == GM


def test_the_seating_is_edited_not_rolled() -> None:
    enc = scene().start().encounter.advance().encounter  # Erin's turn
    step = enc.reseat(["Sam", "Erin"])
    assert step.encounter.seating == ("Sam", "Erin")
    assert step.encounter.current == "Erin", "the turn stays with whoever has it"
    with pytest.raises(CombatError, match="no seat"):
        enc.reseat(["Sam"])
    with pytest.raises(CombatError, match="not a player"):
        enc.reseat(["Sam", "Erin", "Slaver"])
    added = enc.add(Combatant("Alice", Pool(10)), seat=0).encounter
    assert added.seating == ("Alice", "Erin", "Sam") and added.current == "Erin"
    gone = added.remove("Erin").encounter
    assert gone.seating == ("Alice", "Sam")


def test_one_declared_action_per_turn_and_any_number_of_reactions() -> None:
    enc = scene().start().encounter
    assert "may only react" in enc.why_not_declare("Erin")
    enc = enc.declare("Slaver", "attacks Erin").encounter  # NPCs on the GM's turn
    enc = enc.advance().encounter
    enc = enc.declare("Erin", "shoots the Slaver").encounter
    assert "already declared" in enc.why_not_declare("Erin")
    with pytest.raises(CombatError, match="only reactions"):
        enc.declare("Erin", "runs")
    for _ in range(3):
        enc = enc.react("Sam", "dodges").encounter
    enc = enc.advance().encounter.advance().encounter  # round 2
    assert enc.why_not_declare("Slaver") is None and not enc.declared


def test_an_encounter_needs_distinct_names() -> None:
    with pytest.raises(CombatError, match="two combatants"):
        Encounter.of([Combatant("A", Pool(1)), Combatant("A", Pool(1))])
    with pytest.raises(CombatError, match="game master"):
        Encounter.of([Combatant(GM, Pool(1))])
    with pytest.raises(CombatError, match="someone"):
        Encounter.of([]).start()


# --- rest, repair, training and awards through the encounter ------------------------------------


def test_rest_and_training_through_the_encounter() -> None:
    enc = scene().damage("Erin", 2).encounter
    assert enc.get("Erin").energy == Pool(8, depleted=2)
    step = enc.rest("Rest", ScriptedRoller([1, 2, 3, 4, 4, 2, 3, 3]))  # 8d4: 3 multiples
    assert step.encounter.get("Erin").energy == Pool(10), "only the 2 depleted come back"
    assert step.lines()[0].startswith("Rest: 1 rest roll, 1 depleted die restored")
    step = step.encounter.train("Sam", "Skill", "Marksman", 1, ScriptedRoller([6, 2]))
    assert step.encounter.get("Sam").energy == Pool(9)
    assert "Marksman gains 3 steps" in step.lines()[0]


def test_awarded_dice_add_to_rolls_and_are_lost_at_the_end() -> None:
    enc = scene().damage("Sam", 1).encounter
    enc = enc.award("Erin").encounter  # from the GM
    enc = enc.award("Erin", giver="Sam").encounter  # Sam gives one of his depleted dice
    assert enc.get("Erin").energy == Pool(10, awarded=2)
    assert enc.get("Sam").energy == Pool(9)
    with pytest.raises(CombatError, match="no depleted dice"):
        enc.award("Erin", giver="Sam")
    step = enc.roll(Side.of("Erin", *picks("d6,d8")), ScriptedRoller([5, 5]), target=8)
    erin = step.encounter.get("Erin").energy
    assert step.events[0].side.value == 5 + 1 + 2 and step.events[0].success
    assert erin == Pool(11, awarded=1), "the multiple brings an awarded die into the pool"
    end = step.encounter.end_game()
    assert end.encounter.get("Erin").energy == Pool(11)
    assert "Erin ends with 11 dice: the new pool (was 10)" in end.lines()


