"""Bare widgets (a scroll area's viewport, a container, a form's root) reached as
QObjects before a window's first paint.

PySide makes the Python object of a bare QWidget that a call returns *as a QWidget*
(``viewport()``, ``parentWidget()``, a loaded form's root) by trying every QWidget
subclass it knows, and the first time in a process that builds the Python classes of
some 60 of them and their enums (QWizard, QCalendarWidget, ...): ~4 ms of opening a file
or the GM screen. Returned as a QObject (``parent()``, ``findChild``), the object is
made at once; once made, every call returns the same one while it is kept.
(tests/ui/test_plain_widgets.py)
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

VIEWPORT = "qt_scrollarea_viewport"
"""The object name QAbstractScrollArea gives its viewport."""


def viewport(area: QAbstractScrollArea) -> QWidget:
    """``area.viewport()``, found as a QObject."""
    found = area.findChild(QWidget, VIEWPORT, Qt.FindChildOption.FindDirectChildrenOnly)
    return found if found is not None else area.viewport()
