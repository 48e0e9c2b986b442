"""A Designer form with its hidden tab pages cut out, each to be loaded when first shown.

An editor's form holds every tab page (Pocket Universe's 229 widgets on eight tabs), of
which the first screen shows one. ``split`` keeps the form whole on disk (one file to
edit in Designer) and gives the loader the form with the tab widget's other pages left
empty, each page's content as a form of its own, and which page holds each named widget
or layout (``desktop.ui.lazy_pages`` loads a page when it is needed). A form is cut once
per process.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path
from typing import NamedTuple
from xml.parsers import expat

KEPT = ("attribute", "property")
"""What stays on an emptied page: its tab's title, icon and tooltip, its own settings."""
NAMED = ("widget", "layout", "spacer", "action")
MARGINS = ("margin", "leftMargin", "topMargin", "rightMargin", "bottomMargin")


class SplitForm(NamedTuple):
    """A Designer form cut up by ``split``: the main form, and each hidden tab page's content."""

    main: bytes
    """The form with the tab widget's pages, all but the current one, left empty."""
    pages: dict[str, bytes]
    """Each emptied page's object name to a form of its content (``content_name``)."""
    owners: dict[str, str]
    """Each object name in a page's content to that page's name."""
    plain: tuple[str, ...] = ()
    """The pages (the current one too) whose layout sets no margins of its own. Loaded
    with the form, such a layout has the loader's margins for a page; loaded as a
    form's root, none: a page put off gets the current page's back
    (``desktop.ui.lazy_pages``)."""


def content_name(page: str) -> str:
    """The object name of the widget that holds a page's content once loaded."""
    return f"{page}Content"


def split_form(path: Path, tabs: str) -> SplitForm:
    """``split`` of the form at ``path``, cut once per version of the file."""
    stat = os.stat(path)
    return _split_file(str(path), stat.st_size, stat.st_mtime_ns, tabs)


@cache
def _split_file(path: str, size: int, mtime_ns: int, tabs: str) -> SplitForm:
    with open(path, "rb") as handle:
        return split(handle.read(), tabs)


def split(ui: bytes, tabs: str) -> SplitForm:
    """Cut the pages of the QTabWidget named ``tabs`` out of the form ``ui``: every page
    but the current one keeps its attributes and properties, and its layout and widgets
    become a form whose root is a plain QWidget named ``content_name(page)``.

    Expat reads the tab widget and says where each of its pages' children starts and
    ends; the pieces are cut out of the bytes as they are, not written out again.

    A page whose widgets name a buddy outside it would lose the buddy when loaded alone,
    so it is refused (a ValueError, as for a form without that tab widget)."""
    scan = _Scan(ui, tabs)
    pages: dict[str, bytes] = {}
    owners: dict[str, str] = {}
    cuts: list[tuple[int, int]] = []
    for index, page in enumerate(scan.pages):
        if index == scan.current or not page.moved:
            continue
        holder = content_name(page.name)
        if b'name="%s"' % holder.encode() in ui:
            raise ValueError(f"the form already has a widget named {holder!r}")
        content = b"".join(ui[begin:end] for begin, end in page.moved)
        names = {name.decode() for name in _NAME.findall(content)}
        for buddy in _BUDDY.findall(content):
            if buddy.decode() not in names:
                raise ValueError(f"a label on page {page.name!r} names the buddy "
                                 f"{buddy.decode()!r}, which is not on that page")
        owners.update(dict.fromkeys([*names, holder], page.name))
        pages[page.name] = PAGE_FORM % (holder.encode(), content)
        cuts.extend(page.moved)
    main = bytearray(ui)
    for begin, end in reversed(cuts):
        del main[begin:end]
    plain = tuple(page.name for page in scan.pages if page.plain)
    return SplitForm(bytes(main), pages, owners, plain)


PAGE_FORM = b'<ui version="4.0"><widget class="QWidget" name="%s">%s</widget></ui>'
"""A page's content as a form of its own: a plain QWidget holding it."""
_NAME = re.compile(rb'<(?:%s)\s[^>]*?\bname="([^"]+)"' % "|".join(NAMED).encode())
"""An object's name in a piece of form (Designer escapes ">" in attribute values)."""
_BUDDY = re.compile(rb'<property name="buddy">\s*<cstring>([^<]*)</cstring>')


class _Page:
    """What ``_Scan`` finds on one page of the tab widget."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.moved: list[tuple[int, int]] = []
        """The byte ranges of the page's children that leave it (not in ``KEPT``)."""
        self.layout = False
        self.margins = False
        """Whether the page has a layout, and whether that layout sets margins."""

    @property
    def plain(self) -> bool:
        """Whether the page's layout leaves its margins to the loader."""
        return self.layout and not self.margins


class _Scan:
    """One expat pass over the tab widget named ``tabs`` in a form: its class, its
    current index and its pages.

    The form up to the tab widget is read without handlers; in it, the depth counts
    from the tab widget (0), its pages and properties (1) and the pages' children (2)."""

    def __init__(self, ui: bytes, tabs: str) -> None:
        found = ui.find(b'name="%s"' % tabs.encode())
        begin = ui.rfind(b"<", 0, found) if found >= 0 else -1
        self.ui = ui
        self.current = 0
        self.pages: list[_Page] = []
        self._depth = 0
        self._kind = ""
        """The tab widget's class, read from its start tag."""
        self._on_page = False
        self._child: tuple[str, int] = ("", 0)
        """The page's child being read: its tag and where it starts."""
        self._number: list[str] = []
        parser = expat.ParserCreate()
        self._parser = parser
        if begin >= 0:
            parser.Parse(ui[:begin], False)
            parser.StartElementHandler = self._start
            parser.EndElementHandler = self._end
        parser.Parse(ui[max(begin, 0):], True)
        if self._kind != "QTabWidget":
            raise ValueError(f"the form has no QTabWidget named {tabs!r}")
        if self._number:
            self.current = int("".join(self._number).strip() or 0)

    def _start(self, tag: str, attrs: dict[str, str]) -> None:
        depth = self._depth
        self._depth = depth + 1
        if depth == 0:
            self._kind = attrs.get("class", "") if tag == "widget" else ""
        elif depth == 1:
            self._on_page = tag == "widget"
            if self._on_page:
                self.pages.append(_Page(attrs.get("name", "")))
            elif tag == "property" and attrs.get("name") == "currentIndex":
                self._parser.CharacterDataHandler = self._number.append
        elif depth == 2 and self._on_page:
            self._child = (tag, self._parser.CurrentByteIndex)
        elif (depth == 3 and self._on_page and self._child[0] == "layout"
              and tag == "property" and attrs.get("name") in MARGINS):
            self.pages[-1].margins = True

    def _end(self, tag: str) -> None:
        depth = self._depth - 1
        self._depth = depth
        if depth == 2 and self._on_page:
            page = self.pages[-1]
            if tag not in KEPT:
                page.moved.append((self._child[1], self._end_of(self._child[1])))
            if tag == "layout":
                page.layout = True
        elif depth == 1 and not self._on_page:
            self._parser.CharacterDataHandler = None
        elif depth == 0:  # the rest of the form is only checked
            self._parser.StartElementHandler = None
            self._parser.EndElementHandler = None

    def _end_of(self, begin: int) -> int:
        """Where the element that starts at ``begin``, and has just ended, stops."""
        tag_end = _start_tag_end(self.ui, begin)
        if self.ui[tag_end - 2] == ord("/"):  # <tag .../>
            return tag_end
        return self.ui.index(b">", self._parser.CurrentByteIndex) + 1  # after </tag>


def _start_tag_end(ui: bytes, begin: int) -> int:
    """Where the start tag at ``begin`` stops (after its ">", outside quoted values)."""
    quote = None
    for index in range(begin, len(ui)):
        char = ui[index]
        if quote is not None:
            if char == quote:
                quote = None
        elif char in b"\"'":
            quote = char
        elif char == ord(">"):
            return index + 1
    raise ValueError("the form ends inside a tag")
