"""PDF form fields on blank sheets (issue 15, item 7): while ``form_fields()`` is
active, every empty labelled box of a sheet (``boxes.field``: Name, Player, Basic
Concept…) and every empty notes section also becomes a text field a player can type
into in a PDF reader. A faint tint shows where to type, on screen and on paper."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf.page import Rect

_names: ContextVar[dict[str, int] | None] = ContextVar("form_field_names", default=None)
FILL = Color(0.88, 0.92, 1.0, alpha=0.35)
"""A light tint that shows a reader where to type (most readers add their own)."""


@contextmanager
def form_fields() -> Iterator[None]:
    """Add form fields to the empty boxes drawn inside the ``with`` block."""
    token = _names.set({})
    try:
        yield
    finally:
        _names.reset(token)


def active() -> bool:
    return _names.get() is not None


def text_field(canvas: Canvas, box: Rect, name: str, *, multiline: bool = False,
               size: float = 9) -> str | None:
    """A text field over ``box`` named ``name`` (made unique: "Name 2"), or None when
    no form is being made or the box is too small to type in."""
    names = _names.get()
    if names is None or box.w < 8 or box.h < 6:
        return None
    base = " ".join(name.split()) or "Field"
    count = names.get(base, 0) + 1
    names[base] = count
    unique = base if count == 1 else f"{base} {count}"
    canvas.acroForm.textfield(
        name=unique, tooltip=unique, x=box.x, y=box.y, width=box.w, height=box.h,
        borderWidth=0, fillColor=FILL, textColor=Color(0, 0, 0), forceBorder=False,
        fontName="Helvetica", fontSize=0 if multiline else min(size, box.h * 0.8),
        fieldFlags="multiline" if multiline else "", value="")
    return unique
