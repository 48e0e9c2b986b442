"""Damage (Actions, Endurance And Recovery; Stunning; Rabble; RULINGS.md Kruhl 6) and the
attack rolled on the GM screen with its exact odds (Rolling Dice; RULINGS.md Kruhl 2)."""

from __future__ import annotations

import pytest

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.kruhl.fight.contest import attack, attack_chance, side
from desktop.systems.kruhl.fight.damage import hit
from desktop.systems.kruhl.fight.tracking import CombatError, is_down
from desktop.systems.kruhl.rules.derived import derive
from desktop.systems.kruhl.rules.dice import odds
from tests.systems.kruhl.fight.helpers import (
    TOTALS,
    corner_fight,
    issvisk,
    lackey,
    soraya,
)


def test_a_successful_attack_costs_one_endurance_down_to_zero() -> None:
    one = hit(soraya())
    assert one.character.current_endurance() == 5
    assert one.character.tracking.endurance == 5
    assert one.describe() == "1 successful attack: Endurance 6/6 → 5/6"
    six = hit(soraya(), 6)
    assert six.defeated and is_down(six.character)
    assert six.describe().endswith("Endurance 6/6 → 0/6: defeated, out of the fight")
    more = hit(soraya(), 8)
    assert more.character.tracking.endurance == 0 and more.wasted == 2
    assert "(Endurance may not go below 0)" in more.describe()
    assert derive(more.character).defeated
    with pytest.raises(CombatError):
        hit(soraya(), 0)


def test_stunning_damage_is_kept_apart() -> None:
    stunned = hit(hit(soraya(), 2, stunning=True).character, 1).character
    assert stunned.tracking.stun == 2 and stunned.tracking.endurance == 5
    assert stunned.current_endurance() == 3
    assert hit(stunned, stunning=True).describe() == (
        "1 successful stunning attack: Endurance 3/6 (2 stun) → 2/6 (3 stun)")
    out = hit(stunned, 5, stunning=True)
    assert out.character.tracking.stun == 5 and out.character.current_endurance() == 0
    assert out.wasted == 2


def test_rabble_fall_to_any_successful_attack() -> None:
    big = lackey().model_copy(update={"attributes": lackey().attributes.model_copy(
        update={"endurance": 4})})
    down = hit(big)
    assert down.defeated and down.describe() == "1 successful attack: rabble, defeated (Rabble)"
    assert hit(big, stunning=True).defeated


def test_an_attack_against_the_matching_defense_with_exact_odds() -> None:
    a, d = side(soraya(), "attack_hth"), side(issvisk(), "defense_hth")
    assert (a.roll.net_dice, a.roll.add) == (2, 4)
    assert (d.roll.net_dice, d.roll.add) == (2, 7)
    result = attack(("Soraya", soraya()), ("Issvisk", issvisk()), "hth", Roller(seed=2))
    chance = odds(a.roll, d.roll)
    assert result.chance == percent(chance.p_success)
    assert result.setup == "2d6 + 4 vs 2d6 + 7"
    r = result.result
    assert r.success == (r.actor_total >= r.opponent_total)
    assert result.describe().startswith(
        f"Soraya → Issvisk, hand-to-hand attack: 2d6 + 4 vs 2d6 + 7 ({result.chance}): ")


def test_conditions_and_added_dice_change_the_roll() -> None:
    prone = issvisk().model_copy(update={"conditions": ["prone"]})
    assert side(prone, "defense_hth").roll.net_dice == 1
    assert side(prone, "defense_ranged").roll.net_dice == 2, "unskilled 1d6 + a bonus die"
    charging = side(soraya(), "attack_hth", bonus_dice=1)
    assert charging.roll.net_dice == 3
    pen = attack(("Soraya", soraya()), ("Issvisk", issvisk()), "hth", Roller(seed=1),
                 penetrating=True)
    assert "re-rolling 5s and 6s" in pen.setup
    sprinting = soraya().model_copy(update={"conditions": ["sprinting"]})
    no = attack(("Soraya", sprinting), ("Issvisk", issvisk()), "hth", Roller(seed=1))
    assert not no.success and no.describe() == (
        "Soraya → Issvisk, hand-to-hand attack: fails automatically (Sprinting (all-out "
        "move): fails)")
    helpless = issvisk().model_copy(update={"conditions": ["helpless"]})
    yes = attack(("Soraya", soraya()), ("Issvisk", helpless), "hth", Roller(seed=1))
    assert yes.success and "the defender cannot defend" in yes.describe()


def test_the_attack_action_applies_the_hit() -> None:
    e = corner_fight().start({"totals": TOTALS})
    e = e.perform("Lackey 1", "condition_on", {"condition": "helpless"})
    e = e.perform("Soraya", "attack", {"target": "Lackey 1", "mode": "hth"})
    assert e.log[-2].text.startswith("Soraya → Lackey 1, hand-to-hand attack: hits")
    assert e.log[-1].text == "Lackey 1: 1 successful attack: rabble, defeated (Rabble)"
    assert e.character("Lackey 1").current_endurance() == 0
    e = e.perform("Soraya", "attack", {"target": "Virek-Kohl", "mode": "hth",
                                       "stunning": True})
    line = e.log[-1].text if e.log[-1].text.startswith("Soraya →") else e.log[-2].text
    assert "(" in line and " %" in line, "the odds are logged with the roll"
    stun = e.character("Virek-Kohl").tracking.stun
    assert stun == (1 if "success" in line.rsplit(": ", 1)[1] else 0)
    with pytest.raises(CombatError, match="defeated"):
        e.perform("Lackey 1", "attack", {"target": "Soraya"})
    with pytest.raises(CombatError, match="defeated"):
        e.perform("Lackey 1", "hit")


def test_the_exact_chance_is_shown_before_the_attack() -> None:
    e = corner_fight()
    exact = odds(side(soraya(), "attack_hth").roll, side(issvisk(), "defense_hth").roll)
    assert attack_chance(soraya(), issvisk(), "hth") == percent(exact.p_success)
    hint = {a.id: a for a in e.rules.actions(e.state, "Soraya")}["attack"].hint
    vk = e.character("Virek-Kohl")
    assert (f"Virek-Kohl {attack_chance(soraya(), vk, 'hth')} / "
            f"{attack_chance(soraya(), vk, 'ranged')}") in hint
    helpless = issvisk().model_copy(update={"conditions": ["helpless"]})
    assert attack_chance(soraya(), helpless, "hth") == "100 % (cannot defend)"
