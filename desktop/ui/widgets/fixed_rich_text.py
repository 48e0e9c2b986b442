"""A word-wrapped rich text that is set once (a reference from the book), measured once
at each width, and in a ``sheetdesk`` process once for all its runs.

A rich-text QLabel lays its text out through a text document twice for each width a
layout asks it about (at that width, then back at its own), and the layout passes of a
window's first show ask about the same few widths dozens of times: Protector's RISKED
reference, some 1,000 characters beside the editor, took 5 ms of opening a file
(issue 17). ``FixedRichText`` keeps each answer until its text, font or style changes.
Its size hint (four layouts of the text, to find a width that suits it) and the heights
of a window's first show, another 3-4 ms, are kept in the compile cache's file
(``desktop.compile_cache``) under everything they are made of: the text, the font as
asked for and as found, the style sheet, the screen's resolution, the label's margins,
frame and width limits and Qt's version.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEvent, QSize, Qt, qVersion
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QLabel, QWidget

from desktop import compile_cache
from desktop.ui.widget_place import beside, replace_label

T = TypeVar("T")

MAX_KEPT = 48
"""Measurements kept for one text: a window's first show asks for 5-10 widths; a user
resizing it asks for many more, measured but not kept past these."""

_REMEASURE = frozenset({QEvent.Type.FontChange, QEvent.Type.StyleChange})
"""Changes after which a text takes other heights."""


class FixedRichText(QLabel):
    """A word-wrapped rich-text label whose size hints and height at each width are
    measured once."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._known: dict[object, object] | None = None
        """Its measurements (None until asked for one), as kept under ``_key``."""
        self._key = ""
        self._first = True
        """Whether nothing was kept for this text before this run."""
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setText(text)

    def setText(self, text: str) -> None:
        self._known = None
        super().setText(text)

    def sizeHint(self) -> QSize:
        return QSize(*self._measured("hint", lambda: _pair(QLabel.sizeHint(self))))

    def minimumSizeHint(self) -> QSize:
        return QSize(*self._measured("minimum", lambda: _pair(QLabel.minimumSizeHint(self))))

    def heightForWidth(self, width: int) -> int:
        return self._measured(width, lambda: QLabel.heightForWidth(self, width))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in _REMEASURE:
            self._known = None
        super().changeEvent(event)

    def _measured(self, what: object, measure: Callable[[], T]) -> T:
        """The measurement ``what`` (a size hint, or the height at a width): as made
        before for this text in this font, style and screen, else made now and kept."""
        known = self._known
        if known is None:
            self._key = _key(self)
            kept = compile_cache.recall(self._key, dict)
            self._first = not kept
            known = self._known = dict(kept) if kept else {}
        value = known.get(what)
        if value is None:
            value = known[what] = measure()
            if len(known) <= MAX_KEPT:
                # Only a text's first measurements are reason to write the file before
                # the first paint; a new width (a window of another size) waits for
                # the next run that writes it anyway.
                compile_cache.keep(self._key, dict(known), write=self._first)
        return value  # type: ignore[return-value]


def _pair(size: QSize) -> tuple[int, int]:
    return size.width(), size.height()


def _key(label: QLabel) -> str:
    """Everything a rich label's measurements are made of, whole."""
    font = label.font()
    margins = label.contentsMargins()
    screen = (label.logicalDpiX(), label.logicalDpiY(), label.devicePixelRatioF())
    limits = (label.minimumWidth(), label.maximumWidth(), label.margin(), label.indent(),
              label.frameWidth(), int(label.alignment().value), margins.left(),
              margins.top(), margins.right(), margins.bottom())
    # Not the QStyle itself (what it adds is in the margins and frame): reaching it from
    # Python builds the class and its 590 enum members, 4 ms.
    return (f"richtext:1:{qVersion()}:{label.styleSheet()}:{font.toString()}:"
            f"{QFontInfo(font).family()}:{screen}:{limits}:{label.text()}")


def put_in_place_of(label: QLabel, text: str) -> FixedRichText:
    """A ``FixedRichText`` of ``text`` where a form has ``label`` (in its layout, with its
    name, tool tip and size policy); ``label`` goes."""
    fixed = FixedRichText(text, beside(label))
    replace_label(label, fixed)
    return fixed
