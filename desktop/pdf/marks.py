"""Cut, fold and tape lines with their labels, and crop marks for cards cut from a page."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import fonts, style
from desktop.pdf.page import Rect
from desktop.pdf.text import draw, width

FOLD_DASH = (4, 3)
CUT_DASH = (1.5, 2)


def dashed_line(canvas: Canvas, x1: float, y: float, x2: float, label: str = "", *,
                size: float = 6.5, dash: tuple[float, float] = FOLD_DASH) -> None:
    """A horizontal dashed line with ``label`` centred on it in a gap of the dashes."""
    gap_w = width(label, fonts.BOLD, size) + 10 if label else 0
    mid = (x1 + x2) / 2
    canvas.saveState()
    canvas.setStrokeColor(style.MUTED)
    canvas.setLineWidth(style.LINE)
    canvas.setDash(*dash)
    if label:
        canvas.line(x1, y, mid - gap_w / 2, y)
        canvas.line(mid + gap_w / 2, y, x2, y)
        canvas.setFillColor(style.MUTED)
        draw(canvas, mid, y - size * 0.36, label, fonts.BOLD, size, "center")
    else:
        canvas.line(x1, y, x2, y)
    canvas.restoreState()


def fold_line(canvas: Canvas, box: Rect, y: float, label: str = "FOLD HERE",
              size: float = 6.5) -> None:
    dashed_line(canvas, box.x, y, box.right, label, size=size)


def tape_line(canvas: Canvas, box: Rect, y: float,
              label: str = "FOLD HERE AND TAPE TO OTHER SIDE TO STAND UP",
              size: float = 6.5) -> None:
    dashed_line(canvas, box.x, y, box.right, label, size=size)


def cut_outline(canvas: Canvas, box: Rect) -> None:
    """A dotted outline to cut along."""
    canvas.saveState()
    canvas.setStrokeColor(style.RULE)
    canvas.setLineWidth(style.HAIRLINE)
    canvas.setDash(*CUT_DASH)
    canvas.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
    canvas.restoreState()


def crop_marks(canvas: Canvas, box: Rect, length: float = 8, offset: float = 3) -> None:
    """Short lines outside each corner showing where to cut (for cards on a page)."""
    canvas.saveState()
    canvas.setStrokeColor(style.INK)
    canvas.setLineWidth(style.HAIRLINE)
    for x, sx in ((box.x, -1), (box.right, 1)):
        for y, sy in ((box.y, -1), (box.top, 1)):
            canvas.line(x + sx * offset, y, x + sx * (offset + length), y)
            canvas.line(x, y + sy * offset, x, y + sy * (offset + length))
    canvas.restoreState()
