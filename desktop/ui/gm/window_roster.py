"""The GM screen's roster as a GM handles it: several rows selected for an area attack,
a right-click menu on a row, hit points typed into their cell, and the welcome page
shown instead of an empty roster.

A mixin of ``GmWindow``: changes still go through the window's ``_do`` (one undo step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from desktop.model.combat_helpers import cell_edit
from desktop.ui.gm.combatant_table import CombatantModel
from desktop.ui.gm.session import message_of

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from desktop.model.encounter import Encounter
    from desktop.systems import System
    from desktop.ui.gm.action_panel import ActionPanel

COMMON_MENU = ("damage", "heal", "heal_power", "attack", "hit")
"""Actions the row menu offers first (if the game has them)."""


class RosterHandling:
    """Multi-select, the row menu, hit points in the cell and the welcome page."""

    model: CombatantModel
    roster: QTreeView
    action_panel: ActionPanel
    encounter: Encounter
    system: System
    characters: Any
    show_message: Callable[[str], None]
    _do: Callable[[str, Callable[[Encounter], Encounter]], bool]
    focus_actions: Callable[[], None]
    focus_condition: Callable[[], None]
    remove_action: QAction
    write_back_action: QAction
    add_files_action: QAction
    add_npc_action: QAction
    open_action: QAction
    new_action: QAction

    def _build_roster(self) -> QTreeView:
        view = QTreeView()
        view.setObjectName("roster")
        view.setModel(self.model)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setAlternatingRowColors(True)
        view.setUniformRowHeights(True)
        view.setAllColumnsShowFocus(True)
        view.setExpandsOnDoubleClick(False)
        view.setRootIsDecorated(True)
        view.setIndentation(14)
        view.setIconSize(self.model.icon_size)  # portraits no taller than a line
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                             | QAbstractItemView.EditTrigger.EditKeyPressed)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._row_menu)
        header = view.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setMinimumSectionSize(36)
        view.activated.connect(lambda _i: self.focus_actions())
        self.model.cell_edited.connect(self.edit_cell)
        return view

    # -- selection ---------------------------------------------------------------------
    def selected_keys(self) -> list[str]:
        """Every combatant selected, in roster order; a selected group line stands for
        all its members."""
        chosen: set[str] = set()
        for index in self.roster.selectionModel().selectedRows():
            line = self.model.line(index)
            if line is None:
                continue
            if line.key is not None:
                chosen.add(line.key)
            else:
                chosen.update(c.key for c in line.children if c.key)
        order: list[str] = self.model.keys()
        return [key for key in order if key in chosen]

    def perform_all(self, keys: list[str], action: str, values: dict,
                    label: str = "") -> bool:
        """One action for several combatants: one undo step, each by its own rules."""
        return self._do(f"{label or action}: {len(keys)} combatants",
                        lambda e: e.perform_all(keys, action, values))

    def add_condition_all(self, keys: list[str], text: str, rounds: int | None) -> bool:
        def add(e: Encounter) -> Encounter:
            for key in keys:
                e = e.add_condition(key, text, rounds)
            return e

        return self._do(f"Condition on {len(keys)} combatants", add)

    # -- hit points in the cell --------------------------------------------------------
    def edit_cell(self, key: str, column: int, text: str) -> bool:
        """The GM typed ``text`` into ``key``'s hit points: damage or healing through
        the rules ("8" leaves 8, "-5" is 5 damage, "+3" 3 healing)."""
        encounter = self.encounter
        row = next((r for r in encounter.rules.rows(encounter.state) if r.key == key), None)
        if row is None or column >= len(row.cells):
            return False
        try:
            action, values = cell_edit(encounter.rules.actions(encounter.state, key),
                                       row.cells[column], text)
        except ValueError as exc:
            self.show_message(f"{key}: {message_of(exc)}")
            return False
        return self._do(f"{action.capitalize()}: {key}",
                        lambda e: e.perform(key, action, values))

    # -- the row menu ------------------------------------------------------------------
    def _row_menu(self, point: QPoint) -> None:
        index = self.roster.indexAt(point)
        if index.isValid() and not self.roster.selectionModel().isRowSelected(
                index.row(), index.parent()):
            self.roster.setCurrentIndex(index)
        menu = self.row_menu()
        if not menu.isEmpty():
            menu.exec(self.roster.viewport().mapToGlobal(point))

    def row_menu(self) -> QMenu:
        """The right-click menu for the selected rows: their common actions first (each
        puts the cursor in the action's first input), then conditions, editing hit
        points, writing back and removing."""
        menu = QMenu(self.roster)
        keys = self.selected_keys()
        if not keys:
            return menu
        panel = self.action_panel
        shown = {a.id: a for a in panel._actions or ()}
        for action_id in [*COMMON_MENU, *(a for a in shown if shown[a].prompt)]:
            action = shown.get(action_id)
            if action is None:
                continue
            item = menu.addAction(f"{action.label}…" if action.params else action.label)
            item.setObjectName(f"menu_{action_id}")
            item.setEnabled(action.enabled)
            if action.params:
                item.triggered.connect(lambda _=False, a=action_id: self._choose(a))
            else:
                item.triggered.connect(lambda _=False, a=action_id: panel.trigger(a))
        menu.addAction("All actions…", self.focus_actions)
        menu.addSeparator()
        menu.addAction("Add a condition…", self.focus_condition).setShortcut("Ctrl+T")
        if len(keys) == 1 and self.model.health is not None:
            menu.addAction("Edit hit points", self._edit_health).setShortcut("F2")
        if len(keys) == 1:
            menu.addAction(self.write_back_action)
        menu.addSeparator()
        menu.addAction(self.remove_action)
        return menu

    def _choose(self, action_id: str) -> None:
        self.focus_actions()
        self.action_panel.choose(action_id)

    def _edit_health(self) -> None:
        index = self.roster.currentIndex()
        if index.isValid() and self.model.health is not None:
            cell = index.siblingAtColumn(self.model.health)
            self.roster.setCurrentIndex(cell)
            self.roster.edit(cell)

    # -- the welcome page --------------------------------------------------------------
    def _build_welcome(self) -> QWidget:
        page = QWidget()
        page.setObjectName("welcome")
        layout = QVBoxLayout(page)
        layout.setContentsMargins(24, 18, 24, 18)
        self.welcome_title = QLabel()
        self.welcome_title.setObjectName("welcomeTitle")
        self.welcome_title.setWordWrap(True)
        self.welcome_title.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.welcome_title)
        # Which game: asked here, on the page, rather than picked silently.
        self.welcome_game = QComboBox()
        self.welcome_game.setObjectName("welcomeGame")
        for system in self.game_choices():  # type: ignore[attr-defined]
            self.welcome_game.addItem(system.name, system.id)
        self.welcome_game.activated.connect(self._welcome_game_chosen)
        game_line = QHBoxLayout()
        label = QLabel("Which game is this fight?")
        label.setBuddy(self.welcome_game)
        game_line.addWidget(label)
        game_line.addWidget(self.welcome_game, 1)
        layout.addLayout(game_line)
        self.welcome_buttons: dict[str, QPushButton] = {}
        for name, text, slot in (
                ("open", "Add the characters open in the app", self.add_open_characters),
                ("files", "Add player characters from files…  (Ctrl+Shift+O)",
                 self.add_files_action.trigger),
                ("npcs", "Add NPCs or a group from the catalog…  (Ctrl+Shift+A)",
                 self.add_npc_action.trigger),
                ("load", "Open a saved encounter…  (Ctrl+O)", self.open_action.trigger)):
            button = QPushButton(text)
            button.setObjectName(f"welcome_{name}")
            button.setMinimumHeight(32)
            button.clicked.connect(lambda _=False, s=slot: s())
            layout.addWidget(button)
            self.welcome_buttons[name] = button
        hint = QLabel("Then Start fight (Ctrl+Enter) rolls initiative; N or Space passes "
                      "the turn; Ctrl+Z undoes anything. Select several rows (Ctrl or "
                      "Shift + click) to damage them all at once; right-click a row for "
                      "its actions; double-click a hit-point cell to type new hit points.")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addStretch(1)
        return page

    def _refresh_welcome(self) -> None:
        self.welcome_title.setText(
            f"<h2>No one in this fight yet</h2><p>A fight of <b>{self.system.name}</b>: "
            "add the party and their foes.</p>")
        index = self.welcome_game.findData(self.encounter.system)
        if index >= 0:
            self.welcome_game.setCurrentIndex(index)
        self.welcome_game.setEnabled(self.welcome_game.count() > 1)
        paths = self.open_character_paths()
        button = self.welcome_buttons["open"]
        button.setVisible(bool(paths))
        count = len(paths)
        button.setText(f"Add the {count} character{'s' if count != 1 else ''} open in the "
                       "app" if count != 1 else "Add the character open in the app")

    def _welcome_game_chosen(self, index: int) -> None:
        """Another game for the empty encounter (nothing to lose: nobody is in it)."""
        system_id = self.welcome_game.itemData(index)
        if system_id == self.encounter.system or self.encounter.fighters:
            return
        from desktop.systems.encounters import new_encounter

        self.settings.set_value("gm/system", system_id)  # type: ignore[attr-defined]
        session = self.session  # type: ignore[attr-defined]
        session.reset(new_encounter(system_id, self.encounter.name or "Encounter"),
                      session.path)

    def open_character_paths(self) -> list[Any]:
        """Files of this game's characters open in the main window (saved ones)."""
        editors = getattr(self.characters, "editors", None)
        if editors is None:
            return []
        try:
            docs = [e.document for e in editors()]
        except RuntimeError:  # the main window has gone
            return []
        return [d.path for d in docs if d.path is not None and getattr(
            d.character, "system", None) == self.encounter.system]

    def add_open_characters(self) -> bool:
        add_paths: Callable[[list[Any]], bool] = self.add_paths  # type: ignore[attr-defined]
        return add_paths(self.open_character_paths())
