"""The main window's File ▸ Print… and Print preview… actions. The printing code (and
pdfium, reportlab) loads when one is first used, not while the window starts."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction, QKeySequence


def print_actions(window: Any) -> tuple[QAction, QAction]:
    """Print… on the platform's Print key (Ctrl+P), Print preview… on Ctrl+Shift+P."""
    print_action = QAction("&Print…", window)
    print_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Print))
    print_action.setStatusTip("Print the sheet, the ID card or both, of this character or "
                              "of every open one")
    print_action.triggered.connect(lambda _=False: _commands().print_characters(window))
    preview_action = QAction("Print pre&view…", window)
    preview_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
    preview_action.setStatusTip("The sheet and ID card as they print, page by page")
    preview_action.triggered.connect(lambda _=False: _commands().preview_characters(window))
    return print_action, preview_action


def _commands() -> Any:
    from desktop.ui.printing import commands

    return commands


def print_encounter(gm: Any) -> bool:
    """The GM screen's fight, its ID cards four to a page and its status sheet, through
    the print dialog."""
    return _commands().print_encounter(gm)


def preview_encounter(gm: Any) -> object:
    """The same pages in the print preview."""
    return _commands().preview_encounter(gm)
