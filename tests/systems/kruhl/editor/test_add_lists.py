"""Kruhl's Add equipment… / Add custom skill…: the list first, searchable with the
game's synonyms, a blank at hand, and the user's own list."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton

from desktop.systems.files import load_character
from desktop.systems.kruhl.editor import add_lists
from desktop.systems.kruhl.editor.editor import KruhlEditor
from desktop.systems.kruhl.rules.character import Equipment, new_character
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from tests.ui.chooser_search import listed, search

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "kruhl" / "characters"


@pytest.fixture
def editor(qtbot) -> KruhlEditor:
    editor = KruhlEditor(CharacterDocument(new_character("Issvisk")))
    qtbot.addWidget(editor)
    editor.resize(1280, 720)
    return editor


def accepting(make, name: str):
    """``make`` as the button calls it, choosing ``name`` and accepting at once."""
    def chooser(parent):
        dialog = make(parent)
        dialog.choose(name)
        dialog.exec = lambda: add_lists.CatalogChooser.DialogCode.Accepted
        return dialog
    return chooser


@pytest.mark.parametrize(("word", "name"), [
    ("sword", "Sword"), ("saber", "Sword"), ("archery", "Bow"), ("lockpick", "Basic lockpick"),
    ("climb", "Climbing rope and hooks"), ("magic", "Spellbook"), ("lie", "Disguise kit"),
])
def test_an_equipment_word_finds_what_the_list_calls_it(qtbot, word, name):
    chooser = add_lists.equipment_chooser()
    search(qtbot, chooser, word)
    assert name in chooser.visible(), word
    assert chooser.visible()[-1] == "Blank equipment"


def test_sword_finds_every_hand_to_hand_weapon_and_not_the_bow(qtbot):
    chooser = add_lists.equipment_chooser()
    search(qtbot, chooser, "sword")
    shown = chooser.visible()
    assert {"Sword", "Fine sword", "Axe", "Halberd"} <= set(shown)
    assert "Bow" not in shown


@pytest.mark.parametrize(("word", "name"), [
    ("sneak", "Stealth"), ("hide", "Stealth"), ("horse", "Riding"), ("heal", "Healing"),
    ("potion", "Alchemy"), ("threaten", "Intimidation"),
])
def test_a_skill_word_finds_the_example_skill(qtbot, word, name):
    chooser = add_lists.custom_skill_chooser()
    search(qtbot, chooser, word)
    assert name in chooser.visible(), word


def test_the_lists_say_where_each_entry_comes_from(qtbot):
    chooser = add_lists.equipment_chooser()
    lines = listed(qtbot, chooser)
    assert lines[0] == "Basic lockpick  ·  book: Skill Roll"
    assert "Sword  ·  Sheetdesk example, not the book's" in lines
    assert lines[-1] == "Blank equipment  ·  fill it in yourself"
    chooser.choose("Bow")
    assert "Ranged Combat" in chooser.preview.text()


def test_add_equipment_adds_the_chosen_piece_in_one_undo_step(editor, monkeypatch):
    monkeypatch.setitem(add_lists.CHOOSERS, "equipment",
                        accepting(add_lists.equipment_chooser, "Crossbow"))
    child(editor.form, QPushButton, "addEquipmentButton").click()
    piece = editor.document.character.equipment[-1]
    assert (piece.name, piece.rating, piece.skills) == ("Crossbow", 2, ["Ranged Combat"])
    assert editor.document.undo_stack.undoText() == "Add Crossbow"
    assert "Crossbow" in editor.document.derived.skills["Ranged Combat"].equipment_name
    editor.document.undo_stack.undo()
    assert editor.document.character.equipment == []


def test_add_custom_skill_adds_the_example(editor, monkeypatch):
    monkeypatch.setitem(add_lists.CHOOSERS, "custom_skills",
                        accepting(add_lists.custom_skill_chooser, "Stealth"))
    child(editor.form, QPushButton, "addCustomSkillButton").click()
    skill = editor.document.character.custom_skills[-1]
    assert (skill.name, skill.attribute) == ("Stealth", "agility")
    assert "Stealth" in editor.document.derived.skills


def test_a_piece_saved_to_my_list_is_offered_to_every_character(editor, qtbot):
    messages: list[str] = []
    editor.message.connect(messages.append)
    editor.tables["equipment"].add(Equipment(name="Grandfather's blade", rating=3,
                                             skills=["Hand-to-hand Combat"]))
    editor.tables["equipment"].table.clearSelection()
    child(editor.form, QPushButton, "saveEquipmentToMyListButton").click()
    assert messages[-1] == "Select the equipment to keep first"
    editor.tables["equipment"].table.selectRow(0)
    child(editor.form, QPushButton, "saveEquipmentToMyListButton").click()
    assert messages[-1].startswith("Saved Grandfather's blade to your own list")
    other = KruhlEditor(CharacterDocument(load_character(EXAMPLES / "soraya.sheetdesk")))
    qtbot.addWidget(other)
    chooser = add_lists.equipment_chooser(other)
    search(qtbot, chooser, "sabre")
    assert "Grandfather's blade" in chooser.visible(), "found by its skill's synonym"
    chooser.choose("Grandfather's blade")
    assert chooser.list.currentItem().text().endswith("your own list")
    assert chooser.chosen().rating == 3


def test_a_broken_own_list_is_reported_and_the_list_still_offered(editor, qtbot):
    messages: list[str] = []
    editor.message.connect(messages.append)
    path = add_lists.USER_LIST.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "sheetdesk.catalog", "version": 1, "system": "kruhl", '
                    '"equipment": [{"name": "Rope", "rating": 7}]}', encoding="utf-8")
    chooser = add_lists.equipment_chooser(editor)
    qtbot.addWidget(chooser)
    assert "Sword" in chooser.visible()
    assert len(messages) == 1 and "equipment and skills list was skipped" in messages[0]
    assert "equipment.0.rating" in messages[0]
