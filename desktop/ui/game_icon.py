"""A small icon per game for the editor tabs: the game's mark (its registry entry's,
else the book's initial) on a colour of its own, drawn (no image files), so a new game
gets one with no artwork to add."""

from __future__ import annotations

import zlib
from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

from desktop.systems import System


def game_colour(system: System) -> QColor:
    """A steady, dark colour for ``system`` that white reads on (4.5:1 or more): its
    registry hue, else one made from its id."""
    hue = system.hue if system.hue >= 0 else zlib.crc32(system.id.encode()) % 360
    return QColor.fromHsv(hue, 200, 120)


@cache
def game_icon(system: System, size: int = 32) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(game_colour(system))
    painter.drawRoundedRect(QRectF(1, 1, size - 2, size - 2), size / 5, size / 5)
    font = QFont()
    font.setBold(True)
    mark = system.mark or system.book[:1].upper()
    font.setPixelSize(int(size * (0.6 if len(mark) == 1 else 0.45)))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, mark)
    painter.end()
    return QIcon(pixmap)
