"""The page shown while no character is open: make one, open one (a recent file or one
of the book's example characters), or run a fight."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop import APP_NAME
from desktop.paths import resource
from desktop.systems import CHARACTER_SUFFIX, SYSTEMS

MAX_RECENT = 6
"""Recent files listed on the page (File ▸ Open Recent has them all)."""


@dataclass(frozen=True)
class Example:
    """A character the app ships, taken from the book's own examples."""

    path: Path
    name: str
    game: str


def examples() -> list[Example]:
    """The shipped example characters, game by game, by name."""
    found = []
    for system in SYSTEMS.values():
        for path in sorted(resource(system.id, "characters").glob(f"*{CHARACTER_SUFFIX}")):
            try:
                name = json.loads(path.read_text(encoding="utf-8")).get("name") or path.stem
            except (OSError, ValueError):
                continue
            found.append(Example(path, str(name), system.name))
    return found


@dataclass(frozen=True)
class WelcomeActions:
    """What the page's buttons do (the main window's own commands)."""

    new_character: Callable[[str], object]
    open_dialog: Callable[[], object]
    open_path: Callable[[Path], object]
    open_example: Callable[[Path], object]
    open_gm_screen: Callable[[], object]


def _button(text: str, slot: Callable[[], object], name: str = "") -> QPushButton:
    button = QPushButton(text)
    if name:
        button.setObjectName(name)
    button.clicked.connect(lambda _=False: slot())
    return button


def build_welcome(actions: WelcomeActions, recent: list[Path]) -> QWidget:
    page = QWidget()
    outer = QVBoxLayout(page)
    outer.addStretch(2)
    title = QLabel(f"<h1>{APP_NAME}</h1><p>Character sheets, exact odds and ID cards for "
                   "rules-light role-playing games.</p>")
    title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    outer.addWidget(title)
    holder = QWidget()
    holder.setMaximumWidth(820)
    columns = QGridLayout(holder)
    outer.addWidget(holder, 0, Qt.AlignmentFlag.AlignHCenter)

    make = QGroupBox("Start")
    make_layout = QVBoxLayout(make)
    for system in SYSTEMS.values():
        make_layout.addWidget(_button(f"New {system.name} character",
                                      lambda s=system: actions.new_character(s.id)))
    make_layout.addWidget(_button("Open a character…", actions.open_dialog))
    make_layout.addWidget(_examples_button(actions))
    make_layout.addWidget(_button("Run a fight (GM screen, Ctrl+G)…", actions.open_gm_screen,
                                  "welcomeGmButton"))
    columns.addWidget(make, 0, 0, Qt.AlignmentFlag.AlignTop)

    recent_box = QGroupBox("Recent characters")
    recent_box.setObjectName("welcomeRecent")
    recent_layout = QVBoxLayout(recent_box)
    shown = [path for path in recent if path.exists()][:MAX_RECENT]
    for path in shown:
        button = _button(_described(path), lambda p=path: actions.open_path(p))
        button.setToolTip(str(path))
        button.setFlat(True)
        button.setStyleSheet("text-align: left;")
        recent_layout.addWidget(button)
    if not shown:
        none = QLabel("None yet: the characters you open or save appear here.")
        none.setWordWrap(True)
        none.setEnabled(False)
        recent_layout.addWidget(none)
    recent_layout.addStretch(1)
    recent_box.setMinimumWidth(260)
    columns.addWidget(recent_box, 0, 1)

    hint = QLabel("You can also drop character files onto this window. Help ▸ Quick guide "
                  "(F1) shows the way around.")
    hint.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    hint.setWordWrap(True)
    hint.setEnabled(False)
    outer.addWidget(hint)
    outer.addStretch(3)
    return page


def _described(path: Path) -> str:
    """"Name — Game" of a character file, or its file name if it cannot be read now."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        game = SYSTEMS[data["system"]].name
        return f"{data.get('name') or 'Unnamed'} — {game}"
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return path.stem


def _examples_button(actions: WelcomeActions) -> QToolButton:
    """"Open an example" with the book's example characters, game by game."""
    button = QToolButton()
    button.setObjectName("welcomeExamples")
    button.setText("Open an example character")
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    menu = QMenu(button)
    game = ""
    for example in examples():
        if example.game != game:
            game = example.game
            menu.addSection(game)
        action = menu.addAction(example.name)
        action.setToolTip(f"{example.name}, from the {example.game} book")
        action.triggered.connect(lambda _=False, p=example.path: actions.open_example(p))
    button.setMenu(menu)
    return button
