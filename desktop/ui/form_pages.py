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
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

KEPT = ("attribute", "property")
"""What stays on an emptied page: its tab's title, icon and tooltip, its own settings."""
NAMED = ("widget", "layout", "spacer", "action")
MARGINS = ("margin", "leftMargin", "topMargin", "rightMargin", "bottomMargin")


class SplitForm(NamedTuple):
    """A Designer form cut up by ``split``: the main form, and each hidden tab page's content."""

    main: bytes
    """The form with the tab widget's pages, all but the current one, left empty."""
    pages: dict[str, Element]
    """Each emptied page's object name to a form of its content (``content_name``),
    written out by ``page_form`` when the page is loaded: most pages are loaded after
    the first paint, or never."""
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

    A page whose widgets name a buddy outside it would lose the buddy when loaded alone,
    so it is refused (a ValueError, as for a form without that tab widget)."""
    from xml.etree import ElementTree

    root = ElementTree.fromstring(ui)
    tab_widget = next((w for w in root.iter("widget") if w.get("name") == tabs), None)
    if tab_widget is None or tab_widget.get("class") != "QTabWidget":
        raise ValueError(f"the form has no QTabWidget named {tabs!r}")
    current = int(tab_widget.findtext("property[@name='currentIndex']/number") or 0)
    pages: dict[str, Element] = {}
    owners: dict[str, str] = {}
    plain: list[str] = []
    for index, page in enumerate(tab_widget.findall("widget")):
        moved = [element for element in page if element.tag not in KEPT]
        if _plain(page.find("layout")):
            plain.append(page.get("name", ""))
        if index == current or not moved:
            continue
        name = page.get("name", "")
        if any(w.get("name") == content_name(name) for w in root.iter("widget")):
            raise ValueError(f"the form already has a widget named {content_name(name)!r}")
        content = ElementTree.Element("widget", {"class": "QWidget",
                                                 "name": content_name(name)})
        for element in moved:
            page.remove(element)
            content.append(element)
        names = {e.get("name") for e in content.iter() if e.tag in NAMED and e.get("name")}
        _check_buddies(content, names, name)
        owners.update(dict.fromkeys(names, name))
        document = ElementTree.Element("ui", {"version": "4.0"})
        document.append(content)
        pages[name] = document
    return SplitForm(ElementTree.tostring(root), pages, owners, tuple(plain))


def page_form(page: Element) -> bytes:
    """A page's content (``SplitForm.pages``) as the form the loader reads."""
    from xml.etree import ElementTree

    return ElementTree.tostring(page)


def _plain(layout: Element | None) -> bool:
    """Whether a page's layout leaves its margins to the loader."""
    return layout is not None and not any(
        prop.get("name") in MARGINS for prop in layout.findall("property"))


def _check_buddies(content: Element, names: set[str], page: str) -> None:
    for buddy in content.iterfind(".//property[@name='buddy']/cstring"):
        if buddy.text not in names:
            raise ValueError(f"a label on page {page!r} names the buddy {buddy.text!r}, "
                             "which is not on that page")
