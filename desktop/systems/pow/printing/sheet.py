"""The POW! character sheet and fold-up ID card (reportlab).

First ``view.sheet_view`` flattens a character and ``derive`` into strings and numbers
(``PowSheetView``); the drawing code reads only that view, never the model. Text that
does not fit its box even at the smallest size ends in "…" and is printed in full on
a continuation page, so nothing is lost.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from desktop.model.pools import bubble_states
from desktop.pdf import boxes, fillable, fonts, style
from desktop.pdf.bubbles import draw_bubbles
from desktop.pdf.page import Page, Rect
from desktop.pdf.picture import picture_and_words
from desktop.pdf.sheet_parts import (
    BODY,
    GAP,
    SMALL,
    Overflow,
    draw_with_continuation,
    footer,
    number_cell,
    table,
    take_bottom,
)
from desktop.pdf.text import draw, draw_fitted, fit_and_draw, fit_text
from desktop.systems.pow.printing.view import BOOK_TITLE, PowSheetView, StatRow, sheet_view
from desktop.systems.pow.rules.character import PowCharacter

POOL_BUBBLES = 25
MAX_DRAWN_BUBBLES = 100
"""A pool drawn as bubbles at the most (Stat 10); a bigger one is written as a number."""
"""The book's sheet always shows 25 (a Stat of 5)."""


# --------------------------------------------------------------------- the sheet

def draw_sheet(canvas: Canvas, character: PowCharacter, page: Page) -> None:
    """The book's one-page sheet (plus continuation pages only if text overflowed)."""
    draw_with_continuation(canvas, page, sheet_view(character), render_sheet)


def render_sheet(canvas: Canvas, view: PowSheetView, page: Page, overflow: Overflow) -> None:
    area = page.content
    footer_box, area = take_bottom(area, 9, GAP)
    header, area = area.take_top(62, GAP)
    stats_box, area = area.take_top(13 + 12 + 6 * 22 + 8, GAP)
    middle, area = area.take_top(104, GAP)
    specials_box, equipment_box, bottom = area.rows([45, 31, 24], GAP)

    _header(canvas, header, view, overflow)
    _stats(canvas, stats_box, view)
    combat_box, sketch_box = middle.take_left(middle.w - 150 - GAP, GAP)
    _combat(canvas, combat_box, view)
    _sketch(canvas, sketch_box, view, overflow)
    _specials(canvas, specials_box, view, overflow)
    _equipment(canvas, equipment_box, view, overflow)
    xp_box, notes_box = bottom.columns([44, 56], GAP)
    _experience(canvas, xp_box, view, overflow)
    room = boxes.section(canvas, notes_box, "Notes")
    if not view.notes.strip():
        fillable.text_field(canvas, room, "Notes", multiline=True)
    overflow.check(fit_and_draw(canvas, view.notes, room, fonts.REGULAR, BODY, SMALL,
                                wrap_first=True), "Notes")
    footer(canvas, footer_box, f"Optional rules: {view.options or 'none'}", BOOK_TITLE,
           bool(overflow.entries))


def _logo(canvas: Canvas, box: Rect, subtitle: str) -> None:
    """"POW!" in the accent colour, sized to the box, with a caption under it."""
    logo, caption = box.rows([74, 26])
    canvas.setFillColor(style.ACCENT)
    fitted = fit_text("POW!", logo.w, logo.h, fonts.BOLD, 44, 12)
    draw_fitted(canvas, fitted, logo, valign="bottom")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, subtitle, caption, fonts.BOLD, 7, 4, valign="middle")
    canvas.setFillColor(style.INK)


CONCEPT_MAX, CONCEPT_MIN = 9.5, 8.0
"""The Basic Concept's type sizes on the sheet: readable on paper, never smaller."""


def _header(canvas: Canvas, box: Rect, view: PowSheetView, overflow: Overflow) -> None:
    logo, fields = box.take_left(118, GAP)
    _logo(canvas, logo, "CHARACTER SHEET")
    # The Basic Concept has the whole lower row and more height: 10-15 words fit on
    # one line at 9 pt, longer ones wrap onto two lines before the size drops, and it
    # is never printed below CONCEPT_MIN (the rest goes to the continuation page).
    top, concept_box = fields.rows([44, 56], 4)
    name_box, player_box, world_box = top.columns([46, 27, 27], 4)
    overflow.check(boxes.field(canvas, name_box, "Name", view.name, max_size=13,
                               font=fonts.BOLD), "Name")
    overflow.check(boxes.field(canvas, player_box, "Player", view.player), "Player")
    overflow.check(boxes.field(canvas, concept_box, "Basic Concept", view.concept,
                               max_size=CONCEPT_MAX, min_size=CONCEPT_MIN,
                               wrap_first=True), "Basic Concept")
    overflow.check(boxes.field(canvas, world_box, "Worldbook", view.worldbook), "Worldbook")


STAT_COLUMNS = (("", 16), ("Statistic", 62), ("Score", 32), ("Now", 32), ("Pool", 40),
                ("Raise XP", 38))


def _stats(canvas: Canvas, box: Rect, view: PowSheetView) -> None:
    room = boxes.section(canvas, box, "Statistics",
                         note="Pool = Stat × Stat · filled bubbles are beyond the pool, "
                              "struck ones are spent")
    head, body = room.take_top(12)
    fixed = sum(w for _, w in STAT_COLUMNS)
    columns = [w for _, w in STAT_COLUMNS] + [room.w - fixed]
    cells = head.columns(columns)
    canvas.setFillColor(style.MUTED)
    for (title, _), cell in zip(STAT_COLUMNS, cells, strict=False):
        draw(canvas, cell.x + cell.w / 2, cell.y + 3, title.upper(), fonts.BOLD, 5.5,
             "center")
    draw(canvas, cells[-1].x + 2, cells[-1].y + 3, f"POOL BUBBLES ({POOL_BUBBLES})",
         fonts.BOLD, 5.5)
    canvas.setFillColor(style.INK)
    for row, line in zip(body.rows(len(view.stats)), view.stats, strict=True):
        _stat_row(canvas, row, line, columns)


def _stat_row(canvas: Canvas, row: Rect, stat: StatRow, columns: list[float]) -> None:
    letter, label, score, now, pool, raise_xp, bubbles = row.inset(0, 2).columns(columns)
    canvas.setLineWidth(style.HAIRLINE)
    canvas.setStrokeColor(style.HEADER_FILL)
    canvas.line(row.x, row.y, row.right, row.y)
    badge = min(letter.h, letter.w) - 2
    boxes.frame(canvas, Rect(letter.x + 1, letter.y + (letter.h - badge) / 2, badge, badge),
                fill=style.INK, stroke=None, radius=2)
    canvas.setFillColor(style.PAPER)
    draw(canvas, letter.x + 1 + badge / 2, letter.y + letter.h / 2 - 3, stat.letter,
         fonts.BOLD, 8.5, "center")
    canvas.setFillColor(style.INK)
    draw(canvas, label.x + 4, label.y + label.h / 2 - 3.2, stat.label, fonts.BOLD, 9)
    for cell, value, what in ((score, str(stat.score), "Score"),
                              (now, str(stat.current), "Now")):
        inner = cell.inset(4, 0)
        boxes.frame(canvas, inner)
        if boxes.value_field(canvas, inner.inset(1.5), f"{stat.label} {what}", value,
                             fonts.BOLD, 10) is None:
            draw(canvas, inner.x + inner.w / 2, inner.y + inner.h / 2 - 3.6, value,
                 fonts.BOLD, 10, "center")
    pool_text = f"{stat.current_pool}/{stat.pool}"
    if boxes.value_field(canvas, pool.inset(3, 1.5), f"{stat.label} Pool", pool_text,
                         fonts.REGULAR, 8.5) is None:
        draw(canvas, pool.x + pool.w / 2, pool.y + pool.h / 2 - 3, pool_text,
             fonts.REGULAR, 8.5, "center")
    canvas.setFillColor(style.MUTED)
    if boxes.value_field(canvas, raise_xp.inset(3, 1.5), f"{stat.label} Raise XP",
                         stat.raise_xp, fonts.REGULAR, 8) is None:
        draw(canvas, raise_xp.x + raise_xp.w / 2, raise_xp.y + raise_xp.h / 2 - 3,
             stat.raise_xp, fonts.REGULAR, 8, "center")
    canvas.setFillColor(style.INK)
    if stat.pool > MAX_DRAWN_BUBBLES:  # a house-ruled giant: thousands of dots help nobody
        canvas.setFillColor(style.MUTED)
        fit_and_draw(canvas, f"{stat.pool} points: too many bubbles to draw; keep the tally "
                     "in the pool box", bubbles.inset(3, 0), fonts.REGULAR, 7, 5,
                     valign="middle")
        canvas.setFillColor(style.INK)
        return
    draw_bubbles(canvas, bubbles.inset(3, 0), bubble_states(stat.pool, stat.current_pool,
                                                            POOL_BUBBLES), max_r=4.6)


def _combat(canvas: Canvas, box: Rect, view: PowSheetView) -> None:
    room = boxes.section(canvas, box, "Points and Combat", pad=GAP / 2)
    top, bottom = room.rows(2, GAP / 2)
    a, b, c, e = top.columns(4, GAP / 2)
    blank = fillable.active()  # a blank sheet's notes name what goes in the box
    number_cell(canvas, a, "Character Points", f"{view.points_spent} / {view.points_budget}",
                 "spent / budget" if blank else f"{view.points_left} left"
                 if view.points_left >= 0 else f"{-view.points_left} over budget")
    number_cell(canvas, b, "Initiative", view.initiative, "Agility + 2d6, once per combat")
    number_cell(canvas, c, "Actions", view.actions, view.actions_note)
    number_cell(canvas, e, "Unarmed damage", view.unarmed, "Brawn")
    to_hit, move, size = bottom.columns([2, 1.2, 0.8], GAP / 2)
    boxes.frame(canvas, to_hit)
    inner = boxes.label(canvas, to_hit, "Difficulty to hit me (Agility + 5 / 10 / 15)")
    for cell, (caption, value) in zip(inner.columns(3), view.to_hit, strict=True):
        number, caption_box = cell.rows([64, 36])
        boxes.fit_or_field(canvas, f"To hit {caption}", str(value), number, fonts.BOLD,
                           15, 7, align="center", valign="middle")
        canvas.setFillColor(style.MUTED)
        fit_and_draw(canvas, caption, caption_box, fonts.REGULAR, 6.5, 4.5, align="center",
                     valign="middle")
        canvas.setFillColor(style.INK)
    number_cell(canvas, move, "Move", view.move_action,
                 "per action · full frame: 10 × height" if blank
                 else f"per action · {view.move_frame} full frame")
    number_cell(canvas, size, "Size", view.size.split(" · ")[0].removeprefix("Size "),
                 " · ".join(view.size.split(" · ")[1:]) or "category")


def _sketch(canvas: Canvas, box: Rect, view: PowSheetView, overflow: Overflow) -> None:
    boxes.frame(canvas, box)
    room = boxes.label(canvas, box, "Sketch")
    fitted = picture_and_words(canvas, room, view.picture, view.description, 0.42,
                               "Description", SMALL)
    if fitted is not None:
        overflow.check(fitted, "Description")


def _specials(canvas: Canvas, box: Rect, view: PowSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Specials",
                         note="usable only while the current Stat meets the minimum")
    rows = [[s.name, s.stat, s.costs, s.effect, s.upgrade] for s in view.specials]
    table(canvas, room, ["Special", "Stat / min", "Buy / Pool / Act", "Effect", "Upgrade"],
           [20, 11, 13, 34, 22], rows, True, overflow, "Special")


def _equipment(canvas: Canvas, box: Rect, view: PowSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Equipment")
    tables, rest = room.take_top(room.h * 0.66, GAP)
    weapons, armor = tables.columns([52, 48], GAP * 2)
    table(canvas, weapons, ["Weapon", "Damage", "Range", "Notes"], [30, 26, 18, 26],
           [[w.name, w.damage, w.range, w.notes] for w in view.weapons], True, overflow,
           "Weapon")
    table(canvas, armor, ["Armor", "FR", "DR left", "Notes"], [30, 10, 20, 40],
           [[a.name, a.frame_rating, a.damage_rating, a.notes] for a in view.armor], True,
           overflow, "Armor")
    items, money = rest.take_left(rest.w * 0.78, GAP)
    overflow.check(boxes.field(canvas, items, "Other items", view.items, max_size=BODY,
                               min_size=SMALL, wrap_first=True), "Other items")
    overflow.check(boxes.field(canvas, money, "Money", view.money, max_size=12,
                               font=fonts.BOLD), "Money")


def _experience(canvas: Canvas, box: Rect, view: PowSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Experience")
    numbers, text = room.take_top(min(room.h * 0.55, 40), GAP / 2)
    for cell, caption, value in zip(numbers.columns(3, GAP / 2), ("Earned", "Spent", "Left"),
                                    (view.xp_earned, view.xp_spent, view.xp_left),
                                    strict=True):
        boxes.frame(canvas, cell)
        inner = boxes.label(canvas, cell, caption)
        boxes.fit_or_field(canvas, f"XP {caption}", str(value), inner, fonts.BOLD, 13, 7,
                           align="center", valign="middle")
    canvas.setFillColor(style.MUTED)
    overflow.check(fit_and_draw(canvas, view.xp_notes, text, fonts.REGULAR, 6.5, SMALL,
                                wrap_first=True), "Experience")
    canvas.setFillColor(style.INK)
