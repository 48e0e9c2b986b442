"""Word-wrapped labels that keep their height at each width until their text changes.

A layout asks a word-wrapped label its height for a width by laying its text out, and
asks again each time it lays itself out; a label on a tab page is asked through the
tab widget's stacked layout, which keeps no answer, and its box layout asks each width
twice (the height and the least height, the second never kept). In a window's first
show that came to 24-109 text layouts of one label (Pocket Universe's trait texts,
Protector's decade traits, Warlords of Kruhl's skills caption), each up to 40 µs:
1.5-3.5 ms of opening a file (issue 17, counted in instructions). Not Powers' costs:
with those two replaced, a test of the Powers editor later in a long test run met
"Slot 'CharacterDocument::' not found" in Qt's event loop in most full runs (never
alone, and never without them; the cause is not found).

A form marks such a label with the dynamic property ``keepHeights``
(``<property name="keepHeights" stdset="0"><bool>true</bool></property>``, which Qt
Designer keeps); the form loader puts a ``KeptHeightsLabel`` in its place
(``keep_heights``). Not every label: each answer then goes through Python (a few µs),
more than a short label's own measure costs, and Qt's form loader builds every widget of
a form through Python once a Python class is registered with it (1.5-2.5 % of opening a
file), so the label is replaced after loading instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QWidget

from desktop.ui.widget_place import beside, replace_label

MARK = re.compile(rb'<property name="keepHeights" stdset="0">\s*<bool>true</bool>')
"""The property that marks a label in a .ui file (starting with its tag, which ``re``
looks for as a whole)."""
OWNER = re.compile(rb'<widget class="QLabel" name="(\w+)"')


def marked(data: bytes) -> list[str]:
    """The names of the labels the form ``data`` marks with ``keepHeights``."""
    names = []
    for mark in MARK.finditer(data):
        owner = OWNER.match(data, data.rfind(b"<widget ", 0, mark.start()))
        if owner is not None:
            names.append(owner.group(1).decode("ascii"))
    return names


def keep_heights(root: QWidget, names: Iterable[str]) -> None:
    """Put a ``KeptHeightsLabel`` in the place of each label ``names`` under ``root``."""
    for name in names:
        label = root.findChild(QLabel, name)
        if label is not None and not isinstance(label, KeptHeightsLabel):
            kept = KeptHeightsLabel(label.text(), beside(label))
            kept.setTextFormat(label.textFormat())
            replace_label(label, kept)


class KeptHeightsLabel(QLabel):
    """A word-wrapped label that measures its height at a width once for its text, font,
    style and text interaction."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._heights: dict[int, int] = {}
        self.setWordWrap(True)

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = QLabel.heightForWidth(self, width)
        return height

    def setText(self, text: str) -> None:
        if text != self.text():
            self._heights.clear()
            super().setText(text)

    def clear(self) -> None:
        self._heights.clear()
        super().clear()

    def setTextInteractionFlags(self, flags: Qt.TextInteractionFlag) -> None:
        """Selectable text is measured through a text document (a pixel may differ)."""
        self._heights.clear()
        super().setTextInteractionFlags(flags)

    def changeEvent(self, event: QEvent) -> None:
        self._heights.clear()  # a font, style or direction: another measure
        super().changeEvent(event)
