"""The page shown while no character is open: new, open, or run a fight."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from desktop import APP_NAME
from desktop.systems import SYSTEMS


def _button(layout: QVBoxLayout, text: str, slot: Callable[[], object],
            name: str = "") -> QPushButton:
    button = QPushButton(text)
    if name:
        button.setObjectName(name)
    button.clicked.connect(lambda _=False: slot())
    layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
    return button


def build_welcome(new_character: Callable[[str], object], open_dialog: Callable[[], object],
                  open_gm_screen: Callable[[], object]) -> QWidget:
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.addStretch(2)
    title = QLabel(f"<h1>{APP_NAME}</h1><p>Character sheets, exact odds and ID cards for "
                   "rules-light role-playing games.</p>")
    title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    layout.addWidget(title)
    for system in SYSTEMS.values():
        _button(layout, f"New {system.name} character",
                lambda s=system: new_character(s.id))
    _button(layout, "Open a character…", open_dialog)
    _button(layout, "Run a fight (GM screen, Ctrl+G)…", open_gm_screen, "welcomeGmButton")
    hint = QLabel("You can also drop character files onto this window.")
    hint.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    hint.setEnabled(False)
    layout.addWidget(hint)
    layout.addStretch(3)
    return page
