"""The GM screen's roster: the table of combatants, which of them are selected, columns
fitted to the room, hit points typed into their cell and the right-click menu on a row.

A part of ``GmWindow``, kept apart so the table's handling reads alone. It owns the
tree view over the window's ``CombatantModel``; what it changes still goes through the
window's ``do`` (one undo step, one log line), and its row menu offers the window's
action panel, focus moves and menu actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QItemSelectionModel, QPoint, Qt
from PySide6.QtGui import QStandardItem
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QTreeView

from desktop.model.combat_helpers import cell_edit
from desktop.ui.gm.combatant_table import KEY_ROLE, CombatantModel
from desktop.ui.gm.session import message_of

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from desktop.model.encounter import Encounter
    from desktop.ui.gm.action_panel import ActionPanel

MAX_COLUMN = 220
"""The widest a roster column grows to fit its text (long statuses wrap in the tooltip)."""
MIN_COLUMN = 48
"""The narrowest the fitting squeezes a column (its text elides, the tooltip has it)."""
CONDITIONS_ROOM = 120
"""What the last column (Conditions) keeps when the others share out room to spare."""
GROW = 48
"""The most room to spare a column takes on a wide screen."""
LARGER = 1.6
"""View ▸ Larger text: the roster's text this many times the usual size."""
COMMON_MENU = ("damage", "heal", "heal_power", "attack", "hit")
"""Actions the row menu offers first (if the game has them)."""


class _FocusMoves(Protocol):
    def focus_actions(self) -> None: ...
    def focus_condition(self) -> None: ...


class _RowActions(Protocol):
    write_back_action: QAction
    remove_action: QAction


class RosterHost(Protocol):
    """What the roster uses of the GM window: the encounter and its operations, the
    action panel, and for the row menu the focus moves and two menu actions."""

    action_panel: ActionPanel
    keyboard: _FocusMoves
    menus: _RowActions

    @property
    def encounter(self) -> Encounter: ...
    def do(self, text: str, operation: Callable[[Encounter], Encounter]) -> bool: ...
    def show_message(self, text: str) -> None: ...
    def selection_changed(self) -> None: ...


class Roster:
    """The combatant table (``view``) and its selection, column widths and row menu."""

    def __init__(self, window: RosterHost, model: CombatantModel) -> None:
        self.window = window
        self.model = model
        self._last_actors: tuple[str, ...] | None = None
        self._moving = False
        """True while ``select`` moves the selection: Qt signals the selection and the
        current row apart, and the window hears of the move once, after both."""
        self.view = self._build_view()

    def listen(self) -> None:
        """Tell the window of every change of the selection (once its parts are built)."""
        selection = self.view.selectionModel()
        selection.currentRowChanged.connect(lambda _c, _p: self._selection_signal())
        selection.selectionChanged.connect(lambda _s, _d: self._selection_signal())

    def _selection_signal(self) -> None:
        if not self._moving:
            self.window.selection_changed()

    def _build_view(self) -> QTreeView:
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
        view.activated.connect(lambda _i: self.window.keyboard.focus_actions())
        self.model.cell_edited.connect(self.edit_cell)
        return view

    # -- selection ---------------------------------------------------------------------
    def selected_key(self) -> str | None:
        """The combatant on the current row (None on a group's own line or none)."""
        index = self.view.currentIndex()
        return index.data(KEY_ROLE) if index.isValid() else None

    def selected_keys(self) -> list[str]:
        """Every combatant selected, in roster order; a selected group line stands for
        all its members."""
        chosen: set[str] = set()
        for index in self.view.selectionModel().selectedRows():
            line = self.model.line(index)
            if line is None:
                continue
            if line.key is not None:
                chosen.add(line.key)
            else:
                chosen.update(c.key for c in line.children if c.key)
        order: list[str] = self.model.keys()
        return [key for key in order if key in chosen]

    def select(self, key: str, tell: bool = True) -> bool:
        """Make ``key``'s row the only one selected and scroll to it; False if absent.
        The window hears of it once (``tell``; not when it refreshes anyway)."""
        index = self.model.index_of(key)
        if not index.isValid():
            return False
        self._moving = True
        try:
            self.view.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        finally:
            self._moving = False
        self.view.scrollTo(index)
        if tell:
            self.window.selection_changed()
        return True

    # -- showing the encounter ---------------------------------------------------------
    def show_encounter(self, encounter: Encounter) -> None:
        """Show ``encounter``'s rows. The selection stays where it was, except that a
        new turn selects whoever acts in it (the GM acts for them next)."""
        turn = encounter.turn
        selected = self.selected_key()
        rebuilt = self.model.set_encounter(encounter)
        if rebuilt:
            self.view.expandAll()
            self.fit_columns()
        else:
            self.widen_columns(self.model.grown)
        if turn.actors and turn.actors != self._last_actors:
            selected = turn.actors[0]  # a new turn: act for whoever's turn it is
        self._last_actors = turn.actors
        if selected is not None and (rebuilt or selected != self.selected_key()) and (
                len(self.selected_keys()) <= 1):
            self.select(selected, tell=False)  # the window shows the selection next

    def forget_turn(self) -> None:
        """Another encounter comes in: its turn is new even if the same names act."""
        self._last_actors = None

    # -- column widths -----------------------------------------------------------------
    def fit_columns(self) -> None:
        """Each column as wide as its text (the others up to ``MAX_COLUMN``; a name
        always whole), room to spare shared out (a big screen: wider, easier columns),
        then squeezed to the room there is, names last."""
        view = self.view
        header = view.header()
        wanted: list[int] = []
        for column in range(self.model.columnCount() - 1):
            view.resizeColumnToContents(column)
            wanted.append(header.sectionSize(column))
            if column:
                header.resizeSection(column, min(wanted[-1], MAX_COLUMN))
        # Room to spare (a wide screen): long texts capped above get it back first,
        # then every column a little air, up to GROW each.
        spare = view.viewport().width() - CONDITIONS_ROOM - sum(
            header.sectionSize(c) for c in range(len(wanted)))
        for column, width in enumerate(wanted):
            grow = min(width - header.sectionSize(column), max(spare, 0))
            if grow > 0:
                header.resizeSection(column, header.sectionSize(column) + grow)
                spare -= grow
        if spare > 0 and wanted:
            each = min(GROW, spare // len(wanted))
            for column in range(len(wanted)):
                header.resizeSection(column, header.sectionSize(column) + each)
        self.squeeze_columns()

    def squeeze_columns(self) -> None:
        """The roster does not scroll sideways while it can help it: when the columns are
        wider than the room, the widest numbers give way (their text elides; the tooltip
        has it all). A name is never cut: when every other column is at its narrowest
        and there is still no room, the roster scrolls sideways instead."""
        view = self.view
        header = view.header()
        count = self.model.columnCount()
        if count < 2:
            return
        last = str(self.model.headerData(count - 1, Qt.Orientation.Horizontal) or "")
        keep = max(40, header.fontMetrics().horizontalAdvance(last) + 16)
        room = view.viewport().width() - keep  # Conditions keeps its heading in view
        widths = [header.sectionSize(c) for c in range(count - 1)]
        for _ in range(60):
            if sum(widths) <= room or len(widths) < 2:
                break
            widest = max(range(1, len(widths)), key=widths.__getitem__)
            if widths[widest] <= MIN_COLUMN:
                break
            widths[widest] = max(MIN_COLUMN, widths[widest] - max(8, (sum(widths) - room)
                                                                   // 3))
        for column, width in enumerate(widths):
            if width != header.sectionSize(column):
                header.resizeSection(column, width)
        view.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAsNeeded if sum(widths) > room
            else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def set_larger_text(self, larger: bool) -> None:
        """View ▸ Larger text: the roster's text LARGER times the usual size, to read
        from across a table; the columns refitted to it."""
        scale = LARGER if larger else 1.0
        self.model.set_scale(scale)
        self.view.setFont(self.model.text_font)
        self.view.setIconSize(self.model.icon_size)
        selected = self.selected_keys()
        current = self.selected_key()
        self.model.rebuild(self.window.encounter)
        self.view.expandAll()
        if current is not None:
            self.select(current)
        elif selected:
            self.select(selected[0])
        self.fit_columns()

    def widen_columns(self, cells: list[QStandardItem]) -> None:
        """A number grew ("-7/3"): widen its column to fit it (measuring only the cells
        that grew), never narrow it while the GM reads."""
        header = self.view.header()
        last = self.model.columnCount() - 1
        wanted: dict[int, int] = {}
        for item in cells:
            index = item.index()
            if not index.isValid() or index.column() == last:
                continue
            width = self.view.sizeHintForIndex(index).width()
            if index.column() == 0:  # a tree's first column also holds the indentation
                depth = 1 if self.view.rootIsDecorated() else 0
                parent = index.parent()
                while parent.isValid():
                    depth, parent = depth + 1, parent.parent()
                width += depth * self.view.indentation()
            wanted[index.column()] = max(wanted.get(index.column(), 0), width)
        widened = False
        for column, width in wanted.items():
            if min(width, MAX_COLUMN) > header.sectionSize(column):
                header.resizeSection(column, min(width, MAX_COLUMN))
                widened = True
        if widened:
            self.squeeze_columns()

    # -- hit points in the cell --------------------------------------------------------
    def edit_cell(self, key: str, column: int, text: str) -> bool:
        """The GM typed ``text`` into ``key``'s hit points: damage or healing through
        the rules ("8" leaves 8, "-5" is 5 damage, "+3" 3 healing)."""
        encounter = self.window.encounter
        row = next((r for r in encounter.rules.rows(encounter.state) if r.key == key), None)
        if row is None or column >= len(row.cells):
            return False
        try:
            action, values = cell_edit(encounter.rules.actions(encounter.state, key),
                                       row.cells[column], text)
        except ValueError as exc:
            self.window.show_message(f"{key}: {message_of(exc)}")
            return False
        return self.window.do(f"{action.capitalize()}: {key}",
                              lambda e: e.perform(key, action, values))

    # -- the row menu ------------------------------------------------------------------
    def _row_menu(self, point: QPoint) -> None:
        index = self.view.indexAt(point)
        if index.isValid() and not self.view.selectionModel().isRowSelected(
                index.row(), index.parent()):
            self.view.setCurrentIndex(index)
        menu = self.row_menu()
        if not menu.isEmpty():
            menu.exec(self.view.viewport().mapToGlobal(point))

    def row_menu(self) -> QMenu:
        """The right-click menu for the selected rows: their common actions first (each
        puts the cursor in the action's first input), then conditions, editing hit
        points, writing back and removing."""
        menu = QMenu(self.view)
        keys = self.selected_keys()
        if not keys:
            return menu
        panel = self.window.action_panel
        keyboard = self.window.keyboard
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
        menu.addAction("All actions…", keyboard.focus_actions)
        menu.addSeparator()
        menu.addAction("Add a condition…", keyboard.focus_condition).setShortcut("Ctrl+T")
        if len(keys) == 1 and self.model.health is not None:
            menu.addAction("Edit hit points", self._edit_health).setShortcut("F2")
        if len(keys) == 1:
            menu.addAction(self.window.menus.write_back_action)
        menu.addSeparator()
        menu.addAction(self.window.menus.remove_action)
        return menu

    def _choose(self, action_id: str) -> None:
        self.window.keyboard.focus_actions()
        self.window.action_panel.choose(action_id)

    def _edit_health(self) -> None:
        index = self.view.currentIndex()
        if index.isValid() and self.model.health is not None:
            cell = index.siblingAtColumn(self.model.health)
            self.view.setCurrentIndex(cell)
            self.view.edit(cell)
