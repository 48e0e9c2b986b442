"""Printing an encounter: every combatant's fold-up ID card, four to a page (2 × 2) with
crop marks to cut them apart, then a one-page initiative and status sheet.

Each card is drawn by its game's ``sheet.draw_card(canvas, character, box)`` with the
character as the fight has left it, named by its key in the encounter ("Lizard-man 2")
so a group's cards tell its members apart. The status sheet lists the combatants in the
order the game gives (initiative order once the fight is on), with the game's columns
(``rules.columns``/``rows``), status and conditions, and the round and whose turn it is.
It shrinks its rows to stay on one page; only past the smallest readable size does it
go on to a second page.

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
from desktop.pdf.page import Page, Paper, Rect
from desktop.pdf.text import draw, fit_text
from desktop.systems import get

CARDS_PER_PAGE = 4
GUTTER = 18.0
"""Room between cards for the crop marks and the scissors."""
ROW_MAX = 14.0
ROW_MIN = 7.0
"""The smallest status row (a 5.5 pt font) before the sheet goes on to another page."""
CREATOR = "Sheetdesk"


def card_boxes(page: Page) -> list[Rect]:
    """The four card boxes of a page, top left first, with a gutter for crop marks."""
    area = page.content.inset(GUTTER / 2)
    out: list[Rect] = []
    for row in area.rows(2, GUTTER):
        out.extend(row.columns(2, GUTTER))
    return out


def _card_character(encounter: Encounter, key: str):
    character = encounter.character(key)
    if getattr(character, "name", key) == key:
        return character
    data = character.model_dump()
    data["name"] = key
    return type(character).model_validate(data)


def draw_cards(canvas: Canvas, encounter: Encounter, page: Page) -> int:
    """Every combatant's ID card, four to a page; the number of pages drawn."""
    sheet = get(encounter.system).part("sheet")
    keys = list(encounter.fighters)
    pages = 0
    for start in range(0, len(keys), CARDS_PER_PAGE):
        for key, box in zip(keys[start:start + CARDS_PER_PAGE], card_boxes(page),
                            strict=False):
            sheet.draw_card(canvas, _card_character(encounter, key), box)
            marks.crop_marks(canvas, box)
        canvas.setFillColor(style.MUTED)
        draw(canvas, page.content.x, page.margin / 2, f"{encounter.name or 'Encounter'} · "
             f"ID cards {start // CARDS_PER_PAGE + 1}: cut along the corner marks, fold on "
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


def _weights(titles: Sequence[str], rows: Sequence[Sequence[str]]) -> list[float]:
    """Column widths after the longest entry (capped), so numbers stay narrow."""
    out = []
    for i, title in enumerate(titles):
        longest = max([len(title), *(len(r[i]) for r in rows)])
        out.append(float(min(max(longest, 2), 28 if i == len(titles) - 1 else 20)))
    return out


def draw_status(canvas: Canvas, encounter: Encounter, page: Page) -> int:
    """The initiative and status sheet; the number of pages drawn (1 unless huge)."""
    system = get(encounter.system)
    turn = encounter.turn
    titles, rows = status_rows(encounter)
    weights = _weights(titles, rows)
    content = page.content
    band, body = content.take_top(20, 6)
    info, body = body.take_top(14, 4)
    head_h = 11.0
    room = body.h - head_h - 12
    row_h = max(ROW_MIN, min(ROW_MAX, room / max(len(rows), 1)))
    per_page = max(int(room // row_h), 1)
    size = min(8.5, row_h / 1.3)
    pages = 0
    for start in range(0, max(len(rows), 1), per_page):
        pages += 1
        more = f" · page {pages}" if len(rows) > per_page else ""
        boxes.header(canvas, band, f"{encounter.name or 'Encounter'}: initiative and status",
                     note=f"{system.name}{more}")
        state = turn.label if turn.started else f"Before the fight: {turn.label}"
        canvas.setFillColor(style.INK)
        draw(canvas, info.x, info.y + 3, state, fonts.BOLD, 9)
        canvas.setFillColor(style.MUTED)
        draw(canvas, info.right, info.y + 3,
             f"{encounter.rules.round_word} {turn.round} · {len(encounter.fighters)} combatants",
             fonts.REGULAR, 8, "right")
        head, table = body.take_top(head_h)
        columns = head.columns(weights, 4)
        for title, cell in zip(titles, columns, strict=True):
            draw(canvas, cell.x, cell.y + 2.5, title.upper(), fonts.BOLD, 6)
        canvas.setFillColor(style.INK)
        y = table.top
        for index, row in enumerate(rows[start:start + per_page]):
            line = Rect(table.x, y - row_h, table.w, row_h)
            if index % 2:
                boxes.frame(canvas, line, fill=style.HEADER_FILL, stroke=None, radius=0)
            for i, (text, cell) in enumerate(zip(row, line.columns(weights, 4), strict=True)):
                font = fonts.BOLD if i == 1 else fonts.REGULAR
                fitted = fit_text(text, cell.w, row_h, font, size, size)
                shown = fitted.lines[0] if fitted.lines else ""
                draw(canvas, cell.x, line.y + (row_h - size * 0.72) / 2, shown, font, size)
            y -= row_h
        if not rows:
            canvas.setFillColor(style.MUTED)
            draw(canvas, table.x, table.top - 12, "Nobody has joined the fight yet.",
                 fonts.OBLIQUE, 9)
            canvas.setFillColor(style.INK)
        canvas.setFillColor(style.MUTED)
        draw(canvas, content.right, content.y, "printed with Sheetdesk", fonts.REGULAR, 6,
             "right")
        canvas.setFillColor(style.INK)
        canvas.showPage()
    return pages


def render_encounter_pdf(encounter: Encounter, paper: Paper = "a4") -> bytes:
    """The ID cards (four to a page) then the status sheet, as PDF bytes."""
    page = Page.of(paper)
    fonts.register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=page.size, invariant=1, pageCompression=1,
                    initialFontName=fonts.REGULAR, initialFontSize=10)
    canvas.setTitle(f"{encounter.name or 'Encounter'}: ID cards and status sheet")
    canvas.setCreator(CREATOR)
    canvas.setAuthor(CREATOR)
    draw_cards(canvas, encounter, page)
    draw_status(canvas, encounter, page)
    canvas.save()
    return buffer.getvalue()


def print_encounter(encounter: Encounter, out: str | Path, paper: Paper = "a4") -> None:
    """Write the encounter's cards and status sheet to ``out`` (atomically)."""
    atomic_write_bytes(out, render_encounter_pdf(encounter, paper), keep_backup=False)
