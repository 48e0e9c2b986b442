"""A list table on a tab not shown is filled when its tab is shown, or when anything reads
its ``table`` (a finding's jump): opening a character fills only the first tab's."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QTabWidget

from desktop.ui.forms import child


def _tabs(editor) -> QTabWidget:
    return child(editor.form, QTabWidget, "detailTabs")


def test_only_the_shown_tabs_tables_are_filled_at_first(artos):
    assert _tabs(artos).currentIndex() == 0
    assert artos.tables["traits"]._table.rowCount() == len(artos.character.traits)
    assert artos.tables["weapons"]._table.rowCount() == 0  # its tab was never shown


def test_a_hidden_table_is_filled_when_its_tab_is_shown(artos):
    weapons = artos.tables["weapons"]
    _tabs(artos).setCurrentIndex(3)  # Weapons
    table = weapons._table
    assert table.isVisible()
    assert table.rowCount() == len(artos.character.equipment.weapons)
    assert table.item(0, 0).text() == "Sword"
    assert artos.details["weapons"].widget_for("notes").isEnabled()  # its row is selected


def test_edits_while_hidden_show_when_the_tab_is_shown(artos):
    weapons = artos.tables["weapons"]
    _tabs(artos).setCurrentIndex(3)
    _tabs(artos).setCurrentIndex(0)
    artos.document.apply("Rename", lambda c: setattr(c.equipment.weapons[0], "name", "Axe"))
    assert weapons._table.item(0, 0).text() == "Sword"  # hidden: put off
    artos.document.undo_stack.undo()
    artos.document.undo_stack.redo()
    _tabs(artos).setCurrentIndex(3)
    assert weapons._table.item(0, 0).text() == "Axe"


def test_reading_the_table_fills_it(artos):
    assert artos.tables["skills"].table.rowCount() == len(artos.character.skills)


def test_a_finding_on_a_hidden_tab_still_focuses_its_field(artos):
    assert artos.focus_field("equipment.weapons.0.notes")
    assert _tabs(artos).currentIndex() == 3
    table = artos.tables["weapons"]._table
    assert table.rowCount() == 1 and table.currentRow() == 0
    assert child(artos.form, QLineEdit, "weaponNotesEdit").hasFocus()
