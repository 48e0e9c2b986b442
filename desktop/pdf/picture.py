"""A character's picture on paper: fitted and centred in a box,
never stretched; a picture reportlab cannot read is left out (the frame stays blank)."""

from __future__ import annotations

import io

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import fillable, fonts, style
from desktop.pdf.page import Rect
from desktop.pdf.text import Fitted, fit_and_draw


def draw_picture(canvas: Canvas, box: Rect, data: bytes | None) -> bool:
    """Draw the PNG or JPEG ``data`` as large as fits ``box``; False if none was drawn."""
    if not data or box.w <= 1 or box.h <= 1:
        return False
    try:
        reader = ImageReader(io.BytesIO(data))
        width, height = reader.getSize()
        scale = min(box.w / width, box.h / height)
        w, h = width * scale, height * scale
        canvas.drawImage(reader, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h,
                         mask="auto")
    except Exception:
        return False
    return True


def picture_beside(canvas: Canvas, box: Rect, data: bytes | None, gap: float = 4) -> Rect:
    """A sheet header's picture at the right of ``box`` (a frame as tall as the box);
    the room left for the header's fields. Without a picture, all of ``box``."""
    if not data:
        return box
    side = box.h * 0.8
    rest = Rect(box.x, box.y, box.w - side - gap, box.h)
    frame = Rect(box.right - side, box.y, side, box.h)
    draw_picture(canvas, frame, data)
    return rest


def picture_and_words(canvas: Canvas, room: Rect, data: bytes | None, words: str,
                      share: float, field: str, min_size: float) -> Fitted | None:
    """A sheet's picture box: the picture, with the character's own ``words`` in small
    italics below it (``share`` of the height). On a blank sheet (no words) the picture
    is drawn by hand and the words typed: a fillable field named ``field`` instead.
    Returns the words as fitted, for the sheet's overflow check (None on a blank sheet)."""
    text_h = room.h * share if words else 0
    draw_picture(canvas, Rect(room.x, room.y + text_h, room.w, room.h - text_h).inset(2),
                 data)
    if not words:
        fillable.text_field(canvas, Rect(room.x, room.y, room.w, room.h * 0.3), field,
                            multiline=True)
        return None
    canvas.setFillColor(style.INK)
    return fit_and_draw(canvas, words, Rect(room.x, room.y, room.w, text_h), fonts.OBLIQUE,
                        7, min_size, wrap_first=True, valign="bottom")
