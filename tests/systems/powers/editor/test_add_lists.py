"""Powers' Add…: the list first (our labelled examples, our opponents' powers, the user's
own), searchable with the game's synonyms, a blank at hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton

from desktop.systems.files import load_character
from desktop.systems.powers.editor import add_lists
from desktop.systems.powers.editor.editor import PowersEditor
from desktop.systems.powers.rules.character import Power
from desktop.systems.powers.rules.components import Move
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from tests.ui.chooser_search import listed, search

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "powers" / "characters"


@pytest.fixture
def bob(qtbot) -> PowersEditor:
    editor = PowersEditor(CharacterDocument(load_character(EXAMPLES / "bob.sheetdesk")))
    qtbot.addWidget(editor)
    editor.resize(1280, 720)
    return editor


def test_every_line_says_it_is_ours_and_the_blank_is_last(qtbot):
    chooser = add_lists.power_chooser()
    lines = listed(qtbot, chooser)
    assert lines[0] == "Blammo Cannon  ·  Sheetdesk example, not the book's"
    assert "Rotor Drive  ·  Sheetdesk example (Security Robot's), not the book's" in lines
    assert lines[-1] == "Blank power  ·  fill it in yourself"
    assert all("not the book's" in line for line in lines[:-1])


@pytest.mark.parametrize(("word", "name"), [
    ("flight", "Jet Boots"), ("hover", "Rotor Drive"), ("lightning", "Taser Gloves"),
    ("heal", "Healing Touch"), ("armour", "Iron Skin"), ("poison", "Acid Spit"),
    ("telepathy", "Mind Blast"), ("leap", "Pounce"),
])
def test_a_word_finds_the_power_by_its_components(qtbot, word, name):
    chooser = add_lists.power_chooser()
    search(qtbot, chooser, word)
    assert name in chooser.visible(), word
    assert chooser.visible()[-1] == "Blank power"


def test_the_list_opens_on_the_example_box_s_power_and_shows_its_rating(bob, qtbot):
    chooser = add_lists.power_chooser(bob, "Mind Blast", bob.pricing)
    qtbot.addWidget(chooser)
    assert chooser.chosen().name == "Mind Blast"
    assert "PR " in chooser.preview.text() and "Psychic" in chooser.preview.text()


def test_add_takes_the_chosen_power_under_a_free_name_in_one_undo_step(bob, monkeypatch):
    def accepting(*args):
        chooser = add_lists.power_chooser(*args)
        chooser.choose("Jet Boots")  # bob already has one
        chooser.exec = lambda: add_lists.CatalogChooser.DialogCode.Accepted
        return chooser

    monkeypatch.setitem(add_lists.CHOOSERS, "powers", accepting)
    before = len(bob.document.character.powers)
    bob.powers.buttons["addCatalogButton"].click()
    powers = bob.document.character.powers
    assert len(powers) == before + 1 and powers[-1].name == "Jet Boots 2"
    assert bob.document.undo_stack.undoText() == "Add Jet Boots 2"
    bob.document.undo_stack.undo()
    assert len(bob.document.character.powers) == before


def test_a_power_saved_to_my_list_comes_back_and_a_broken_list_is_told(bob, qtbot):
    messages: list[str] = []
    bob.message.connect(messages.append)
    bob.powers.table.add(Power(name="Skate Rails", fluff="Rides ice ramps.",
                               components=[Move(speed="fast")]))
    child(bob.form, QPushButton, "savePowersToMyListButton").click()
    assert messages[-1].startswith("Saved Skate Rails to your own list")
    chooser = add_lists.power_chooser(bob)
    search(qtbot, chooser, "skate")
    assert chooser.visible() == ["Skate Rails", "Blank power"]
    assert chooser.list.currentItem().text() == "Skate Rails  ·  your own list"
    add_lists.USER_LIST.path().write_text("[]", encoding="utf-8")
    chooser = add_lists.power_chooser(bob)
    qtbot.addWidget(chooser)
    assert "Blammo Cannon" in chooser.visible()
    assert "Your powers list was skipped" in messages[-1]
