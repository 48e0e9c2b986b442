"""What every game's editor is to the main window."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QBoxLayout,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.document import CharacterDocument

if TYPE_CHECKING:
    from desktop.ui.lazy_pages import LazyPages

W = TypeVar("W", bound=QWidget)


class CharacterEditor(QWidget):
    """Base of the per-game editors: shows one document and refreshes on its changes.

    A game's editor names its Designer form in ``FORM``; the base loads it to fill the
    editor and gives it a ``Binder`` for the document."""

    FORM = ""
    """The game's form in ``forms/``, e.g. "pow_editor.ui"."""
    LAZY_TABS = ""
    """The form's tab widget whose hidden pages are loaded when needed (``pages``), or
    none: a game's editor binds those pages' widgets in ``when_built``."""
    message = Signal(str)
    """Something to tell the user in the status bar."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._widgets: dict[str, QWidget] = {}
        self.pages: LazyPages | None = None
        document.changed.connect(self.refresh)
        if self.FORM:
            # Here, not at the top: the main window imports this module at start-up,
            # before any game (and so pydantic or the form loader) is needed.
            from desktop.ui.binding import Binder
            from desktop.ui.editor_layout import findings_below, scroll_side_panel
            from desktop.ui.forms import load_form

            self.form = load_form(self.FORM, self, lazy_tabs=self.LAZY_TABS)
            self.pages = self._lazy_pages()
            layout = QVBoxLayout(self)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(self.form)
            scroll_side_panel(self.form)
            findings_below(self.form)
            self.binder = Binder(document)
            self.portrait = self._add_portrait()

    def _w(self, kind: type[W], name: str) -> W:
        """The form's widget ``name`` (a clear error if the form lacks it), looked up once:
        each lookup walks the whole form, and a refresh after every edit asks again for
        the labels and buttons it updates (an edit within 2 ms)."""
        found = self._widgets.get(name)
        if not isinstance(found, kind):
            from desktop.ui.forms import child

            found = self._widgets[name] = child(self.form, kind, name)
        return found

    def _lazy_pages(self) -> LazyPages | None:
        """The form's pages put off, loaded once the editor is first painted (or when
        needed before), the editor refreshed after each."""
        if not self.LAZY_TABS:
            return None
        from desktop.ui.forms import pages_of
        from desktop.ui.widgets.when_shown import after_first_paint

        pages = next(iter(pages_of(self.form)), None)
        if pages is not None:
            pages.built.connect(lambda _page: self.refresh())
            after_first_paint(self, pages.build_rest_in_turns)
        return pages

    def when_built(self, name: str, bind: Callable[[], None]) -> None:
        """Run ``bind`` once the form's widget ``name`` is loaded: now, unless it is on
        a tab page put off (``pages``)."""
        if self.pages is None:
            bind()
        else:
            self.pages.when_built(name, bind)

    def loaded(self, name: str) -> bool:
        """Whether the form's widget ``name`` is loaded (not on a tab page put off)."""
        return self.pages is None or not self.pages.holds(name)

    def build_all_pages(self) -> None:
        """Load every page put off (before looking through all the bound widgets)."""
        if self.pages is not None:
            self.pages.build_all()

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
