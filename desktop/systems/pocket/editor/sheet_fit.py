"""The Pocket Universe editor's sheet fitted to its window (side by side when wide, the
tab widget as tall as its page), and a widget shown wherever it sits in it."""

from __future__ import annotations

from PySide6.QtWidgets import QBoxLayout, QScrollArea, QTabWidget, QWidget

from desktop.ui.editor import reveal
from desktop.ui.editor_layout import TabsAsTallAsPage
from desktop.ui.forms import child


class SheetFit:
    """Fit the sheet to the room it has, on every resize of the scroll area.

    - The Attributes and the record-sheet numbers sit side by side when wide enough,
      one above the other when not (usable at 800×600).
    - The tab widget is as tall as the page shown (or the room left), not as its
      tallest page (``TabsAsTallAsPage``): a short page (Background) is not padded out
      to a long one (Armor & gear).
    """

    SIDE_BY_SIDE = 760
    """Sheet width (px) from which Attributes and record numbers fit side by side."""

    def __init__(self, form: QWidget) -> None:
        self.top_row = child(form, QWidget, "sheetContent").findChild(
            QBoxLayout, "topRowLayout")
        self.tabs_fit = TabsAsTallAsPage(child(form, QTabWidget, "detailTabs"),
                                         child(form, QScrollArea, "sheetScroll"),
                                         before=self._arrange_top_row)
        self.tabs_fit.fit()

    def _arrange_top_row(self) -> None:
        wide = self.tabs_fit.viewport.width() >= self.SIDE_BY_SIDE
        direction = (QBoxLayout.Direction.LeftToRight if wide
                     else QBoxLayout.Direction.TopToBottom)
        if self.top_row is not None and self.top_row.direction() != direction:
            self.top_row.setDirection(direction)


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

