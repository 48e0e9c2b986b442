"""Protector's Add power… / Add trait… from the book's lists (issue 15, item 3)."""

from __future__ import annotations

from desktop.systems.protector.editor import add_lists


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
