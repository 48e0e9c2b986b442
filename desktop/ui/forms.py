"""Qt Designer forms, loaded at run time with QUiLoader.

Loading (rather than compiling with pyside6-uic) means a checkout, an editable install,
a wheel and a PyInstaller bundle all run the same .ui files found by desktop.paths,
with no build step and no generated code to keep in sync (README, developer notes).
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QFile, QIODevice, QObject
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QWidget

from desktop.paths import form

W = TypeVar("W", bound=QObject)


def load_form(name: str, parent: QWidget | None = None) -> QWidget:
    """The widget tree of ``forms/<name>``, parented to ``parent``."""
    path = form(name)
    handle = QFile(str(path))
    if not handle.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FileNotFoundError(f"cannot open form {path}")
    try:
        widget = _loader().load(handle, parent)
    finally:
        handle.close()
    if widget is None:
        raise RuntimeError(f"form {path} could not be loaded")
    return widget


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
    """The named child of a loaded form; a clear error if the form lacks it."""
    found = root.findChild(kind, name)
    if found is None:
        raise LookupError(f"form has no {kind.__name__} named {name!r}")
    return found
