"""The roster: one line per combatant with the game's numbers (``rules.rows``).

A tree model: a group ("3 Lizard-men") is one line with its members under it, in the
order the game gives (initiative order once the fight is on). Whoever's turn it is, is
bold on a highlighted line; combatants out of the fight are grey and italic. Columns:
Name, the game's ``columns``, Status, Conditions.

Refreshing keeps the model when only numbers changed (``dataChanged``, cheap with 200
combatants) and resets it only when combatants come, go or change order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette

from desktop.model.combat_rules import Row
from desktop.model.encounter import Encounter

KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The combatant's key (None on a group's own line)."""
GROUP_ROLE = Qt.ItemDataRole.UserRole + 2
"""The group's name on a group line or a member's line ("" for a lone combatant)."""

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
"""The invisible root (a shared default: an invalid index is never changed)."""


@dataclass(frozen=True)
class Line:
    """One line of the tree: a combatant, or a group with its members as children."""

    key: str | None
    name: str
    cells: tuple[str, ...]
    status: str
    conditions: str
    out: bool
    acting: bool
    group: str = ""
    children: tuple[Line, ...] = ()

    def shape(self) -> tuple[Any, ...]:
        return (self.key, self.name, tuple(c.key for c in self.children))


def _shared(values: list[str]) -> str:
    """A group line shows a number only where every member has the same one."""
    return values[0] if values and all(v == values[0] for v in values) else ""


def build_lines(encounter: Encounter) -> tuple[Line, ...]:
    rules, state = encounter.rules, encounter.state
    turn = encounter.turn
    acting = set(turn.actors)
    word = rules.round_word
    rows: list[Row] = list(rules.rows(state))
    conditions: dict[str, list[str]] = {}
    for condition in encounter.conditions:
        conditions.setdefault(condition.target, []).append(
            condition.describe(word, turn.round))
    lines: list[Line] = []
    groups: dict[str, list[Line]] = {}
    for row in rows:
        fighter = encounter.fighters.get(row.key)
        group = fighter.group if fighter is not None else ""
        line = Line(row.key, row.key, tuple(row.cells), row.status,
                    "; ".join(conditions.get(row.key, ())), row.out, row.key in acting, group)
        if not group:
            lines.append(line)
            continue
        if group not in groups:
            groups[group] = []
            lines.append(Line(None, group, (), "", "", False, False, group))
        groups[group].append(line)
    out: list[Line] = []
    for line in lines:
        if line.key is not None:
            out.append(line)
            continue
        members = tuple(groups[line.group])
        down = sum(1 for m in members if m.out)
        width = len(rules.columns)
        cells = tuple(_shared([m.cells[i] for m in members]) for i in range(width))
        status = f"{len(members) - down} of {len(members)} still in" if down else ""
        out.append(Line(None, line.group, cells, status, "", down == len(members),
                        any(m.acting for m in members), line.group, members))
    return tuple(out)


class CombatantModel(QAbstractItemModel):
    def __init__(self, encounter: Encounter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers: tuple[str, ...] = ()
        self._lines: tuple[Line, ...] = ()
        self.set_encounter(encounter)

    # -- refreshing ------------------------------------------------------------------
    def set_encounter(self, encounter: Encounter) -> bool:
        """Show ``encounter``; True if the lines were rebuilt (views should re-expand)."""
        headers = ("Name", *encounter.rules.columns, "Status", "Conditions")
        lines = build_lines(encounter)
        same = headers == self._headers and [x.shape() for x in lines] == [
            x.shape() for x in self._lines]
        if same:
            self._lines = lines
            last = len(headers) - 1
            if lines:
                self.dataChanged.emit(self.index(0, 0), self.index(len(lines) - 1, last))
            for row, line in enumerate(lines):
                if line.children:
                    parent = self.index(row, 0)
                    self.dataChanged.emit(self.index(0, 0, parent),
                                          self.index(len(line.children) - 1, last, parent))
            return False
        self.beginResetModel()
        if headers != self._headers:
            self._headers = headers
        self._lines = lines
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(headers) - 1)
        return True

    # -- reading ---------------------------------------------------------------------
    @property
    def lines(self) -> tuple[Line, ...]:
        return self._lines

    def line(self, index: Index) -> Line | None:
        if not index.isValid():
            return None
        parent_row = index.internalId()
        if parent_row == 0:
            return self._lines[index.row()] if index.row() < len(self._lines) else None
        children = self._lines[parent_row - 1].children
        return children[index.row()] if index.row() < len(children) else None

    def index_of(self, key: str) -> QModelIndex:
        """The index of combatant ``key`` (column 0), or an invalid one."""
        for row, line in enumerate(self._lines):
            if line.key == key:
                return self.index(row, 0)
            for child_row, child in enumerate(line.children):
                if child.key == key:
                    return self.index(child_row, 0, self.index(row, 0))
        return QModelIndex()

    def keys(self) -> list[str]:
        """Every combatant, in the order shown."""
        out: list[str] = []
        for line in self._lines:
            out += [line.key] if line.key else [c.key for c in line.children if c.key]
        return out

    # -- QAbstractItemModel ----------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = ROOT) -> QModelIndex:
        if column < 0 or column >= len(self._headers) or row < 0:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0) if row < len(self._lines) else QModelIndex()
        if parent.internalId() != 0 or parent.row() >= len(self._lines):
            return QModelIndex()
        if row >= len(self._lines[parent.row()].children):
            return QModelIndex()
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: Index = ROOT) -> QModelIndex:  # type: ignore[override]
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = ROOT) -> int:
        if not parent.isValid():
            return len(self._lines)
        if parent.column() != 0 or parent.internalId() != 0:
            return 0
        return len(self._lines[parent.row()].children)

    def columnCount(self, parent: Index = ROOT) -> int:
        return len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self._headers)):
            return self._headers[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def _text(self, line: Line, column: int) -> str:
        if column == 0:
            return line.name
        if column <= len(line.cells):
            return line.cells[column - 1]
        if column == len(self._headers) - 2:
            return line.status
        if column == len(self._headers) - 1:
            return line.conditions
        return ""

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        line = self.line(index)
        if line is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            text = self._text(line, index.column())
            if index.column() == 0 and line.acting:
                return f"▶ {text}"
            return text
        if role == Qt.ItemDataRole.ToolTipRole:
            text = self._text(line, index.column())
            if index.column() == 0:
                parts = [line.name, *(p for p in (line.status, line.conditions) if p)]
                if line.acting:
                    parts.append("acting now")
                return "\n".join(parts)
            return f"{self._headers[index.column()]}: {text}" if text else None
        if role == Qt.ItemDataRole.FontRole and (line.acting or line.out or line.key is None):
            font = QFont()
            font.setBold(line.acting or line.key is None)
            font.setItalic(line.out)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and line.acting:
            color = QColor(QGuiApplication.palette().color(QPalette.ColorRole.Highlight))
            color.setAlpha(70)
            return color
        if role == Qt.ItemDataRole.ForegroundRole and line.out:
            return QGuiApplication.palette().color(QPalette.ColorGroup.Disabled,
                                                   QPalette.ColorRole.Text)
        if role == KEY_ROLE:
            return line.key
        if role == GROUP_ROLE:
            return line.group
        return None
