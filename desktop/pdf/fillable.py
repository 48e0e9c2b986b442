"""PDF form fields on blank sheets: while ``form_fields()``
is active, every box a player writes in becomes a text field they can type into in a
PDF reader: the empty labelled boxes (``boxes.field``: Name, Player, Basic Concept…),
the numbers a new character starts with (kept as the field's value, to type over), the
blank ruled rows of every table (one field per cell) and the notes sections. A faint
tint shows where to type, on screen and on paper."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf.page import Rect

_names: ContextVar[dict[str, int] | None] = ContextVar("form_field_names", default=None)
FILL = Color(0.88, 0.92, 1.0, alpha=0.35)
"""A light tint that shows a reader where to type (most readers add their own)."""
# reportlab writes a field's text in Latin-1 only: other marks get a plain twin.
_PLAIN = str.maketrans({"−": "-", "‒": "-", "–": "-", "—": "-", "′": "'", "″": '"',
                        "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...", "•": "*",
                        "→": "->", "≤": "<=", "≥": ">="})


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


def plain(text: str) -> str:
    """``text`` in what the form's standard font can show (unknown marks become "?")."""
    return text.translate(_PLAIN).encode("latin-1", "replace").decode("latin-1")


def text_field(canvas: Canvas, box: Rect, name: str, *, multiline: bool = False,
               size: float = 9, value: str = "") -> str | None:
    """A text field over ``box`` named ``name`` (made unique: "Name 2"), or None when
    no form is being made or the box is too small to type in. ``value`` is what it
    shows before anyone types (a value the book prints on its blank sheet); the caller
    then draws nothing there."""
    names = _names.get()
    if names is None or box.w < 8 or box.h < 6:
        return None
    unique = _unique(names, name)
    canvas.acroForm.textfield(
        name=unique, tooltip=unique, x=box.x, y=box.y, width=box.w, height=box.h,
        borderWidth=0, fillColor=FILL, textColor=Color(0, 0, 0), forceBorder=False,
        # One font only: reportlab writes a second one as a duplicate /Font key.
        fontName="Helvetica",
        fontSize=0 if multiline else min(size, box.h * 0.8),
        fieldFlags="multiline" if multiline else "", value=plain(value), maxlen=0)
    return unique


def check_field(canvas: Canvas, box: Rect, name: str) -> str | None:
    """A checkbox over ``box`` (a square or bubble to tick) named ``name`` made unique,
    or None when no form is being made."""
    names = _names.get()
    if names is None or min(box.w, box.h) < 3:
        return None
    unique = _unique(names, name)
    canvas.acroForm.checkbox(
        name=unique, tooltip=unique, x=box.x, y=box.y, size=min(box.w, box.h),
        buttonStyle="cross", borderWidth=0, fillColor=FILL, textColor=Color(0, 0, 0),
        forceBorder=False, checked=False)
    return unique


def _unique(names: dict[str, int], name: str) -> str:
    base = " ".join(name.split()) or "Field"
    count = names.get(base, 0) + 1
    names[base] = count
    return base if count == 1 else f"{base} {count}"


def value_field(canvas: Canvas, box: Rect, name: str, value: str, *,
                size: float = 9, book: bool = False) -> bool:
    """A field over ``box`` where a character's ``value`` goes; True when placed (then
    the caller does not print the value). The field is empty, to type into, unless
    ``book``: the value is printed on the book's own blank sheet, and the field shows it."""
    return text_field(canvas, box, name, size=size,
                      value=value if book else "") is not None


@dataclass(frozen=True)
class RowForm:
    """How a table's blank rows become fields: one per cell, named after the table's
    ``what`` and the row's number ("Trait 3", "Trait 3 Steps")."""

    what: str
    titles: Sequence[str]
    weights: Sequence[float]
    gap: float
    first: int = 1
    """The number of the first blank row (the rows above hold entries)."""


def row_fields(canvas: Canvas, line: Rect, form: RowForm, number: int,
               size: float = 7.5) -> None:
    """The fields of one blank row ``line`` of a table (between its ruled lines)."""
    if not active():
        return
    cells = line.columns(list(form.weights), form.gap)
    for index, (title, cell) in enumerate(zip(form.titles, cells, strict=True)):
        label = " ".join(title.split()).strip(" #") or "#"
        name = f"{form.what} {number}" + ("" if index == 0 else f" {label}")
        text_field(canvas, Rect(cell.x, line.y + 1, cell.w, line.h - 2), name, size=size)
