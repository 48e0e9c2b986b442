"""A pool drawn as the sheet's row of bubbles; clicking one sets the points left."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop.model.pools import Bubble, bubble_states

_DIAMETER = 11
_GAP = 3
_GROUP_GAP = 6  # an extra gap every five bubbles, so a pool reads at a glance


class PoolBubbles(QWidget):
    current_chosen = Signal(int)
    """The user clicked a bubble: the pool should have this many points left."""

    def __init__(self, parent: QWidget | None = None, slots: int = 25) -> None:
        super().__init__(parent)
        self._slots = slots
        self._pool = 0
        self._current = 0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def set_pool(self, pool: int, current: int) -> None:
        if (pool, current) != (self._pool, self._current):
            if max(pool, self._slots) != max(self._pool, self._slots):
                self.updateGeometry()
            self._pool, self._current = pool, current
            self.setToolTip(f"{current} of {pool} pool points left — click a bubble to "
                            "mark points spent or recovered")
            self.update()

    def states(self) -> list[Bubble]:
        return bubble_states(self._pool, self._current, self._slots)

    def sizeHint(self) -> QSize:
        groups = (self._slots - 1) // 5
        width = self._slots * (_DIAMETER + _GAP) + groups * _GROUP_GAP + 2
        return QSize(width, _DIAMETER + 6)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def _rect(self, index: int) -> QRectF:
        x = 1 + index * (_DIAMETER + _GAP) + (index // 5) * _GROUP_GAP
        return QRectF(x, 3, _DIAMETER, _DIAMETER)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        ink = palette.color(QPalette.ColorRole.WindowText)
        base = palette.color(QPalette.ColorRole.Base)
        accent = palette.color(QPalette.ColorRole.Highlight)
        # One pen and brush for each kind of bubble, not for each bubble (a paint of
        # the POW! editor's six pools drew 150 bubbles through 450 calls).
        rects = {state: [] for state in Bubble}
        for index, state in enumerate(self.states()):
            rects[state].append(self._rect(index))
        painter.setPen(QPen(ink, 1.2))
        painter.setBrush(ink)
        for rect in rects[Bubble.FILLED]:
            painter.drawEllipse(rect)
        painter.setBrush(base)
        for rect in rects[Bubble.OPEN] + rects[Bubble.SPENT]:
            painter.drawEllipse(rect)
        painter.setPen(QPen(accent, 1.6))
        for rect in rects[Bubble.SPENT]:
            painter.drawLine(rect.bottomLeft() + QPointF(2, -2), rect.topRight() + QPointF(-2, 2))
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        for index in range(self._pool):
            if self._rect(index).adjusted(-1, -3, 1, 3).contains(event.position()):
                # Clicking the last open bubble spends it; any other sets the level there.
                chosen = index if index + 1 == self._current else index + 1
                self.current_chosen.emit(chosen)
                return
        super().mousePressEvent(event)

