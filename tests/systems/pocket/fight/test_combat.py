"""The Pocket Universe encounter: rounds and holds (5.2), wake-up rolls on one's turn
(5.41), stances and falls ending with the next turn (5.7, 5.35), blood loss with the
rounds, and seeded fights that replay exactly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.model.dice import Roller
from desktop.systems.files import load_character
from desktop.systems.pocket.fight.combat import Encounter, Step
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import Fighter, fighter_from, fighter_from_creature
from desktop.systems.pocket.fight.to_hit import AttackPlan
from desktop.systems.pocket.rules import catalog, catalog_creatures
from tests.systems.pocket.helpers import Scripted, plain_fighter


def fighter(key: str, initiative=(1, 2, 3), deft: int = 10, **changes: object) -> Fighter:
    return plain_fighter(key, **{"initiative": initiative, "deft": deft, "armored_deft": deft,
                                 **changes})


ASH = fighter("Ash", (2, 4, 6), deft=12)
BO = fighter("Bo", deft=10)
CY = fighter("Cy", deft=11)


def started(*faces: int, fighters=(ASH, BO, CY)) -> Step:
    return Encounter.start(fighters, Scripted(*((f,) for f in faces)))


def test_a_full_round_with_a_hold() -> None:
    enc = started(9, 5, 5).encounter
    held = enc.hold()  # Ash holds at 6: Bo is up
    assert held.describe() == ["Ash holds its turn", "Round 1: Bo's turn at 2"]
    enc = held.encounter
    assert enc.holding("Ash") is not None and enc.current == "Bo"
    taken = enc.take_held("Ash")  # Ash interrupts Bo's turn
    assert taken.describe() == [
        "Held turn taken: Ash (held since round 1 at 6), interrupting Bo",
        "Round 1: Ash's turn (a held turn)"]
    enc = taken.encounter
    assert enc.current == "Ash" and enc.holding("Ash") is None
    enc = enc.end_turn().encounter
    assert enc.current == "Bo"  # Bo's turn resumes
    enc = enc.end_turn().encounter
    assert enc.current == "Cy"
    step = enc.hold()  # Cy holds into the next round
    assert step.describe()[-1] == "Round 1: every turn has come (held turns may still be taken)"
    enc = step.encounter
    # No new initiative for a holder: only Ash and Bo roll in round 2.
    step = enc.next_round(Scripted((1,), (10,)))
    assert [t.key for t in step.encounter.turns] == ["Bo", "Ash"]
    assert step.describe()[0].endswith("still holding: Cy (held since round 1 at 2)")
    enc = step.encounter.take_held("Cy").encounter
    assert enc.current == "Cy"
    enc = enc.end_turn().encounter
    assert enc.current == "Bo"
    # Cy rolls again in round 3, its held turn spent.
    enc = enc.end_turn().encounter.end_turn().encounter
    step = enc.next_round(Scripted((5,), (5,), (5,)))
    assert {t.key for t in step.encounter.turns} == {"Ash", "Bo", "Cy"}


def test_simultaneous_held_turns_go_oldest_first() -> None:
    enc = started(9, 5, 5).encounter.hold().encounter.hold().encounter  # Ash, then Bo
    step = enc.take_held("Bo", "Ash")
    assert step.encounter.interrupts == ("Ash", "Bo")
    assert step.describe()[0].startswith("Held turn taken: Ash (held since round 1 at 6), "
                                         "then Bo")


def test_hold_rules() -> None:
    enc = started(9, 5, 5).encounter.hold().encounter
    with pytest.raises(CombatError, match="holds no turn"):
        enc.take_held("Bo")
    taking = enc.take_held("Ash").encounter
    with pytest.raises(CombatError, match="cannot hold it again"):
        taking.hold()
    with pytest.raises(CombatError, match="still to act"):
        taking.next_round(Scripted())
    forced = taking.next_round(Scripted((5,), (5,), (5,)), force=True)
    assert "turns not taken last round: Ash, Bo, Cy" in forced.describe()[0]


def test_an_unconscious_combatant_and_its_wake_up_roll() -> None:
    enc = Encounter.start((ASH, BO), None, given={"Ash": 6, "Bo": 2}).encounter
    # Ash hits Bo for 8 − 0 = 8 of 10: over half, Bo is out.
    step = enc.attack("Ash", "Bo", Scripted((2, 3), (10,)))
    enc = step.encounter
    assert enc.fighter("Bo").unconscious and enc.fighter("Bo").current_hits == 2
    with pytest.raises(CombatError, match="on its own turn"):
        enc.wake_up("Bo", Scripted((1, 1)))
    with pytest.raises(CombatError, match="is unconscious"):
        enc.attack("Bo", "Ash", Scripted())
    step = enc.end_turn()
    assert step.describe() == ["Round 1: Bo's turn at 2; unconscious: rolls to wake up"]
    enc = step.encounter
    tried = enc.wake_up("Bo", Scripted((1, 2)))  # 3 > 2 hits: stays out
    assert tried.describe() == ["Bo wake-up roll: wake-up: 2d10 [1, 2] = 3 vs 2-: failure: "
                                "stays unconscious"]
    with pytest.raises(CombatError, match="already rolled"):
        tried.encounter.wake_up("Bo", Scripted((1, 1)))
    roused = tried.encounter.rouse("Bo", "Ash", Scripted((1, 2)))  # +2: 3 ≤ 4
    assert not roused.encounter.fighter("Bo").unconscious
    assert "roused by Ash (+2)" in roused.describe()[0]


def test_stances_end_and_the_fallen_get_up_on_their_next_turn() -> None:
    enc = Encounter.start((ASH, BO), None, given={"Ash": 6, "Bo": 2}).encounter
    enc = enc.stance("Ash", "defensive").encounter
    enc = enc.set_conditions("Bo", add=["prone"], why="tripped").encounter
    step = enc.end_turn()
    assert step.describe() == ["Round 1: Bo's turn at 2; gets up: that takes the whole turn"]
    assert "prone" not in step.encounter.fighter("Bo").conditions
    assert "defensive" in step.encounter.fighter("Ash").conditions  # until Ash's next turn
    step = step.encounter.end_turn().encounter.next_round(None, given={"Ash": 3, "Bo": 1})
    assert step.describe()[1] == "Round 2: Ash's turn at 3; defensive stance ends"
    assert "defensive" not in step.encounter.fighter("Ash").conditions


def test_blood_loss_ticks_with_the_rounds_and_the_dead_drop_out() -> None:
    dying = replace(BO, hits=-9, bleeding="round")
    enc = Encounter.start((ASH, dying), None, given={"Ash": 6, "Bo": 2}).encounter
    step = enc.next_round(None, given={"Ash": 6, "Bo": 2}, force=True)
    assert step.encounter.fighter("Bo").current_hits == -10
    assert "Bo loses 1 hit (blood loss): -9 → -10" in step.describe()
    step = step.encounter.next_round(None, given={"Ash": 6}, force=True)
    assert step.encounter.fighter("Bo").dead
    assert [t.key for t in step.encounter.turns] == ["Ash"]


def test_the_dead_are_skipped_in_the_count() -> None:
    enc = Encounter.start((ASH, BO, CY), None, given={"Ash": 6, "Bo": 4, "Cy": 2}).encounter
    enc = enc.set_conditions("Bo", add=["dead"]).encounter
    assert enc.end_turn().encounter.current == "Cy"


def test_gm_damage_treatment_and_rest() -> None:
    enc = Encounter.start((replace(ASH, armor_phys=2), BO), None,
                          given={"Ash": 6, "Bo": 2}).encounter
    step = enc.damage("Ash", 9)  # 9 vs 2: 7 through; over half of 10
    assert step.encounter.fighter("Ash").current_hits == 3
    assert step.encounter.fighter("Ash").unconscious
    assert enc.damage("Ash", 4, armor=False).encounter.fighter("Ash").current_hits == 6
    assert enc.damage("Bo", 1).describe()[-1] == "Bo loses 1 hit (damage): 10 → 9"
    assert enc.damage("Ash", 1).describe() == [
        "Ash's armor: 1 damage vs armor 2: armor at least twice the damage stops it"]
    dying = enc.damage("Bo", 12, armor=False).encounter
    bound = dying.treat("Bo", 9, Scripted((3, 4)), "bind").encounter
    assert not bound.fighter("Bo").bleeding
    healed = bound.treat("Bo", 9, Scripted((3, 4)), "heal").encounter
    assert healed.fighter("Bo").current_hits == -1 and "Bo" in healed.treated_today
    again = healed.treat("Bo", 9, Scripted((3, 4)), "heal").encounter
    assert again.fighter("Bo").current_hits == -1
    rested = again.rest("Bo", 3).encounter
    assert rested.fighter("Bo").current_hits == 2 and "Bo" not in rested.treated_today


def test_tharsh_falls_in_an_encounter() -> None:
    tharsh = fighter_from(load_character(catalog.example_characters()["tharsh"]))
    enc = Encounter.start((tharsh,), None, given={"Tharsh": 4}).encounter
    step = enc.fall("Tharsh", 4, Scripted((6, 5)), "Straw")
    assert step.encounter.fighter("Tharsh").current_hits == tharsh.hits_max - 2
    assert "DEFT soften the fall: 2d10 [6, 5] = 11 vs 10-: failure" in step.describe()[0]


def test_roster_changes_and_bad_names() -> None:
    enc = Encounter.start((ASH, BO), None, given={"Ash": 6, "Bo": 2}).encounter
    croc = fighter_from_creature(catalog_creatures.creature("Crocodile"))
    joined = enc.join(croc)
    assert joined.describe() == ["Crocodile joins the fight (initiative from next round)"]
    nxt = joined.encounter.next_round(Scripted((5,), (5,), (1,)), force=True).encounter
    assert {t.key for t in nxt.turns} == {"Ash", "Bo", "Crocodile"}
    with pytest.raises(CombatError, match="two combatants"):
        joined.encounter.join(croc)
    gone = enc.remove("Ash")
    assert gone.encounter.current == "Bo" and "Ash" not in gone.encounter.fighters
    with pytest.raises(CombatError, match="no combatant called 'Zed'"):
        enc.attack("Ash", "Zed", Scripted())
    with pytest.raises(CombatError, match="unknown condition"):
        enc.set_conditions("Ash", add=["sleepy"])
    with pytest.raises(CombatError, match="at least one"):
        Encounter.start((), None)


def test_moves_grapples_and_morale_through_the_encounter() -> None:
    enc = Encounter.start((replace(ASH, move=7, grapple=9, dodge=11), replace(BO, npc=True)),
                          None,
                          given={"Ash": 6, "Bo": 2}).encounter
    assert enc.move_rate("Ash") == 7
    enc = enc.attack("Ash", "Bo", Scripted((2, 3)), AttackPlan(called="grapple")).encounter
    assert enc.fighter("Bo").held_by == "Ash"
    enc = enc.squeeze("Ash", "Bo", Scripted((9,))).encounter
    assert enc.fighter("Bo").current_hits == 7
    enc = enc.break_free("Bo", Scripted((9,), (1,))).encounter
    assert enc.fighter("Bo").held_by == ""
    with pytest.raises(CombatError, match="not held"):
        enc.break_free("Bo", Scripted())
    passing = enc.zone_of_control("Ash", "Bo", Scripted((1, 1)))
    assert passing.encounter is enc and passing.describe()[0].endswith(": passes")
    enc = enc.morale("Bo", Scripted((9, 8))).encounter
    assert "fled" in enc.fighter("Bo").conditions
    with pytest.raises(CombatError, match="cannot block"):
        enc.zone_of_control("Ash", "Bo", Scripted((1, 1)))


def log(seed: int) -> list[str]:
    """A seeded fight of three rounds between two book characters and the crocodile."""
    examples = catalog.example_characters()
    artos = fighter_from(load_character(examples["artos"]))
    kestra = fighter_from(load_character(examples["kestra"]), key="Kestra")
    croc = fighter_from_creature(catalog_creatures.creature("Crocodile"))
    roller = Roller(seed)
    step = Encounter.start((artos, kestra, croc), roller)
    lines = step.describe()
    enc = step.encounter
    for _ in range(3):
        while not enc.round_over:
            actor = enc.fighters[enc.current]  # type: ignore[index]
            if actor.unconscious:
                step = enc.wake_up(actor.key, roller)
            else:
                target = "Crocodile" if actor.key != "Crocodile" else "Artos"
                if enc.fighters[target].dead:
                    break
                step = enc.attack(actor.key, target, roller)
            lines += step.describe()
            step = step.encounter.end_turn()
            lines += step.describe()
            enc = step.encounter
        step = enc.next_round(roller, force=True)
        lines += step.describe()
        enc = step.encounter
    return lines


def test_seeded_fights_replay_exactly() -> None:
    first = log(2024)
    assert first == log(2024)
    assert first != log(2025)
    assert first[0].startswith("Round 1 initiative: ")
    assert any("Sword" in line for line in first)
