"""The page shown while no character is open: new, open, or run a fight.

Built without ``Qt`` (the namespace of enums): touching it makes PySide build some
hundred Python enums, ~12 ms of a start-up that must stay within 1.6× a bare window
(issue 17). Centring is done with stretches and HTML instead of alignment flags;
``tests/ui/test_app_start.py`` checks the window still starts without the namespace.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop import APP_NAME
from desktop.systems import SYSTEMS


def _centred(layout: QVBoxLayout, widget: QWidget) -> None:
    row = QHBoxLayout()
    layout.addLayout(row)  # first: a widget put in a layout with no parent yet is
    row.addStretch(1)      # deleted twice when Python exits (a crash at exit)
    row.addWidget(widget)
    row.addStretch(1)


def _button(layout: QVBoxLayout, text: str, slot: Callable[[], object],
            name: str = "") -> QPushButton:
    button = QPushButton(text)
    if name:
        button.setObjectName(name)
    button.clicked.connect(lambda _=False: slot())
    _centred(layout, button)
    return button


def build_welcome(new_character: Callable[[str], object], open_dialog: Callable[[], object],
                  open_gm_screen: Callable[[], object]) -> QWidget:
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.addStretch(2)
    layout.addWidget(QLabel(
        f"<div align='center'><h1>{APP_NAME}</h1><p>Character sheets, exact odds and ID "
        "cards for rules-light role-playing games.</p></div>"))
    for system in SYSTEMS.values():
        _button(layout, f"New {system.name} character",
                lambda s=system: new_character(s.id))
    _button(layout, "Open a character…", open_dialog)
    _button(layout, "Run a fight (GM screen, Ctrl+G)…", open_gm_screen, "welcomeGmButton")
    hint = QLabel("<div align='center'>You can also drop character files onto this "
                  "window.</div>")
    hint.setEnabled(False)
    layout.addWidget(hint)
    layout.addStretch(3)
    return page
