"""Qt Designer forms, loaded at run time with QUiLoader.

Loading (rather than compiling with pyside6-uic) means a checkout, an editable install,
a wheel and a PyInstaller bundle all run the same .ui files found by desktop.paths,
with no build step and no generated code to keep in sync (README, developer notes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QObject
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QTabWidget, QWidget

from desktop.paths import form
from desktop.ui.selectable_labels import put_off, selectable_on_hover

if TYPE_CHECKING:
    from desktop.ui.lazy_pages import LazyPages

W = TypeVar("W", bound=QObject)


def load_form(name: str, parent: QWidget | None = None, *, lazy_tabs: str = "") -> QWidget:
    """The widget tree of ``forms/<name>``, parented to ``parent``.

    With ``lazy_tabs``, the QTabWidget of that name comes with only its current page
    filled: the others are loaded when needed (``desktop.ui.lazy_pages``, reached with
    ``pages_of``)."""
    path = form(name)
    if lazy_tabs:
        from desktop.ui.form_pages import split_form
        from desktop.ui.lazy_pages import LazyPages

        split = split_form(path, lazy_tabs)
        widget = load_bytes(split.main, parent, str(path))
        LazyPages(child(widget, QTabWidget, lazy_tabs), split,
                  lambda data, holder: load_bytes(data, holder, f"{path} ({holder.objectName()})"))
        return widget
    return load_bytes(path.read_bytes(), parent, str(path))


def load_bytes(data: bytes, parent: QWidget | None, what: str) -> QWidget:
    """The widget tree of the form ``data`` (``what`` names it in an error); its
    selectable labels become selectable when the pointer reaches them
    (``desktop.ui.selectable_labels``)."""
    data, selectable = put_off(data)
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    widget = _loader().load(buffer, parent)
    if widget is None:
        raise RuntimeError(f"form {what} could not be loaded")
    selectable_on_hover(widget, selectable)
    return widget


def pages_of(root: QObject) -> list[LazyPages]:
    """The tab widgets under ``root`` that still have pages to load."""
    from desktop.ui.lazy_pages import LazyPages

    return [pages for pages in root.findChildren(QObject, LazyPages.OBJECT_NAME)
            if isinstance(pages, LazyPages) and pages.pending()]


def _loader() -> QUiLoader:
    """A form loader without Designer's widget plugins: QUiLoader loads every plugin in
    the plugin folders' ``designer`` (Qt Quick, WebEngine, PySide's) as it is built, some
    6 ms at each start, and the forms use only Qt's own widgets."""
    paths = QCoreApplication.libraryPaths()
    QCoreApplication.setLibraryPaths([])
    try:
        return QUiLoader()
    finally:
        QCoreApplication.setLibraryPaths(paths)


def child(root: QObject, kind: type[W], name: str) -> W:
    """The named child of a loaded form (loading the tab page that holds it, if it is
    on one not loaded yet); a clear error if the form lacks it."""
    found = root.findChild(kind, name)
    if found is None and any(pages.build_holding(name) for pages in pages_of(root)):
        found = root.findChild(kind, name)
    if found is None:
        raise LookupError(f"form has no {kind.__name__} named {name!r}")
    return found
