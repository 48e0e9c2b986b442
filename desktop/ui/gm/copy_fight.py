"""Edit ▸ Copy fight as text in the GM screen: the status the players may see (NPCs'
health as a word, their names hidden if the GM hides them) or the GM's log of the last
round, as Markdown or BBCode on the clipboard, for a play-by-post game
(``desktop.text.fight``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu, QWidget

ENTRIES = (
    ("&Status as Markdown", "status", "markdown"),
    ("Status as &BBCode", "status", "bbcode"),
    ("&Last round's log as Markdown", "log", "markdown"),
    ("Last round's log as BB&Code", "log", "bbcode"),
)
TIPS = {
    "status": "Round, whose turn and the order, as the players may see it: NPCs' health "
              "as a word, never numbers",
    "log": "Your log of this round as it stands, numbers and all (NPCs' too)",
}


def copy_fight_menu(window: Any, parent: QWidget | None = None) -> QMenu:
    """The submenu; ``window`` is the GM screen (its encounter, roster and status bar)."""
    menu = QMenu("Copy fight as &text", parent)
    menu.setToolTipsVisible(True)
    for label, what, fmt in ENTRIES:
        action = menu.addAction(label)
        action.setToolTip(TIPS[what])
        action.setStatusTip(TIPS[what])
        action.triggered.connect(lambda _=False, w=what, f=fmt: copy_fight(window, w, f))
    return menu


def copy_fight(window: Any, what: str, fmt: str) -> str:
    """Put the fight's ``what`` ("status" or "log") on the clipboard as ``fmt``."""
    from desktop.text.fight import last_round_document, status_document  # when first used
    from desktop.text.render import render

    encounter = window.encounter
    if what == "status":
        names = bool(getattr(getattr(window, "player_view", None), "names", True))
        doc = status_document(encounter, names, window.model.rows)
    else:
        doc = last_round_document(encounter)
    text = render(doc, fmt)
    QGuiApplication.clipboard().setText(text)
    kind = "Markdown" if fmt == "markdown" else "BBCode"
    shown = "the fight's status" if what == "status" else "the last round's log"
    window.statusBar().showMessage(f"Copied {shown} as {kind}: paste it into your post", 6000)
    return text


def install_copy_fight(window: Any) -> QMenu | None:
    """Add the submenu to the GM screen's Edit menu."""
    edit = next((a.menu() for a in window.menuBar().actions() if a.text() == "&Edit"), None)
    if edit is None:
        return None
    edit.addSeparator()
    menu = copy_fight_menu(window, edit)
    edit.addMenu(menu)
    return menu
