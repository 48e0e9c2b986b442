"""The roster: one line per combatant with the game's numbers (``rules.rows``).

A tree model: a group ("3 Lizard-men") is one line with its members under it, in the
order the game gives (initiative order once the fight is on). Whoever's turn it is, is
bold on a highlighted line with "▶"; those whose turn has passed this round show "✓"
in its place (``Encounter.acted``). The hurt are on amber with "◑", the dying white on
dark red with "⚠", the dead "✝" on grey and those out of the fight "✖" in italics on
pink, every one dark on light or light on dark enough to read across a table (WCAG AA,
4.5:1: ``LOOKS``), a held turn "⏸" (``combat_helpers.health_state``). A combatant
with a portrait has it as the name's icon (``portraits``: scaled once, cached).
Columns: Name, the game's ``columns``, Status, Conditions. The hit-point cell
(``health_column``) is editable: what the GM types there becomes damage or healing
through the rules (``cell_edited``).

The items live in a ``QStandardItemModel`` so painting never calls back into Python;
a refresh rewrites only the cells that changed (a turn passing touches two lines) and
rebuilds the items only when combatants come, go or change order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPalette,
    QStandardItem,
    QStandardItemModel,
)

from desktop.model.combat_helpers import health_column, health_state
from desktop.model.combat_rules import Row
from desktop.model.encounter import Encounter, Fighter
from desktop.model.portrait import Portrait
from desktop.ui.gm.portraits import PortraitCache

KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The combatant's key (None on a group's own line)."""
GROUP_ROLE = Qt.ItemDataRole.UserRole + 2
"""The group's name on a group line or a member's line ("" for a lone combatant)."""

Index = QModelIndex | QPersistentModelIndex
GLYPHS = {"hurt": "◑", "dying": "⚠", "dead": "✝", "down": "✖", "held": "⏸", "acted": "✓"}
LOOKS = {"hurt": (QColor("#ffe2a8"), QColor("#000000")),
         "dying": (QColor("#a3001b"), QColor("#ffffff")),
         "dead": (QColor("#c8c8c8"), QColor("#000000")),
         "down": (QColor("#f5cccc"), QColor("#3a0000"))}
"""(background, text) of a hurt, dying, dead or out line: opaque, so the alternating
row colours under them cannot weaken the contrast."""
OUT_TEXT = QColor("#3c3c3c")
"""An out line's text without a look of its own: dark grey, still 4.5:1 on white."""
WORDS = {"hurt": "hurt", "dying": "dying", "dead": "dead", "down": "out of the fight",
         "held": "holding its turn", "acted": "has acted this round"}


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
    state: str = ""
    """"hurt", "dying", "dead", "down", "held" or "" (``health_state``)."""
    acted: bool = False
    """Its turn has passed this round (a group: every member's)."""

    def shape(self) -> tuple[Any, ...]:
        return (self.key, self.name, tuple(c.key for c in self.children))


def _shared(values: list[str]) -> str:
    """A group line shows a number only where every member has the same one."""
    return values[0] if values and all(v == values[0] for v in values) else ""


def build_lines(encounter: Encounter, rows: Sequence[Row] | None = None
                ) -> tuple[Line, ...]:
    rules, state = encounter.rules, encounter.state
    turn = encounter.turn
    acting = set(turn.actors)
    acted = encounter.acted
    word = rules.round_word
    rows = list(rules.rows(state)) if rows is None else rows
    conditions: dict[str, list[str]] = {}
    for condition in encounter.conditions:
        conditions.setdefault(condition.target, []).append(
            condition.describe(word, turn.round))
    lines: list[Line] = []
    groups: dict[str, list[Line]] = {}
    health = health_column(rules)
    for row in rows:
        fighter = encounter.fighters.get(row.key)
        group = fighter.group if fighter is not None else ""
        line = Line(row.key, row.key, tuple(row.cells), row.status,
                    "; ".join(conditions.get(row.key, ())), row.out, row.key in acting, group,
                    state=health_state(row, health), acted=row.key in acted)
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
                        any(m.acting for m in members), line.group, members,
                        acted=all(m.acted for m in members)))
    return tuple(out)


class CombatantModel(QStandardItemModel):
    """The roster as Qt items: painting reads them in C++ (fast with 200 combatants);
    a refresh rewrites only the cells whose text or look changed."""

    cell_edited = Signal(str, int, str)
    """(combatant key, column of ``rules.columns``, the text the GM typed)."""

    def __init__(self, encounter: Encounter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: tuple[Row, ...] = ()
        """The game's rows of the encounter shown (the player view reuses them)."""
        self.health: int | None = None
        """The roster column (0 = Name) whose cells the GM may edit, or None."""
        self._headers: tuple[str, ...] = ()
        self._lines: tuple[Line, ...] = ()
        self.grown: list[QStandardItem] = []
        """Cells whose text grew (or a name turned bold) in the last refresh: the view
        may widen their columns."""
        self.icon_size = QSize()
        """The portraits' size in the name cell: a line no taller than its text."""
        self.text_font = QFont()
        self._bold = QFont()
        self.set_scale(1.0)
        self.portraits = PortraitCache()
        self._fighters: Mapping[str, Fighter] = {}
        self.set_encounter(encounter)

    def set_scale(self, scale: float) -> None:
        """Text ``scale`` times the usual size (View ▸ Larger text); the items take it
        at the next rebuild (``rebuild``)."""
        self.text_font = QFont(QGuiApplication.font())
        self.text_font.setPointSizeF(QGuiApplication.font().pointSizeF() * scale)
        self._bold = QFont(self.text_font)
        self._bold.setBold(True)
        side = QFontMetrics(self.text_font).height()
        self.icon_size = QSize(side, side)

    def rebuild(self, encounter: Encounter) -> None:
        """Every item made again (another text size)."""
        self._headers = ()
        self.set_encounter(encounter)

    # -- refreshing ------------------------------------------------------------------
    def set_encounter(self, encounter: Encounter) -> bool:
        """Show ``encounter``; True if the lines were rebuilt (views should re-expand)."""
        headers = ("Name", *encounter.rules.columns, "Status", "Conditions")
        column = health_column(encounter.rules)
        self.health = None if column is None else column + 1
        self.rows = tuple(encounter.rules.rows(encounter.state))
        lines = build_lines(encounter, self.rows)
        old = self._lines
        self.grown = []
        if headers == self._headers and [x.shape() for x in lines] == [
                x.shape() for x in old]:
            self._lines = lines
            root = self.invisibleRootItem()
            for row, (line, before) in enumerate(zip(lines, old, strict=True)):
                if line != before:
                    self._update(root, row, line, before)
                for child_row, (child, was) in enumerate(zip(line.children, before.children,
                                                             strict=True)):
                    if child != was:
                        self._update(root.child(row, 0), child_row, child, was)
            if encounter.fighters is not self._fighters:  # another file, the same names
                self._fighters = encounter.fighters
                self._refresh_icons(root)
            return False
        self.clear()
        self._headers = headers
        self._lines = lines
        self._fighters = encounter.fighters
        self.setHorizontalHeaderLabels(list(headers))
        root = self.invisibleRootItem()
        for line in lines:
            items = self._items(line)
            for child in line.children:
                items[0].appendRow(self._items(child))
            root.appendRow(items)
        return True

    def _texts(self, line: Line) -> list[str]:
        width = len(self._headers) - 3
        cells = list(line.cells[:width]) + [""] * (width - len(line.cells))
        glyph = GLYPHS.get(line.state, "")
        turn = "▶" if line.acting else GLYPHS["acted"] if line.acted else ""
        name = " ".join(p for p in (turn, glyph, line.name) if p)
        return [name, *cells, line.status, line.conditions]

    def _tooltip(self, line: Line) -> str:
        parts = [line.name, *(p for p in (line.status, line.conditions) if p)]
        if line.state:
            parts.append(WORDS[line.state])
        if line.acting:
            parts.append("acting now")
        elif line.acted:
            parts.append(WORDS["acted"])
        return "\n".join(parts)

    def _style(self, item: QStandardItem, line: Line) -> None:
        font = QFont(self._bold if (line.acting or line.key is None) else self.text_font)
        font.setItalic(line.out)
        item.setFont(font)
        look = LOOKS.get(line.state)
        if line.acting:
            color = QColor(QGuiApplication.palette().color(QPalette.ColorRole.Highlight))
            color.setAlpha(70)
            item.setBackground(color)
        elif look is not None:
            item.setBackground(look[0])
        else:
            item.setData(None, Qt.ItemDataRole.BackgroundRole)
        if look is not None and not line.acting:
            item.setForeground(look[1])
        elif line.out:
            item.setForeground(OUT_TEXT)
        else:
            item.setData(None, Qt.ItemDataRole.ForegroundRole)

    def _items(self, line: Line) -> list[QStandardItem]:
        items = []
        for column, text in enumerate(self._texts(line)):
            item = QStandardItem(text)
            item.setEditable(column == self.health and line.key is not None and not line.out)
            item.setData(line.key, KEY_ROLE)
            item.setData(line.group, GROUP_ROLE)
            if column == 0:
                item.setToolTip(self._tooltip(line))
                self._set_icon(item, line)
            elif text:
                item.setToolTip(f"{self._headers[column]}: {text}")
            self._style(item, line)
            items.append(item)
        return items

    def _refresh_icons(self, root: QStandardItem) -> None:
        for row, line in enumerate(self._lines):
            self._set_icon(root.child(row, 0), line)
            for child_row, child in enumerate(line.children):
                self._set_icon(root.child(row, 0).child(child_row, 0), child)

    def _set_icon(self, item: QStandardItem | None, line: Line) -> None:
        if item is not None:
            icon = self.portraits.icon(self._picture(line), self.icon_size)
            item.setData(icon, Qt.ItemDataRole.DecorationRole)

    def _picture(self, line: Line) -> Portrait | None:
        """The line's portrait: its combatant's, or a group's first member's."""
        for key in (line.key, *(c.key for c in line.children)):
            fighter = self._fighters.get(key) if key else None
            if fighter is not None and fighter.picture is not None:
                return fighter.picture
        return None

    def setData(self, index: Index, value: object,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """The GM typed into a cell: ask the window (the rules) instead of storing it."""
        if role == Qt.ItemDataRole.EditRole and index.isValid():
            key = index.data(KEY_ROLE)
            if key and index.column() == self.health:
                self.cell_edited.emit(key, index.column() - 1, str(value))
            return False
        return super().setData(index, value, role)

    def _update(self, parent: QStandardItem, row: int, line: Line, before: Line) -> None:
        look = (line.acting, line.out, line.state) != (before.acting, before.out,
                                                       before.state)
        old_texts = self._texts(before)
        for column, text in enumerate(self._texts(line)):
            item = parent.child(row, column)
            if item is None:
                continue
            if text != old_texts[column]:
                if len(text) > len(old_texts[column]):  # may need a wider column
                    self.grown.append(item)
                item.setText(text)
                item.setToolTip(f"{self._headers[column]}: {text}" if column and text else "")
            if look:
                if column == 0 and line.acting:  # bold now: the name may need more room
                    self.grown.append(item)
                self._style(item, line)
                if column == self.health:
                    item.setEditable(line.key is not None and not line.out)
            if column == 0:
                item.setToolTip(self._tooltip(line))

    # -- reading ---------------------------------------------------------------------
    @property
    def lines(self) -> tuple[Line, ...]:
        return self._lines

    def line(self, index: Index) -> Line | None:
        """The line behind ``index`` (any column)."""
        if not index.isValid():
            return None
        parent = index.parent()
        if not parent.isValid():
            return self._lines[index.row()] if index.row() < len(self._lines) else None
        if parent.row() >= len(self._lines):
            return None
        children = self._lines[parent.row()].children
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
