"""An event filter on whichever widget inside a window has the keyboard focus.

A key, and the ShortcutOverride a window's shortcut competes for, goes to the focus
widget first: a filter there sees every key pressed in the window. An
application-wide filter would see the same keys, but it runs Python for every event of
every object in the application (each paint, resize and child added): ~15 ms of the GM
screen's start, and a share of everything done in it after that.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QWidget


def filter_focus_within(window: QWidget, spy: QObject) -> None:
    """Install ``spy`` as an event filter on the widget inside ``window`` that has the
    focus, now and whenever the focus moves to another one (a widget keeps it once
    given: installing it again only puts it first)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)

    def follow(_old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and (new is window or window.isAncestorOf(new)):
            new.installEventFilter(spy)

    app.focusChanged.connect(follow)
    window.destroyed.connect(lambda _o=None: _disconnect(app, follow))
    follow(None, app.focusWidget())


def _disconnect(app: QApplication, slot: object) -> None:
    with contextlib.suppress(RuntimeError, TypeError):
        app.focusChanged.disconnect(slot)
