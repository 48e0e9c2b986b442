"""Dice drawn on a sheet: an outline of each die's shape with its size inside.

For games whose characters are pools of dice of mixed sizes (Protector's energy, power
and agent pools). Each die is drawn in the shape players know it by (a triangle for the
d4, a square for the d6, a diamond for the d8, a kite for the d10, a pentagon for the
d12, a hexagon for the d20), its size written inside ("d8", "1d4×10"); a higher step
(×10, ×100, ×1000) gets a second, inner outline. How a die stands in play:

* ``READY``: an open outline, in the pool;
* ``DEPLETED``: filled grey, on the table showing 1 (it still adds to every roll);
* ``AWARDED``: filled grey with a dashed outline, a depleted die given for storytelling;
* ``DAMAGED``: crossed out, removed from play by damage (weapons).

``draw_dice`` lays a pool out in rows inside a box (a small gap every five dice so they
are easy to count), shrinking the dice to fit; if even the smallest dice do not fit, the
last place says "+N" so a pool is never cut short silently. ``dice_table`` is a sheet
table (as ``sheet_parts.table``: rows wrap, shrink, then overflow to the continuation
page) with a column that draws each row's dice, for lists of pools (powers, agents).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from desktop.model.dice_faces import DieFace, DieMark, summary
from desktop.pdf import fillable, fonts, style
from desktop.pdf.page import Rect
from desktop.pdf.sheet_parts import BODY, NOTE_H, SMALL, Overflow, ruled_rows
from desktop.pdf.text import LEADING, draw, draw_fitted, fit_cell, fit_text, width

GAP = 0.35
"""Space between two dice, as a fraction of a die's radius."""
GROUP = 5
GROUP_GAP = 0.9
"""Extra space after every ``GROUP`` dice in a row, as a fraction of the radius."""
MIN_R = 3.5
MAX_R = 7.0
CELL_GAP = 4.0
"""Space between two columns of a table (as in ``sheet_parts.table``)."""

HAlign = Literal["left", "center"]
VAlign = Literal["top", "middle"]


def outline(sides: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The corners of a die's shape around (cx, cy), inside a circle of radius ``r``."""
    def ring(n: int, start_deg: float, scale: float = 1.0) -> list[tuple[float, float]]:
        return [(cx + r * scale * math.cos(math.radians(start_deg + i * 360 / n)),
                 cy + r * scale * math.sin(math.radians(start_deg + i * 360 / n)))
                for i in range(n)]

    if sides == 4:  # a triangle, point up, lowered a little so it looks centred
        return [(x, y - r * 0.12) for x, y in ring(3, 90, 1.08)]
    if sides == 6:
        return ring(4, 45, 1.1)
    if sides == 8:
        return ring(4, 90)
    if sides == 10:  # a kite: wide shoulders above the middle, a long point below
        return [(cx, cy + r), (cx + r * 0.95, cy + r * 0.3), (cx, cy - r * 1.05),
                (cx - r * 0.95, cy + r * 0.3)]
    if sides == 12:
        return ring(5, 90)
    return ring(6, 90)  # the d20 (and anything else): a hexagon


def _path(canvas: Canvas, points: list[tuple[float, float]]):
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def draw_die(canvas: Canvas, cx: float, cy: float, r: float, face: DieFace) -> None:
    """One die centred on (cx, cy) inside a circle of radius ``r``."""
    canvas.saveState()
    points = outline(face.sides, cx, cy, r)
    filled = face.mark in (DieMark.DEPLETED, DieMark.AWARDED)
    # A higher step has a heavy outline: its label needs all the room inside.
    canvas.setLineWidth(style.LINE * (2.2 if face.higher else 1.0))
    canvas.setStrokeColor(style.RULE if face.mark is DieMark.DAMAGED else style.INK)
    canvas.setFillColor(style.FILL)
    if face.mark is DieMark.AWARDED:
        canvas.setDash(1.2, 0.9)
    canvas.drawPath(_path(canvas, points), stroke=1, fill=1 if filled else 0)
    canvas.setDash()
    canvas.setFillColor(style.MUTED if face.mark is DieMark.DAMAGED else style.INK)
    lines = label_lines(face)
    size = label_size(face.text, r, face.sides, lines=len(lines))
    # The d4's triangle has its room low down; the d10's kite has it high up.
    lift = {4: -0.22, 10: 0.05}.get(face.sides, 0.0) * r
    baseline = cy + lift - size * 0.35 + (len(lines) - 1) * size * 0.52
    for line in lines:
        draw(canvas, cx, baseline, line, fonts.BOLD, size, "center")
        baseline -= size * 1.04
    if face.mark is DieMark.DAMAGED:
        canvas.setStrokeColor(style.INK)
        canvas.setLineWidth(style.LINE * 1.3)
        d = r * 0.85
        canvas.line(cx - d, cy - d, cx + d, cy + d)
        canvas.line(cx - d, cy + d, cx + d, cy - d)
    canvas.restoreState()


def label_lines(face: DieFace) -> tuple[str, ...]:
    """"d8" on one line; a higher step on two, "d8" over "×10", to stay legible."""
    if face.higher:
        return (f"d{face.sides}", f"×{face.multiplier}")
    return (face.text,)


def label_size(text: str, r: float, sides: int = 6, lines: int = 1) -> float:
    """The font size that fits ``text`` (on ``lines`` lines) inside a die of radius
    ``r``."""
    room = r * (1.0 if sides == 4 else 1.3)
    if lines > 1:
        size = r * 0.62 if sides != 4 else r * 0.48
        widest = max(width(part, fonts.BOLD, size) for part in
                     (text.split("×")[0], "×" + text.split("×")[-1]))
        return size if widest <= room else size * room / widest
    size = r * 0.72
    w = width(text, fonts.BOLD, size)
    return size if w <= room else size * room / w


@dataclass(frozen=True)
class DiceLayout:
    """Where the dice of a pool go in a box."""

    centres: tuple[tuple[float, float], ...]
    r: float
    shown: int
    """Dice drawn; when fewer than the pool, the last centre holds the "+N" note."""
    rows: int


def _row_width(count: int, r: float) -> float:
    if count <= 0:
        return 0.0
    groups = (count - 1) // GROUP
    return count * 2 * r + (count - 1) * GAP * r + groups * GROUP_GAP * r


def per_row(w: float, r: float, *, whole_groups: bool = False) -> int:
    """How many dice of radius ``r`` fit across a width ``w`` (``whole_groups``: only
    whole groups of five, when five or more fit, so that rows line up)."""
    count = 0
    while _row_width(count + 1, r) <= w + 1e-6:
        count += 1
    return count // GROUP * GROUP if whole_groups and count >= GROUP else count


def rows_needed(count: int, w: float, r: float) -> int:
    across = per_row(w, r)
    if count <= 0:
        return 0
    return math.ceil(count / across) if across else count


def height_needed(count: int, w: float, r: float) -> float:
    """The height ``count`` dice of radius ``r`` take in a width ``w``."""
    rows = rows_needed(count, w, r)
    return rows * 2 * r + max(rows - 1, 0) * GAP * r


def layout(box: Rect, count: int, *, max_r: float = MAX_R, min_r: float = MIN_R,
           align: HAlign = "left", valign: VAlign = "middle") -> DiceLayout:
    """The biggest dice (``min_r`` ≤ r ≤ ``max_r``) that fit ``count`` in ``box``."""
    if count <= 0 or box.w <= 0 or box.h <= 0:
        return DiceLayout((), 0.0, 0, 0)
    r = min(max_r, box.h / 2, box.w / 2)
    while r > min_r and height_needed(count, box.w, r) > box.h + 1e-6:
        r = max(r - 0.25, min_r)
    r = max(min(r, box.h / 2, box.w / 2), 0.1)
    across = max(per_row(box.w, r), 1)
    fit_rows = max(int((box.h + GAP * r + 1e-6) // (2 * r + GAP * r)), 1)
    grouped = per_row(box.w, r, whole_groups=True)
    if count > across and grouped and math.ceil(count / grouped) <= fit_rows:
        across = grouped  # rows of whole groups, when that costs nothing
    rows = min(math.ceil(count / across), fit_rows)
    shown = min(count, rows * across)
    used_h = rows * 2 * r + (rows - 1) * GAP * r
    top = box.top if valign == "top" else box.y + (box.h + used_h) / 2
    centres = []
    for i in range(shown):
        row, col = divmod(i, across)
        in_row = min(across, shown - row * across)
        x0 = box.x
        if align == "center":
            x0 += (box.w - _row_width(in_row, r)) / 2
        x = x0 + r + col * (2 + GAP) * r + (col // GROUP) * GROUP_GAP * r
        y = top - r - row * (2 + GAP) * r
        centres.append((x, y))
    return DiceLayout(tuple(centres), r, shown, rows)


def draw_dice(canvas: Canvas, box: Rect, faces: Sequence[DieFace], *,
              max_r: float = MAX_R, min_r: float = MIN_R, align: HAlign = "left",
              valign: VAlign = "middle") -> DiceLayout:
    """A pool of dice laid out inside ``box``; returns the layout used. When not all
    fit, the last place shows "+N" for the dice left out (N counts that place too)."""
    placed = layout(box, len(faces), max_r=max_r, min_r=min_r, align=align, valign=valign)
    cut = placed.shown < len(faces)
    for i, ((cx, cy), face) in enumerate(zip(placed.centres, faces, strict=False)):
        if cut and i == placed.shown - 1:
            more = f"+{len(faces) - i}"
            canvas.setFillColor(style.ACCENT)
            size = label_size(more, placed.r * 1.15)
            draw(canvas, cx, cy - size * 0.35, more, fonts.BOLD, size, "center")
            canvas.setFillColor(style.INK)
            break
        draw_die(canvas, cx, cy, placed.r, face)
    return placed


# ------------------------------------------------------------------ tables with dice

@dataclass(frozen=True)
class DiceRow:
    """A table row: its text cells (the dice column's text is not drawn) and its dice."""

    cells: tuple[str, ...]
    dice: tuple[DieFace, ...] = ()


def die_radius(size: float, dice: Sequence[DieFace] = ()) -> float:
    """Dice about as tall as two lines of ``size`` text; higher steps ("d8 ×10") a size
    up, for their two-line label."""
    return max(size * 0.8, MIN_R) * (1.4 if any(d.higher for d in dice) else 1.0)


def _font(index: int, bold_first: bool) -> str:
    return fonts.BOLD if bold_first and index == 0 else fonts.REGULAR


def row_heights(rows: Sequence[DiceRow], widths: Sequence[float], size: float,
                dice_col: int | None = None, bold_first: bool = True) -> list[float]:
    """Each row's height at ``size``: its tallest wrapped cell or its dice."""
    out = []
    for row in rows:
        lines = max((len(fit_cell(text, w, 1e6, _font(i, bold_first), size).lines)
                     for i, (text, w) in enumerate(zip(row.cells, widths, strict=True))
                     if i != dice_col), default=1)
        dice_h = (height_needed(len(row.dice), widths[dice_col], die_radius(size, row.dice))
                  if dice_col is not None else 0.0)
        out.append(max(max(lines, 1) * size * LEADING, dice_h) + 3)
    return out


def table_size(rows: Sequence[DiceRow], widths: Sequence[float], avail: float,
               dice_col: int | None = None, bold_first: bool = True,
               max_size: float = BODY) -> float:
    """The largest size (down to ``SMALL``) at which all ``rows`` fit ``avail``."""
    size = max_size
    while size > SMALL and sum(row_heights(rows, widths, size, dice_col, bold_first)) > avail:
        size = max(size - 0.25, SMALL)
    return size


def column_widths(w: float, weights: Sequence[float]) -> list[float]:
    return [c.w for c in Rect(0, 0, w, 1).columns(list(weights), CELL_GAP)]


def _fit_rows(heights: Sequence[float], avail: float, least: float) -> list[float]:
    """Each row's height in ``avail``: its own until the room runs out; the row the room
    runs out in gets what is left if that is at least ``least``; 0 = not shown."""
    out, left = [], avail
    for h in heights:
        h = min(h, left)
        if h < least:
            h, left = 0.0, 0.0
        out.append(h)
        left -= h
    return out


def dice_table(canvas: Canvas, box: Rect, titles: Sequence[str], weights: Sequence[float],
               rows: Sequence[DiceRow], overflow: Overflow, what: str, *,
               dice_col: int | None = None, bold_first: bool = True,
               max_size: float = BODY) -> float:
    """A table whose rows wrap their text and whose ``dice_col`` draws each row's dice.

    It shrinks (from ``max_size``) to fit; at the smallest size, rows that still do not
    fit move to the continuation page (with a note saying so) and cut text is recorded
    in ``overflow`` in full. Blank ruled rows fill the room left. Returns the size used.
    """
    head, body = box.take_top(10)
    canvas.setFillColor(style.MUTED)
    for title, cell in zip(titles, head.columns(list(weights), CELL_GAP), strict=True):
        fitted = fit_text(title.upper(), cell.w, cell.h, fonts.BOLD, 5.5, 4)
        draw(canvas, cell.x, cell.y + 2.5, fitted.lines[0] if fitted.lines else "",
             fonts.BOLD, fitted.size)
    canvas.setFillColor(style.INK)
    widths = column_widths(body.w, weights)
    size = table_size(rows, widths, body.h, dice_col, bold_first, max_size)
    heights = row_heights(rows, widths, size, dice_col, bold_first)
    least = size * LEADING + 3
    shown_h = _fit_rows(heights, body.h, least)
    if 0 in shown_h:  # some rows move on: keep a line free for the note that says so
        shown_h = _fit_rows(heights, body.h - NOTE_H, least)
    y, shown = body.top, 0
    for row, h in zip(rows, shown_h, strict=True):
        if h <= 0:
            break
        _table_row(canvas, Rect(body.x, y - h, body.w, h), row, titles, weights, size,
                   overflow, what, dice_col, bold_first)
        y -= h
        shown += 1
        canvas.setStrokeColor(style.HEADER_FILL)
        canvas.setLineWidth(style.HAIRLINE)
        canvas.line(body.x, y, body.right, y)
    for row in rows[shown:]:
        overflow.entries.append((f"{what}: {row.cells[0]}", "\n".join(
            f"{t}: {v}" for i, (t, v) in enumerate(zip(titles, row.cells, strict=True))
            if v and i > 0 and i != dice_col)))
    if shown < len(rows):
        canvas.setFillColor(style.ACCENT)
        draw(canvas, body.right, body.y + 1, f"+{len(rows) - shown} more on the "
             "continuation page", fonts.BOLD, 6, "right")
        canvas.setFillColor(style.INK)
    ruled_rows(canvas, body, y, form=fillable.RowForm(what, titles, weights, CELL_GAP,
                                                      shown + 1))
    return size


def _table_row(canvas: Canvas, line: Rect, row: DiceRow, titles: Sequence[str],
               weights: Sequence[float], size: float, overflow: Overflow, what: str,
               dice_col: int | None, bold_first: bool) -> None:
    cut = []
    for i, (text, cell) in enumerate(zip(row.cells, line.columns(list(weights), CELL_GAP),
                                         strict=True)):
        inner = Rect(cell.x, cell.y + 1, cell.w, max(cell.h - 2, 0))
        if i == dice_col:
            r = die_radius(size, row.dice)
            placed = draw_dice(canvas, inner, row.dice, max_r=r * 1.15, min_r=min(MIN_R, r),
                               valign="top")
            if placed.shown < len(row.dice):
                cut.append(f"{titles[i]}: {len(row.dice)} dice, "
                           f"{summary([f.text for f in row.dice])}")
            continue
        fitted = fit_cell(text, inner.w, inner.h, _font(i, bold_first), size)
        draw_fitted(canvas, fitted, inner)
        if fitted.truncated:
            cut.append(f"{titles[i]}: {text}")
    if cut:
        overflow.entries.append((f"{what}: {row.cells[0]}", "\n".join(cut)))
