"""Combatants' portraits on the GM screen: the roster's small icon
and the combatant panel's larger picture.

Each picture is decoded and scaled once per size and kept, so a repaint or a turn
passing never decodes an image: 200 Lizard-men from one file share one entry (keyed by
the picture's data, a string the encounter keeps as it joined).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QPixmap

from desktop.model.portrait import Portrait

MAX_KEPT = 512
"""Scaled pictures kept at most (a long evening of fights stays small)."""


class PortraitCache:
    """Scaled portraits by picture and size, as pixmaps and icons."""

    def __init__(self) -> None:
        self._pixmaps: dict[tuple[str, int, int], QPixmap] = {}
        self._icons: dict[tuple[str, int, int], QIcon] = {}

    def pixmap(self, picture: Portrait | None, size: QSize) -> QPixmap | None:
        """``picture`` scaled to fit ``size`` (sharp on a high-density screen), or None
        for no picture or one that will not decode."""
        if picture is None:
            return None
        key = (picture.data, size.width(), size.height())
        found = self._pixmaps.get(key)
        if found is None:
            if len(self._pixmaps) >= MAX_KEPT:
                self._pixmaps.clear()
                self._icons.clear()
            found = _scaled(picture, size)
            self._pixmaps[key] = found
        return None if found.isNull() else found

    def icon(self, picture: Portrait | None, size: QSize) -> QIcon | None:
        if picture is None:
            return None
        key = (picture.data, size.width(), size.height())
        icon = self._icons.get(key)
        if icon is None:
            pixmap = self.pixmap(picture, size)
            if pixmap is None:
                return None
            icon = self._icons[key] = QIcon(pixmap)
        return icon


def _scaled(picture: Portrait, size: QSize) -> QPixmap:
    source = QPixmap()
    if not source.loadFromData(picture.image_bytes()):
        return QPixmap()
    app = QGuiApplication.instance()
    ratio = app.devicePixelRatio() if isinstance(app, QGuiApplication) else 1.0
    scaled = source.scaled(size * ratio, Qt.AspectRatioMode.KeepAspectRatio,
                           Qt.TransformationMode.SmoothTransformation)
    scaled.setDevicePixelRatio(ratio)
    return scaled
