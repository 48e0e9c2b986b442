"""Windows that fit their screen: a first window at a size that suits the screen it opens
on, and a restored window (last used on a bigger screen, or one since unplugged) moved
and shrunk until all of it is on the screen it opens on."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, QTimer
from PySide6.QtWidgets import QWidget

SHARE = 0.92
"""How much of the screen's free area a first window takes at most."""


def fitted(wanted: QRect, available: QRect) -> QRect:
    """``wanted`` moved and shrunk as little as needed to lie within ``available``."""
    width = min(wanted.width(), available.width())
    height = min(wanted.height(), available.height())
    left = min(max(wanted.left(), available.left()), available.right() - width + 1)
    top = min(max(wanted.top(), available.top()), available.bottom() - height + 1)
    return QRect(left, top, width, height)


def first_size(preferred: QSize, available: QRect) -> QSize:
    """``preferred``, or less where the screen's free area is smaller."""
    return QSize(min(preferred.width(), int(available.width() * SHARE)),
                 min(preferred.height(), int(available.height() * SHARE)))


def fit_window(window: QWidget, preferred: QSize, restored: bytes | None) -> None:
    """Restore ``window``'s saved geometry, or give it ``preferred`` (centred), then keep
    it on the free area of the screen it opens on; once it is shown with its frame
    (title bar, borders), the frame is kept on the screen too."""
    available = window.screen().availableGeometry()
    if restored is None or not window.restoreGeometry(restored):
        size = first_size(preferred, available)
        window.resize(size)
        window.move(available.center().x() - size.width() // 2,
                    available.center().y() - size.height() // 2)
    keep_on_screen(window)
    QTimer.singleShot(0, window, lambda: keep_on_screen(window))  # after the first show


def keep_on_screen(window: QWidget) -> None:
    """Move and shrink ``window`` until its frame lies within its screen's free area
    (a maximised or full-screen window is the window manager's to place)."""
    if window.isMaximized() or window.isFullScreen():
        return
    available = window.screen().availableGeometry()
    frame = window.frameGeometry()
    margins = frame.size() - window.geometry().size()
    inside = fitted(frame, available)
    if inside != frame:
        window.resize(inside.size() - margins)
        window.move(inside.topLeft())
