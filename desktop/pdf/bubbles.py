"""Pool bubbles: a row of circles, as on the POW! sheet.

The book: "these show as a series of bubbles, and you fill in those that don't apply,
starting from the right, leaving the valid ones empty". Points already spent from the
pool are struck through, so the row shows pool, spent and unavailable at a glance.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from desktop.model.pools import Bubble
from desktop.pdf import fillable, style
from desktop.pdf.page import Rect


@dataclass(frozen=True)
class Circle:
    """One bubble of a pool row: its centre and radius on the page."""

    cx: float
    cy: float
    r: float


def bubble_row(box: Rect, count: int, *, group: int = 5, max_r: float = 5.0) -> list[Circle]:
    """Centres and radius for ``count`` circles across ``box``, a small gap every
    ``group`` so that counting them is easy."""
    if count <= 0:
        return []
    groups_gaps = (count - 1) // group if group else 0
    # Each circle takes a pitch of 2.5 r (diameter + gap); group gaps add 1.2 r each.
    r = min(box.w / (count * 2.5 + groups_gaps * 1.2), box.h / 2.2, max_r)
    pitch, group_gap = 2.5 * r, 1.2 * r
    x = box.x + r
    shift = 0.0
    out = []
    for i in range(count):
        if group and i and i % group == 0:
            shift += group_gap
        out.append(Circle(x + i * pitch + shift, box.y + box.h / 2, r))
    return out


def draw_bubbles(canvas: Canvas, box: Rect, states: list[Bubble], *, group: int = 5,
                 max_r: float = 5.0) -> list[Circle]:
    """The bubbles of ``states``; on a blank sheet every one is left empty (a new
    character's pool is the player's to shade)."""
    circles = bubble_row(box, len(states), group=group, max_r=max_r)
    if fillable.active():
        states = [Bubble.OPEN] * len(states)
    canvas.saveState()
    canvas.setLineWidth(style.LINE)
    canvas.setStrokeColor(style.INK)
    for circle, state in zip(circles, states, strict=True):
        filled = state is Bubble.FILLED
        canvas.setFillColor(style.FILL)
        canvas.setStrokeColor(style.RULE if filled else style.INK)
        canvas.circle(circle.cx, circle.cy, circle.r, stroke=1, fill=1 if filled else 0)
        if state is Bubble.SPENT:
            d = circle.r * 0.8
            canvas.setStrokeColor(style.INK)
            canvas.line(circle.cx - d, circle.cy - d, circle.cx + d, circle.cy + d)
    canvas.restoreState()
    return circles
