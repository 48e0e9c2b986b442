"""Printing an encounter: one fold-up ID card per distinct character (a group of six
Lizard-men is one tent card, "Lizard-men ×6"), four to a page (2 × 2) with crop marks
to cut them apart, then a one-page initiative and status sheet (landscape:
it has many columns). Every card's back stays readable: when a card's back would print
text smaller than ``READABLE`` at a quarter page, the cards go two to a page (side by
side on a landscape page), or one to a page if that is still too small; a caller may
also ask for one, two or four a page.

Each card is drawn by its game's ``sheet.draw_card(canvas, character, box)`` with the
character as the fight has left it, named by its key in the encounter, or for a group by
the group and its size (its first member's numbers: they share one character). The
status sheet (the one-page encounter summary) lists the combatants in the order the game
gives (initiative order once the fight is on), with the game's columns
(``rules.columns``/``rows``), status and conditions, and the round and whose turn it is.
Its columns are as wide as their widest entry (smaller type for a crowded fight) and
Status and Conditions wrap, so no number is cut; a fight too big for one page goes on
to another.

Like the party export, the PDF is built in memory and written atomically.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from desktop.model.encounter import Encounter
from desktop.model.storage import atomic_write_bytes
from desktop.pdf import boxes, fonts, marks, style
from desktop.pdf import card as card_module
from desktop.pdf.page import Page, Paper, Rect
from desktop.pdf.sheet_parts import ruled_rows
from desktop.pdf.text import draw, draw_fitted, fit_and_draw, fit_cell, fit_text, width
from desktop.systems import get

CARDS_PER_PAGE = 4
LAYOUTS = (4, 2, 1)
"""How many cards a page may hold, most first."""
READABLE = 6.0
"""The smallest text (points) a card's back may print before the cards get bigger."""
GUTTER = 24.0
"""Room between cards for the crop marks and the scissors."""
CREATOR = "Sheetdesk"


def card_page(page: Page, per_page: int = CARDS_PER_PAGE) -> Page:
    """The page the cards go on: landscape for two side by side, else ``page``."""
    return Page(page.paper, max(page.size), min(page.size)) if per_page == 2 else page


def card_boxes(page: Page, per_page: int = CARDS_PER_PAGE) -> list[Rect]:
    """The card boxes of a page (four, two or one), top left first, with a gutter for
    crop marks."""
    if per_page not in LAYOUTS:
        raise ValueError(f"cards a page: {per_page} (use 1, 2 or 4)")
    area = card_page(page, per_page).content.inset(GUTTER / 2)
    if per_page == 1:
        return [area]
    if per_page == 2:
        return area.columns(2, GUTTER)
    out: list[Rect] = []
    for row in area.rows(2, GUTTER):
        out.extend(row.columns(2, GUTTER))
    return out


def cards_per_page(encounter: Encounter, page: Page) -> int:
    """The most cards a page (4, 2, then 1) at which every card's back prints its text
    at ``READABLE`` points or more (each card is drawn once, unseen, to measure it)."""
    card = get(encounter.system).part("card")
    entries = card_entries(encounter)
    for per_page in LAYOUTS[:-1]:
        box = card_boxes(page, per_page)[0]
        scratch = Canvas(io.BytesIO(), pagesize=card_page(page, per_page).size)
        with card_module.back_sizes() as sizes:
            for key, name in entries:
                card.draw_card(scratch, _card_character(encounter, key, name), box)
        if min(sizes, default=READABLE) >= READABLE - 1e-6:
            return per_page
    return LAYOUTS[-1]


def _card_character(encounter: Encounter, key: str, name: str | None = None):
    character = encounter.character(key)
    name = name or key
    if getattr(character, "name", name) == name:
        return character
    data = character.model_dump()
    data["name"] = name
    return type(character).model_validate(data)


def card_entries(encounter: Encounter) -> list[tuple[str, str]]:
    """(combatant whose character is drawn, name on the card): one per lone combatant
    and one per group, in the order they joined."""
    out: list[tuple[str, str]] = []
    groups: dict[str, int] = {}
    for key, fighter in encounter.fighters.items():
        if not fighter.group:
            out.append((key, key))
        elif fighter.group not in groups:
            groups[fighter.group] = len(out)
            out.append((key, fighter.group))
    sizes: dict[str, int] = {}
    for fighter in encounter.fighters.values():
        if fighter.group:
            sizes[fighter.group] = sizes.get(fighter.group, 0) + 1
    for group, at in groups.items():
        out[at] = (out[at][0], f"{group} ×{sizes[group]}" if sizes[group] > 1 else group)
    return out


def draw_cards(canvas: Canvas, encounter: Encounter, page: Page,
               per_page: int | None = None) -> int:
    """One ID card per distinct character, ``per_page`` to a page (by default as many
    as keep every back readable: ``cards_per_page``); the number of pages drawn."""
    card = get(encounter.system).part("card")
    keys = card_entries(encounter)
    per_page = per_page or cards_per_page(encounter, page)
    sheet = card_page(page, per_page)
    slots = card_boxes(page, per_page)
    pages = 0
    for start in range(0, len(keys), per_page):
        canvas.setPageSize(sheet.size)
        for (key, name), box in zip(keys[start:start + per_page], slots, strict=False):
            card.draw_card(canvas, _card_character(encounter, key, name), box)
            marks.crop_marks(canvas, box)
        canvas.setFillColor(style.MUTED)
        draw(canvas, sheet.content.x, sheet.margin / 2, f"{encounter.name or 'Encounter'} · "
             f"ID cards {start // per_page + 1}: cut along the corner marks, fold on "
             "the dashed lines", fonts.REGULAR, 6)
        canvas.setFillColor(style.INK)
        canvas.showPage()
        pages += 1
    return pages


def status_rows(encounter: Encounter) -> tuple[list[str], list[list[str]]]:
    """The status sheet's headings and rows (#, name, the game's numbers, status,
    conditions), in the game's order."""
    rules = encounter.rules
    turn = encounter.turn
    word = rules.round_word
    titles = ["#", "Name", *rules.columns, "Status", "Conditions"]
    rows = []
    for number, row in enumerate(rules.rows(encounter.state), start=1):
        fighter = encounter.fighters.get(row.key)
        name = row.key + (f" ({fighter.group})" if fighter and fighter.group else "")
        if row.key in turn.actors:
            name = "▶ " + name
        conditions = "; ".join(c.describe(word, turn.round)
                               for c in encounter.conditions_of(row.key))
        status = row.status or ("out" if row.out else "")
        rows.append([str(number), name, *row.cells, status, conditions])
    return titles, rows


HEAD_SIZE = 6.0
PAD = 5.0
"""Room between columns."""
FLEX_MIN = 70.0
"""Status and Conditions wrap, but get at least this much room."""
SIZES = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5)


def column_widths(titles: Sequence[str], rows: Sequence[Sequence[str]], total: float
                  ) -> tuple[float, list[float]]:
    """The font size and column widths for the status table: every number column as
    wide as its widest entry (so nothing is cut), Status and Conditions sharing the rest
    and wrapping. The largest size at which that fits ``total``."""
    flex = {len(titles) - 2, len(titles) - 1}
    widths: list[float] = []
    for size in SIZES:
        widths = []
        for i, title in enumerate(titles):
            font = fonts.BOLD if i == 1 else fonts.REGULAR
            need = max([width(title.upper(), fonts.BOLD, HEAD_SIZE),
                        *(width(r[i], font, size) for r in rows)])
            widths.append(need + PAD)
        fixed = sum(w for i, w in enumerate(widths) if i not in flex)
        if fixed + len(flex) * FLEX_MIN <= total:
            break
    fixed = sum(w for i, w in enumerate(widths) if i not in flex)
    room = max(total - fixed, len(flex) * FLEX_MIN)
    wanted = sum(max(widths[i], FLEX_MIN) for i in flex)
    for i in flex:
        widths[i] = room * max(widths[i], FLEX_MIN) / wanted
    if sum(widths) > total:  # even the smallest size is too wide: squeeze every column
        scale = total / sum(widths)
        widths = [w * scale for w in widths]
    return size, widths


def _cells(line: Rect, widths: Sequence[float]) -> list[Rect]:
    out, x = [], line.x
    for w in widths:
        out.append(Rect(x, line.y, w - PAD, line.h))
        x += w
    return out


def _row_height(row: Sequence[str], widths: Sequence[float], size: float) -> float:
    lines = 1
    for i, (text, w) in enumerate(zip(row, widths, strict=True)):
        if i >= len(row) - 2 and text:
            lines = max(lines, len(fit_cell(text, w - PAD, 1e6, fonts.REGULAR, size).lines))
    return lines * size * 1.2 + 4


def draw_status(canvas: Canvas, encounter: Encounter, page: Page) -> int:
    """The initiative and status sheet; the number of pages drawn (1 unless huge)."""
    system = get(encounter.system)
    turn = encounter.turn
    titles, rows = status_rows(encounter)
    page = Page(page.paper, max(page.size), min(page.size))  # landscape: many columns
    canvas.setPageSize(page.size)
    content = page.content
    band, body = content.take_top(20, 6)
    info, body = body.take_top(14, 6)
    head, table = body.take_top(11)
    table = Rect(table.x, table.y + 10, table.w, table.h - 10)  # room for the footer
    size, widths = column_widths(titles, rows, table.w)
    heights = [_row_height(row, widths, size) for row in rows]
    pages, start = 0, 0
    while True:
        pages += 1
        y, end = table.top, start
        while end < len(rows) and (y - heights[end] >= table.y or end == start):
            y -= heights[end]
            end += 1
        more = "" if (start == 0 and end >= len(rows)) else f" · page {pages}"
        boxes.header(canvas, band, f"{encounter.name or 'Encounter'}: initiative and status",
                     note=f"{system.name}{more}")
        state = turn.label if turn.started else f"Before the fight: {turn.label}"
        canvas.setFillColor(style.MUTED)
        counts = f"{len(encounter.fighters)} combatants"
        draw(canvas, info.right, info.y + 3, counts, fonts.REGULAR, 8, "right")
        canvas.setFillColor(style.INK)
        fit_and_draw(canvas, state, Rect(info.x, info.y, info.w - width(counts, fonts.REGULAR,
                                                                     8) - 12, info.h),
                     fonts.BOLD, 10, 6, valign="middle")
        canvas.setFillColor(style.MUTED)
        for title, cell in zip(titles, _cells(head, widths), strict=True):
            draw(canvas, cell.x, cell.y + 2.5, title.upper(), fonts.BOLD, HEAD_SIZE)
        canvas.setFillColor(style.INK)
        y = table.top
        for index in range(start, end):
            line = Rect(table.x, y - heights[index], table.w, heights[index])
            if index % 2:
                boxes.frame(canvas, line, fill=style.HEADER_FILL, stroke=None, radius=0)
            for i, (text, cell) in enumerate(zip(rows[index], _cells(line, widths),
                                                 strict=True)):
                font = fonts.BOLD if i == 1 else fonts.REGULAR
                box = cell.inset(0, 2)
                fitted = fit_text(text, box.w, box.h, font, size, min(size, 5.0),
                                  wrap_first=i >= len(titles) - 2)
                draw_fitted(canvas, fitted, box)
            y -= heights[index]
        if end >= len(rows):
            _notes(canvas, Rect(table.x, table.y, table.w, y - table.y), not rows)
        canvas.setFillColor(style.MUTED)
        draw(canvas, content.right, content.y, "printed with Sheetdesk", fonts.REGULAR, 6,
             "right")
        canvas.setFillColor(style.INK)
        canvas.showPage()
        start = end
        if start >= len(rows):
            return pages


def _notes(canvas: Canvas, room: Rect, empty: bool) -> None:
    """Ruled lines under the table, for the GM's own notes during the fight."""
    if empty:
        canvas.setFillColor(style.MUTED)
        draw(canvas, room.x, room.top - 12, "Nobody has joined the fight yet.",
             fonts.OBLIQUE, 9)
        canvas.setFillColor(style.INK)
        room = Rect(room.x, room.y, room.w, room.h - 18)
    if room.h < 40:
        return
    label, lines = room.take_top(24)
    canvas.setFillColor(style.MUTED)
    draw(canvas, label.x, label.y + 4, "NOTES", fonts.BOLD, HEAD_SIZE)
    canvas.setFillColor(style.INK)
    ruled_rows(canvas, lines, lines.top, 16)


def render_encounter_pdf(encounter: Encounter, paper: Paper = "a4",
                         per_page: int | None = None) -> bytes:
    """The ID cards (``per_page`` to a page: 4, 2 or 1; by default the most that keep
    every back readable) then the status sheet, as PDF bytes."""
    page = Page.of(paper)
    fonts.register_primary()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=page.size, invariant=1, pageCompression=1,
                    initialFontName=fonts.REGULAR, initialFontSize=10)
    canvas.setTitle(f"{encounter.name or 'Encounter'}: ID cards and status sheet")
    canvas.setCreator(CREATOR)
    canvas.setAuthor(CREATOR)
    draw_cards(canvas, encounter, page, per_page)
    draw_status(canvas, encounter, page)
    canvas.save()
    return buffer.getvalue()


def print_encounter(encounter: Encounter, out: str | Path, paper: Paper = "a4",
                    per_page: int | None = None) -> None:
    """Write the encounter's cards and status sheet to ``out`` (atomically)."""
    atomic_write_bytes(out, render_encounter_pdf(encounter, paper, per_page),
                       keep_backup=False)
