"""POW!'s Add weapon… / Add armor… / Add Special… find the book's words from the words
players type (search synonyms)."""

from __future__ import annotations

import pytest

from desktop.systems.pow.editor import gear_picker
from desktop.systems.pow.editor.special_picker import SpecialPicker
from tests.ui.chooser_search import search


@pytest.mark.parametrize(("word", "name"), [
    ("saber", "Sword"), ("katana", "Sword"), ("gun", "Pistol"), ("revolver", "Pistol"),
    ("mace", "Club"), ("bite", "Teeth"), ("arrow", "Bow"), ("hatchet", "Battle Axe"),
])
def test_a_weapon_word_finds_what_the_list_calls_it(qtbot, word, name):
    chooser = gear_picker.weapon_chooser()
    search(qtbot, chooser, word)
    assert name in chooser.visible(), word
    assert chooser.visible()[-1] == "Blank weapon", "the blank entry stays at hand"


@pytest.mark.parametrize(("word", "name"), [
    ("armour", "Plate Armor"), ("bulletproof", "Kevlar Vest"), ("chainmail", "Chain Mail"),
])
def test_an_armor_word_finds_what_the_list_calls_it(qtbot, word, name):
    chooser = gear_picker.armor_chooser()
    search(qtbot, chooser, word)
    assert name in chooser.visible(), word


def test_the_special_search_uses_the_synonyms_too(qtbot):
    picker = SpecialPicker()
    qtbot.addWidget(picker)
    names = [e.special.name for e in picker.entries]

    def shown() -> list[str]:
        return [n for row, n in enumerate(names) if not picker.list.item(row).isHidden()]

    picker.search.setText("electric")
    assert shown() == ["Lightning Power"]
    picker.search.setText("strong")
    assert shown() == ["Burst of Strength"]
    picker.search.setText("lightning bolt")
    assert shown() == ["Lightning Power"], "every word, in any order"
