"""Pieces every game's character sheet is built from (reportlab).

Tables whose rows wrap and shrink to fit, numbered cells, ruled blank rows, and the
overflow rule: text that does not fit its box even at the smallest size ends in "…"
and is printed in full on a continuation page, so nothing is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import boxes, fillable, fonts, style
from desktop.pdf.page import Page, Rect
from desktop.pdf.text import Fitted, draw, draw_fitted, fit_and_draw, fit_cell, fit_text

GAP = 6.0
BODY = 7.5
SMALL = 5.5
ROW_MIN = 13.0
"""Blank rows to write in by hand are this tall."""
NOTE_H = 9.0
"""Room for "+N more on the continuation page" under a table."""


@dataclass
class Overflow:
    """Texts cut short on the sheet, printed in full on a continuation page."""

    entries: list[tuple[str, str]] = field(default_factory=list)

    def check(self, fitted: Fitted, title: str) -> Fitted:
        if fitted.truncated and fitted.text:
            self.entries.append((title, fitted.text))
        return fitted


def take_bottom(area: Rect, h: float, gap: float) -> tuple[Rect, Rect]:
    return (Rect(area.x, area.y, area.w, h),
            Rect(area.x, area.y + h + gap, area.w, area.h - h - gap))


def number_cell(canvas: Canvas, box: Rect, caption: str, value: str, note: str) -> None:
    boxes.frame(canvas, box)
    room = boxes.label(canvas, box, caption)
    value_box, note_box = room.rows([64, 36])
    if boxes.value_field(canvas, value_box, caption, value, fonts.BOLD, 15, 7) is None:
        fit_and_draw(canvas, value, value_box, fonts.BOLD, 15, 7, align="center",
                     valign="middle")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, note, note_box, fonts.REGULAR, 6.5, 4.5, align="center",
                 valign="middle")
    canvas.setFillColor(style.INK)


def ruled_rows(canvas: Canvas, box: Rect, top: float, height: float = ROW_MIN,
               form: fillable.RowForm | None = None) -> None:
    """Blank lines below the last entry, to write on by hand (and, on a blank sheet,
    to type into: ``form`` makes each row's cells form fields)."""
    canvas.saveState()
    canvas.setStrokeColor(style.HEADER_FILL)
    canvas.setLineWidth(style.HAIRLINE)
    y = top - height
    number = form.first if form else 0
    while y >= box.y - 0.1:
        canvas.line(box.x, y, box.right, y)
        if form is not None:
            fillable.row_fields(canvas, Rect(box.x, y, box.w, height), form, number)
        number += 1
        y -= height
    canvas.restoreState()


def column_title(canvas: Canvas, cell: Rect, title: str) -> None:
    """A column's title kept inside its column: smaller if it must be (down to 4 pt),
    then cut with "…", never running into the next column's title."""
    fitted = fit_text(title.upper(), cell.w, cell.h, fonts.BOLD, 5.5, 4)
    line = fitted.lines[0] if fitted.lines else ""
    draw(canvas, cell.x, cell.y + 2.5, line, fonts.BOLD, fitted.size)


def table(canvas: Canvas, box: Rect, titles: list[str], weights: list[float],
           rows: list[list[str]], bold_first: bool, overflow: Overflow,
           what: str, *, form: bool = True, fill: tuple[int, ...] = ()) -> None:
    """A table whose rows wrap their text; shrunk (then cut, with overflow) to fit.

    On a blank sheet its blank rows are form fields unless ``form`` is False (a table
    to read, like difficulties), and so are the ``fill`` columns of its entries (a
    skill's level), showing their starting text."""
    head, body = box.take_top(10)
    canvas.setFillColor(style.MUTED)
    for title, cell in zip(titles, head.columns(weights, 4), strict=True):
        column_title(canvas, cell, title)
    canvas.setFillColor(style.INK)
    widths = [c.w for c in body.columns(weights, 4)]
    size, heights = row_layout(rows, widths, body.h, bold_first)
    if 0 in heights:  # some rows move on: keep a line free for the note that says so
        size, heights = row_layout(rows, widths, body.h - NOTE_H, bold_first)
    y = body.top
    shown = 0
    for row, h in zip(rows, heights, strict=True):
        if h <= 0:
            break
        line = Rect(body.x, y - h, body.w, h)
        cut = []
        for i, (text, cell) in enumerate(zip(row, line.columns(weights, 4), strict=True)):
            font = fonts.BOLD if bold_first and i == 0 else fonts.REGULAR
            if i in fill and boxes.value_field(
                    canvas, Rect(cell.x, cell.y + 1, cell.w, cell.h - 2),
                    f"{row[0]} {titles[i]}", text, font, size, size) is not None:
                continue
            fitted = fit_cell(text, cell.w, cell.h - 2, font, size)
            draw_fitted(canvas, fitted, Rect(cell.x, cell.y, cell.w, cell.h - 2))
            if fitted.truncated:
                cut.append(f"{titles[i]}: {text}")
        if cut:  # one entry per row, with every cell that was cut short
            overflow.entries.append((f"{what}: {row[0]}", "\n".join(cut)))
        y -= h
        shown += 1
        canvas.setStrokeColor(style.HEADER_FILL)
        canvas.setLineWidth(style.HAIRLINE)
        canvas.line(body.x, y, body.right, y)
    for row in rows[shown:]:
        overflow.entries.append((f"{what}: {row[0]}", " · ".join(
            f"{t}: {v}" for t, v in zip(titles[1:], row[1:], strict=True) if v)))
    if shown < len(rows):
        canvas.setFillColor(style.ACCENT)
        draw(canvas, body.right, body.y + 1, f"+{len(rows) - shown} more on the "
             "continuation page", fonts.BOLD, 6, "right")
        canvas.setFillColor(style.INK)
    # Blank lines to write on stop above the "+N more" note, so they never cross it.
    ruled = body if shown == len(rows) else Rect(body.x, body.y + NOTE_H, body.w,
                                                 max(body.h - NOTE_H, 0))
    ruled_rows(canvas, ruled, y, form=fillable.RowForm(what, titles, weights, 4, shown + 1)
               if form else None)


def row_layout(rows: list[list[str]], widths: list[float], avail: float,
                bold_first: bool) -> tuple[float, list[float]]:
    """The font size and each row's height: the biggest size at which all rows fit,
    with no word too wide for its column (cut short with "…"); at the smallest, rows
    share the room (long ones get cut, later ones may drop)."""
    def need(row: list[str], size: float) -> tuple[float, bool]:
        fits = [fit_cell(text, w, 1e6, fonts.BOLD if bold_first and i == 0
                         else fonts.REGULAR, size)
                for i, (text, w) in enumerate(zip(row, widths, strict=True))]
        lines = max(len(f.lines) for f in fits)
        return max(lines, 1) * size * 1.2 + 3, any(f.truncated for f in fits)

    size = BODY
    while True:
        needs = [need(r, size) for r in rows]
        heights = [h for h, _ in needs]
        if (sum(heights) <= avail and not any(cut for _, cut in needs)) or size <= SMALL:
            break
        size = max(size - 0.25, SMALL)
    if sum(heights) <= avail:
        return size, heights
    one_line = SMALL * 1.2 + 3
    fitting = int(avail // one_line)
    out, left = [], avail
    for i, h in enumerate(heights):
        if i >= fitting:
            out.append(0.0)
            continue
        # Keep one line for each row still to come; the rest may go to this one.
        rest = (min(len(heights), fitting) - i - 1) * one_line
        h = min(h, left - rest)
        out.append(h)
        left -= h
    return SMALL, out


def draw_with_continuation(canvas: Canvas, page: Page, view: Any,
                           render: Callable[[Canvas, Any, Page, Overflow], None]) -> None:
    """Every game's sheet: ``render`` draws the flat ``view`` on one page, noting what it
    had to cut short; that text follows in full on continuation pages."""
    fonts.register_primary()
    overflow = Overflow()
    render(canvas, view, page, overflow)
    if overflow.entries:
        continuation(canvas, view.name, page, overflow.entries)


def continuation(canvas: Canvas, name: str, page: Page,
                 entries: list[tuple[str, str]]) -> None:
    """The full text of everything cut short on the sheet, flowing over pages."""
    title = f"{name or 'Unnamed'}: continued from the character sheet"
    area = None
    for heading, text in entries:
        body = fit_text(text, page.content.w, 1e6, fonts.REGULAR, 9, 9, wrap_first=True)
        lines = list(body.lines)
        while lines:
            if area is None or area.h < 16 + body.leading:
                canvas.showPage()
                band, area = page.content.take_top(16, GAP)
                boxes.header(canvas, band, title)
            head, area = area.take_top(12)
            canvas.setFillColor(style.INK)
            draw(canvas, head.x, head.y + 2, heading, fonts.BOLD, 9)
            room = int(area.h // body.leading)
            chunk, lines = lines[:room], lines[room:]
            for line in chunk:
                draw(canvas, area.x, area.top - 9 * 0.95, line, fonts.REGULAR, 9)
                area = Rect(area.x, area.y, area.w, area.h - body.leading)
            area = Rect(area.x, area.y, area.w, max(area.h - GAP, 0))


def footer(canvas: Canvas, box: Rect, left: str, right: str, continued: bool) -> None:
    """The bottom line: a note at the left (not on a blank sheet: it is about the
    character), the book's title at the right, and a pointer to the continuation page
    when there is one."""
    if fillable.active():
        left = ""
    if continued:
        canvas.setFillColor(style.ACCENT)
        draw(canvas, box.x + box.w / 2, box.y + 1, "Text ending in … continues on the "
             "next page", fonts.BOLD, 6, "center")
    canvas.setFillColor(style.MUTED)
    draw(canvas, box.x, box.y + 1, left, fonts.REGULAR, 6)
    draw(canvas, box.right, box.y + 1, f"{right} · printed with Sheetdesk", fonts.REGULAR, 6,
         "right")
    canvas.setFillColor(style.INK)
