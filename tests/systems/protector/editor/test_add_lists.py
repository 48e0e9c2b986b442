"""Protector's Add power… / Add trait… from the book's lists."""

from __future__ import annotations

from desktop.systems.protector.editor import add_lists
from tests.ui.chooser_search import search


def test_the_power_list_is_the_book_s_tables_and_example_powers(qtbot):
    chooser = add_lists.power_chooser()
    qtbot.addWidget(chooser)
    names = chooser.visible()
    assert names[-1] == "Blank power"
    assert {"Flight", "Invisibility", "Resilience", "Amplification", "Fire"} <= set(names)
    chooser.search.setText("fly")
    assert "Flight" in chooser.visible()
    chooser.choose("Flight")
    power = chooser.chosen()
    assert (power.category, power.application) == ("freedom", "Flight")
    assert power.application_roll == 1


def test_the_trait_list_is_what_the_life_path_and_examples_name(qtbot):
    chooser = add_lists.trait_chooser()
    qtbot.addWidget(chooser)
    names = chooser.visible()
    assert {"Reading and Writing", "Math", "Fitness", "Marksmanship", "Welder"} <= set(names)
    chooser.choose("Welder")
    welder = chooser.chosen()
    assert (welder.type, welder.steps) == ("trade", 3), "a trade comes with its 3 steps"
    chooser.search.setText("skill math")
    assert chooser.visible() == ["Math", "Blank trait"]


def test_add_chosen_is_one_undo_step(blank, monkeypatch):
    def accepting(parent):
        chooser = add_lists.power_chooser(parent)
        chooser.choose("Flight")
        chooser.exec = lambda: add_lists.QDialog.DialogCode.Accepted
        return chooser

    assert add_lists.add_chosen(accepting, blank.tables["powers"], blank)
    assert blank.document.character.powers[-1].application == "Flight"
    stack = blank.document.undo_stack
    assert stack.text(stack.index() - 1) == "Add Flight"
    stack.undo()
    assert not blank.document.character.powers


def test_the_add_trait_button_opens_the_list(blank, monkeypatch):
    from PySide6.QtWidgets import QPushButton

    from desktop.ui.forms import child

    original = add_lists.trait_chooser

    def accepting(parent):
        chooser = original(parent)
        chooser.choose("Math")
        chooser.exec = lambda: add_lists.QDialog.DialogCode.Accepted
        return chooser

    monkeypatch.setattr(add_lists, "trait_chooser", accepting)
    child(blank.form, QPushButton, "addTraitButton").click()
    assert [t.name for t in blank.document.character.traits][-1] == "Math"


def test_a_power_and_a_trait_saved_to_my_list_are_offered_again(blank, qtbot):
    from PySide6.QtWidgets import QPushButton

    from desktop.ui.forms import child

    messages: list[str] = []
    blank.message.connect(messages.append)
    character = blank.document.character
    blank.tables["powers"].add(add_lists.Power(
        name="Gravity Well", category="control", application="Telekinesis",
        description="Pulls all nearby down.", active=True, energy_dice=3, damaged=2))
    blank.tables["powers"].table.selectRow(len(character.powers) - 1)
    save = child(blank.form, QPushButton, "savePowersToMyListButton")
    save.click()
    assert messages[-1].startswith("Saved Gravity Well to your own list")
    blank.tables["traits"].add(add_lists.Trait(name="Origami", type="skill", steps=2))
    blank.tables["traits"].table.selectRow(len(blank.document.character.traits) - 1)
    child(blank.form, QPushButton, "saveTraitsToMyListButton").click()

    chooser = add_lists.power_chooser(blank)
    search(qtbot, chooser, "gravity")
    assert chooser.visible() == ["Gravity Well", "Blank power"]
    chooser.choose("Gravity Well")
    power = chooser.chosen()
    assert (power.application, power.description) == ("Telekinesis", "Pulls all nearby down.")
    assert (power.active, power.damaged, power.event) == (False, 0, None), \
        "this character's activation and damage stay with the character"
    assert "your own list" in chooser.list.currentItem().text()
    traits = add_lists.trait_chooser(blank)
    qtbot.addWidget(traits)
    traits.search.setText("origami")
    assert traits.visible() == ["Origami", "Blank trait"]


def test_a_broken_own_list_is_reported_and_the_book_s_list_still_offered(blank, qtbot):
    messages: list[str] = []
    blank.message.connect(messages.append)
    path = add_lists.USER_LIST.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")
    chooser = add_lists.power_chooser(blank)
    qtbot.addWidget(chooser)
    assert "Flight" in chooser.visible()
    assert messages and "powers, traits and agents list was skipped" in messages[0]


def test_synonyms_find_the_book_s_powers(qtbot):
    chooser = add_lists.power_chooser()
    qtbot.addWidget(chooser)
    for word, name in (("teleport", "Teleportation"), ("invisible", "Invisibility"),
                       ("healing", "Heal"), ("x-ray", "See through solid objects"),
                       ("forcefield", "Force fields"), ("laser", "Energy beam")):
        chooser.search.setText(word)
        assert name in chooser.visible(), word
