"""Boxes with labels and light grey section headers: the bones of every sheet."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import fillable, fonts, style
from desktop.pdf.page import Rect
from desktop.pdf.text import Align, Fitted, draw, fit_and_draw, fit_text, width

LABEL_SIZE = 6.0
RADIUS = 2.0


def frame(canvas: Canvas, box: Rect, *, fill=None, stroke=style.RULE,
          width: float = style.LINE, radius: float = RADIUS) -> None:
    canvas.saveState()
    canvas.setLineWidth(width)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
    if fill is not None:
        canvas.setFillColor(fill)
    canvas.roundRect(box.x, box.y, box.w, box.h, radius, stroke=1 if stroke else 0,
                     fill=1 if fill is not None else 0)
    canvas.restoreState()


def label(canvas: Canvas, box: Rect, text: str, size: float = LABEL_SIZE,
          pad: float = 2.5) -> Rect:
    """A small grey caption in the top-left corner; the room left below it."""
    canvas.setFillColor(style.MUTED)
    draw(canvas, box.x + pad, box.top - pad - size * 0.93, text.upper(), fonts.BOLD, size)
    canvas.setFillColor(style.INK)
    return Rect(box.x + pad, box.y + pad, box.w - 2 * pad, box.h - 2 * pad - size * 1.25)


def field(canvas: Canvas, box: Rect, caption: str, value: str, *, max_size: float = 11,
          min_size: float = 6, font: str = fonts.REGULAR, align: Align = "left",
          wrap_first: bool = False) -> Fitted:
    """A framed box with a caption and its value fitted inside (returned for checks)."""
    frame(canvas, box)
    room = label(canvas, box, caption)
    canvas.setFillColor(style.INK)
    if not value.strip():  # a blank sheet's box: typed into in a PDF reader
        fillable.text_field(canvas, room, caption.rstrip(":"), multiline=wrap_first,
                            size=max_size)
    elif not wrap_first:  # a character's value: on a blank sheet, an empty field
        fitted = value_field(canvas, room, caption.rstrip(":"), value, font, max_size,
                             min_size)
        if fitted is not None:
            return fitted
    return fit_and_draw(canvas, value, room, font, max_size, min_size, align=align,
                        valign="middle" if not wrap_first else "top",
                        wrap_first=wrap_first)


def value_field(canvas: Canvas, room: Rect, name: str, value: str, font: str,
                max_size: float, min_size: float = 6, *, book: bool = False
                ) -> Fitted | None:
    """On a blank sheet, a form field where a character's ``value`` goes (empty unless
    ``book``: the book's blank sheet prints that value): the fitted text, which the
    caller must not print. None when no form is being made."""
    if not fillable.active():
        return None
    fitted = fit_text(value, room.w, room.h, font, max_size, min_size)
    # As tall as a line and centred: the value's printed look puts it at the top.
    h = min(room.h, fitted.size * 1.45)
    box = Rect(room.x, room.y + (room.h - h) / 2, room.w, h)
    if not fillable.value_field(canvas, box, name, value, size=fitted.size, book=book):
        return None
    return fitted


def fit_or_field(canvas: Canvas, name: str, text: str, box: Rect, font: str,
                 max_size: float, min_size: float, **how) -> Fitted:
    """``text`` fitted and drawn in ``box`` or, on a blank sheet, a field ``name``
    showing it there (``how``: fit_and_draw's align, valign…)."""
    fitted = value_field(canvas, box, name, text, font, max_size, min_size)
    if fitted is not None:
        return fitted
    return fit_and_draw(canvas, text, box, font, max_size, min_size, **how)


def header(canvas: Canvas, box: Rect, title: str, *, note: str = "",
           size: float | None = None) -> None:
    """A light grey band with a bold title (and an optional note on the right)."""
    size = size or min(box.h * 0.62, 9.5)
    frame(canvas, box, fill=style.HEADER_FILL, stroke=None)
    baseline = box.y + (box.h - size * 0.72) / 2
    note_w = width(note, fonts.REGULAR, size * 0.8) + 12 if note else 0
    # A title too long for the band ends in "…" (the band is a label, not content).
    title_fit = fit_text(title.upper(), max(box.w - 8 - note_w, 0), box.h, fonts.BOLD,
                         size, size)
    canvas.setFillColor(style.INK)
    draw(canvas, box.x + 4, baseline, title_fit.lines[0] if title_fit.lines else "",
         fonts.BOLD, size)
    if note:
        canvas.setFillColor(style.MUTED)
        draw(canvas, box.right - 4, baseline, note, fonts.REGULAR, size * 0.8, "right")
        canvas.setFillColor(style.INK)


def section(canvas: Canvas, box: Rect, title: str, *, note: str = "",
            header_h: float = 13, pad: float = 4) -> Rect:
    """A framed section with a header band; the room inside for its content."""
    frame(canvas, box)
    band, rest = box.take_top(header_h)
    header(canvas, band, title, note=note)
    return rest.inset(pad)


def box_grid(box: Rect, count: int, *, max_size: float = 11.0, group: int = 5
             ) -> list[Rect]:
    """Squares for ``count`` points (Endurance, hit points) across ``box``, as big as
    fit (rows wrap), with a small gap after every ``group`` so that counting is easy."""
    if count <= 0:
        return []
    size = max_size
    while True:
        pitch, extra = size * 1.3, size * 0.6

        def x_of(col: int, pitch: float = pitch, extra: float = extra) -> float:
            return col * pitch + (col // group) * extra

        per_row = 1
        while per_row < count and x_of(per_row) + size <= box.w + 0.01:
            per_row += 1
        rows = math.ceil(count / per_row)
        if ((rows * pitch <= box.h + 0.01 and x_of(per_row - 1) + size <= box.w + 0.01)
                or size <= 2):
            break
        size -= 0.25
    out = []
    for i in range(count):
        row, col = divmod(i, per_row)
        out.append(Rect(box.x + x_of(col), box.top - (row + 1) * pitch + (pitch - size) / 2,
                        size, size))
    return out
