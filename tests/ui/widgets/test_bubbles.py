"""A pool's bubbles are painted as the sheet draws them: filled, open, and spent with a
stroke, each where ``_rect`` puts it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QPainter, QPalette, QPen, QRegion
from PySide6.QtWidgets import QWidget

from desktop.model.pools import Bubble
from desktop.ui.widgets.bubbles import PoolBubbles


def _drawn_one_by_one(bubbles: PoolBubbles) -> QImage:
    """The bubbles drawn one at a time, each with its own pen and brush."""
    image = QImage(bubbles.size(), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    palette = bubbles.palette()
    ink = palette.color(QPalette.ColorRole.WindowText)
    base = palette.color(QPalette.ColorRole.Base)
    for index, state in enumerate(bubbles.states()):
        rect = bubbles._rect(index)
        painter.setPen(QPen(ink, 1.2))
        painter.setBrush(ink if state is Bubble.FILLED else base)
        painter.drawEllipse(rect)
        if state is Bubble.SPENT:
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 1.6))
            painter.drawLine(rect.bottomLeft() + QPointF(2, -2), rect.topRight() + QPointF(-2, 2))
    painter.end()
    return image


def _painted(bubbles: PoolBubbles) -> QImage:
    image = QImage(bubbles.size(), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    bubbles.render(image, QPoint(), QRegion(), QWidget.RenderFlag.DrawChildren)  # no background
    return image


@pytest.mark.parametrize(("pool", "current"), [(12, 7), (25, 25), (3, 0), (0, 0), (20, 1)])
def test_bubbles_are_painted_as_drawn_one_by_one(qtbot, pool: int, current: int) -> None:
    bubbles = PoolBubbles(slots=25)
    qtbot.addWidget(bubbles)
    bubbles.set_pool(pool, current)
    bubbles.resize(bubbles.sizeHint())
    assert Bubble.SPENT not in bubbles.states() or pool > current
    assert _painted(bubbles) == _drawn_one_by_one(bubbles)
