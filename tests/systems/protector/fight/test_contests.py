"""Protector contests: the winner's damage, weapons and protection, groups, noncharacter
challenges, capacity tests and moving together (Protector, The Energy System)."""

from __future__ import annotations

import pytest

from desktop.model.dice_pool import Die, Pool
from desktop.systems.protector.fight.combat import Encounter
from desktop.systems.protector.fight.contests import (
    ContestResolved,
    Side,
    challenge_from_table,
    distance_challenge,
)
from desktop.systems.protector.fight.pools import Agent, Combatant, CombatError, Pick, picks
from tests.systems.protector.helpers import ScriptedRoller, d20, scene

# --- contests --------------------------------------------------------------------------------


@pytest.mark.parametrize(("erin", "slaver", "dice"), [(10, 9, 1), (12, 9, 2), (15, 9, 3)])
def test_the_winner_depletes_one_die_plus_one_per_three_points(erin, slaver, dice) -> None:
    """1, 3 and 6 points of difference deplete 1, 2 and 3 of the loser's dice."""
    enc = scene().start().encounter
    step = enc.contest(d20("Erin"), d20("Slaver"), ScriptedRoller([erin, slaver]))
    (event,) = step.events
    assert isinstance(event, ContestResolved)
    assert (event.winner, event.difference, event.dice) == ("actor", erin - slaver, dice)
    left = step.encounter.get("Slaver").energy
    assert left == Pool(3 - min(dice, 3), depleted=min(dice, 3))
    assert f"Erin wins by {erin - slaver}" in "\n".join(step.lines())


def test_a_tie_does_nothing() -> None:
    step = scene().contest(d20("Erin"), d20("Sam"), ScriptedRoller([7, 7]))
    assert step.encounter.combatants == scene().combatants
    assert "tie at 7: no damage" in step.lines()


def test_a_weapon_adds_its_die_and_removes_dice() -> None:
    enc = scene()
    step = enc.contest(d20("Erin", weapon="Pistol"), d20("Sam"),
                       ScriptedRoller([10, 9, 2]))  # won by 1, the pistol's d8 adds 2
    (event,) = step.events
    assert event.difference == 3 and event.dice == 2
    assert step.encounter.get("Sam").energy == Pool(8, removed=2)
    assert "Erin's Pistol adds d8 2 (weapon)" in "\n".join(step.lines())


def test_protection_after_a_lost_contest_can_hold() -> None:
    enc = scene()
    step = enc.contest(d20("Erin"), d20("Sam", protection="Vest"),
                       ScriptedRoller([15, 9, 4]))  # by 6, the vest's d10 takes 4 off
    assert step.events[0].difference == 2 and step.events[0].dice == 1
    step = enc.contest(d20("Erin"), d20("Sam", protection="Vest"),
                       ScriptedRoller([10, 9, 1]))  # the vest's 1 ties it and depletes
    assert step.events[0].dice == 0
    assert step.encounter.get("Sam").energy == Pool(10)
    assert step.encounter.get("Sam").agent("Vest").pool == Pool(0, depleted=1)
    assert "protection holds" in "\n".join(step.lines())


def test_the_winner_may_damage_equipment_instead() -> None:
    step = scene().contest(d20("Sam", target="Jetpack"), d20("Erin"), ScriptedRoller([9, 3]))
    erin = step.encounter.get("Erin")
    assert erin.energy == Pool(10) and erin.agent("Jetpack").pool == Pool(0, depleted=1)


def test_only_weapons_and_defenses_add_their_dice() -> None:
    with pytest.raises(CombatError, match="not Weapon equipment"):
        scene().contest(d20("Erin", weapon="Jetpack"), d20("Sam"), ScriptedRoller([9, 3]))


def test_out_of_play_combatants_cannot_roll() -> None:
    enc = scene().add(Combatant("Tired", Pool(0, depleted=4), player=False)).encounter
    with pytest.raises(CombatError, match="out of play until recovered"):
        enc.contest(d20("Tired"), d20("Erin"), ScriptedRoller([]))
    with pytest.raises(CombatError, match="both sides"):
        enc.contest(d20("Erin"), d20("Erin"), ScriptedRoller([]))


def test_groups_roll_half_their_dice_and_assign_wounds() -> None:
    slavers = [Combatant(f"Slaver {i}", Pool(3), player=False) for i in (1, 2, 3)]
    enc = Encounter.of([Combatant("Crusader", Pool(5)), *slavers])
    keys = tuple(s.key for s in slavers)
    too_many = Side(keys, tuple(Pick(owner=k) for k in keys) + (Pick(owner=keys[0]),) * 2)
    with pytest.raises(CombatError, match="half its ready energy dice: 4, not 5"):
        enc.contest(d20("Crusader"), too_many, ScriptedRoller([]))
    group = Side(keys, tuple(Pick(owner=k) for k in keys), wounds={"Slaver 3": 2})
    step = enc.contest(d20("Crusader"), group, ScriptedRoller([12, 1, 5, 6]))
    # The group: 6 + 2 others = 8, and Slaver 1's die depleted; Crusader wins by 4.
    after = step.encounter
    assert after.get("Slaver 1").energy == Pool(2, depleted=1)
    assert after.get("Slaver 3").energy == Pool(1, depleted=2)
    assert after.get("Slaver 2").energy == Pool(3)


# --- noncharacter challenges --------------------------------------------------------------------


def test_challenges_come_from_the_tables() -> None:
    wall = challenge_from_table("Rock wall", "Draining", "d8")
    assert wall.energy == Pool(5, base=Die(8)) and wall.challenge
    gap = distance_challenge("Close the gap", "Out of Reach", "Close")
    assert gap.energy == Pool(8, base=Die(20))
    with pytest.raises(ValueError, match="no difficulty"):
        challenge_from_table("x", "Trivial")


def test_a_storm_rolls_once_against_the_whole_party() -> None:
    storm = challenge_from_table("Storm", "Tiring", "d8")
    enc = scene().add(storm).encounter
    step = enc.challenge_all(Side.of("Storm", Pick(Die(8))),
                             [Side.of("Erin", *picks("2d6")), Side.of("Sam", *picks("d6"))],
                             ScriptedRoller([5, 6, 2, 3]))
    # Storm 5; Erin 6 + 1 = 7 wins by 2 and removes a die; Sam 3 loses by 2.
    after = step.encounter
    assert after.get("Storm").energy == Pool(1, removed=1, base=Die(8))
    assert after.get("Sam").energy == Pool(9, depleted=1)
    assert len(step.events) == 2


def test_unresolved_challenges_strike_before_a_rest() -> None:
    storm = challenge_from_table("Storm", "Easy", "d6")  # 2d6
    enc = scene().add(storm).encounter
    step = enc.challenges_strike(ScriptedRoller([3, 4]))  # 4 + 1 = 5 dice depleted
    after = step.encounter
    assert after.get("Erin").energy.depleted + after.get("Sam").energy.depleted == 5
    step = enc.challenges_strike(ScriptedRoller([3, 4]), as_damage=True)
    after = step.encounter
    total = [after.get(k).energy for k in ("Erin", "Sam")]
    assert sum(p.removed for p in total) == 1 and sum(p.depleted for p in total) == 2
    assert scene().challenges_strike(ScriptedRoller([])).lines() == (
        "no unresolved challenges: a safe rest",)


def test_an_overloaded_car_takes_a_capacity_test() -> None:
    car = Agent("Car", Pool(4), types=frozenset({"Movement", "Capacity"}), steps=3)
    enc = Encounter.of([Combatant("Driver", Pool(6), {"Car": car})])
    step = enc.capacity_test("Driver", "Car", [Pick(Die(12), "Car")], passengers=4, cargo=1,
                             roller=ScriptedRoller([3, 4, 4, 2, 1, 6]))
    # Car 3; load 6 + 4 others = 10 wins by 7: 3 dice of damage to the car.
    assert step.encounter.get("Driver").agent("Car").pool == Pool(1, depleted=3)
    assert "capacity test of Driver's Car" in step.lines()[0]
    with pytest.raises(CombatError, match="passengers or cargo"):
        enc.capacity_test("Driver", "Car", [Pick(Die(12), "Car")], 0, 0, ScriptedRoller([]))


def test_a_harmful_challenge_removes_dice() -> None:
    fire = challenge_from_table("Fire", "Easy", "d12")
    enc = scene().add(fire).encounter
    step = enc.contest(Side.of("Fire", Pick(Die(12)), harms=True), Side.of("Erin", Pick()),
                       ScriptedRoller([7, 2]))  # by 5: 2 dice, removed
    assert step.encounter.get("Erin").energy == Pool(8, removed=2)


def test_two_moving_towards_each_other_add_their_rolls() -> None:
    gap = distance_challenge("Gap", "Ranged", "Close")  # 4d6
    enc = scene().add(gap).encounter
    movers = [Side.of("Erin", Pick(Die(20), "Jetpack")), Side.of("Sam", *picks("2d6"))]
    step = enc.move_together(movers, Side.of("Gap", *picks("2d6")), ScriptedRoller(
        [6, 3, 4, 5, 5]))  # Erin 6, Sam 4 + 1 = 5: 11 against 5 + 1 = 6
    assert step.encounter.get("Gap").energy == Pool(2, removed=2)
    assert "together 11 against 6: they make it" in step.lines()
    step = enc.move_together(movers, Side.of("Gap", *picks("4d6")), ScriptedRoller(
        [2, 2, 3, 6, 6, 5, 4]))  # 2 + (3 + 1) = 6 against 6 + 3 = 9: 2 dice spread
    assert step.encounter.get("Erin").energy.depleted + step.encounter.get(
        "Sam").energy.depleted == 2
    with pytest.raises(CombatError, match="two or more"):
        enc.move_together(movers[:1], Side.of("Gap", Pick()), ScriptedRoller([]))
