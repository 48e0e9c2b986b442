"""The Pocket Universe editor as the tests open it: on a character or the book's Artos,
at a desktop size, with helpers to read its labels, work its pickers and edit its tables."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QSpinBox, QTableWidget

from desktop.systems.files import load_character
from desktop.systems.pocket.editor.editor import PocketEditor
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "pocket" / "characters"


def make_editor(qtbot, character, size=(1280, 860)) -> PocketEditor:
    widget = PocketEditor(CharacterDocument(character))
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def artos(qtbot) -> PocketEditor:
    return make_editor(qtbot, load_character(EXAMPLES / "artos.sheetdesk"))


def label(editor: PocketEditor, name: str) -> str:
    return child(editor.form, QLabel, name).text()


def tip(editor: PocketEditor, name: str) -> str:
    return child(editor.form, QLabel, name).toolTip()


def spin(editor: PocketEditor, name: str) -> QSpinBox:
    return child(editor.form, QSpinBox, name)


def choose(monkeypatch, picker_class, setup) -> None:
    """Let the editor open the real picker; ``setup`` works it, then it is accepted."""

    def run(self):
        setup(self)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(picker_class, "exec", run)


def set_cell(table: QTableWidget, row: int, col: int, value) -> None:
    table.item(row, col).setData(Qt.ItemDataRole.EditRole, value)


def set_choice(table: QTableWidget, row: int, col: int, value) -> None:
    combo = table.cellWidget(row, col)
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findData(value))
