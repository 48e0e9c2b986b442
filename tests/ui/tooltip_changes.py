"""Counting the tooltips a widget is given: each new one is an event to the widget and
to whatever watches it, so a refresh that changes nothing should give none."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget


class ToolTipChanges(QObject):
    """Installed on ``widget``: ``count`` is the tooltips it has been given since."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTipChange:
            self.count += 1
        return False
