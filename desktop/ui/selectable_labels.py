"""Labels a form makes selectable with the mouse (its derived values): selectable from
the moment the pointer first reaches one, not from the moment the form is loaded.

A QLabel whose text can be selected lays its text out through a QTextDocument of its
own, where a plain label measures its text with the font's metrics; and it measures
again twice for every width a layout asks about (once at that width, once back at its
own). Opening a character asked so for every value label in every layout pass of the
first show: 5-10 ms of the first paint (Pocket Universe's 46 value labels, Protector's
21, POW!'s 21). So the loader takes the flag out of the form (``put_off``)
and gives it back to each label when the pointer enters it, or on a click or a context
menu before that (``selectable_on_hover``): the cursor turns to a text cursor over a
value and a drag selects it, as before. (A label under the pointer as its form is first
painted becomes selectable on the first click.) A value looks the same either way, but
for where a text document places its glyphs once it is selectable (a fraction of a
pixel apart).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QRegularExpression, Qt
from PySide6.QtWidgets import QLabel, QWidget

from desktop.ui.widgets.when_shown import after_first_paint

SELECTABLE = re.compile(
    rb'<property name="textInteractionFlags">\s*'
    rb'<set>Qt::(?:TextInteractionFlag::)?TextSelectableByMouse</set>\s*</property>')
"""A widget's text selectable with the mouse, and with nothing else, in a .ui file.
(Starting with its tag, which ``re`` looks for as a whole: a leading ``\\s*`` made it
try every space of the form, 1.5 ms of a form.)"""
OWNER = re.compile(rb'<widget class="(\w+)" name="(\w+)"')
"""The opening tag of the widget a property belongs to (its properties come first)."""


def put_off(data: bytes) -> tuple[bytes, list[str]]:
    """The form ``data`` without the selectable flag of its labels, and their names."""
    names: list[str] = []
    kept: list[bytes] = []
    last = 0
    for flag in SELECTABLE.finditer(data):
        owner = OWNER.match(data, data.rfind(b"<widget ", 0, flag.start()))
        if owner is None or owner.group(1) != b"QLabel":
            continue  # another widget's flag: left as the form has it
        names.append(owner.group(2).decode("ascii"))
        kept.append(data[last:flag.start()])
        last = flag.end()
    if not names:
        return data, names
    kept.append(data[last:])
    return b"".join(kept), names


def selectable_on_hover(root: QWidget, names: Sequence[str]) -> None:
    """Make the labels ``names`` under ``root`` selectable with the mouse once the
    pointer reaches them. They are watched from ``root``'s first paint on (no pointer
    reaches a label before): the events of its first show (some 350 for Pocket
    Universe's form) do not go through Python."""
    if names:
        after_first_paint(root, lambda: _watch(root, names))


def _watch(root: QWidget, names: Sequence[str]) -> None:
    pattern = QRegularExpression("^(?:" + "|".join(map(re.escape, names)) + ")$")
    labels = root.findChildren(QLabel, pattern)
    if labels:
        watcher = _FirstHover(root)
        for label in labels:
            label.installEventFilter(watcher)


class _FirstHover(QObject):
    """Gives each label it watches the selectable flag on the first event that can
    start a selection (before the label handles it), then stops watching it."""

    WAKE = frozenset({QEvent.Type.Enter, QEvent.Type.MouseButtonPress,
                      QEvent.Type.ContextMenu})
    SELECTABLE = Qt.TextInteractionFlag.TextSelectableByMouse

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in self.WAKE and isinstance(watched, QLabel):
            watched.removeEventFilter(self)
            watched.setTextInteractionFlags(self.SELECTABLE)
        return False
