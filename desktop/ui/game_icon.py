"""A small icon per game for the editor tabs: the book's initial on a colour of its
own, drawn (no image files), so a new game gets one with no artwork to add."""

from __future__ import annotations

import zlib
from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

from desktop.systems import System


def game_colour(system: System) -> QColor:
    """A steady, fairly dark colour for ``system`` (the same on every run)."""
    hue = zlib.crc32(system.id.encode()) % 360
    return QColor.fromHsv(hue, 150, 150)


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
    font.setPixelSize(int(size * 0.6))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter,
                     system.book[:1].upper())
    painter.end()
    return QIcon(pixmap)
