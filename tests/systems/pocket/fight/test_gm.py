"""Pocket Universe on the GM screen, played through the encounter model (and once
through the window): rounds of re-rolled initiative with ties to the lower DEFT, a hold,
hits through armor, a knockout and wake-up rolls (chapter 5), with the book's example
party and its crocodile; saved and reopened with the same log.

Dice rolled "at the table" are typed in, so every number can be checked by hand against
the rules; the rest comes from the encounter's seed.
"""

from __future__ import annotations

import shutil
from dataclasses import replace

import pytest

from desktop.model.dice import Roller
from desktop.model.encounter import EncounterError
from desktop.systems.encounters import load_encounter, new_encounter, save_encounter
from desktop.systems.files import load_character
from desktop.systems.pocket.fight import gm
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import Shield
from desktop.systems.pocket.fight.gm import RULES, npcs
from desktop.systems.pocket.rules import catalog, catalog_creatures

KESTRA = "Kestra of the Marches"
EXAMPLES = catalog.example_characters()


def party(seed: int = 5, crocodiles: int = 1):
    """Artos, Kestra and Tharsh from the example files, and the book's crocodile."""
    e = new_encounter("pocket", "Crocodile river", seed=seed)
    for name in ("artos", "kestra", "tharsh"):
        e = e.add_character(load_character(EXAMPLES[name]), str(EXAMPLES[name]))
    crocodile = npcs()[0]
    if crocodiles == 1:
        return e.add_character(crocodile, origin="catalog")
    return e.add_group(crocodile, crocodiles, "Crocodiles")


def actions(e, key: str) -> dict:
    return {a.id: a for a in e.rules.actions(e.state, key)}


def row(e, key: str):
    return {r.key: r for r in e.rules.rows(e.state)}[key]


def texts(e, since: int = 0) -> list[str]:
    return [line.text for line in e.log[since:]]


def test_a_round_with_a_hold_a_hit_through_armor_and_a_knockout(tmp_path) -> None:
    e = party()
    assert [r.key for r in e.rules.rows(e.state)] == ["Artos", KESTRA, "Tharsh", "Crocodile"]
    assert e.turn.label.startswith("Setup: 4 combatants")
    # 5.2: the table rolls 1d10 each: Kestra 10 → high of 4/6/8 = 8, Crocodile 9 → high
    # of 1/2/3 = 3, Artos 5 → mid 2, Tharsh 1 → low of 2/4/6 = 2. Artos and Tharsh tie
    # at 2: the lower DEFT (Artos 10 against 12) goes first.
    e = e.start({"d10": {KESTRA: 10, "Crocodile": 9, "Artos": 5, "Tharsh": 1}})
    assert texts(e, -2) == [
        "Initiative: Kestra of the Marches: 8 (d10 10 → high of 4/6/8 = 8); "
        "Crocodile: 3 (d10 9 → high of 1/2/3 = 3); Artos: 2 (d10 5 → mid of 1/2/3 = 2); "
        "Tharsh: 2 (d10 1 → low of 2/4/6 = 2)",
        "Kestra of the Marches's turn at 8"]
    assert [r.key for r in e.rules.rows(e.state)] == [KESTRA, "Crocodile", "Artos", "Tharsh"]
    assert row(e, KESTRA).cells[0] == "8 (4/6/8)"
    assert e.turn.actors == (KESTRA,) and e.turn.label == (
        "Round 1 · count 8 · Kestra of the Marches")

    e = e.perform(KESTRA, "hold")
    assert e.turn.actors == ("Crocodile",)
    assert row(e, KESTRA).cells[0] == "held (8)"
    # The crocodile bites Tharsh: Bite 12 − Melee Defense 1 = 11; 4+5 = 9 hits. Damage
    # d10 5 → mid of 3/5/7 = 5 against armor 2: under half, 5 − 2 = 3 through (5.4).
    e = e.perform("Crocodile", "attack", {"target": "Tharsh", "hit1": 4, "hit2": 5,
                                          "damage_die": 5})
    assert texts(e, -4) == [
        "Crocodile Bite: 2d10 [4, 5] = 9 vs 11-, Tharsh's Melee Defense -1: success: hits "
        "Tharsh",
        "Crocodile damage with Bite: d10 5 → mid of 3/5/7 = 5",
        "Tharsh's armor: 5 damage vs armor 2: armor under half the damage, 5 − 2 = 3 through",
        "Tharsh loses 3 hits (hit): 10 → 7"]
    assert texts(e, -5)[0] == "Crocodile: dice rolled at the table: to-hit 4+5, damage 5"

    e = e.next_turn()
    assert e.turn.actors == ("Artos",)
    # Kestra takes her held turn, interrupting Artos: Spear 15 − 1 = 14; 3+5 hits; d10 9 →
    # high of 5/7/9 = 9; armor 3 is under half: 6 through, 13 → 7 (not over half of 13).
    e = e.perform(KESTRA, "take_held")
    assert texts(e, -2) == [
        "Held turn taken: Kestra of the Marches (held since round 1 at 8), interrupting Artos",
        "Kestra of the Marches's turn (a held turn)"]
    assert e.turn.actors == (KESTRA,) and "held turn" in e.turn.label
    e = e.perform(KESTRA, "attack", {"target": "Crocodile", "hit1": 3, "hit2": 5,
                                     "damage_die": 9})
    assert texts(e, -2) == [
        "Crocodile's armor: 9 damage vs armor 3: armor under half the damage, 9 − 3 = 6 "
        "through",
        "Crocodile loses 6 hits (hit): 13 → 7"]
    e = e.next_turn()
    assert e.turn.actors == ("Artos",), "Artos's turn resumes after the held turn"
    # Artos: Sword 13 − 1 = 12; 1+5 hits; d10 10 → high of 4/6/8 = 8; 8 − 3 = 5 through,
    # and 5 is over half of the 7 hits left: unconscious (5.41).
    e = e.perform("Artos", "attack", {"target": "Crocodile", "hit1": 1, "hit2": 5,
                                      "damage_die": 10})
    assert texts(e, -1) == ["Crocodile loses 5 hits (hit): 7 → 2; over half of its 7 "
                            "remaining hits in one attack: unconscious"]
    down = row(e, "Crocodile")
    assert down.out and down.status.startswith("unconscious") and down.cells[1] == "2/13"

    # Next round's initiative rolled at the table for Kestra (1 → low 4) and Tharsh
    # (5 → mid 4): a tie on 4, won by the lower DEFT, Tharsh's 12 against her 13.
    e = e.perform(KESTRA, "initiative", {"die": 1}).perform("Tharsh", "initiative", {"die": 5})
    e = e.next_turn()
    assert e.turn.actors == ("Tharsh",) and e.turn.round == 1
    e = e.next_turn()
    assert e.turn.round == 2, "no one holds: the last turn opens the next round"
    opening = texts(e, -2)[0]
    assert opening.startswith("Initiative: Tharsh: 4 (d10 5 → mid of 2/4/6 = 4); "
                              "Kestra of the Marches: 4 (d10 1 → low of 4/6/8 = 4); ")
    assert "Artos" in opening and "Crocodile" in opening, "everyone rolls again"
    assert e.turn.actors == ("Tharsh",)

    # The crocodile's wake-up roll comes on its own initiative, once a round (5.41).
    assert not actions(e, "Crocodile")["wake_up"].prompt
    for _ in range(4):
        if e.turn.actors == ("Crocodile",):
            break
        e = e.next_turn()
    assert e.turn.actors == ("Crocodile",)
    assert e.turn.label.endswith("Crocodile (unconscious: wake-up roll)")
    wake = actions(e, "Crocodile")["wake_up"]
    assert wake.prompt and wake.enabled
    assert "wake-up roll due" in row(e, "Crocodile").status
    e = e.perform("Crocodile", "wake_up", {"die1": 1, "die2": 2})
    assert texts(e, -1) == ["Crocodile wake-up roll: wake-up: 2d10 [1, 2] = 3 vs 2-: failure: "
                            "stays unconscious"]
    again = actions(e, "Crocodile")["wake_up"]
    assert not again.prompt and again.why_not == (
        "Crocodile has already rolled to wake up this round")
    # Tharsh spends an Action to rouse it: an extra roll at +2 (5.41).
    e = e.perform("Crocodile", "rouse", {"helper": "Tharsh", "die1": 2, "die2": 1})
    assert texts(e, -1) == ["Crocodile wake-up roll, roused by Tharsh (+2): wake-up: "
                            "2d10 [2, 1] = 3 vs 4-: success: wakes up and may act and move "
                            "at once"]
    assert not row(e, "Crocodile").out

    # Written back: Tharsh's hits in the file's tracking; the others untouched.
    assert e.character("Tharsh").tracking.hits == 7
    assert e.character(KESTRA).tracking.hits is None

    path = tmp_path / "river.encounter"
    save_encounter(path, e)
    reopened = load_encounter(path)
    assert [str(x) for x in reopened.log] == [str(x) for x in e.log]
    assert reopened.turn == e.turn
    assert reopened.rules.rows(reopened.state) == e.rules.rows(e.state)
    assert reopened.fighters["Tharsh"].path == str(EXAMPLES["tharsh"])


def test_a_hold_kept_to_the_end_of_the_round_can_still_be_taken() -> None:
    e = party().start({"totals": {KESTRA: 8, "Crocodile": 3, "Artos": 2, "Tharsh": 1}})
    e = e.next_turn().next_turn()
    assert e.turn.actors == ("Artos",)
    e = e.perform("Artos", "hold").next_turn()
    assert e.turn.round == 1 and e.turn.actors == ()
    assert e.turn.label == ("Round 1 · every turn has come · holding: Artos; Next opens "
                            "round 2")
    assert actions(e, "Artos")["take_held"].enabled
    e = e.next_turn()
    assert e.turn.round == 2
    opening = texts(e, -2)[0]
    assert "still holding: Artos (held since round 1 at 2)" in opening
    assert "Artos 1" not in opening and "Artos 2" not in opening, "a holder does not roll"
    assert row(e, "Artos").cells[0] == "held (2)"


def test_held_turns_taken_together_go_oldest_hold_first() -> None:
    e = party().start({"totals": {KESTRA: 8, "Crocodile": 3, "Artos": 2, "Tharsh": 1}})
    e = e.perform(KESTRA, "hold").perform("Crocodile", "hold")
    assert e.turn.actors == ("Artos",)
    take = actions(e, "Crocodile")["take_held"]
    assert ("Kestra of the Marches", "with Kestra of the Marches") in take.params[0].choices
    e = e.perform("Crocodile", "take_held", {"with": KESTRA})
    assert texts(e, -2)[0] == (
        "Held turn taken: Kestra of the Marches (held since round 1 at 8), then Crocodile "
        "(held since round 1 at 3), interrupting Artos")
    assert e.turn.actors == (KESTRA,)
    assert e.next_turn().turn.actors == ("Crocodile",)
    assert e.next_turn().next_turn().turn.actors == ("Artos",)


def test_the_crocodile_from_the_catalog_fights_as_printed() -> None:
    crocodile = npcs()[0]
    assert crocodile.name == "Crocodile" and crocodile.system == "pocket"
    assert crocodile.notes == f"{gm.CREATURE_NOTE}Crocodile"
    assert "Bite 3/5/7 at 12-" in crocodile.description
    e = party(crocodiles=2)
    assert list(e.fighters)[-2:] == ["Crocodile 1", "Crocodile 2"]
    # 6.2: Hits 13, Initiative 1/2/3, Armor 3/2, Melee 1, Missile 1, Bite 12- 3/5/7, Move 4.
    assert row(e, "Crocodile 1").cells == ("1/2/3", "13/13", "3/2", "1 / 1", "Bite 12- 3/5/7",
                                           "4")
    assert "NPC" in row(e, "Crocodile 2").status
    e = e.start({"totals": {"Crocodiles": 3}})
    numbers = [t.number for t in e.state.fight.turns if t.key.startswith("Crocodile")]
    assert numbers == [3, 3], "a group's given number is each member's"
    # Morale is for NPCs (5.5): WILL 11 − 2 = 9; 5 + 6 = 11 fails: it flees.
    assert actions(e, "Crocodile 1")["morale"].enabled
    e = e.perform("Crocodile 1", "morale", {"modifier": -2, "die1": 5, "die2": 6})
    assert texts(e, -1) == ["Crocodile 1 morale (WILL): 2d10 [5, 6] = 11 vs 9-, GM's "
                            "modifier -2: failure: flees"]
    fled = row(e, "Crocodile 1")
    assert fled.out and fled.status.startswith("fled")
    assert e.character("Crocodile 2").notes == crocodile.notes


def test_a_newcomer_rolls_initiative_from_the_next_round() -> None:
    e = party().start({"totals": {KESTRA: 8, "Crocodile": 3, "Artos": 2, "Tharsh": 1}})
    e = e.add_character(npcs()[0], origin="catalog")
    assert "Crocodile 2" in e.fighters
    assert texts(e, -1) == ["Crocodile 2 joins the fight"]
    assert row(e, "Crocodile 2").cells[0] == "1/2/3", "no number this round"
    for _ in range(4):
        e = e.next_turn()
    assert e.turn.round == 2 and "Crocodile 2" in texts(e, -2)[0]


def test_refused_actions_give_the_rules_reason() -> None:
    e = party()
    attack = actions(e, "Artos")["attack"]
    assert attack.why_not == "the fight has not started"
    with pytest.raises(CombatError, match="the fight has not started"):
        e.perform("Artos", "attack", {"target": "Crocodile"})
    with pytest.raises(EncounterError, match="start the fight first"):
        e.next_turn()
    e = e.start({"totals": {KESTRA: 8, "Crocodile": 3, "Artos": 2, "Tharsh": 1}})
    assert actions(e, "Artos")["hold"].why_not == (
        "Artos can hold only when its turn comes (Pocket Universe 5.2)")
    with pytest.raises(CombatError, match="only when its turn comes"):
        e.perform("Artos", "hold")
    assert actions(e, "Artos")["take_held"].why_not == "Artos holds no turn"
    assert actions(e, "Artos")["morale"].why_not == (
        "Artos is a player character: morale is for NPCs")
    assert actions(e, "Artos")["wake_up"].why_not == "Artos is not unconscious"
    assert actions(e, "Artos")["rouse"].why_not == "Artos is not unconscious"
    assert actions(e, "Artos")["break_free"].why_not == "Artos is not held"
    assert actions(e, "Artos")["squeeze"].why_not == "Artos holds nobody"
    assert actions(e, "Tharsh")["shoot"].enabled, "a thrown knife is a ranged attack"
    assert actions(e, "Crocodile")["shoot"].why_not == (
        "Crocodile has no missile or thrown weapon")
    assert actions(e, "Artos")["stance"].why_not == (
        "a stance is taken on one's own turn (Pocket Universe 5.71, 5.72)")
    with pytest.raises(CombatError, match="use Shoot / throw with that weapon"):
        e.perform(KESTRA, "attack", {"target": "Crocodile", "weapon": "1"})
    with pytest.raises(CombatError, match="give every d10 or none"):
        e.perform(KESTRA, "attack", {"target": "Crocodile", "hit1": 4})
    with pytest.raises(CombatError, match="a d10 shows 1 to 10, not 11"):
        e.perform(KESTRA, "attack", {"target": "Crocodile", "hit1": 11, "hit2": 1})
    with pytest.raises(CombatError, match="the head is not exposed"):
        e.perform(KESTRA, "attack", {"target": "Artos", "called": "exposed_head"})
    with pytest.raises(CombatError, match="no action 'fly'"):
        e.perform(KESTRA, "fly")
    # Knocked out, dead: what the rules forbid then.
    # Below −(original Hits) is dead (5.41): 10 − 21 = −11.
    e = e.perform("Tharsh", "damage", {"points": 21, "armor": False})
    assert "dead" in texts(e, -1)[0]
    assert actions(e, "Tharsh")["damage"].why_not == "Tharsh is dead"
    assert actions(e, "Tharsh")["attack"].why_not == "Tharsh is dead"
    assert actions(e, "Tharsh")["rest"].why_not == "Tharsh is dead"
    assert row(e, "Tharsh").out and row(e, "Tharsh").status == "dead"


def test_damage_given_directly_goes_through_armor_by_the_book() -> None:
    e = party()
    # Before the fight (a trap): 9 against Tharsh's physical armor 2: 9 − 2 = 7 through.
    e = e.perform("Tharsh", "damage", {"points": 9})
    assert texts(e, -2) == [
        "Tharsh's armor: 9 damage vs armor 2: armor under half the damage, 9 − 2 = 7 through",
        "Tharsh loses 7 hits (damage): 10 → 3; over half of its 10 remaining hits in one "
        "attack: unconscious"]
    # Energy armor 3/2 → 2 for Artos: 4 damage is not over twice 2, so half gets through.
    e = e.perform("Artos", "damage", {"points": 4, "energy": True})
    assert texts(e, -1) == ["Artos loses 2 hits (damage): 13 → 11"]
    assert "half the damage (rounded up), 2 through" in texts(e, -2)[0]
    # Armor 3 at least twice 1: stopped.
    e = e.perform("Artos", "damage", {"points": 1})
    assert texts(e, -1) == ["Artos's armor: 1 damage vs armor 3: armor at least twice the "
                            "damage stops it"]
    e = e.perform(KESTRA, "damage", {"points": 15, "armor": False})
    assert texts(e, -1)[0].startswith("Kestra of the Marches loses 15 hits (damage): 13 → -2")
    assert "dying" in row(e, KESTRA).status
    assert e.character(KESTRA).tracking.hits == -2


def test_falling_as_in_the_book() -> None:
    """4.7: Tharsh (DEFT 12) falls 4 spaces onto hay bales (Straw −2): "must roll 10 or
    less on 2d10 to avoid taking 2 points of damage"."""
    e = party()
    e = e.perform("Tharsh", "fall", {"spaces": 4, "surface": "Straw", "die1": 4, "die2": 5})
    assert texts(e, -1) == ["Tharsh falls 4 spaces (8 m) onto straw: 2 damage; DEFT soften "
                            "the fall: 2d10 [4, 5] = 9 vs 10-: success, negates 2; takes 0"]
    e = e.perform("Tharsh", "fall", {"spaces": 4, "surface": "Straw", "die1": 6, "die2": 5})
    assert texts(e, -1)[0].endswith("= 11 vs 10-: failure; takes 2")
    assert row(e, "Tharsh").cells[1] == "8/10"


def test_shooting_with_range_and_cover() -> None:
    e = party().start({"totals": {KESTRA: 8, "Crocodile": 3, "Artos": 2, "Tharsh": 1}})
    # Short Bow 14 − 2 (12 spaces, 5.32) − Missile Defense 1 = 11; d10 5 → mid of 2/4/6 =
    # 4 against armor 3: neither rule applies, half (rounded up) = 2 through.
    e = e.perform(KESTRA, "shoot", {"target": "Crocodile", "weapon": "1", "range": 12,
                                    "hit1": 2, "hit2": 3, "damage_die": 5})
    assert texts(e, -4) == [
        "Kestra of the Marches Short Bow: 2d10 [2, 3] = 5 vs 11-, range 12 -2, Crocodile's "
        "Missile Defense -1: success: hits Crocodile",
        "Kestra of the Marches damage with Short Bow: d10 5 → mid of 2/4/6 = 4",
        "Crocodile's armor: 4 damage vs armor 3: half the damage (rounded up), 2 through",
        "Crocodile loses 2 hits (hit): 13 → 11"]
    with pytest.raises(CombatError, match="name the cover's material"):
        e.perform(KESTRA, "shoot", {"target": "Crocodile", "weapon": "1", "cover": "medium"})
    # Behind medium cover of soft wood (strength 4): after the hit a d10 of 5 or less puts
    # the cover in the way (5.33); the damage goes through it first (4.8), then through the
    # crocodile's own armor.
    e = e.perform(KESTRA, "shoot", {"target": "Crocodile", "weapon": "1", "range": 3,
                                    "cover": "medium", "material": "soft wood", "hit1": 2,
                                    "hit2": 3, "damage_die": 9, "cover_die": 4})
    assert texts(e, -5) == [
        "cover roll d10 4 ≤ 5: the medium cover is in the way",
        "Kestra of the Marches damage with Short Bow: d10 9 → high of 2/4/6 = 6",
        "the cover takes it: object: 6 damage vs armor 4: half the damage (rounded up), 3 "
        "through; a hole 1 ft wide and about 6 in deep, doubled in width or depth 1 time",
        "Crocodile's armor: 3 damage vs armor 3: half the damage (rounded up), 2 through",
        "Crocodile loses 2 hits (hit): 11 → 9"]
    # Aiming past heavy cover instead: −4 to hit and no cover roll.
    e = e.perform(KESTRA, "shoot", {"target": "Crocodile", "weapon": "1", "range": 3,
                                    "cover": "heavy", "aim": True, "hit1": 1, "hit2": 2,
                                    "damage_die": 1})
    assert texts(e, -4)[0] == (
        "Kestra of the Marches Short Bow: 2d10 [1, 2] = 3 vs 9-, range 3 +0, aiming past "
        "heavy cover -4, Crocodile's Missile Defense -1: success: hits Crocodile")
    assert not any(t.startswith("cover roll") for t in texts(e, -4))


def test_a_critical_success_from_the_table_dice() -> None:
    e = party().start({"totals": {KESTRA: 8, "Crocodile": 3, "Artos": 2, "Tharsh": 1}})
    # Doubles at or under the target are a Critical Success (4.3): d10 3 on the table
    # (5.35) knocks the crocodile down.
    e = e.perform(KESTRA, "attack", {"target": "Crocodile", "hit1": 7, "hit2": 7,
                                     "damage_die": 3, "critical_die": 3})
    assert texts(e, -7)[:6] == [
        "Kestra of the Marches: dice rolled at the table: to-hit 7+7, damage 3, critical 3",
        "Kestra of the Marches Spear: 2d10 [7, 7] = 14 vs 14-, Crocodile's Melee Defense -1: "
        "critical success: hits Crocodile",
        "Critical Success table, d10 3: Target falls down, taking a full turn to get up again.",
        "Kestra of the Marches damage with Spear: d10 3 → mid of 5/7/9 = 7",
        "Crocodile's armor: 7 damage vs armor 3: armor under half the damage, 7 − 3 = 4 "
        "through",
        "Crocodile loses 4 hits (hit): 13 → 9"]
    assert texts(e, -1) == ["Crocodile: falls down: its next turn is spent getting up"]
    assert "prone" in row(e, "Crocodile").status
    # Prone: +2 to hit it (5.34). A die the rules had no use for is reported, not dropped.
    missed = e.perform("Artos", "attack", {"target": "Crocodile", "hit1": 9, "hit2": 8,
                                           "damage_die": 4})
    assert texts(missed, -3) == [
        "Artos: dice rolled at the table: to-hit 9+8",
        "Artos Sword: 2d10 [9, 8] = 17 vs 14-, Crocodile's Melee Defense -1, target prone +2: "
        "failure: misses Crocodile",
        "Artos: not used: damage 4"]


def test_grappling_squeezing_and_breaking_free() -> None:
    e = party().start({"totals": {KESTRA: 8, "Crocodile": 3, "Artos": 2, "Tharsh": 1}})
    # Artos's unskilled Grapple 9 − the crocodile's Melee Defense 1 = 8; 2+3 holds it.
    e = e.perform("Artos", "attack", {"target": "Crocodile", "called": "grapple", "hit1": 2,
                                      "hit2": 3})
    assert texts(e, -1) == ["Crocodile: Artos holds it: it is immobilized (no Defense, +4 to "
                            "hit it)"]
    assert "held by Artos" in row(e, "Crocodile").status
    squeeze = actions(e, "Artos")["squeeze"]
    assert squeeze.enabled and squeeze.params[0].default == "Crocodile"
    # Squeeze: PHYS roll 2/3/4, d10 9 → 4 against armor 3: half, 2 through (5.82).
    e = e.perform("Artos", "squeeze", {"damage_die": 9})
    assert texts(e, -1) == ["Crocodile loses 2 hits (squeezed): 13 → 11"]
    e = e.perform("Crocodile", "break_free", {"own_die": 5, "holder_die": 5})
    assert texts(e, -1) == ["Crocodile: is still held by Artos"], "a tie does not escape"
    e = e.perform("Crocodile", "break_free", {"own_die": 10, "holder_die": 1})
    assert texts(e, -1) == ["Crocodile: breaks free of Artos"]
    assert actions(e, "Artos")["release"].why_not == "Artos holds nobody"


def test_medicine_rest_and_what_is_written_back() -> None:
    e = party()
    e = e.perform("Tharsh", "damage", {"points": 9})
    # Kestra's unskilled Medicine is 6: 1+3 = 4 heals a hit, once a day (Medicine, 5.42).
    heal = actions(e, "Tharsh")["treat"]
    assert (KESTRA, "by Kestra of the Marches (6)") in heal.params[1].choices
    medic = heal.params[1].default
    assert medic != "Tharsh", "an unconscious patient cannot treat itself"
    assert e.state.medicine[medic] == max(e.state.medicine[k] for k in e.fighters
                                          if k != "Tharsh")
    e = e.perform("Tharsh", "treat", {"medic": KESTRA, "treatment": "heal", "die1": 1,
                                      "die2": 3})
    assert texts(e, -1) == ["Tharsh is treated (heal): Medicine: 2d10 [1, 3] = 4 vs 6-: "
                            "success: 3 → 4 hits"]
    e = e.perform("Tharsh", "treat", {"medic": KESTRA, "treatment": "heal", "die1": 1,
                                      "die2": 3})
    assert texts(e, -1)[0].endswith("no hits gained (already had today's point of medical "
                                    "healing)")
    with pytest.raises(CombatError, match="Tharsh is not bleeding"):
        e.perform("Tharsh", "treat", {"treatment": "bind"})
    e = e.perform("Tharsh", "rest", {"days": 3})
    assert texts(e, -1) == ["Tharsh rests 3 days: 4 → 7 hits"]
    saved = e.character("Tharsh")
    assert saved.tracking.hits == 7
    assert saved.model_dump(exclude={"tracking"}) == load_character(
        EXAMPLES["tharsh"]).model_dump(exclude={"tracking"})
    e = e.perform("Tharsh", "rest", {"days": 5})
    assert e.character("Tharsh").tracking.hits is None, "healed to full: as derived again"


def test_shield_and_armor_damage_are_written_back() -> None:
    """Artos's ready Medium Shield (9 hits) and his worn armor: the fight's changes go to
    ``hits_left`` and the armor's ``damage`` (3.41, 5.35)."""
    e = party()
    state = e.state
    artos = state.fighter("Artos")
    hurt = replace(artos, shield=Shield("Medium Shield", 2, 9, 4),
                   armor_phys=artos.armor_phys - 1, armor_energy=artos.armor_energy - 1)
    fight = replace(state.fight, fighters={**state.fight.fighters, "Artos": hurt})
    character = RULES.character(replace(state, fight=fight), "Artos")
    shields = [s for s in character.equipment.shields if s.ready]
    assert shields[0].hits_left == 4
    worn = [a for a in character.equipment.armor if a.worn]
    assert worn[0].damage == 1
    assert character.tracking.hits is None


def test_stances_conditions_and_who_the_gm_plays() -> None:
    e = party().start({"totals": {KESTRA: 8, "Crocodile": 3, "Artos": 2, "Tharsh": 1}})
    e = e.perform(KESTRA, "stance", {"stance": "defensive"})
    assert "defensive" in row(e, KESTRA).status
    e = e.next_turn()
    # Bite 12 − Melee Defense 5 − 2 for the defensive stance = 5 (5.71).
    e = e.perform("Crocodile", "attack", {"target": KESTRA, "hit1": 1, "hit2": 2,
                                          "damage_die": 1})
    assert texts(e, -4)[0] == (
        "Crocodile Bite: 2d10 [1, 2] = 3 vs 5-, Kestra of the Marches's Melee Defense -5, "
        "Kestra of the Marches fights defensively -2: success: hits Kestra of the Marches")
    e = e.perform("Artos", "condition", {"condition": "prone"})
    assert texts(e, -1) == ["Artos: GM: +prone"] and "prone" in row(e, "Artos").status
    e = e.perform("Artos", "condition", {"condition": "prone", "on": False})
    assert "prone" not in row(e, "Artos").status
    e = e.perform("Artos", "npc", {"npc": True})
    assert texts(e, -1) == ["Artos: played by the GM: it checks morale (5.5)"]
    assert actions(e, "Artos")["morale"].enabled


def test_the_dice_roller_check_and_the_charts() -> None:
    spec = RULES.check_spec()
    assert [p.name for p in spec.params] == ["score", "difficulty", "modifier", "extra_time"]
    # 2d10 ≤ 14: 79 of the 100 outcomes; doubles 1-1 … 7-7 critical; 8-8 … 10-10 fumble.
    odds = RULES.check_odds({"score": 12, "difficulty": "Easy", "modifier": 0,
                             "extra_time": "0"})
    assert (odds.setup, odds.chance) == ("2d10 ≤ 14 (score 12, Easy +2)", "79.0 %")
    assert odds.detail.startswith("Critical success 7.0 %, fumble 3.0 %")
    # Extra time +4 (4.4): target 16; failures of 12 or more fumble.
    odds = RULES.check_odds({"score": 12, "extra_time": "4"})
    assert odds.chance == "90.0 %" and "fumble 10.0 %" in odds.detail
    text = RULES.check_roll({"score": 12, "difficulty": "Average"}, Roller(3))
    assert text.startswith("2d10 [") and "vs 12-" in text
    e = party().check({"score": 10, "difficulty": "Difficult"})
    assert texts(e, -1)[0].startswith("2d10 ≤ 8 (score 10, Difficult -2) (28.0 %): 2d10 [")
    with pytest.raises(CombatError, match="unknown difficulty"):
        RULES.check_odds({"score": 10, "difficulty": "Trivial"})

    charts = {c.title: c.lines for c in RULES.charts()}
    assert "Critical Success (Pocket Universe 5.35)" in charts and (
        "Critical Failure (Pocket Universe 5.35)" in charts)
    assert any(line.startswith("10: Roll twice & combine") for line in
               charts["Critical Failure (Pocket Universe 5.35)"])
    checks = charts["Checks (Pocket Universe 4.0–4.4)"]
    assert any("Impossible -8" in line and "Very Simple +8" in line for line in checks)
    assert any("light obstructs on 1–3, aim past it -2" in line
               for line in charts["Rolling to hit (Pocket Universe 5.3, 5.31–5.34)"])
    assert "11: +1, 13, 2/3/4" in charts["Attribute table (Pocket Universe 2.3)"]


def test_the_gm_window_runs_a_pocket_round(qtbot, tmp_path, monkeypatch) -> None:
    """The generic window with Pocket Universe: the example party from files, two catalog
    crocodiles, a round played from the panel."""
    # The add panel lists the game's NPCs part: the creatures as characters.
    from desktop.systems import SYSTEMS
    from desktop.ui.gm.sources import catalog_characters
    from desktop.ui.gm.window import GmWindow
    from tests.ui.gm.conftest import ScriptedGmPrompts

    assert [c.name for c in catalog_characters(SYSTEMS["pocket"])] == [c.name for c in npcs()]
    assert [c.name for c in npcs()] == [c.name for c in catalog_creatures.creatures()]
    prompts = ScriptedGmPrompts()
    for name in ("artos", "kestra", "tharsh"):
        path = tmp_path / f"{name}.sheetdesk"
        shutil.copyfile(EXAMPLES[name], path)
        prompts.character_files.append(path)
    window = GmWindow(encounter=new_encounter("pocket", "River", seed=7), prompts=prompts)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    try:
        assert window.add_files()
        assert window.add_panel.select_source("Crocodile")
        window.add_panel.count.setValue(2)
        window.add_panel.group.setText("Crocodiles")
        window.add_panel.add_button.click()
        assert len(window.encounter.fighters) == 5
        window.turn_bar.totals.setText("Kestra of the Marches 8, Crocodiles 3, Artos 2, "
                                       "Tharsh 1")
        window.turn_bar.start_button.click()
        assert window.encounter.turn.actors == (KESTRA,)
        assert window.turn_bar.label.full_text() == "Round 1 · count 8 · Kestra of the Marches"
        assert window.select(KESTRA)
        panel = window.action_panel
        panel.set_value("attack", "target", "Tharsh")
        panel.set_value("attack", "hit1", 3)
        panel.set_value("attack", "hit2", 4)
        panel.set_value("attack", "damage_die", 5)
        panel.buttons["attack"].click()
        assert window.encounter.log[-1].text == "Tharsh loses 5 hits (hit): 10 → 5"
        assert panel.buttons["hold"].isEnabled()
        panel.buttons["hold"].click()
        assert window.encounter.turn.actors[0].startswith("Crocodile")
        assert window.select("Tharsh")
        assert not panel.buttons["wake_up"].isEnabled()
        assert not panel.buttons["hold"].isEnabled()
        assert panel.buttons["hold"].toolTip() == (
            "Not now: Tharsh can hold only when its turn comes (Pocket Universe 5.2)")
        window.undo_action.trigger()
        window.undo_action.trigger()
        assert window.encounter.turn.actors == (KESTRA,)
        assert window.encounter.character("Tharsh").tracking.hits is None
        assert window.next_turn()
        assert window.encounter.turn.actors[0].startswith("Crocodile")
    finally:
        prompts.unsaved_answers.clear()
        window.close()
        window.deleteLater()


def test_the_initiative_die_says_roll_not_0_equals_roll() -> None:
    """No "(0 = the app rolls)" jargon; the box shows "roll"."""
    action = actions(party(), "Artos")["initiative"]
    die = action.params[0]
    assert die.blank == "roll" and die.minimum == 0
    assert "0 =" not in action.hint and "left at 'roll'" in action.hint


def test_the_attack_comes_first() -> None:
    """The attack (its Action, 5.3) is what a GM reaches for most: first in the list and
    in the GM screen's common actions."""
    e = party()
    key = next(iter(e.fighters))
    assert [a.id for a in RULES.actions(e.state, key)][:2] == ["attack", "shoot"]
    assert RULES.common_actions[0] == "attack"
