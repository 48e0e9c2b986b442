"""What every game's editor is to the main window."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QBoxLayout,
    QFrame,
    QScrollArea,
    QSplitter,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.document import CharacterDocument


class CharacterEditor(QWidget):
    """Base of the per-game editors: shows one document and refreshes on its changes.

    A game's editor names its Designer form in ``FORM``; the base loads it to fill the
    editor and gives it a ``Binder`` for the document."""

    FORM = ""
    """The game's form in ``forms/``, e.g. "pow_editor.ui"."""
    message = Signal(str)
    """Something to tell the user in the status bar."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        document.changed.connect(self.refresh)
        if self.FORM:
            # Here, not at the top: the main window imports this module at start-up,
            # before any game (and so pydantic or the form loader) is needed.
            from desktop.ui.binding import Binder
            from desktop.ui.forms import load_form

            self.form = load_form(self.FORM, self)
            layout = QVBoxLayout(self)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(self.form)
            scroll_side_panel(self.form)
            findings_below(self.form)
            self.binder = Binder(document)
            self.portrait = self._add_portrait()

    def _add_portrait(self) -> QWidget | None:
        """The character's picture at the top of the side panel (every game whose
        character has a ``picture``)."""
        side = self.form.findChild(QScrollArea, "sideScroll")
        layout = side.widget().layout() if side is not None and side.widget() else None
        if not isinstance(layout, QBoxLayout) or (
                "picture" not in type(self.document.character).model_fields):
            return None
        from desktop.ui.widgets.portrait import PortraitBox

        box = PortraitBox(self.document)
        box.message.connect(self.message)
        layout.insertWidget(0, box)
        return box

    def refresh(self) -> None:
        """Show the document's character and its derived values."""
        raise NotImplementedError

    def focus_field(self, path: str) -> bool:
        """Bring the input for ``path`` (e.g. ``attributes.brawn``) into view and focus."""
        raise NotImplementedError


def reveal(widget: QWidget) -> None:
    """Switch every enclosing tab to ``widget``, scroll it into view and focus it."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QTabWidget):
            # A page's parent is the tab widget's inner stack, not the tab widget: find
            # the page that holds the widget.
            for index in range(parent.count()):
                page = parent.widget(index)
                if page is widget or page.isAncestorOf(widget):
                    parent.setCurrentIndex(index)
                    break
        parent = parent.parentWidget()
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(widget)
        elif isinstance(parent, QAbstractScrollArea):
            break
        parent = parent.parentWidget()
    widget.setFocus()


def scroll_side_panel(form: QWidget) -> QScrollArea | None:
    """Put the form's ``sidePanel`` (check, odds, findings) in a scroll area that
    scrolls down, never sideways, unless it is in one already: a tall panel then never
    makes the window taller than a laptop's screen (1280×720, or 150 % scaling)."""
    side = form.findChild(QWidget, "sidePanel")
    if side is None:
        return None
    parent = side.parentWidget()
    ancestor = parent
    while ancestor is not None and ancestor is not form:
        if isinstance(ancestor, QScrollArea):
            return None
        ancestor = ancestor.parentWidget()
    scroll = QScrollArea()
    scroll.setObjectName("sideScroll")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from field to field
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    bar = scroll.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 2
    scroll.setMinimumWidth(max(side.minimumWidth(), side.minimumSizeHint().width()) + bar)
    if side.maximumWidth() < 16777215:
        scroll.setMaximumWidth(side.maximumWidth() + bar)
    _replace(side, scroll)
    scroll.setWidget(side)
    return scroll


def findings_below(form: QWidget) -> QSplitter | None:
    """Take the ``findingsGroup`` out of the side panel's scroll area and keep it in
    view below it (a splitter the user can drag): the findings never scroll away."""
    group = form.findChild(QWidget, "findingsGroup")
    scroll = group.parentWidget() if group is not None else None
    while scroll is not None and scroll is not form and not isinstance(scroll, QScrollArea):
        scroll = scroll.parentWidget()
    if group is None or not isinstance(scroll, QScrollArea):
        return None
    left_behind = group.parentWidget().layout()
    column = SideColumn(Qt.Orientation.Vertical)
    column.setObjectName("sideColumn")
    column.setChildrenCollapsible(False)
    column.setMinimumWidth(scroll.minimumWidth())
    column.setMaximumWidth(scroll.maximumWidth())
    _replace(scroll, column)
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
    """The side panel above the findings: when first shown, the panel gets the height
    its content needs (as much as leaves the findings FINDINGS_MIN) and the findings
    the rest; the user can drag the line between them."""

    FINDINGS_MIN = 130

    def __init__(self, orientation: Qt.Orientation) -> None:
        super().__init__(orientation)
        self._sized = False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._sized or self.count() != 2:
            return
        self._sized = True
        scroll = self.widget(0)
        content = scroll.widget() if isinstance(scroll, QScrollArea) else None
        total = self.height() - self.handleWidth()
        want = content.sizeHint().height() + 4 if content is not None else total // 2
        top = min(want, max(total - self.FINDINGS_MIN, total // 2))
        self.setSizes([top, total - top])


def _replace(old: QWidget, new: QWidget) -> None:
    """Put ``new`` where ``old`` is (``old`` then goes inside ``new``). The parent is
    set through calls that hand ``new`` to Qt: after a bare ``replaceWidget`` Python
    would still own it and delete it with the last reference."""
    parent = old.parentWidget()
    if isinstance(parent, QSplitter):
        parent.insertWidget(parent.indexOf(old), new)
    elif parent is not None and parent.layout() is not None:
        new.setParent(parent)
        parent.layout().replaceWidget(old, new)
        new.show()
