"""The POW! GM's actions through the encounter engine: the attack first, days of rest,
and a Stat below 0 in the dice roller's check (POW!, Specials and Stat Recovery; Stat
Reduction; Optional Rule - Combat Tactics and Leadership)."""

from __future__ import annotations

import pytest

from desktop.systems.encounters import new_encounter
from desktop.systems.pow.fight.tracking import CombatError
from desktop.systems.pow.rules.character import PowCharacter, Stats, Tracking


def brawler() -> PowCharacter:
    return PowCharacter(name="Brawler", attributes=Stats(agility=2, brawn=3, damage=2,
                                                         energy=2))


def test_the_attack_comes_first_and_rest_days_beside_rest_frames() -> None:
    e = new_encounter("pow", "ids").add_character(brawler())
    ids = [a.id for a in e.rules.actions(e.state, "Brawler")]
    assert ids[0] == "attack"
    assert ids.index("rest_days") == ids.index("rest") + 1
    assert e.rules.common_actions[0] == "attack"


def test_days_of_rest_bring_a_stat_back_through_negatives() -> None:
    """"a Brawn Stat that was reduced from a score of 3 to -2 would require 5 days of rest
    (from -2 to -1, -1 to 0, 0 to 1, 1 to 2, and 2 to 3)." """
    e = new_encounter("pow", "rest", seed=3).add_character(brawler())
    e = e.add_character(PowCharacter(name="Foe", attributes=Stats()))
    e = e.start({"totals": {"Brawler": 10, "Foe": 5}})
    e = e.perform("Brawler", "reduce", {"stat": "brawn", "points": 14})  # 9 pool, 3 → −2
    e = e.perform("Brawler", "save:brawn", {"die": 6})
    assert e.character("Brawler").current_stat("brawn") == -2
    e = e.perform("Brawler", "rest_days", {"days": 4})
    assert e.log[-1].text.startswith("Brawler: rests 4 days: Brawn -2→2")
    e = e.perform("Brawler", "rest_days", {"days": 1})
    assert e.character("Brawler").current_stat("brawn") == 3
    # "Only after a day's rest … could the Stat pool refill back up": full again.
    assert not e.character("Brawler").tracking.stats
    assert not e.character("Brawler").tracking.pools


def test_days_of_rest_before_the_fight() -> None:
    hurt = brawler().model_copy(update={"tracking": Tracking(stats={"brawn": -2})})
    e = new_encounter("pow", "rest").add_character(hurt)
    e = e.perform("Brawler", "rest_days", {"days": 5})
    assert e.log[-1].text == "Brawler: rests 5 days: Brawn -2→3, Brawn pool 0→9"


def test_the_dice_rollers_check_refuses_a_stat_below_0() -> None:
    """"that Stat cannot be used for anything (combat, other actions, Specials, etc.)" """
    e = new_encounter("pow", "check")
    values = {"stat": -1, "difficulty": 10}
    with pytest.raises(CombatError, match="cannot be used for anything"):
        e.rules.check_odds(values)
    with pytest.raises(ValueError, match="cannot be used for anything"):
        e.check(values)
    assert e.rules.check_odds({"stat": 0, "difficulty": 10}).chance == "16.7 %"


def test_the_dice_rollers_check_adds_leadership_or_tactics() -> None:
    """"their Fellowship Stat is added to that other person's roll" — the dice roller
    takes what the optional rule adds; 0 (the rule off) changes nothing."""
    e = new_encounter("pow", "check")
    plain = e.rules.check_odds({"stat": 1, "difficulty": 12})
    same = e.rules.check_odds({"stat": 1, "difficulty": 12, "bonus": 0})
    helped = e.rules.check_odds({"stat": 1, "difficulty": 12, "bonus": 3})
    assert plain == same
    assert plain.chance == "8.3 %" and helped.chance == "41.7 %"  # needs 11+, then 8+
    assert helped.setup == "Stat 1 + 3 vs Difficulty 12"
