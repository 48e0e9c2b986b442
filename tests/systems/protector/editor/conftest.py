"""The Protector editor as the tests open it: on a blank hero or the example Arclight, at a
desktop size, with ``w`` and ``text`` to reach the form's widgets by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel

from desktop.systems.files import load_character
from desktop.systems.protector.editor.editor import ProtectorEditor
from desktop.systems.protector.rules.character import new_character
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "protector" / "characters"


def make(qtbot, character) -> ProtectorEditor:
    editor = ProtectorEditor(CharacterDocument(character))
    qtbot.addWidget(editor)
    editor.resize(1280, 860)
    editor.show()
    return editor


@pytest.fixture
def blank(qtbot) -> ProtectorEditor:
    return make(qtbot, new_character("Nova"))


@pytest.fixture
def arclight(qtbot) -> ProtectorEditor:
    return make(qtbot, load_character(EXAMPLES / "arclight.sheetdesk"))


def w(editor: ProtectorEditor, kind, name: str):
    return child(editor.form, kind, name)


def text(editor: ProtectorEditor, name: str) -> str:
    return w(editor, QLabel, name).text()
