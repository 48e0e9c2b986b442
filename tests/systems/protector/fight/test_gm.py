"""Protector on the GM screen: scenes played through ``new_encounter("protector", …)``
with the book's numbers (Play Order, Damage, Groups, Resting and Healing, Repairing
Equipment, Noncharacter Challenges, Capacity Tests, Storytelling)."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from desktop.model.dice_pool import Die, Pool
from desktop.model.encounter import EncounterError
from desktop.model.odds import percent
from desktop.systems.encounters import load_encounter, new_encounter, save_encounter
from desktop.systems.files import load_character
from desktop.systems.protector.fight.gm import RULES, Typed, parse_faces
from desktop.systems.protector.fight.pools import CombatError
from desktop.systems.protector.rules.catalog import example_characters
from desktop.systems.protector.rules.character import (
    Agent,
    AgentTrait,
    EnergyState,
    ProtectorCharacter,
)
from desktop.systems.protector.rules.derived import derive
from desktop.systems.protector.rules.npcs import npc

KAISER = "Kaiser Überlegen"


def pc(name: str, dice: int = 10, **fields) -> ProtectorCharacter:
    return ProtectorCharacter(name=name, energy_pool=dice, **fields)


def party():
    """Three players and the Kaiser from the catalog."""
    e = new_encounter("protector", "The Kaiser at the docks", seed=7)
    e = e.add_character(pc("Erin"), "/party/erin.sheetdesk").add_character(pc("Sam"))
    e = e.add_character(pc("Alice")).add_character(npc(KAISER), origin="catalog")
    return e


def started():
    """Seated Alice, Erin, Sam; the GM's turn of round 1."""
    return party().start({"totals": {"Alice": 1}})


def pool(e, key: str, source: str = "energy") -> Pool:
    return e.state.scene.get(key).pool(source)


def texts(e) -> list[str]:
    return [str(line) for line in e.log]


def actions(e, key: str) -> dict:
    return {a.id: a for a in e.rules.actions(e.state, key)}


# --- Play Order ---------------------------------------------------------------------------


def test_turns_go_clockwise_from_the_gm_in_the_seating_the_table_gives() -> None:
    e = party()
    assert e.turn.label == "Setup · clockwise from the GM: GM → Erin → Sam → Alice"
    e = e.start({"totals": {"Alice": 1}})
    assert texts(e)[-3:] == [
        "Round 1: seating clockwise from the GM: Alice, Erin, Sam",
        "Round 1: the GM sets the scene; then clockwise: GM → Alice → Erin → Sam",
        "Round 1: the GM's turn (NPCs and challenges)"]
    assert e.turn.actors == (KAISER,), "NPCs act on the GM's turn"
    assert e.turn.label == "Round 1 · GM's turn: the scene, 1 NPC"
    e = e.next_turn()
    assert e.turn.actors == ("Alice",)
    assert e.turn.label == "Round 1 · Alice's turn (seat 1 of 3)"
    assert [r.key for r in e.rules.rows(e.state)] == ["Alice", "Erin", "Sam", KAISER]
    assert [r.cells[0] for r in e.rules.rows(e.state)] == ["1", "2", "3", "GM"]
    e = e.next_turn().next_turn()
    assert e.turn.actors == ("Sam",)
    e = e.next_turn()
    assert (e.turn.round, e.turn.actors) == (2, (KAISER,))
    assert texts(e)[-2] == "Round 2: the GM sets the scene; then clockwise: GM → Alice → " \
                           "Erin → Sam"


def test_the_seating_is_edited_never_rolled() -> None:
    e = started().next_turn()  # Alice's turn
    e = e.perform("Sam", "seat", {"seat": 1})
    assert e.state.scene.seating == ("Sam", "Alice", "Erin")
    assert e.turn.actors == ("Alice",), "the turn stays with whoever has it"
    assert texts(e)[-1] == "Round 1: seating clockwise from the GM: Sam, Alice, Erin"
    e = e.perform("Erin", "side")
    assert e.state.scene.seating == ("Sam", "Alice") and KAISER in e.state.scene.gm_keys()
    assert texts(e)[-1] == "Round 1: Erin now acts on the GM's turn (Play Order)"
    e = e.perform("Erin", "side")
    assert e.state.scene.seating == ("Sam", "Alice", "Erin")
    assert "seat" not in actions(e, KAISER), "NPCs have no seat"
    with pytest.raises(CombatError, match="not a player"):
        e.perform(KAISER, "seat", {"seat": 1})
    with pytest.raises(CombatError, match="not a player"):
        party().start({"totals": {KAISER: 1}})
    with pytest.raises(CombatError, match="not a free seat"):
        party().start({"totals": {"Alice": 4}})


def test_one_declared_action_per_turn_and_any_number_of_reactions() -> None:
    e = started().next_turn()  # Alice's turn
    alice, erin = actions(e, "Alice"), actions(e, "Erin")
    assert alice["declare"].prompt, "the rules wait for Alice's declared action"
    assert erin["declare"].why_not == "it is Alice's turn; Erin may only react"
    e = e.perform("Alice", "declare", {"what": "climbs the crane"})
    assert texts(e)[-1] == "Round 1: Alice declares: climbs the crane"
    assert actions(e, "Alice")["declare"].why_not == (
        "Alice has already declared an action this round: only reactions now")
    with pytest.raises(CombatError, match="only reactions"):
        e.perform("Alice", "declare", {"what": "jumps"})
    for _ in range(3):
        e = e.perform("Erin", "react", {"what": "ducks"})
    assert texts(e)[-1] == "Round 1: Erin reacts: ducks"
    assert e.turn.label.endswith("· declared: climbs the crane")
    assert {r.key: r.cells[3] for r in e.rules.rows(e.state)}["Alice"] == "climbs the crane"


def test_a_roll_is_the_declared_action_then_a_reaction() -> None:
    e = started().next_turn()  # Alice's turn
    e = e.perform("Alice", "roll", {"dice": "d8 = 6", "target": 5})
    assert texts(e)[-2:] == ["Round 1: Alice declares: a roll against 5",
                             "Round 1: Alice rolls: d8 6 → 6 (6 + 0 others) — success "
                             "against 5"]
    e = e.perform("Alice", "roll", {"dice": "d6 = 2"})
    assert texts(e)[-2] == "Round 1: Alice reacts: a roll"
    e = started().next_turn().perform("Alice", "declare", {"what": "picks the lock"})
    e = e.perform("Alice", "roll", {"dice": "2 = 3 4", "target": 8})
    assert texts(e)[-2] == "Round 1: Alice rolls for the declared action: picks the lock"
    assert texts(e)[-1].endswith("— failure against 8")


# --- contests and damage -----------------------------------------------------------------


@pytest.mark.parametrize(("mine", "theirs", "dice"), [(10, 9, 1), (12, 9, 2), (15, 9, 3)])
def test_contest_damage_at_1_3_and_6_points(mine, theirs, dice) -> None:
    """One die, plus one for every full 3 points of difference (The Energy System,
    Damage): a win by 1, 3 and 6 depletes 1, 2 and 3 of Sam's dice."""
    e = started().next_turn().next_turn()  # Erin's turn
    e = e.perform("Erin", "contest", {"opponent": "Sam", "dice": f"d20 = {mine}",
                                      "their_dice": f"d20 = {theirs}"})
    word = "die" if dice == 1 else "dice"
    assert texts(e)[-6:-1] == [
        "Round 1: Erin declares: a contest against Sam",
        f"Round 1: Erin: d20 {mine} → {mine} ({mine} + 0 others)",
        f"Round 1: Sam: d20 {theirs} → {theirs} ({theirs} + 0 others)",
        f"Round 1: Erin wins by {mine - theirs}: {dice} {word} of damage to Sam",
        f"Round 1: Sam takes {dice} {word} of damage (depleted), 10 ready → "
        f"{10 - dice} ready, {dice} depleted"]
    assert pool(e, "Sam") == Pool(10 - dice, depleted=dice)
    assert texts(e)[-1].startswith(f"Round 1: Narrate the {dice} ")
    assert "RISKED: Reduce, Insult, Setback, Knowledge, Equipment, Damage" in texts(e)[-1]


def test_a_weapon_removes_dice_and_protection_adds_to_the_loser() -> None:
    """Arclight's Arc Lance (an invention of her Invention power, whose best die is a d8,
    "the super power's pool plus any dice steps", with 2 weapon steps: d12) against the
    Kaiser's Slaver Shield
    (4 defense steps: d20); the extra faces go to the weapon, then the protection."""
    arclight = load_character(example_characters()["arclight"])
    e = party().add_character(arclight).start()
    e = e.perform("Arclight", "contest", {"opponent": KAISER, "dice": "d20 = 12 5",
                                          "their_dice": "d20 = 9 3"})
    lines = texts(e)
    assert "Round 1: Arclight's Arc Lance adds d12 5 (weapon)" in lines
    assert "Round 1: Kaiser Überlegen's Slaver Shield adds d20 3 (protection)" in lines
    assert "Round 1: Arclight wins by 5: 2 dice of damage to Kaiser Überlegen" in lines
    assert pool(e, KAISER) == Pool(3, removed=2), "a weapon removes dice"
    assert "Round 1: Arclight reacts: a contest against Kaiser Überlegen" in lines, (
        "not Arclight's turn: a reaction")
    unarmed = party().add_character(arclight).start().perform(
        "Arclight", "contest", {"opponent": KAISER, "dice": "d20, unarmed = 12",
                                "their_dice": "d20, unarmed = 9"})
    assert pool(unarmed, KAISER) == Pool(3, depleted=2), "no weapon: 3 points deplete 2"


def test_the_winner_may_damage_an_agent_instead() -> None:
    """Agents, Equipment: the winner may damage the loser's equipment instead."""
    jetpack = Agent(name="Jetpack", types=["movement"], energy_dice=1)
    e = new_encounter("protector", seed=8).add_character(pc("Erin", agents=[jetpack]))
    e = e.add_character(npc(KAISER), origin="catalog").start()
    e = e.perform(KAISER, "contest", {"opponent": "Erin", "dice": "d20, @Jetpack = 15",
                                      "their_dice": "d20 = 9"})
    assert pool(e, "Erin", "Jetpack") == Pool(3, depleted=3), "won by 6: 3 dice"
    assert pool(e, "Erin") == Pool(9)
    assert e.character("Erin").agents[0].depleted == 3
    with pytest.raises(CombatError, match="no agent called 'Cape'"):
        e.perform(KAISER, "contest", {"opponent": "Erin", "dice": "2, @Cape"})


def test_the_kaiser_rolls_a_power_die_and_slavers_roll_half_their_dice() -> None:
    e = started().add_group(npc("Slavers"), 3, "Slavers")
    kaiser = e.perform(KAISER, "contest", {"opponent": "Erin",
                                           "dice": "2, Super Strength = 4 5 20",
                                           "their_dice": "3 = 6 2 2"})
    assert "Round 1: Kaiser Überlegen: d6 4, d6 5, d20 20 → 22 (20 + 2 others)" in texts(kaiser)
    assert "Round 1: Kaiser Überlegen wins by 14: 5 dice of damage to Erin" in texts(kaiser)
    assert pool(kaiser, "Erin") == Pool(5, depleted=5)
    slavers = actions(e, "Slavers 1")["contest"]
    assert ("group:Slavers", "Slavers (group)") in actions(e, "Erin")["contest"].params[
        0].choices
    assert all("Slavers" not in value for value, _ in slavers.params[0].choices)
    with pytest.raises(CombatError, match="half its ready energy dice: 4, not 5"):
        e.perform("Slavers 1", "contest", {"opponent": "Sam", "dice": "5"})
    e = e.perform("Slavers 1", "contest", {"opponent": "Sam", "dice": "= 2 3 4 5 6",
                                           "their_dice": "d20 = 20"})
    lines = texts(e)
    assert "Round 1: Slavers 1 + Slavers 2 + Slavers 3: d6 2, d6 3, d6 4, d6 5 → 8 " \
           "(5 + 3 others)" in lines
    assert "Round 1: Slavers 1's Personal Shield adds d20 6 (protection)" in lines
    assert "Round 1: Sam wins by 6: 3 dice of damage to Slavers 1 + Slavers 2 + " \
           "Slavers 3" in lines
    assert [pool(e, k) for k in ("Slavers 1", "Slavers 2", "Slavers 3")] == [
        Pool(2, depleted=1)] * 3, "the wounds spread over the group"
    with pytest.raises(CombatError, match="group members act on the GM's turn"):
        e.perform("Slavers 2", "side")


# --- dice on the character and its agents ---------------------------------------------------


def test_depletion_and_removal_are_tracked_per_character_and_per_agent() -> None:
    e = started()
    e = e.perform(KAISER, "deplete", {"source": "Slaver Shield", "dice": 2})
    assert texts(e)[-1] == ("Round 1: Kaiser Überlegen's Slaver Shield takes 2 dice of damage "
                            "(depleted), 5 ready → 3 ready, 2 depleted")
    e = e.perform(KAISER, "remove", {"source": "energy", "dice": 1})
    e = e.perform("Erin", "deplete", {"source": "energy", "dice": 3})
    e = e.perform(KAISER, "restore", {"source": "Slaver Shield", "dice": 1})
    assert texts(e)[-1] == ("Round 1: Kaiser Überlegen's Slaver Shield gets 1 depleted back "
                            "from the GM: 3 ready, 2 depleted → 4 ready, 1 depleted")
    rows = {r.key: r for r in e.rules.rows(e.state)}
    assert rows[KAISER].cells[1] == "4 ready · 1 rem"
    assert "Slaver Shield 4/5" in rows[KAISER].cells[2]
    assert rows["Erin"].cells[1] == "7 ready · 3 dep"
    kaiser = e.character(KAISER)
    shield = next(a for a in kaiser.agents if a.name == "Slaver Shield")
    assert (shield.depleted, shield.damaged, kaiser.energy.damaged) == (1, 0, 1)
    assert e.character("Erin").energy == EnergyState(depleted=3)
    e = e.perform("Erin", "deplete", {"source": "energy", "dice": 9})
    assert e.rules.rows(e.state)[1].out, "every die depleted: out of play until recovered"
    assert actions(e, "Erin")["roll"].why_not == "Erin is out of play until recovered"


def test_awards_for_good_storytelling() -> None:
    e = started().perform("Sam", "deplete", {"source": "energy", "dice": 1})
    e = e.perform("Erin", "award", {"giver": "GM"})
    assert texts(e)[-1] == ("Round 1: the GM awards Erin a depleted die for good "
                            "storytelling (10 ready, 1 awarded)")
    with pytest.raises(CombatError, match="already awarded a die this round"):
        e.perform("Alice", "award", {"giver": "GM"})
    e = e.perform("Alice", "award", {"giver": "Sam"})
    assert pool(e, "Sam") == Pool(9) and pool(e, "Alice") == Pool(10, awarded=1)
    assert actions(e, KAISER)["award"].why_not == "only players are awarded dice (Storytelling)"
    e = e.perform("Alice", "end_game")
    assert pool(e, "Alice") == Pool(10)


def test_a_multiple_brings_an_awarded_die_into_the_pool_and_the_file() -> None:
    """Awarded dice recovered by a multiple join the pool (Storytelling): written back,
    the file's pool grows by one."""
    e = started().perform("Erin", "award", {"giver": "GM"})
    e = e.perform("Erin", "roll", {"dice": "2 = 4 4"})
    assert pool(e, "Erin") == Pool(11)
    erin = e.character("Erin")
    assert erin.energy_change == 1 and erin.energy == EnergyState()
    assert derive(erin).energy_ready == 11


# --- rest, healing help, repair, capacity ------------------------------------------------------


def test_grace_and_aiden_rest_and_heal() -> None:
    """Resting and Healing's example: "Grace's character has taken a die of damage and
    rolls 2d4 to rest, … gets a 2 and a 3"; Aiden, 4 medical steps, skips his rest roll
    and rolls 2d10 for 11: two more d4s for Grace, 4 and 3 — "Gracie now has a multiple
    and can heal a die" (RULINGS Protector 9: the pair of 3s)."""
    e = new_encounter("protector", "After the fight", seed=1)
    e = e.add_character(pc("Grace", 3, energy=EnergyState(damaged=1)))
    e = e.add_character(pc("Aiden", 6))
    e = e.perform("Aiden", "help_heal", {"patient": "Grace", "dice": "2+4"})
    assert texts(e)[-1] == "Setup: Aiden will skip the next rest roll to help Grace heal " \
                           "(d10, d10)"
    assert "helps Grace heal at the next rest" in e.rules.rows(e.state)[1].status
    e = e.perform("Grace", "rest", {"phase": "Rest", "faces": "10 3 / 2 3 4 3"})
    lines = texts(e)
    assert "Setup: Aiden helps Grace: d10 10, d10 3 → 11 (10 + 1 other) → 2 extra d4s for " \
           "Grace's rest roll" in lines
    assert ("Setup: Grace rests: 4d4 [2, 3 + help 4, 3], pair of 3s: a damage die back "
            "(Resting and Healing)") in lines
    assert pool(e, "Grace") == Pool(3) and pool(e, "Aiden") == Pool(6)
    assert not e.state.helpers, "the help is spent"


def test_unresolved_challenges_strike_before_a_rest() -> None:
    e = started().add_character(pc("Storm"))
    e = e.perform("Storm", "make_challenge", {"size": "table:Easy", "die": "d6"})
    e = e.perform("Erin", "rest", {"phase": "Sleep|damage", "faces": "3 4"})
    lines = texts(e)
    assert any("unresolved challenges strike before the rest (one die of damage per 3 "
               "points" in line for line in lines)
    assert any(line.startswith("Round 1: Sleep: 3 rest rolls, 3 depleted dice restored")
               for line in lines)
    assert ("Sleep|damage", "Sleep, challenges damage") in actions(e, "Erin")["rest"].params[
        0].choices


def test_the_motorcycle_is_repaired_with_gracies_toolkit() -> None:
    """Repairing Equipment's example: the damage dice d10 and d8 roll 6; Gracie's 5d6
    roll 7 and her toolkit's d12 a 5: 12 is twice 6, both dice repaired."""
    bike = Agent(name="Motorcycle", types=["movement"], energy_dice=1, damaged=2,
                 traits=[AgentTrait(type="movement", steps=3)])
    kit = Agent(name="Toolkit", types=["tool", "technical"], energy_dice=1,
                traits=[AgentTrait(type="tool", steps=3)])
    e = new_encounter("protector", "The garage", seed=2)
    e = e.add_character(pc("Aiden", agents=[bike])).add_character(pc("Gracie", 6,
                                                                      agents=[kit]))
    assert actions(e, "Gracie")["repair"].params[0].choices == (
        ("Aiden|Motorcycle", "Aiden: Motorcycle"),)
    e = e.perform("Gracie", "repair", {"equipment": "Aiden|Motorcycle",
                                       "dice": "5 = 5 2 3 2 2 3 2 5"})
    assert texts(e)[-1] == (
        "Setup: repairing Aiden's Motorcycle: damage dice d10 5, d8 2 → 6; Gracie: d6 3, d6 2, "
        "d6 2, d6 3, d6 2 → 7 (3 + 4 others); Toolkit adds d12 5: total 12; 2 dice of "
        "damage repaired")
    assert pool(e, "Aiden", "Motorcycle") == Pool(3)
    assert e.character("Aiden").agents[0].damaged == 0
    assert actions(e, "Gracie")["repair"].why_not == "no equipment has damage to repair"


def test_a_capacity_test_damages_an_overloaded_truck() -> None:
    truck = Agent(name="Truck", types=["capacity", "movement"], energy_dice=1)
    e = new_encounter("protector", "The getaway", seed=3).add_character(pc("Sam",
                                                                         agents=[truck]))
    e = e.perform("Sam", "capacity", {"passengers": 2, "cargo": 1, "dice": "= 2 4 3 5"})
    # The truck's d6 shows 2; the load 2d4 + 1d6 shows 4, 3, 5 → 5 + 2 others = 7.
    assert pool(e, "Sam", "Truck") == Pool(4, depleted=2)
    assert "the load" in texts(e)[-2] or "load:" in texts(e)[-2]
    assert actions(e, "Sam")["restock"].enabled
    e = e.perform("Sam", "restock", {"equipment": "Truck"})
    assert pool(e, "Sam", "Truck") == Pool(6)
    assert actions(e, "Sam")["capacity"].enabled
    nobody = new_encounter("protector").add_character(pc("Ann"))
    assert actions(nobody, "Ann")["capacity"].why_not == "Ann has no Capacity equipment"


# --- noncharacter challenges ------------------------------------------------------------------


def test_a_challenge_from_the_difficulties_table_loses_dice_for_good() -> None:
    e = started().add_character(pc("Rock wall"))
    e = e.perform("Rock wall", "make_challenge", {"size": "table:Draining", "die": "d8"})
    assert texts(e)[-1] == ("Round 1: Rock wall is a noncharacter challenge: Draining "
                            "(Challenge Difficulties), 5d8; damage to it removes dice")
    assert pool(e, "Rock wall") == Pool(5, base=Die(8))
    row = {r.key: r for r in e.rules.rows(e.state)}["Rock wall"]
    assert row.cells[:2] == ("GM · challenge", "5×d8 ready") and row.status == "depletes"
    assert "Rock wall" in e.turn.actors
    assert e.turn.label == "Round 1 · GM's turn: the scene, 1 NPC, 1 challenge"
    e = e.next_turn()  # Alice climbs
    e = e.perform("Alice", "contest", {"opponent": "Rock wall", "dice": "d12 = 11",
                                       "their_dice": "= 4"})
    assert pool(e, "Rock wall") == Pool(2, base=Die(8), removed=3), "7 points: 3 dice"
    e = e.perform("Rock wall", "harms")
    assert "does damage" in {r.key: r for r in e.rules.rows(e.state)}["Rock wall"].status


def test_weather_against_the_whole_party_and_closing_the_distance() -> None:
    e = started().add_character(pc("Drizzle")).add_character(pc("The gap"))
    e = e.perform("Drizzle", "make_challenge", {"size": "table:Tiring", "die": "d6"})
    e = e.perform("The gap", "make_challenge", {"size": "move:Distant|Close"})
    assert pool(e, "The gap") == Pool(4, base=Die(20))
    e = e.perform("Drizzle", "challenge_all", {"dice": "= 5", "their_dice": "= 6 2 / 1 3 / 4 4"})
    lines = texts(e)
    assert "Round 1: Drizzle declares: strikes the whole party" in lines
    assert sum("wins by" in line or "tie at" in line for line in lines) == 3
    e = e.perform("The gap", "move_together", {"first": "Alice", "second": "Erin",
                                               "their_dice": "= 5 5 6 6 / 3"})
    assert "Round 1: together 15 against 3: they make it" in texts(e)
    assert pool(e, "The gap").removed == 4


# --- dice from the table, refusals, files --------------------------------------------------


def test_faces_rolled_at_the_table() -> None:
    assert parse_faces("6 3 / ? 2") == (6, 3, None, 2)
    assert Typed.read("3+2, Pistol, unarmed, @Cape, remove = 4 ?") == Typed(
        ("3+2", "Pistol"), (4, None), unarmed=True, aim="Cape", remove=True)
    e = started()
    with pytest.raises(CombatError, match="a d6 cannot show 7"):
        e.perform(KAISER, "roll", {"dice": "2 = 7 1"})
    with pytest.raises(CombatError, match="1 of the faces entered were not needed"):
        e.perform(KAISER, "roll", {"dice": "2 = 3 3 3"})
    with pytest.raises(CombatError, match="'x' is not a face"):
        e.perform(KAISER, "roll", {"dice": "2 = x"})
    rolled = e.perform(KAISER, "roll", {"dice": "2 = ? 6"})
    line = next(t for t in texts(rolled) if "Kaiser Überlegen rolls" in t)
    assert ", d6 6 → " in line
    same = e.perform(KAISER, "roll", {"dice": "2 = ? 6"})
    assert texts(same) == texts(rolled), "the die rolled here comes from the seed"


def test_refused_actions_say_the_rule() -> None:
    e = party()
    assert actions(e, "Erin")["roll"].why_not == "play has not started: start the scene first"
    with pytest.raises(CombatError, match="play has not started"):
        e.perform("Erin", "contest", {"opponent": "Sam"})
    with pytest.raises(EncounterError, match="start the fight first"):
        e.next_turn()
    assert actions(e, "Erin")["repair"].why_not == "no equipment has damage to repair"
    assert actions(e, "Erin")["restock"].why_not == "no equipment of Erin has depleted dice"
    with pytest.raises(CombatError, match="Pistol' is neither dice"):
        e.start().perform("Erin", "roll", {"dice": "Pistol"})
    with pytest.raises(CombatError, match="is Defense equipment"):
        e.start().perform(KAISER, "roll", {"dice": "Slaver Shield"})
    with pytest.raises(CombatError, match="no action"):
        e.perform("Erin", "fly")


def test_saved_and_reopened_with_the_same_log(tmp_path) -> None:
    e = started().add_group(npc("Slavers"), 2, "Slavers")
    e = e.perform(KAISER, "contest", {"opponent": "Erin", "dice": "2, Super Strength"})
    e = e.perform("Slavers 1", "roll", {"dice": "", "target": 6})
    e = e.next_turn().perform("Alice", "contest", {"opponent": "group:Slavers",
                                                   "dice": "3+2 = 5 ? 2"})
    e = e.perform("Erin", "award", {"giver": "GM"})
    e = e.perform("Sam", "help_heal", {"patient": "Erin", "dice": "2"})
    e = e.perform("Erin", "rest", {"phase": "Rest"})
    e = e.add_condition("Slavers 2", "Fleeing")
    path = tmp_path / "docks.encounter"
    save_encounter(path, e)
    again = load_encounter(path)
    assert texts(again) == texts(e)
    assert again.state.scene == e.state.scene
    assert again.fighters["Erin"].path == "/party/erin.sheetdesk"
    assert again.character("Erin") == e.character("Erin")


# --- around the fight -------------------------------------------------------------------------


def test_the_check_shows_exact_odds() -> None:
    odds = RULES.check_odds({"dice": "d6,d6", "depleted": 0, "target": 6})
    assert odds.setup == "d6, d6 for 6+"
    assert odds.chance == percent(Fraction(20, 36)), "highest of 2d6 at least 5"
    vs = RULES.check_odds({"dice": "d8", "target": 0, "vs": "d6", "vs_depleted": 0})
    assert vs.chance == percent(Fraction(27, 48)) + " win", "d8 strictly above d6"
    with pytest.raises(ValueError, match="target value or the opponent"):
        RULES.check_odds({"dice": "d6", "target": 0})
    e = new_encounter("protector", seed=4).check({"dice": "2d6", "target": 6})
    assert texts(e)[-1].startswith("Setup: d6, d6 for 6+ (55.6 %): ")


def test_the_charts_come_from_the_book_data() -> None:
    charts = {c.title: c.lines for c in RULES.charts()}
    assert "Deadly: 23d6 · 18d8 · 15d10 · 12d12 · 8d20" in charts["Challenge Difficulties"]
    assert "Out of Reach to Close: 8d20" in charts["Distance"]
    assert charts["Contest damage"][:3] == ("win by 1–2: 1 die", "win by 3–5: 2 dice",
                                            "win by 6–8: 3 dice")
    assert any(line.startswith("E — Equipment") for line in charts["RISKED: why a die depleted"])
    assert "“That can't be” — When the player contradicts facts." in charts[
        "RISKED: why a die depleted"]
    assert charts["Resting and Healing"][0].startswith("Rest: 1 roll, 1 depleted back")
    assert "1d4x10: 16 steps (= 4d20)" in charts["Higher Dice Steps"]


# --- the GM window --------------------------------------------------------------------------


def test_the_gm_window_runs_a_protector_round(qtbot, tmp_path) -> None:
    from desktop.ui.gm.window import GmWindow
    from tests.ui.gm.conftest import ScriptedGmPrompts

    prompts = ScriptedGmPrompts()
    gm = GmWindow(prompts=prompts,  # type: ignore[arg-type]
                  encounter=new_encounter("protector", "Slavers at the docks", seed=5))
    gm.resize(800, 600)
    gm.show()
    qtbot.waitExposed(gm)
    try:
        copy = Path(tmp_path / "arclight.sheetdesk")
        shutil.copyfile(example_characters()["arclight"], copy)
        prompts.character_files = [copy]
        assert gm.add_files()
        assert gm.add_panel.select_source("generic")
        gm.add_panel.name.setText("Erin")
        gm.add_panel.add_button.click()
        assert gm.add_panel.select_source(KAISER)
        gm.add_panel.add_button.click()
        assert gm.add_panel.select_source("Slavers")
        gm.add_panel.count.setValue(3)
        gm.add_panel.group.setText("Slavers")
        gm.add_panel.add_button.click()
        headers = [gm.model.horizontalHeaderItem(i).text()
                   for i in range(gm.model.columnCount())]
        assert headers == ["Name", "Seat", "Energy", "Agents", "Declared", "Status",
                           "Conditions"]
        gm.turn_bar.totals.setText("Erin 1, Arclight 2")
        gm.turn_bar.start_button.click()
        assert gm.turn_bar.label.full_text().startswith("Round 1 · GM's turn")
        assert gm.select(KAISER)
        gm.action_panel.set_value("contest", "opponent", "Erin")
        gm.action_panel.set_value("contest", "dice", "2, Super Strength = 3 3 12")
        gm.action_panel.set_value("contest", "their_dice", "2 = 5 1")
        gm.action_panel.buttons["contest"].click()
        assert "Round 1: Kaiser Überlegen wins by 8: 3 dice of damage to Erin" in (
            gm.log_view.texts())
        gm.next_turn()
        assert gm.encounter.turn.actors == ("Erin",)
        assert gm.select("Erin")
        assert next(iter(gm.action_panel.buttons)) == "declare", "the declared action first"
        gm.next_turn()
        assert gm.select("Arclight")
        gm.action_panel.set_value("deplete", "source", "Arc Lance")
        gm.action_panel.buttons["deplete"].click()
        gm.action_panel.write_back_button.click()
        saved = load_character(copy)
        assert next(a for a in saved.agents if a.name == "Arc Lance").depleted == 1
        assert gm.reference.visible_lines()
        gm.grab().save(str(tmp_path / "gm_protector.png"))
    finally:
        prompts.unsaved_answers.clear()
        gm.close()
        gm.deleteLater()


# --- the training phase and the Heal power ------------------------------------


def test_the_training_phase_is_a_gm_action_gracie() -> None:
    """Buying Traits and Agents: Gracie spends two energy dice with 2 related steps, 2d8
    show 8 and 8 = 16; the GM's 3d6 show 1, 1, 2 = 4: four steps of Fighter."""
    e = new_encounter("protector", "Training", seed=3).add_character(pc("Gracie"))
    training = actions(e, "Gracie")["training"]
    assert training.enabled and "Buying Traits and Agents" in training.hint
    e = e.perform("Gracie", "training", {"kind": "Attribute", "target": "Fighter",
                                         "spend": 2, "steps": 2, "faces": "8 8 1 1 2"})
    line = texts(e)[-1]
    assert line.startswith("Setup: Training phase: Gracie trains Attribute Fighter")
    assert "= 16 against 3d6 [1, 1, 2] = 4: Fighter gains 4 steps" in line
    assert pool(e, "Gracie").ready == 8, "the spent dice are lost for good"
    with pytest.raises(CombatError, match="1 to 8 ready dice"):
        e.perform("Gracie", "training", {"kind": "Skill", "target": "Brawl", "spend": 9})


def healer() -> ProtectorCharacter:
    from desktop.systems.protector.rules.character import Power

    return pc("Mercy", powers=[Power(name="Healing Touch", category="heal", active=True,
                                     energy_dice=1)])


def test_the_heal_power_heals_outside_a_rest() -> None:
    e = new_encounter("protector", "Heal", seed=5).add_character(healer())
    e = e.add_character(pc("Sam"))
    assert "heal_power" not in actions(e, "Sam"), "only a healer offers it"
    with pytest.raises(CombatError, match="Sam has no Heal power"):
        e.perform("Sam", "heal_power", {"patient": "Mercy"})
    e = e.perform("Sam", "remove", {"source": "energy", "dice": 2})
    e = e.perform("Sam", "deplete", {"source": "energy", "dice": 3})
    before = pool(e, "Sam")
    assert before.removed == 2 and before.depleted == 3
    heal = actions(e, "Mercy")["heal_power"]
    assert heal.enabled and [c for c, _ in heal.params[0].choices] == ["Mercy", "Sam"]
    e = e.perform("Mercy", "heal_power", {"patient": "Sam"})
    lines = texts(e)
    head = next(t for t in lines if "uses Healing Touch on Sam" in t)
    assert "extra d4" in head and "(Heal power)" in head
    assert any("Sam rests:" in t for t in lines[lines.index(head):])
    after = pool(e, "Sam")
    assert after.ready + after.depleted + after.removed == 10
    assert after.depleted <= before.depleted and after.removed <= before.removed
    assert after.depleted + after.removed < before.depleted + before.removed or (
        "no multiple" in " ".join(lines[lines.index(head):]))


def test_a_group_members_own_roll_is_logged_as_that_members() -> None:
    """Groups: "When groups of characters want to fight together … they roll up to half
    their total available energy dice". A member that rolls only its own dice is named
    alone in the log; the group's roll names every member whose dice it used."""
    e = new_encounter("protector", "Slavers", seed=3).add_group(npc("Slavers"), 3).start()
    e = e.perform("Slavers 2", "roll", {"dice": "d6 = 5", "target": 3})
    assert e.log[-1].text == ("Slavers 2 rolls: d6 5 → 5 (5 + 0 others) — "
                              "success against 3")
    e = e.perform("Slavers 3", "roll", {"dice": "", "target": 3})
    assert e.log[-1].text.startswith("Slavers 3 + Slavers 1 + Slavers 2 rolls: ")


def test_the_contest_comes_first() -> None:
    """A contest ("The player in the conflict that rolls the highest does damage to their
    opponent", The Energy System, Damage) is Protector's attack: first in the list."""
    e = party().start()
    assert RULES.actions(e.state, "Erin")[0].id == "contest"
    assert RULES.common_actions[0] == "contest"
