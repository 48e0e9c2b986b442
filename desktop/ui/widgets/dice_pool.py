"""A pool of dice drawn as dice: each die's size (its steps), and which are depleted,
awarded or removed by damage. Any game built on depleting pools can use it (Protector's
energy, power and agent pools; the GM screen's combatants).

The dice are laid out in rows of ``columns`` with a gap every five, ready dice first,
then the depleted dice on the table, the awarded dice, and last the dice removed by
damage. Depleted dice are drawn as a d6 showing 1: "If a die that was stepped up rolls
a one, it reverts back to a six sided die and is left on the table as a depleted six
sided die" (Protector, The Energy System, Depletion). Removed dice keep their size,
struck through.

Clicking a ready die marks it (and the ready dice after it) depleted; clicking a
depleted die returns it (and the depleted dice before it). A right click does the same
for damage. The keyboard does it one die at a time: − depletes, + returns, Delete
damages, Insert repairs. The widget only says what was asked (``marked``); the owner
decides and then shows the new pool with ``set_pool``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from desktop.model.dice_pool import BASE, Die

_CELL_W = 40
_CELL_H = 36
_DIE = 30
_GROUP_GAP = 6  # an extra gap every five dice, so a pool reads at a glance
_MARGIN = 2
_DAMAGE_RED = QColor(200, 40, 40)


class DieState(StrEnum):
    READY = "ready"
    DEPLETED = "depleted"
    AWARDED = "awarded"
    DAMAGED = "damaged"


class ShownDie(NamedTuple):
    """One die as the widget draws it."""

    die: Die
    state: DieState
    steps: int | None = None
    """Steps on the die, when the owner gave them (for the tooltip)."""

    @property
    def label(self) -> str:
        """What is written on the die: "d8", "4×10"; a depleted die shows its 1."""
        if self.state in (DieState.DEPLETED, DieState.AWARDED):
            return "1"
        if self.die.higher:
            return f"{self.die.sides}×{self.die.multiplier}"
        return f"d{self.die.sides}"

    def describe(self) -> str:
        steps = "" if self.steps is None else (
            f", {self.steps} step{'s' if abs(self.steps) != 1 else ''}")
        what = {
            DieState.READY: "ready",
            DieState.DEPLETED: "depleted: on the table showing 1",
            DieState.AWARDED: "awarded depleted die: on the table until a multiple",
            DieState.DAMAGED: "removed by damage",
        }[self.state]
        return f"{self.die}{steps} — {what}"


def _count(n: int, what: str) -> str:
    return f"{n} {what}"


def layout_states(dice: Sequence[Die], depleted: int, damaged: int, awarded: int,
                  steps: Sequence[int] | None = None) -> list[ShownDie]:
    """The dice in drawing order: ready, depleted, awarded, damaged.

    ``dice`` is the pool, best die first as the owner orders it; the last ``damaged`` of
    them are removed and the ``depleted`` before those are on the table (as d6s).
    Counts beyond the pool are clamped: the owner reports such a mismatch itself.
    """
    size = len(dice)
    damaged = max(0, min(damaged, size))
    depleted = max(0, min(depleted, size - damaged))
    ready = size - depleted - damaged
    out: list[ShownDie] = []
    for index, die in enumerate(dice):
        on = steps[index] if steps is not None and index < len(steps) else None
        if index < ready:
            out.append(ShownDie(die, DieState.READY, on))
        elif index < ready + depleted:
            out.append(ShownDie(BASE, DieState.DEPLETED))
        else:
            out.append(ShownDie(die, DieState.DAMAGED, on))
    awarded_dice = [ShownDie(BASE, DieState.AWARDED)] * max(awarded, 0)
    return out[:ready + depleted] + awarded_dice + out[ready + depleted:]


class DicePoolView(QWidget):
    marked = Signal(int, int)
    """The user asked for this many (depleted, damaged) dice in the pool."""

    def __init__(self, parent: QWidget | None = None, columns: int = 10,
                 interactive: bool = True) -> None:
        super().__init__(parent)
        self._columns = max(1, columns)
        self._interactive = interactive
        self._dice: tuple[Die, ...] = ()
        self._depleted = 0
        self._damaged = 0
        self._awarded = 0
        self._steps: tuple[int, ...] | None = None
        self._shown: list[ShownDie] = []
        self._empty_text = "no dice"
        self._summary = self._empty_text
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        if interactive:
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAccessibleName("Dice pool")
        self._retip()

    # -- the pool ---------------------------------------------------------------------
    def set_pool(self, dice: Sequence[Die | str], depleted: int = 0, damaged: int = 0,
                 awarded: int = 0, steps: Sequence[int] | None = None) -> None:
        """Show ``dice`` (best first) with the last ``damaged`` removed, the ``depleted``
        before them on the table, and ``awarded`` depleted dice besides."""
        parsed = tuple(Die.parse(d) if isinstance(d, str) else d for d in dice)
        state = (parsed, depleted, damaged, awarded, None if steps is None else tuple(steps))
        if state == (self._dice, self._depleted, self._damaged, self._awarded, self._steps):
            return
        rows_before = self._rows()
        self._dice, self._depleted, self._damaged, self._awarded, self._steps = state
        self._shown = layout_states(parsed, depleted, damaged, awarded, steps)
        if self._rows() != rows_before or len(self._shown) < self._columns:
            self.updateGeometry()
        self._retip()
        self.update()

    def set_empty_text(self, text: str) -> None:
        """What an empty pool says ("latent: no pool")."""
        self._empty_text = text
        self._retip()
        self.update()

    def shown(self) -> list[ShownDie]:
        return list(self._shown)

    @property
    def pool_size(self) -> int:
        return len(self._dice)

    @property
    def ready(self) -> int:
        return sum(1 for d in self._shown if d.state is DieState.READY)

    @property
    def depleted(self) -> int:
        return sum(1 for d in self._shown if d.state is DieState.DEPLETED)

    @property
    def damaged(self) -> int:
        return sum(1 for d in self._shown if d.state is DieState.DAMAGED)

    def summary(self) -> str:
        """"3 ready (d8, 2d6), 1 depleted, 1 removed"."""
        return self._summary

    def _summarise(self) -> str:
        if not self._shown:
            return self._empty_text
        ready = [d.die for d in self._shown if d.state is DieState.READY]
        parts = [f"{len(ready)} ready" + (f" ({dice_list(ready)})" if ready else "")]
        for state, word in ((DieState.DEPLETED, "depleted"), (DieState.AWARDED, "awarded"),
                            (DieState.DAMAGED, "removed by damage")):
            n = sum(1 for d in self._shown if d.state is state)
            if n:
                parts.append(_count(n, word))
        return ", ".join(parts)

    def _retip(self) -> None:
        """Say what the pool now holds (made once per change: the editors show it too)."""
        self._summary = self._summarise()
        how = ("\nClick a die to mark it depleted (or returned); right-click to mark it "
               "removed by damage (or repaired). Keys: − deplete, + return, Delete damage, "
               "Insert repair.") if self._interactive else ""
        self.setToolTip(self._summary + how)
        self.setAccessibleDescription(self._summary)

    # -- geometry ---------------------------------------------------------------------
    def _rows(self) -> int:
        return max(1, math.ceil(len(self._shown) / self._columns))

    def sizeHint(self) -> QSize:
        count = len(self._shown)
        if count == 0:
            width = self.fontMetrics().horizontalAdvance(self._empty_text) + 2 * _MARGIN + 4
            return QSize(max(width, _CELL_W), _CELL_H + 2 * _MARGIN)
        columns = min(count, self._columns)
        width = columns * _CELL_W + ((columns - 1) // 5) * _GROUP_GAP + 2 * _MARGIN
        return QSize(width, self._rows() * _CELL_H + 2 * _MARGIN)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def cell_rect(self, index: int) -> QRectF:
        """Where the die at ``index`` (in drawing order) is drawn."""
        row, column = divmod(index, self._columns)
        x = _MARGIN + column * _CELL_W + (column // 5) * _GROUP_GAP
        return QRectF(x, _MARGIN + row * _CELL_H, _CELL_W, _CELL_H)

    def index_at(self, point: QPointF) -> int:
        for index in range(len(self._shown)):
            if self.cell_rect(index).contains(point):
                return index
        return -1

    # -- painting ---------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        ink = palette.color(QPalette.ColorRole.WindowText)
        if not self._shown:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignVCenter, self._empty_text)
            painter.end()
            return
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF() * 0.72, 6.0))
        font.setBold(True)
        small = QFont(font)  # long labels ("20×100") in a smaller size, so they fit
        small.setPointSizeF(max(font.pointSizeF() * 0.8, 5.0))
        tiny = QFont(font)
        tiny.setPointSizeF(max(font.pointSizeF() * 0.62, 4.5))
        for index, shown in enumerate(self._shown):
            label = len(shown.label)
            painter.setFont(font if label <= 3 else small if label <= 4 else tiny)
            self._paint_die(painter, self.cell_rect(index), shown, palette, ink)
        if self.hasFocus():
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), 1, Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        painter.end()

    def _paint_die(self, painter: QPainter, cell: QRectF, shown: ShownDie,
                   palette: QPalette, ink: QColor) -> None:
        box = QRectF(0, 0, _DIE, _DIE)
        box.moveCenter(cell.center())
        base = palette.color(QPalette.ColorRole.Base)
        accent = palette.color(QPalette.ColorRole.Highlight)
        die = shown.die
        shape = _shape(die, box)
        text_color = ink
        if shown.state is DieState.READY:
            fill = base
            if die != BASE:  # a stepped die stands out from the plain d6s
                fill = QColor(accent)
                fill.setAlpha(70 if die.sides != 4 else 30)
            painter.setPen(QPen(ink, 2.0 if die.higher else 1.3))
            painter.setBrush(fill)
            painter.drawPolygon(shape)
            if die.higher:  # a double rim for the Higher Dice Steps
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(ink, 0.8))
                painter.drawPolygon(_shape(die, box.adjusted(3, 3, -3, -3)))
        elif shown.state in (DieState.DEPLETED, DieState.AWARDED):
            grey = palette.color(QPalette.ColorRole.Mid)
            painter.setPen(QPen(accent if shown.state is DieState.AWARDED else ink,
                                1.6 if shown.state is DieState.AWARDED else 1.0,
                                Qt.PenStyle.DashLine if shown.state is DieState.AWARDED
                                else Qt.PenStyle.SolidLine))
            painter.setBrush(grey)
            painter.drawPolygon(shape)
            text_color = palette.color(QPalette.ColorRole.BrightText)
            if text_color == grey:
                text_color = ink
        else:
            faded = QColor(ink)
            faded.setAlpha(90)
            painter.setPen(QPen(faded, 1.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(shape)
            text_color = faded
        painter.setPen(text_color)
        text_box = box
        if die.sides == 4 and not die.higher:
            text_box = box.adjusted(0, box.height() * 0.3, 0, 0)  # the triangle's wide part
        painter.drawText(text_box, Qt.AlignmentFlag.AlignCenter, shown.label)
        if shown.state is DieState.DAMAGED:
            painter.setPen(QPen(_DAMAGE_RED, 2.0))
            inset = box.adjusted(3, 3, -3, -3)
            painter.drawLine(inset.topLeft(), inset.bottomRight())
            painter.drawLine(inset.topRight(), inset.bottomLeft())

    # -- interaction ------------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.index_at(QPointF(event.pos()))
            if index >= 0:
                QToolTip.showText(event.globalPos(), self._shown[index].describe(), self)
                return True
        return super().event(event)

    def _pool_slot(self, index: int) -> int:
        """The clicked die's place among the pool's own dice (awarded ones excluded);
        -1 for an awarded die."""
        if self._shown[index].state is DieState.AWARDED:
            return -1
        return index - sum(1 for d in self._shown[:index] if d.state is DieState.AWARDED)

    def click(self, index: int, damage: bool = False) -> None:
        """What a click on the die at ``index`` asks for (also for tests and scripts)."""
        if not self._interactive or not 0 <= index < len(self._shown):
            return
        slot = self._pool_slot(index)
        if slot < 0:
            return
        size = len(self._dice)
        ready, depleted, damaged = self.ready, self.depleted, self.damaged
        state = self._shown[index].state
        if damage:
            new_damaged = size - slot if state is not DieState.DAMAGED else size - slot - 1
            new_depleted = min(depleted, size - new_damaged)
            self.marked.emit(new_depleted, new_damaged)
        elif state is DieState.READY:
            self.marked.emit(depleted + (ready - slot), damaged)
        elif state is DieState.DEPLETED:
            self.marked.emit(depleted - (slot - ready + 1), damaged)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(event.position())
        if index >= 0 and self._interactive:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self.click(index, damage=event.button() == Qt.MouseButton.RightButton)
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._interactive:
            super().keyPressEvent(event)
            return
        size = len(self._dice)
        depleted, damaged, ready = self.depleted, self.damaged, self.ready
        key = event.key()
        wanted: tuple[int, int] | None = None
        if key == Qt.Key.Key_Minus and ready:
            wanted = (depleted + 1, damaged)
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal) and depleted:
            wanted = (depleted - 1, damaged)
        elif key == Qt.Key.Key_Delete and damaged < size:
            wanted = (min(depleted, size - damaged - 1), damaged + 1)
        elif key == Qt.Key.Key_Insert and damaged:
            wanted = (depleted, damaged - 1)
        if wanted is None:
            super().keyPressEvent(event)
            return
        self.marked.emit(*wanted)


def dice_list(dice: Sequence[Die]) -> str:
    """[d8, d6, d6] → "d8, 2d6" (in the order first met)."""
    counts: dict[Die, int] = {}
    for die in dice:
        counts[die] = counts.get(die, 0) + 1
    return ", ".join(
        (f"{n}{str(d).removeprefix('1')}" if n > 1 else str(d)) for d, n in counts.items())


def _shape(die: Die, box: QRectF) -> QPolygonF:
    """The die's outline: a triangle for the d4, a square for the d6, a diamond for the
    d8, a kite for the d10, a pentagon for the d12, a hexagon for the d20 and higher."""
    c = box.center()
    w, h = box.width() / 2, box.height() / 2
    sides = 20 if die.higher else die.sides
    if sides == 4:
        return QPolygonF([QPointF(c.x(), box.top()), QPointF(box.right(), box.bottom()),
                          QPointF(box.left(), box.bottom())])
    if sides == 6:
        return QPolygonF(box.adjusted(2, 2, -2, -2))
    if sides == 8:
        return QPolygonF([QPointF(c.x(), box.top()), QPointF(box.right(), c.y()),
                          QPointF(c.x(), box.bottom()), QPointF(box.left(), c.y())])
    if sides == 10:
        return QPolygonF([QPointF(c.x(), box.top()), QPointF(box.right(), c.y() + h * 0.2),
                          QPointF(c.x(), box.bottom()),
                          QPointF(box.left(), c.y() + h * 0.2)])
    corners = 5 if sides == 12 else 6
    start = -math.pi / 2
    return QPolygonF([
        QPointF(c.x() + w * math.cos(start + i * 2 * math.pi / corners),
                c.y() + h * math.sin(start + i * 2 * math.pi / corners))
        for i in range(corners)])
