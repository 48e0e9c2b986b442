"""Putting a widget where a loaded form has another: in its splitter or layout, and
for a label, with the looks the form gave it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSplitter, QWidget


def put_in_place(old: QWidget, new: QWidget) -> bool:
    """Put ``new`` where a form has ``old``, in its parent's splitter or layout (``old``
    stays its parent's child, out of the layout); False if it is in neither. The parent
    is set through calls that hand ``new`` to Qt: after a bare ``replaceWidget`` Python
    would still own it and delete it with the last reference."""
    parent = old.parent()  # as a QObject: see desktop.ui.plain_widgets
    if isinstance(parent, QSplitter):
        parent.insertWidget(parent.indexOf(old), new)
    elif isinstance(parent, QWidget) and parent.layout() is not None:
        if new.parent() is not parent:  # made there, it is not made a window first
            new.setParent(parent)
        parent.layout().replaceWidget(old, new)
        new.show()
    else:
        return False
    return True


def beside(old: QWidget) -> QWidget | None:
    """The parent to make a widget that replaces ``old`` with: a widget made without one
    is a window until it is given one, and reparenting it costs ~0.3 ms."""
    parent = old.parent()  # as a QObject: see desktop.ui.plain_widgets
    return parent if isinstance(parent, QWidget) else None


def replace_label(old: QLabel, new: QLabel) -> None:
    """Put ``new`` (its text, text format and wrapping set) where a form has ``old``,
    with what else the form gives a label: name, tool tip, size policy and limits,
    alignment, margins, buddy, font and style sheet; ``old`` goes."""
    new.setToolTip(old.toolTip())
    new.setSizePolicy(old.sizePolicy())
    new.setMinimumSize(old.minimumSize())
    new.setMaximumSize(old.maximumSize())
    new.setAlignment(old.alignment())
    new.setMargin(old.margin())
    new.setIndent(old.indent())
    new.setOpenExternalLinks(old.openExternalLinks())
    if old.buddy() is not None:
        new.setBuddy(old.buddy())
    if old.testAttribute(Qt.WidgetAttribute.WA_SetFont):
        new.setFont(old.font())
    if old.styleSheet():
        new.setStyleSheet(old.styleSheet())
    if not put_in_place(old, new):
        raise LookupError(f"label {old.objectName()!r} is not in a layout")
    name = old.objectName()
    old.setObjectName("")  # the name is the new label's from now on
    new.setObjectName(name)
    new.setHidden(old.isHidden())
    old.hide()  # out of the layout, but painted where it was until it is deleted
    old.deleteLater()
