"""A combatant's pools: picking dice, settling a roll per pool, damage, groups."""

from __future__ import annotations

import pytest

from desktop.model.dice_pool import Die, Pool
from desktop.systems.protector.fight.pools import (
    ENERGY,
    Agent,
    Combatant,
    CombatError,
    Pick,
    challenge,
    damage,
    default_picks,
    group_limit,
    picks,
    spread_wounds,
    throw,
)
from desktop.systems.protector.rules.dice import Catastrophe
from tests.systems.protector.helpers import ScriptedRoller


def hero() -> Combatant:
    sword = Agent("Sword", Pool(1), types=frozenset({"Weapon"}), steps=1, no_deplete=True)
    flight = Agent("Flight", Pool(3), kind="power", steps=2, fast_burn=True)
    vest = Agent("Vest", Pool(1), types=frozenset({"Defense"}), steps=2)
    return Combatant("Hero", Pool(6, depleted=2), {"Sword": sword, "Flight": flight,
                                                   "Vest": vest})


def test_agents_roll_their_die_with_all_their_steps() -> None:
    h = hero()
    assert h.agent("Sword").die() == Die(8)
    assert h.agent("Vest").die() == Die(10)
    assert h.sources() == (ENERGY, "Sword", "Flight", "Vest")
    with pytest.raises(CombatError, match="no agent called"):
        h.agent("Jetpack")
    with pytest.raises(CombatError, match="cannot be called"):
        Combatant("X", Pool(1), {ENERGY: Agent(ENERGY, Pool(1))})


def test_a_roll_settles_each_pool_it_drew_from() -> None:
    chosen = (*picks("d6,d8"), Pick(Die(10), "Flight"), Pick(Die(10), "Flight"))
    out, side = throw({"Hero": hero()}, ["Hero"], chosen, ScriptedRoller([1, 5, 1, 7]))
    assert side.roll.on_table == 2 and side.value == 7 + 3 + 2
    assert out["Hero"].energy == Pool(5, depleted=3)
    assert out["Hero"].agent("Flight").pool == Pool(2, depleted=1)
    assert "Hero's Flight depletes 1" in side.describe()


def test_an_agent_adds_one_die_unless_fast_burn() -> None:
    with pytest.raises(CombatError, match="only one die"):
        throw({"Hero": hero()}, ["Hero"], [Pick(Die(8), "Vest")] * 2, ScriptedRoller([]))
    with pytest.raises(CombatError, match="7 energy dice picked, 6 ready"):
        throw({"Hero": hero()}, ["Hero"], picks("7d6"), ScriptedRoller([]))


def test_no_deplete_agents_keep_their_dice() -> None:
    out, _ = throw({"Hero": hero()}, ["Hero"], [Pick(Die(8), "Sword")], ScriptedRoller([1]))
    assert out["Hero"].agent("Sword").pool == Pool(1)


def test_a_multiple_returns_a_die_to_the_energy_pool() -> None:
    out, side = throw({"Hero": hero()}, ["Hero"], picks("d6,d8"), ScriptedRoller([4, 4]))
    assert side.roll.multiple
    assert out["Hero"].energy == Pool(7, depleted=1)


def test_a_catastrophe_taken_as_damage_removes_one_die() -> None:
    out, _ = throw({"Hero": hero()}, ["Hero"], picks("2d6"), ScriptedRoller([1, 1]),
                   Catastrophe.REMOVE)
    assert out["Hero"].energy == Pool(5, depleted=2, removed=1)
    out, _ = throw({"Hero": hero()}, ["Hero"], picks("2d6"), ScriptedRoller([1, 1]))
    assert out["Hero"].energy == Pool(5, depleted=3), "all deplete, the multiple returns one"


def test_rest_rolls_do_not_deplete() -> None:
    out, _ = throw({"Hero": hero()}, ["Hero"], picks("2d6"), ScriptedRoller([1, 3]),
                   deplete=False)
    assert out["Hero"].energy == hero().energy


def test_damage_depletes_removes_and_reaches_the_table() -> None:
    people = {"Hero": hero()}
    out, done = damage(people, "Hero", 2)
    assert out["Hero"].energy == Pool(4, depleted=4) and not done.remove
    out, done = damage(people, "Hero", 8, remove=True)
    assert out["Hero"].energy == Pool(0, removed=8) and out["Hero"].gone
    assert "2 taken from the table" in done.describe()
    out, done = damage(people, "Hero", 1, source="Vest")
    assert out["Hero"].agent("Vest").pool == Pool(0, depleted=1)
    assert done.describe().startswith("Hero's Vest takes 1 die of damage (depleted)")


def test_damage_to_a_challenge_removes_dice() -> None:
    storm = challenge("Storm", 4, "d8")
    assert storm.energy == Pool(4, base=Die(8)) and not storm.player
    out, done = damage({"Storm": storm}, "Storm", 2)
    assert done.remove and out["Storm"].energy.removed == 2
    with pytest.raises(CombatError, match="at least one die"):
        challenge("Nothing", 0)


def test_groups_roll_half_their_ready_dice_and_spread_wounds() -> None:
    slavers = {f"Slaver {i}": Combatant(f"Slaver {i}", Pool(3), player=False)
               for i in (1, 2, 3)}
    assert group_limit(slavers.values()) == 4
    assert spread_wounds(slavers, list(slavers), 4) == {"Slaver 1": 2, "Slaver 2": 1,
                                                        "Slaver 3": 1}
    assert spread_wounds(slavers, list(slavers), 2, {"Slaver 3": 2}) == {"Slaver 3": 2}
    with pytest.raises(CombatError, match="assign all"):
        spread_wounds(slavers, list(slavers), 2, {"Slaver 3": 1})


def test_default_picks_and_status() -> None:
    assert default_picks(hero(), 2) == (Pick(Die(6), ENERGY, owner="Hero"),) * 2
    with pytest.raises(CombatError, match="ready dice"):
        default_picks(hero(), 9)
    out = Combatant("Out", Pool(0, depleted=3))
    assert out.out and out.status() == "out of play until recovered"
    assert out.starting == 3
