"""A tab widget whose hidden pages are loaded when first needed.

The form comes without the content of its hidden pages (``desktop.ui.form_pages``). A
page's content is loaded, put on its page and bound by the editor (``when_built``) when
the first of these comes:

- its tab is chosen (before the page is painted);
- something looks up a widget on it by name (``desktop.ui.forms.child``, as the editors'
  lookups and the findings' jumps do);
- the editor has been painted once: the pages left are then loaded one at a time, each
  in its own turn of the event loop, so that a tab chosen later shows at once.

A loaded page is drawn as in the whole form: its content keeps the margins the loader
gives a page, is polished and laid out at the page's size at once, and its widgets take
their place in the keyboard's Tab order where the whole form puts them, after the pages
before it. Only the page shown sets how small the tab widget may be (``size_to_page``),
so that pages loaded after the first paint do not widen the sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QSizePolicy, QTabWidget, QVBoxLayout, QWidget

from desktop.ui.form_pages import SplitForm

_V = TypeVar("_V")
Load = Callable[[bytes, QWidget], QWidget]
"""Loads a form's bytes as a child of a widget (``desktop.ui.forms``)."""
WhenBuilt = Callable[[str, Callable[[], None]], None]
"""Runs a binding once the form's widget of a name is loaded
(``CharacterEditor.when_built``)."""


class LazyPages(QObject):
    """The pages of ``tabs`` still to load, and what waits for each."""

    OBJECT_NAME = "sheetdeskLazyPages"
    """Found by this name (``forms.pages_of``): a search by Python class wraps every
    object in the form for Python to test, 1-6 ms of opening a file."""
    built = Signal(str)
    """A page was loaded and bound (its object name)."""

    def __init__(self, tabs: QTabWidget, split: SplitForm, load: Load) -> None:
        super().__init__(tabs)
        self.setObjectName(self.OBJECT_NAME)
        self.tabs = tabs
        self._load = load
        self._pending = dict(split.pages)
        self._owners = split.owners
        self._plain = frozenset(split.plain)
        shown = tabs.currentWidget()
        self._page_margins = (shown.layout().contentsMargins() if shown is not None
                              and shown.objectName() in self._plain else None)
        """The margins the loader gives a page's layout (the current page's)."""
        self._waiting: dict[str, list[Callable[[], None]]] = {}
        self._tab_order: dict[str, list[QWidget]] = {}
        """The focusable widgets of each page loaded here, in Tab order."""
        tabs.currentChanged.connect(self._chosen)
        size_to_page(tabs, tabs.currentIndex())

    def pending(self) -> list[str]:
        """The pages not loaded yet, in no particular order."""
        return list(self._pending)

    def holds(self, name: str) -> bool:
        """Whether the object ``name`` is on a page not loaded yet."""
        return self._owners.get(name) in self._pending

    def when_built(self, name: str, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the page holding the object ``name`` is loaded: now if
        it is (or ``name`` is on no page put off)."""
        page = self._owners.get(name)
        if page in self._pending:
            self._waiting.setdefault(page, []).append(callback)
        else:
            callback()

    def build_holding(self, name: str) -> bool:
        """Load the page holding the object ``name``; whether there was one to load."""
        page = self._owners.get(name)
        if page not in self._pending:
            return False
        self.build(page)
        return True

    def build(self, page: str) -> None:
        """Load ``page``'s content, place it and run what waited for it."""
        data = self._pending.pop(page, None)
        if data is None:
            return
        holder = self._page(page)
        content = self._load(data, holder)
        if page in self._plain:
            self._give_page_margins(content)
        layout = QVBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(content)
        content.show()  # shown with its page (now, if the page is the one chosen)
        # Polished and laid out at the page's size now, as the whole form's pages are
        # when the window is first shown: until then a word-wrapped label's height (and
        # so the page's size hint, which fits the tab widget to it) is a guess.
        content.ensurePolished()
        content.setGeometry(holder.contentsRect())
        if content.layout() is not None:
            content.layout().activate()
        self._tab_order[page] = self._take_tab_order(holder, content)
        for callback in self._waiting.pop(page, []):
            callback()
        self.built.emit(page)

    def build_all(self) -> None:
        """Load every page left, now."""
        for page in list(self._pending):
            self.build(page)

    def build_rest_in_turns(self) -> None:
        """Load the pages left one at a time, each in its own turn of the event loop."""
        if self._pending:
            self.build(self._first_pending())
            QTimer.singleShot(0, self, self.build_rest_in_turns)  # not once self is gone

    def _give_page_margins(self, content: QWidget) -> None:
        """A page's layout without margins of its own gets those the loader gave the
        page loaded with the form (it leaves a form's root layout without any)."""
        inner = content.layout()
        if self._page_margins is not None and inner is not None:
            inner.setContentsMargins(self._page_margins)

    def _first_pending(self) -> str:
        return next(self.tabs.widget(i).objectName() for i in range(self.tabs.count())
                    if self.tabs.widget(i).objectName() in self._pending)

    def _chosen(self, index: int) -> None:
        page = self.tabs.widget(index)
        if page is not None:
            self.build(page.objectName())
        size_to_page(self.tabs, index)

    def _page(self, name: str) -> QWidget:
        for index in range(self.tabs.count()):
            page = self.tabs.widget(index)
            if page.objectName() == name:
                return page
        raise LookupError(f"the tab widget has no page named {name!r}")

    def _take_tab_order(self, holder: QWidget, content: QWidget) -> list[QWidget]:
        """Put the content's focusable widgets where the whole form has them, after the
        focusable widgets of the pages before (else after the tab bar): a widget made
        after the form would come last in the window's Tab order."""
        before: QWidget = self.tabs.tabBar()
        for index in range(self.tabs.indexOf(holder)):
            page = self.tabs.widget(index)
            found = self._tab_order.get(page.objectName())
            if found is None and page.objectName() not in self._pending:
                found = _focusable(page)  # loaded with the form: its own run of the order
            if found:
                before = found[-1]
        widgets = _focusable(content)
        for widget in widgets:
            QWidget.setTabOrder(before, widget)
            before = widget
        return widgets


def size_to_page(tabs: QTabWidget, index: int) -> None:
    """Only the page at ``index`` sets the least size of ``tabs``: the others' size
    policies are Ignored. The whole form sizes it to its largest page, which a page
    loaded later would change after the first paint (Protector's sheet, 800 px wide,
    gaining a scroll bar for its Agents page while it shows the life path)."""
    for position in range(tabs.count()):
        page = tabs.widget(position)
        policy = (QSizePolicy.Policy.Preferred if position == index
                  else QSizePolicy.Policy.Ignored)
        if page.sizePolicy().horizontalPolicy() != policy:
            page.setSizePolicy(policy, policy)


def _focusable(root: QWidget) -> list[QWidget]:
    """The widgets under ``root`` that the Tab key can reach, in Tab order."""
    found = []
    widget = root.nextInFocusChain()
    while widget is not root and root.isAncestorOf(widget):
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            found.append(widget)
        widget = widget.nextInFocusChain()
    return found


class BoundOnUse(dict[str, _V]):
    """Parts of an editor bound as their tab pages are loaded, by key: asking for one not
    bound yet (``parts[key]``) loads its page first (``load(key)``), as a lookup of its
    widget would. ``get``, ``in`` and the views see only the parts bound so far."""

    def __init__(self, load: Callable[[str], object]) -> None:
        super().__init__()
        self._load = load

    def __missing__(self, key: str) -> _V:
        self._load(key)
        if key in self:
            return dict.__getitem__(self, key)
        raise KeyError(key)
