"""Picking equipment from the book's tables."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.editor.gear_picker import GearPicker, entries
from desktop.systems.pocket.editor.tables import lots_needed
from desktop.systems.pocket.rules import catalog_armor, catalog_weapons
from desktop.systems.pocket.rules.character import Ammunition, Weapon


@pytest.fixture
def picker(qtbot) -> GearPicker:
    dialog = GearPicker(None, "melee", money_left=120)
    qtbot.addWidget(dialog)
    return dialog


def test_every_table_row_is_offered():
    weapons = catalog_weapons.weapons()
    assert len(entries("melee")) == sum(w.kind == "melee" for w in weapons)
    assert len(entries("missile")) == sum(w.kind == "missile" for w in weapons)
    assert [e.item.name for e in entries("armor")] == [a.name for a in catalog_armor.armor()]
    assert len(entries("shields")) == 3 and len(entries("helmets")) == 5
    sword = next(e for e in entries("melee") if e.item.name == "Sword")
    assert sword.line == "Sword · blades · $125 · hit +1 · 4/6/8 · PHYS 10"


def test_a_balanced_throwing_weapon_costs_half_as_much_again(picker):
    picker.search.setText("long knife")
    assert picker.balanced.isEnabled() and picker.wield.isEnabled()
    picker.balanced.setChecked(True)
    assert picker.thrown.isChecked()
    assert "$38" in picker.preview.toPlainText()  # $25 + 50 %, rounded up
    assert "$120 now, $82 after" in picker.preview.toPlainText()
    list_name, item = picker.chosen()
    assert list_name == "weapons" and isinstance(item, Weapon)
    assert (item.thrown, item.balanced, item.cost) == (True, True, 25)
    picker.thrown.setChecked(False)
    assert not picker.balanced.isChecked()


def test_staves_and_whips_follow_their_tables(picker):
    picker.search.setText("staff")
    assert not picker.wield.isEnabled() and not picker.balanced.isEnabled()
    _, staff = picker.chosen()
    assert staff.wield == "two_hands"
    picker.search.setText("whip")
    assert not picker.wield.isEnabled()
    picker.search.setText("mace")
    picker.wield.setCurrentIndex(picker.wield.findData("two_hands"))
    _, mace = picker.chosen()
    assert mace.name == "Mace" and mace.wield == "two_hands"


def test_ammunition_is_bought_in_lots(picker):
    picker.category.setCurrentIndex(picker.category.findData("ammunition"))
    assert picker.search.text() == ""
    picker.search.setText("arrows")
    picker.lots.setValue(4)
    list_name, item = picker.chosen()
    assert list_name == "ammunition" and isinstance(item, Ammunition)
    assert item.quantity == 12 and item.per == 3
    assert "$20" in picker.preview.toPlainText()
    assert lots_needed(13, 3) == 5


def test_categories_go_to_their_lists(picker):
    for category, list_name in (("missile", "weapons"), ("armor", "armor"),
                                ("shields", "shields"), ("helmets", "helmets")):
        picker.category.setCurrentIndex(picker.category.findData(category))
        assert picker.chosen()[0] == list_name
    picker.search.setText("full helm")
    assert "Sight and hearing: −1" in picker.preview.toPlainText()
