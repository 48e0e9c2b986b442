"""A word-wrapped rich text that is set once (a reference from the book), measured once
at each width.

A rich-text QLabel lays its text out through a text document twice for each width a
layout asks it about (at that width, then back at its own), and the layout passes of a
window's first show ask about the same few widths dozens of times: Protector's RISKED
reference, some 1,000 characters beside the editor, took 5 ms of opening a file
(issue 17). ``FixedRichText`` keeps each answer until its text, font or style changes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QWidget

from desktop.ui.forms import put_in_place

_REMEASURE = frozenset({QEvent.Type.FontChange, QEvent.Type.StyleChange})
"""Changes after which a text takes other heights."""


class FixedRichText(QLabel):
    """A word-wrapped rich-text label whose height at each width is measured once."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._heights: dict[int, int] = {}
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setText(text)

    def setText(self, text: str) -> None:
        self._heights.clear()
        super().setText(text)

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = super().heightForWidth(width)
        return height

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in _REMEASURE:
            self._heights.clear()
        super().changeEvent(event)


def put_in_place_of(label: QLabel, text: str) -> FixedRichText:
    """A ``FixedRichText`` of ``text`` where a form has ``label`` (in its layout, with its
    name, tool tip and size policy); ``label`` goes."""
    fixed = FixedRichText(text)
    fixed.setToolTip(label.toolTip())
    fixed.setSizePolicy(label.sizePolicy())
    fixed.setAlignment(label.alignment())
    if not put_in_place(label, fixed):
        raise LookupError(f"label {label.objectName()!r} is not in a layout")
    name = label.objectName()
    label.setObjectName("")  # the name is the new label's from now on
    fixed.setObjectName(name)
    fixed.setHidden(label.isHidden())
    label.hide()  # out of the layout, but painted where it was until it is deleted
    label.deleteLater()
    return fixed
