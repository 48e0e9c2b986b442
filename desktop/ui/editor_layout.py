"""Fitting a game's Designer form into a laptop's screen: the side panel (check, odds,
findings) scrolls down, never sideways, and the findings stay in view below it; a
scrolling sheet's tab widget is as tall as the page shown.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QWidget,
)

from desktop.ui.widget_place import put_in_place


def scroll_side_panel(form: QWidget) -> QScrollArea | None:
    """Put the form's ``sidePanel`` (check, odds, findings) in a scroll area that
    scrolls down, never sideways, unless it is in one already: a tall panel then never
    makes the window taller than a laptop's screen (1280×720, or 150 % scaling)."""
    side = form.findChild(QWidget, "sidePanel")
    if side is None or _scroll_area_around(form, side) is not None:
        return None
    scroll = QScrollArea()
    scroll.setObjectName("sideScroll")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from field to field
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    bar = _bar_allowance(scroll)
    scroll.setMinimumWidth(max(side.minimumWidth(), side.minimumSizeHint().width()) + bar)
    if side.maximumWidth() < 16777215:
        scroll.setMaximumWidth(side.maximumWidth() + bar)
    put_in_place(side, scroll)
    scroll.setWidget(side)
    return scroll


def _scroll_area_around(form: QWidget, widget: QWidget) -> QScrollArea | None:
    """The innermost scroll area of ``form`` that holds ``widget``, or None: found from
    the scroll areas' viewports (by their name), not by walking up ``widget``'s
    parents. A plain QWidget that Python first meets as a parent (a viewport, a
    Designer container) is matched against every widget class PySide knows, which
    loads them all (~10 ms)."""
    areas = [area for viewport in form.findChildren(QWidget, "qt_scrollarea_viewport")
             if viewport.isAncestorOf(widget)
             and isinstance(area := viewport.parentWidget(), QScrollArea)]
    return next((area for area in areas
                 if not any(other is not area and area.isAncestorOf(other) for other in areas)),
                None)


def _bar_allowance(scroll: QScrollArea) -> int:
    """The width a vertical scroll bar takes beside the content, and 2 px to spare."""
    return scroll.verticalScrollBar().sizeHint().width() + 2


def findings_below(form: QWidget) -> QSplitter | None:
    """Take the ``findingsGroup`` out of the side panel's scroll area and keep it in
    view below it (a splitter the user can drag): the findings never scroll away."""
    group = form.findChild(QWidget, "findingsGroup")
    scroll = _scroll_area_around(form, group) if group is not None else None
    if group is None or scroll is None:
        return None
    left_behind = group.parentWidget().layout()
    column = SideColumn(Qt.Orientation.Vertical)
    column.setObjectName("sideColumn")
    column.setChildrenCollapsible(False)
    column.setMinimumWidth(scroll.minimumWidth())
    column.setMaximumWidth(scroll.maximumWidth())
    put_in_place(scroll, column)  # the scroll area then goes inside the column
    column.addWidget(scroll)
    column.addWidget(group)
    scroll.show()
    if isinstance(left_behind, QBoxLayout):
        left_behind.addStretch(1)  # the panels above keep their height, the rest is air
    group.setMinimumHeight(110)
    column.setStretchFactor(0, 1)
    column.setStretchFactor(1, 1)
    return column


class SideColumn(QSplitter):
    """The side panel above the findings: the panel gets the height its content needs
    at its width (as much as leaves the findings FINDINGS_MIN) and the findings the
    rest, when first shown and whenever the column is resized, until the user drags the
    line between them (from then on the splitter keeps the user's proportions)."""

    FINDINGS_MIN = 130

    def __init__(self, orientation: Qt.Orientation) -> None:
        super().__init__(orientation)
        self._widened = False
        self._dragged = False
        self.preferred_width: int | None = None
        """The width to ask of the editor's splitter, where a game wants one: a splitter
        gives a side that does not stretch the width of its size hint."""
        self.splitterMoved.connect(self._drag)  # emitted for the user's drags only

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self.preferred_width is not None:
            hint.setWidth(self.preferred_width)
        return hint

    def _drag(self) -> None:
        self._dragged = True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        scroll, content = self._panel()
        if not self._widened and isinstance(scroll, QScrollArea) and content is not None:
            self._widened = True
            self._wide_enough(scroll, content)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.isVisible():  # before its first show its height is not the one shown
            self._fit()

    def _panel(self) -> tuple[QWidget | None, QWidget | None]:
        """The side panel's scroll area and its content (None where there is none)."""
        if self.count() != 2:
            return None, None
        scroll = self.widget(0)
        return scroll, scroll.widget() if isinstance(scroll, QScrollArea) else None

    def _fit(self) -> None:
        scroll, content = self._panel()
        if self._dragged or scroll is None:
            return
        total = self.height() - self.handleWidth()
        if content is None:
            want = total // 2
        else:  # at the width it is shown at: wrapped text is taller than its size hint
            height = content.heightForWidth(scroll.viewport().width())
            want = (height if height >= 0 else content.sizeHint().height()) + 4
        top = min(want, max(total - self.FINDINGS_MIN, total // 2))
        if self.sizes() != [top, total - top]:
            self.setSizes([top, total - top])

    def _wide_enough(self, scroll: QScrollArea, content: QWidget) -> None:
        """At least as wide as the panel's content needs once the editor has filled it
        (a portrait box, a game's roll panel), so it never scrolls sideways: a form's
        minimum width is a guess that fonts a few pixels wider outgrow. Within the
        form's maximum."""
        need = min(content.minimumSizeHint().width() + _bar_allowance(scroll),
                   scroll.maximumWidth())
        if need > scroll.minimumWidth():
            scroll.setMinimumWidth(need)
            self.setMinimumWidth(max(self.minimumWidth(), need))


class TabsAsTallAsPage(QObject):
    """A scrolling sheet's tab widget as tall as the page shown, or as the room left
    below it in the sheet's scroll area if that is more: QTabWidget's size hint is its
    tallest page's, which would pad a short page out to a long one. Fitted again when
    another tab is chosen and whenever the scroll area's viewport is resized; ``before``
    runs first (whatever else the sheet fits to its room)."""

    def __init__(self, tabs: QTabWidget, scroll: QScrollArea,
                 before: Callable[[], None] | None = None) -> None:
        super().__init__(tabs)
        self.tabs = tabs
        self.content = scroll.widget()
        self.viewport = scroll.viewport()
        self._before = before
        tabs.currentChanged.connect(self.fit)
        self.viewport.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def fit(self) -> None:
        if self._before is not None:
            self._before()
        page = self.tabs.currentWidget()
        if page is None:
            return
        chrome = self.tabs.tabBar().sizeHint().height() + 12
        room = self.viewport.height() - self._natural_top() - 12
        height = max(page.sizeHint().height() + chrome, room)
        if self.tabs.maximumHeight() != height or self.tabs.minimumHeight() != height:
            # Exactly that tall: the sheet above keeps its own height, whatever size the
            # hidden pages ask (a page not loaded yet asks for none).
            self.tabs.setFixedHeight(height)

    def _natural_top(self) -> int:
        """Where the tab widget starts when what is above it in the sheet has its own
        height. Not where it starts now: that depends on the height given to it last
        time, so the sheet took whatever shape its history left (opened at 1920×1200,
        its record sheet stretched 60 px more than after a visit to 1280×720), and on
        the hidden pages' sizes, which a page loaded later changes."""
        layout = self.content.layout()
        index = layout.indexOf(self.tabs) if layout is not None else -1
        if index < 0:
            return self.tabs.mapTo(self.content, self.tabs.rect().topLeft()).y()
        top = layout.contentsMargins().top()
        for position in range(index):
            item = layout.itemAt(position)
            if not item.isEmpty():
                top += item.sizeHint().height() + layout.spacing()
        return top
