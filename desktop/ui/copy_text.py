"""Edit ▸ Copy character as text: the open character as Markdown (Discord, Reddit) or
BBCode (forums) on the clipboard, to paste into a play-by-post game
(``desktop.text.export``: the same words and numbers the PDF sheet prints)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu, QWidget

FORMATS = (("&Markdown", "markdown", "for Discord, Reddit and wikis"),
           ("&BBCode", "bbcode", "for forums"))


def copy_text_menu(window: Any, parent: QWidget | None = None) -> QMenu:
    """The submenu; ``window`` is the main window (its current editor and status bar).
    Greyed while no character is open."""
    menu = QMenu("Copy character as &text", parent)
    menu.setToolTipsVisible(True)
    for label, fmt, where in FORMATS:
        action = menu.addAction(label)
        tip = f"The character as {label.replace('&', '')} text on the clipboard, {where}"
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(lambda _=False, f=fmt: copy_character(window, f))
    menu.aboutToShow.connect(
        lambda: [a.setEnabled(window.current_editor() is not None) for a in menu.actions()])
    return menu


def copy_character(window: Any, fmt: str) -> str | None:
    """Put the current character on the clipboard as ``fmt`` and say so; the text, or
    None if no character is open."""
    editor = window.current_editor()
    if editor is None:
        return None
    from desktop.text.export import character_text  # here: the app starts without it

    character = editor.document.character
    text = character_text(character, fmt)
    QGuiApplication.clipboard().setText(text)
    name = getattr(character, "name", "") or "The character"
    kind = "Markdown" if fmt == "markdown" else "BBCode"
    window.statusBar().showMessage(f"Copied {name} as {kind}: paste it into your post", 6000)
    return text
