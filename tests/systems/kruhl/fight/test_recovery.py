"""Recovery, plot points and conditions (Actions, Endurance And Recovery; Stunning;
Spending Plot Points; the bonus and penalty tables; RULINGS.md Kruhl 6)."""

from __future__ import annotations

import pytest

from desktop.systems.kruhl.fight.damage import hit
from desktop.systems.kruhl.fight.plot import effect_text, gain, set_condition, spend
from desktop.systems.kruhl.fight.rest import half_back, rest_hour, rest_night, stun_back
from desktop.systems.kruhl.fight.tracking import CombatError
from desktop.systems.kruhl.rules.derived import derive
from tests.systems.kruhl.fight.helpers import (
    TOTALS,
    corner_fight,
    soraya,
)


@pytest.mark.parametrize(("lost", "back"), [(0, 0), (1, 1), (2, 1), (3, 2), (5, 3), (6, 3)])
def test_an_hour_gives_back_half_the_lost_endurance_rounded_up(lost: int, back: int) -> None:
    hurt = hit(soraya(), lost).character if lost else soraya()
    assert half_back(hurt) == back
    rested = rest_hour(hurt)
    assert rested.regained == back
    assert rested.character.current_endurance() == 6 - lost + back


def test_the_hour_brings_the_stun_back_and_a_night_brings_all() -> None:
    hurt = hit(hit(soraya(), 3).character, 2, stunning=True).character
    assert hurt.current_endurance() == 1
    hour = rest_hour(hurt)
    assert (hour.regained, hour.stun) == (2, 2)
    assert hour.character.current_endurance() == 5 and hour.character.tracking.stun == 0
    assert hour.describe() == ("rests about an hour: 2 Endurance back, 2 stunning back, "
                               "Endurance 1/6 (2 stun) → 5/6")
    night = rest_night(hurt)
    assert night.character.tracking.endurance is None
    assert night.character.current_endurance() == 6
    after = stun_back(hurt)
    assert after.character.current_endurance() == 3 and after.regained == 0
    assert rest_night(soraya()).describe() == (
        "gets a good night's sleep: nothing to recover (Endurance 6/6)")


def test_plot_points_are_counted_down() -> None:
    rich = gain(gain(soraya()).character, "a fine pun").character
    assert rich.plot_points == 3
    bonus = spend(rich, "bonus_die")
    assert bonus.character.plot_points == 2
    assert bonus.describe() == ("spends a plot point (3→2): Bonus Die, a bonus die on the "
                                "current roll")
    surge = spend(rich, "surge", "brawn")
    assert surge.what.startswith("Brawn 4→5 until it takes its next turn")
    assert surge.character.attributes.brawn == 5, "the dice follow the surge"
    broke = rich.model_copy(update={"plot_points": 0})
    with pytest.raises(CombatError, match="no plot points left"):
        spend(broke, "rally")


def test_rally_gives_back_half_not_all_of_the_stunning_damage() -> None:
    """Rally: "Spending a plot point allows a character to rally and immediately recover
    half of the Endurance they have lost, as though they'd had a half-hour's worth of
    rest" - half the stunning damage too, not all of it (ours: rounded up, as the hour's
    rest rounds)."""
    e = corner_fight().start({"totals": TOTALS})
    e = e.perform("Soraya", "hit", {"hits": 2})
    e = e.perform("Soraya", "hit", {"hits": 3, "stunning": True})
    assert e.character("Soraya").current_endurance() == 1
    e = e.perform("Soraya", "plot:rally", {})
    assert e.log[-1].text == ("Soraya: spends a plot point (1→0): Rally, 1 Endurance back, "
                              "2 stunning back, Endurance 1/6 (3 stun) → 4/6 (1 stun)")
    assert e.character("Soraya").tracking.stun == 1
    e = e.perform("Soraya", "stun_back")  # the rest after the fight
    assert e.character("Soraya").current_endurance() == 5


def test_rally_with_one_point_of_each() -> None:
    hurt = hit(hit(soraya(), 5).character, stunning=True).character
    rallied = spend(hurt, "rally")
    assert rallied.character.plot_points == 0
    assert rallied.character.current_endurance() == 1 + 3
    assert rallied.character.tracking.stun == 0
    assert rallied.describe() == ("spends a plot point (1→0): Rally, 3 Endurance back, "
                                  "1 stunning back, Endurance 0/6 (1 stun) → 4/6")


def test_escape_ends_restrained_and_grappled() -> None:
    held = soraya().model_copy(update={"conditions": ["grappled", "prone", "restrained"]})
    free = spend(held, "escape")
    assert free.character.conditions == ["prone"]
    assert free.what == "breaks free: Grappled, Restrained ends"


def test_conditions_change_the_dice_derive_shows() -> None:
    on = set_condition(soraya(), "restrained", True)
    assert derive(on.character).skills["Hand-to-hand Combat"].roll("attack_hth").dice == 1
    assert on.describe().startswith("Restrained (1 penalty die on hand-to-hand attack;")
    with pytest.raises(CombatError, match="already in effect"):
        set_condition(on.character, "restrained", True)
    off = set_condition(on.character, "restrained", False)
    assert off.character.conditions == [] and off.describe() == "Restrained ends"
    assert "ranged attack fails" in effect_text("blinded")


def test_recovery_on_the_gm_screen() -> None:
    e = corner_fight().start({"totals": TOTALS})
    e = e.perform("Soraya", "hit", {"hits": 4}).perform("Soraya", "hit", {"stunning": True})
    assert next(r for r in e.rules.rows(e.state) if r.key == "Soraya").cells[1] == (
        "1/6 (1 stun)")
    e = e.perform("Soraya", "plot:rally", {})
    assert e.log[-1].text == ("Soraya: spends a plot point (1→0): Rally, 2 Endurance back, "
                              "1 stunning back, Endurance 1/6 (1 stun) → 4/6")
    rally = {a.id: a for a in e.rules.actions(e.state, "Soraya")}["plot:rally"]
    assert rally.why_not == "no plot points left"
    e = e.perform("Soraya", "plot_gain", {"why": "a dramatic setback"})
    e = e.perform("Soraya", "rest_hour")
    assert e.character("Soraya").current_endurance() == 5
    hour = {a.id: a for a in e.rules.actions(e.state, "Soraya")}["rest_hour"]
    assert "only a night's sleep" in hour.why_not
    with pytest.raises(CombatError, match="only a night's sleep"):
        e.perform("Soraya", "rest_hour")
    e = e.perform("Soraya", "rest_night")
    assert e.character("Soraya").tracking.endurance is None
    e = e.perform("Soraya", "hit").perform("Soraya", "rest_hour")
    assert e.character("Soraya").current_endurance() == 6, "a night lets the hour count again"
    e = e.perform("Virek-Kohl", "hit", {"stunning": True}).perform("Virek-Kohl", "stun_back")
    assert e.log[-1].text == ("Virek-Kohl: the fight is over: stunning damage comes back: "
                              "1 stunning back, Endurance 5/6 (1 stun) → 6/6")
    e = e.perform("Virek-Kohl", "condition_on", {"condition": "cover"})
    row = next(r for r in e.rules.rows(e.state) if r.key == "Virek-Kohl")
    assert row.cells[5] == "Behind cover"
    e = e.perform("Virek-Kohl", "condition_off", {"condition": "cover"})
    assert e.character("Virek-Kohl").conditions == []
