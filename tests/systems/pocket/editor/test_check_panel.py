"""What the Pocket Universe check panel offers to roll under, and the panel in the editor:
odds as the dice module has them, range, a target number, a seeded roll."""

from __future__ import annotations

from pathlib import Path

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.files import load_character
from desktop.systems.pocket.editor.check_panel import TARGET, choices
from desktop.systems.pocket.rules import catalog_weapons, dice
from desktop.systems.pocket.rules.character import Trait
from desktop.systems.pocket.rules.derived import derive
from desktop.ui.check_panel import result_html
from tests.systems.pocket.editor.conftest import label, spin

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "pocket" / "characters"


def test_choices_list_attributes_skills_attacks_unskilled_and_a_target():
    d = derive(load_character(EXAMPLES / "kestra.sheetdesk"))
    found = {c.key: c for c in choices(d)}
    keys = list(found)
    assert keys[:4] == ["attr:phys", "attr:deft", "attr:intl", "attr:will"]
    assert keys[-1] == TARGET
    assert found["skill:Melee (spear)"].score == 15
    assert found["skill:Melee (spear)"].text == "Melee (spear) 15"
    assert found["attack:Short Bow"].missile and found["attack:Short Bow"].score == 14
    assert not found["attack:Long Knife (thrown)"].missile  # 3.3: missile weapons only
    assert not found["attack:Spear"].missile
    # Unskilled: only skills she has not learnt (Melee, Dodge… are hers).
    assert "unskilled:Dodge" not in found and "unskilled:Melee" not in found
    assert found["unskilled:Climbing"].score == 12  # DEFT 13 − 1
    assert found["unskilled:Climbing"].text == "Climbing, unskilled 12"



def test_check_panel_odds_match_the_dice_module(artos):
    panel = artos.check_panel
    assert panel.choose("skill:Melee (blade)")
    assert label(artos, "oddsValue") == percent(dice.check_odds(12).p_success)
    panel.difficulty.setCurrentIndex(panel.difficulty.findData("Easy"))
    panel.extra_time.setCurrentIndex(panel.extra_time.findData(2))
    odds = dice.check_odds(14, 2)
    assert label(artos, "oddsValue") == percent(odds.p_success)
    assert f"fumble {percent(odds.p_fumble)}" in label(artos, "oddsDetail")
    assert "Melee (blade) 12, Easy +2, extra time +2 → 2d10 ≤ 16" in label(artos, "oddsDetail")
    panel.opposed.setValue(13)  # −(13 − 10)
    panel.actions.setValue(2)  # −2
    assert label(artos, "oddsValue") == percent(dice.check_odds(9, 2).p_success)


def test_check_panel_range_uses_acute_vision_and_point_blank(artos):
    artos.document.apply("bow", lambda c: c.equipment.weapons.append(
        catalog_weapons.weapon("Short Bow")))
    panel = artos.check_panel
    assert panel.choose("attack:Short Bow")
    total = next(a.total for a in artos.document.derived.attacks if a.name == "Short Bow")
    panel.range.setValue(1)  # point blank: −2 (3.3)
    assert label(artos, "oddsValue") == percent(dice.check_odds(total - 2).p_success)
    panel.range.setValue(12)  # 9–16 spaces: −2 (5.32)
    assert label(artos, "oddsValue") == percent(dice.check_odds(total - 2).p_success)
    artos.document.apply("vision", lambda c: c.traits.append(Trait(name="Acute Vision")))
    assert label(artos, "oddsValue") == percent(dice.check_odds(total - 1).p_success)


def test_check_panel_target_number_and_seeded_roll(artos):
    panel = artos.check_panel
    assert panel.choose("target")
    assert panel.target.isEnabled()
    panel.target.setValue(15)
    assert label(artos, "oddsValue") == percent(dice.check_odds(15).p_success)
    panel.roller = Roller(seed=11)
    shown = panel.roll()
    expected = dice.roll_check(15, Roller(seed=11), label="Target").describe()
    assert shown == expected and label(artos, "rollResult") == result_html(expected)


def test_check_panel_keeps_its_choice_across_edits(artos):
    panel = artos.check_panel
    panel.choose("skill:Shield")
    spin(artos, "deftSpin").setValue(11)
    assert panel.what.currentData() == "skill:Shield"
    assert panel.what.currentText() == "Shield 12"
