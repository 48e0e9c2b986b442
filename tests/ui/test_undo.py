"""One undo history per document: Ctrl+Z / Ctrl+Shift+Z and
Edit ▸ Undo/Redo act on the document's stack wherever the focus is, a run of typing is
one step, and the menu says what will be undone — for every game."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QSpinBox

from desktop.systems import SYSTEMS
from desktop.ui.binding import shown_as
from desktop.ui.undo import change_text, end_typing_run, shown

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def _fields(editor, kind):
    return [f for f in editor.binder._fields
            if type(f.widget) is kind and f.widget.isEnabled()]


def _labels(editor) -> list[str]:
    return [shown.label.text() for shown in editor.binder._derived]


def _focus(window, qtbot, widget) -> None:
    window.activateWindow()
    from desktop.ui.editor import reveal

    reveal(widget)
    qtbot.waitUntil(lambda: widget.hasFocus())


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_typing_in_a_spin_box_then_ctrl_z_restores_value_and_labels(window, qtbot, game):
    editor = window.new_character(game)
    doc = editor.document
    bound = _fields(editor, QSpinBox)[0]
    spin: QSpinBox = bound.widget
    old, labels = bound.get(doc.character), _labels(editor)
    _focus(window, qtbot, spin)
    spin.lineEdit().selectAll()
    new = 3 if old != 3 and spin.minimum() <= 3 <= spin.maximum() else spin.minimum() + 1
    QTest.keyClicks(spin, f"{new}")
    assert bound.get(doc.character) == new
    assert doc.undo_stack.count() == 1, "a run of typing in one box is one step"
    said = shown(shown_as(spin, old))  # a special value in its words ("not given")
    assert window.undo_action.text() == f"&Undo {bound.label} {said} → {new}"
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z, CTRL)
    assert bound.get(doc.character) == old
    assert spin.value() == old
    assert _labels(editor) == labels, "the derived labels follow the undo"
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z, CTRL | SHIFT)
    assert bound.get(doc.character) == new


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_a_run_of_typing_in_a_text_field_is_one_step_and_ctrl_z_undoes_it(
        window, qtbot, game):
    editor = window.new_character(game)
    doc = editor.document
    bound = _fields(editor, QLineEdit)[0]
    line: QLineEdit = bound.widget
    old = bound.get(doc.character)
    _focus(window, qtbot, line)
    line.selectAll()
    QTest.keyClicks(line, "Alma")
    assert bound.get(doc.character) == "Alma"
    assert doc.undo_stack.count() == 1
    assert window.undo_action.text() == "&Undo " + change_text(bound.label, old, "Alma")
    QTest.keyClick(line, Qt.Key.Key_Z, CTRL)
    assert bound.get(doc.character) == old and line.text() == old
    assert window.tabs.tabText(0).startswith("Unnamed — " + SYSTEMS[game].book)
    QTest.keyClick(line, Qt.Key.Key_Y, CTRL)
    assert line.text() == "Alma"


def test_a_new_run_after_the_focus_moves_or_return(window, qtbot):
    editor = window.new_character("pow")
    line = editor.binder.widget_for("name")
    _focus(window, qtbot, line)
    QTest.keyClicks(line, "Al")
    QTest.keyClick(line, Qt.Key.Key_Return)  # editing finished: the run ends
    QTest.keyClicks(line, "ma")
    stack = editor.document.undo_stack
    assert stack.count() == 2
    assert stack.text(0) == "Name blank → “Al”"
    assert stack.text(1) == "Name “Al” → “Alma”"
    end_typing_run()
    QTest.keyClicks(line, "!")
    assert stack.count() == 3


def test_edit_menu_and_keys_agree(window, qtbot):
    editor = window.new_character("pow")
    spin = editor.binder.widget_for("attributes.brawn")
    _focus(window, qtbot, spin)
    spin.lineEdit().selectAll()
    QTest.keyClicks(spin, "4")
    window.undo_action.trigger()  # Edit ▸ Undo
    assert editor.document.character.attributes.brawn != 4
    assert window.redo_action.text() == "&Redo Brawn 1 → 4"
    window.redo_action.trigger()
    assert editor.document.character.attributes.brawn == 4


def test_combo_and_check_box_words():
    assert change_text("Stunned", False, True) == "Tick Stunned"
    assert change_text("Stunned", True, False) == "Clear Stunned"
    assert change_text("Notes", "", "x" * 100) == "Edit Notes"
    assert change_text("Height", 5.5, 6.0) == "Height 5.5 → 6"


def test_combo_change_says_the_item_texts(window, qtbot):
    editor = window.new_character("pocket")
    combos = _fields(editor, QComboBox)
    if not combos:
        pytest.skip("no bound combo")
    bound = combos[0]
    combo: QComboBox = bound.widget
    index = (combo.currentIndex() + 1) % combo.count()
    before = combo.currentText()
    combo.setCurrentIndex(index)
    text = editor.document.undo_stack.text(0)
    assert text == change_text(bound.label, before, combo.itemText(index))
    window.activateWindow()
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Z, CTRL)
    assert combo.currentText() == before


def test_a_spin_box_special_value_is_said_in_its_words(window, qtbot):
    """A spin box's special text ("not given") stands for its minimum in the menu."""
    editor = window.new_character("pocket")
    bound = next(f for f in editor.binder._fields
                 if f.widget.objectName() == "masterMoneySpin")
    bound.widget.setValue(1000)
    end_typing_run()  # two steps, not one run of typing
    bound.widget.setValue(-1)
    stack = editor.document.undo_stack
    assert stack.text(0) == f"{bound.label} “not given” → 1000"
    assert stack.text(1) == f"{bound.label} 1000 → “not given”"


def test_a_table_cell_edit_says_row_column_old_new_and_ctrl_z_in_the_table(window, qtbot):
    editor = window.new_character("pow")
    weapons = editor.tables["weapons"]
    weapons.add()
    weapons.table.item(0, 1).setText("3")  # the Damage cell, as the delegate commits it
    stack = editor.document.undo_stack
    assert stack.text(stack.index() - 1) == "New weapon Damage 1 → 3"
    _focus(window, qtbot, weapons.table)
    QTest.keyClick(weapons.table, Qt.Key.Key_Z, CTRL)
    assert editor.document.character.weapons[0].damage == 1
    assert weapons.table.item(0, 1).text() == "1"
