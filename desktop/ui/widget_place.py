"""Putting a widget where a loaded form has another, in its splitter or layout."""

from __future__ import annotations

from PySide6.QtWidgets import QSplitter, QWidget


def put_in_place(old: QWidget, new: QWidget) -> bool:
    """Put ``new`` where a form has ``old``, in its parent's splitter or layout (``old``
    stays its parent's child, out of the layout); False if it is in neither. The parent
    is set through calls that hand ``new`` to Qt: after a bare ``replaceWidget`` Python
    would still own it and delete it with the last reference."""
    parent = old.parentWidget()
    if isinstance(parent, QSplitter):
        parent.insertWidget(parent.indexOf(old), new)
    elif parent is not None and parent.layout() is not None:
        new.setParent(parent)
        parent.layout().replaceWidget(old, new)
        new.show()
    else:
        return False
    return True
