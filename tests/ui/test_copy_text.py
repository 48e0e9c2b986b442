"""Edit ▸ Copy character as text: Markdown or BBCode of the open character on the
clipboard, the same text ``sheetdesk export --format`` writes."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication

from desktop.text.export import character_text
from desktop.ui.copy_text import copy_character


def _edit_menu(window):
    return next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")


def test_edit_menu_copies_the_character_as_markdown_and_bbcode(window, electrobabe) -> None:
    editor = window.open_path(electrobabe)
    copy = next(a.menu() for a in _edit_menu(window).actions()
                if a.text() == "Copy character as &text")
    assert [a.text() for a in copy.actions()] == ["&Markdown", "&BBCode"]
    character = editor.document.character
    for action, fmt in zip(copy.actions(), ("markdown", "bbcode"), strict=True):
        action.trigger()
        assert QGuiApplication.clipboard().text() == character_text(character, fmt)
    assert "Copied Electrobabe as BBCode" in window.statusBar().currentMessage()
    assert QGuiApplication.clipboard().text().startswith("[size=150][b]Electrobabe[/b]")


def test_nothing_is_copied_without_a_character(window) -> None:
    QGuiApplication.clipboard().setText("before")
    assert copy_character(window, "markdown") is None
    assert QGuiApplication.clipboard().text() == "before"
