"""The size a window's tab pages will be shown at, given to them before its first show.

A hidden QTabWidget lays out its tab bar and its page stack only once it is shown, and
the stack, never sized before, is first shown at its own size hint (Qt's
``adjustSize`` for a widget nobody resized): the page in it, a whole editor, is laid out
at that size, and then again at the size the tab widget gives the stack. Two layout
passes over every field of the form where one does: 1.5-2 ms of opening a Pocket
Universe file. ``size_pages`` gives the stack the size the tab widget will
give it, measured from the window's own layout; if another style places the pages
otherwise, the tab widget sizes the stack as it did before.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QTabWidget, QWidget


def size_pages(window: QMainWindow, tabs: QTabWidget) -> None:
    """Before ``window`` is first shown: give the page stack of ``tabs`` (in document
    mode, its tab bar above the pages) the room below the tab bar."""
    page = tabs.currentWidget()
    stack = page.parent() if page is not None else None
    if window.isVisible() or not isinstance(stack, QWidget) or tabs.isHidden():
        return
    window.layout().activate()  # places the central widget, hidden as it is
    central = window.centralWidget()
    layout = central.layout() if central is not None else None
    if layout is not None:
        layout.activate()  # and the tab widget in it
    bar = tabs.tabBar()
    height = tabs.height() - (0 if bar.isHidden() else bar.sizeHint().height())
    stack.resize(tabs.width(), max(height, 0))
