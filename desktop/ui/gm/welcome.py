"""The page the GM screen shows instead of an empty roster: which game the fight is, and
buttons for the usual ways to fill it (characters open in the app, character files,
catalog NPCs, a saved encounter).

A page of its own so the window only wires it: the window connects ``buttons`` to its
commands and ``game_chosen`` to starting the empty encounter over in another game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from desktop.systems import System

BUTTONS = (
    ("open", "Add the characters open in the app"),
    ("files", "Add player characters from files…  (Ctrl+Shift+O)"),
    ("npcs", "Add NPCs or a group from the catalog…  (Ctrl+Shift+A)"),
    ("load", "Open a saved encounter…  (Ctrl+O)"),
)
"""The page's buttons by name, in order; their shortcuts are the menus' own."""


class WelcomePage(QWidget):
    """Says which game the empty fight is and offers the ways to fill it."""

    game_chosen = Signal(str)
    """The GM picked this game (a system id) for the fight."""

    def __init__(self, games: list[System]) -> None:
        super().__init__()
        self.setObjectName("welcome")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 18)
        self.title = QLabel()
        self.title.setObjectName("welcomeTitle")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.title)
        # Which game: asked here, on the page, rather than picked silently.
        self.game = QComboBox()
        self.game.setObjectName("welcomeGame")
        for system in games:
            self.game.addItem(system.name, system.id)
        self.game.activated.connect(lambda index: self.game_chosen.emit(
            self.game.itemData(index)))
        game_line = QHBoxLayout()
        label = QLabel("Which game is this fight?")
        label.setBuddy(self.game)
        game_line.addWidget(label)
        game_line.addWidget(self.game, 1)
        layout.addLayout(game_line)
        self.buttons: dict[str, QPushButton] = {}
        for name, text in BUTTONS:
            button = QPushButton(text)
            button.setObjectName(f"welcome_{name}")
            button.setMinimumHeight(32)
            layout.addWidget(button)
            self.buttons[name] = button
        hint = QLabel("Then Start fight (Ctrl+Enter) rolls initiative; N or Space passes "
                      "the turn; Ctrl+Z undoes anything. Select several rows (Ctrl or "
                      "Shift + click) to damage them all at once; right-click a row for "
                      "its actions; double-click a hit-point cell to type new hit points.")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addStretch(1)

    def show_game(self, system: System, open_characters: int) -> None:
        """Name the fight's game and offer the ``open_characters`` open in the app."""
        self.title.setText(
            f"<h2>No one in this fight yet</h2><p>A fight of <b>{system.name}</b>: "
            "add the party and their foes.</p>")
        index = self.game.findData(system.id)
        if index >= 0:
            self.game.setCurrentIndex(index)
        self.game.setEnabled(self.game.count() > 1)
        button = self.buttons["open"]
        button.setVisible(bool(open_characters))
        count = open_characters
        button.setText(f"Add the {count} character{'s' if count != 1 else ''} open in the "
                       "app" if count != 1 else "Add the character open in the app")
