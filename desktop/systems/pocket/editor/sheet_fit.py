"""The Pocket Universe editor's sheet fitted to its window (side by side when wide, the
tab widget as tall as its page), and a widget shown wherever it sits in it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QBoxLayout, QScrollArea, QTabWidget, QWidget

from desktop.ui.editor import reveal
from desktop.ui.forms import child


class SheetFit(QObject):
    """Fit the sheet to the room it has, on every resize of the scroll area.

    - The Attributes and the record-sheet numbers sit side by side when wide enough,
      one above the other when not (usable at 800×600).
    - The tab widget is as tall as the page shown (or the room left), not as its
      tallest page: QTabWidget's size hint is the largest page's, which would pad a
      short page (Background) out to a long one (Armor & gear).
    """

    SIDE_BY_SIDE = 760
    """Sheet width (px) from which Attributes and record numbers fit side by side."""

    def __init__(self, form: QWidget) -> None:
        super().__init__(form)
        self.tabs = child(form, QTabWidget, "detailTabs")
        self.scroll = child(form, QScrollArea, "sheetScroll")
        self.top_row = child(form, QWidget, "sheetContent").findChild(
            QBoxLayout, "topRowLayout")
        self.tabs.currentChanged.connect(self.fit)
        self.scroll.viewport().installEventFilter(self)
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def fit(self) -> None:
        wide = self.scroll.viewport().width() >= self.SIDE_BY_SIDE
        direction = (QBoxLayout.Direction.LeftToRight if wide
                     else QBoxLayout.Direction.TopToBottom)
        if self.top_row is not None and self.top_row.direction() != direction:
            self.top_row.setDirection(direction)
        page = self.tabs.currentWidget()
        if page is None:
            return
        chrome = self.tabs.tabBar().sizeHint().height() + 12
        top = self.tabs.mapTo(self.scroll.widget(), self.tabs.rect().topLeft()).y()
        room = self.scroll.viewport().height() - top - 12
        height = max(page.sizeHint().height() + chrome, room)
        if self.tabs.maximumHeight() != height:
            self.tabs.setMaximumHeight(height)


def show(widget: QWidget) -> None:
    """``reveal`` the widget, first switching every tab widget above it to the page that
    holds it (``reveal`` compares a tab widget's pages with its internal stack, so it
    does not switch tabs by itself)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QTabWidget):
            for index in range(parent.count()):
                if parent.widget(index).isAncestorOf(widget):
                    parent.setCurrentIndex(index)
        parent = parent.parentWidget()
    reveal(widget)

