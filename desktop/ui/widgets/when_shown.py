"""Work put off until a widget is shown (its tab chosen), so that opening a character
does only what its first screen shows.

Qt sizes a tab widget from all its pages, hidden ones too: a long word-wrapped text on a
tab not shown is measured again in every layout pass of the first show (Protector's
conflict and trait-type notes, ~9 ms). A text nobody sees yet can wait for its page.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QLabel, QWidget


class _Watcher(QObject):
    """Calls back on each event of one type to a widget (or on the first only)."""

    def __init__(self, widget: QWidget, kind: QEvent.Type, callback: Callable[[], None],
                 once: bool = False) -> None:
        super().__init__(widget)
        self._kind = kind
        self._callback = callback
        self._once = once
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == self._kind:
            if self._once:
                watched.removeEventFilter(self)
            self._callback()
        return False


def on_show(widget: QWidget, callback: Callable[[], None]) -> None:
    """Call ``callback`` each time ``widget`` is shown, before it is painted."""
    _Watcher(widget, QEvent.Type.Show, callback)


def after_first_paint(widget: QWidget, callback: Callable[[], None]) -> None:
    """Call ``callback`` once, after ``widget`` is first painted (once that paint pass
    is over; not if the widget is gone by then)."""
    _Watcher(widget, QEvent.Type.Paint, lambda: QTimer.singleShot(0, widget, callback),
             once=True)


def in_view(widget: QWidget) -> bool:
    """Whether ``widget`` shows when its window does (not on a tab that is not chosen)."""
    return widget.isVisibleTo(widget.window())


def text_when_shown(label: QLabel, text: str) -> None:
    """Give ``label`` a text that never changes: now if it is in view, else when it is
    first shown."""
    if in_view(label):
        label.setText(text)
        return
    pending = [text]

    def show_text() -> None:
        if pending:
            label.setText(pending.pop())

    on_show(label, show_text)
