"""The Warlords of Kruhl character sheet drawn (reportlab).

The chapter prints no sheet; this one is ours, in its spirit: the name, concept and
player; the four attributes, Power Level and the initiative roll; Endurance as a row of
boxes (crossed when lost, slashed when lost to stunning damage, which comes back after
the fight) and plot points with what they buy; every skill with its level, attribute,
what adds to it and the dice the player rolls; equipment with its rating; the conditions
checklist with each one's dice; the difficulty values, range bands and the actions of a
turn; description and notes.

The drawing reads only the flat view (``view.sheet_view``). Text that does not fit even
at the smallest size ends in "…" and is printed in full on a continuation page.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import boxes, fillable, fonts, style
from desktop.pdf.page import Page, Rect
from desktop.pdf.picture import picture_beside
from desktop.pdf.sheet_parts import (
    BODY,
    GAP,
    SMALL,
    Overflow,
    draw_with_continuation,
    footer,
    number_cell,
    row_layout,
    table,
    take_bottom,
)
from desktop.pdf.text import draw, draw_fitted, fit_and_draw, fit_text
from desktop.systems.kruhl.printing.view import (
    TITLE,
    BoxState,
    ConditionRow,
    KruhlSheetView,
    SkillRow,
    sheet_view,
)
from desktop.systems.kruhl.rules.character import KruhlCharacter

ROW_H = BODY * 1.2 + 3
"""One line of a table at the body size (``sheet_parts.row_layout``)."""
SECTION_H = 13 + 8 + 10
"""A section's header band, its padding and a table's column titles."""
PLOT_BOXES = 10
"""Plot point circles printed at the least (three free past those held, if more)."""


BLANK_ENDURANCE = 10
"""Endurance squares on a blank sheet (a character with more adds a row by hand)."""


def draw_sheet(canvas: Canvas, character: KruhlCharacter, page: Page) -> None:
    """The sheet on one page (plus continuation pages only if text overflowed)."""
    draw_with_continuation(canvas, page, sheet_view(character), render_sheet)


def render_sheet(canvas: Canvas, view: KruhlSheetView, page: Page,
                 overflow: Overflow) -> None:
    area = page.content
    footer_box, area = take_bottom(area, 9, GAP)
    header, area = area.take_top(40, GAP)
    scores, area = area.take_top(38, GAP)
    tracks, area = area.take_top(84, GAP)
    skill_rows = max(len(view.skills) + 1, 12)
    skills_box, area = area.take_top(min(SECTION_H + skill_rows * ROW_H + 2, area.h * 0.45),
                                     GAP)

    _header(canvas, header, view, overflow)
    _scores(canvas, scores, view)
    endurance_box, plot_box = tracks.columns([37, 63], GAP)
    _endurance(canvas, endurance_box, view)
    _plot_points(canvas, plot_box, view, overflow)
    _skills(canvas, skills_box, view, overflow)
    left, conditions_box = area.columns([53, 47], GAP)
    _conditions(canvas, conditions_box, view, overflow)
    _left_column(canvas, left, view, overflow)
    footer(canvas, footer_box, view.footer, TITLE, bool(overflow.entries))


def table_height(box_w: float, weights: list[float], rows: list[list[str]],
                 min_rows: int = 0) -> float:
    """The height a section holding ``table`` needs for ``rows`` at the body size."""
    widths = [c.w for c in Rect(0, 0, box_w - 8, 1).columns(weights, 4)]
    _, heights = row_layout(rows, widths, 1e6, True)
    return SECTION_H + sum(heights) + max(min_rows - len(rows), 0) * ROW_H + 2


def _left_column(canvas: Canvas, box: Rect, view: KruhlSheetView, overflow: Overflow) -> None:
    """Equipment, the difficulty and range tables and the turn take what their rows
    need (equipment at most a third); description and notes get the rest."""
    equipment_h = table_height(box.w, EQUIPMENT_WEIGHTS, _equipment_rows(view), 3)
    equipment_box, rest = box.take_top(min(equipment_h, box.h * 0.33), GAP)
    difficulty_w = box.w * 0.37
    tables_h = max(table_height(difficulty_w, DV_WEIGHTS, _dv_rows(view)),
                   table_height(box.w - difficulty_w - GAP, RANGE_WEIGHTS, _range_rows(view)))
    tables, rest = rest.take_top(tables_h, GAP)
    turn_box, notes_box = rest.take_top(6 * 1.25 + 5 + 4 * BODY * 1.2 + 2, GAP)
    _equipment(canvas, equipment_box, view, overflow)
    difficulty_box, ranges_box = tables.take_left(difficulty_w, GAP)
    _difficulty(canvas, difficulty_box, view, overflow)
    _ranges(canvas, ranges_box, view, overflow)
    _turn(canvas, turn_box, view, overflow)
    _notes(canvas, notes_box, view, overflow)


def _logo(canvas: Canvas, box: Rect) -> None:
    """"Warlords of Kruhl" in the accent colour, "Character Sheet" under it."""
    logo, caption = box.rows([66, 34])
    canvas.setFillColor(style.ACCENT)
    draw_fitted(canvas, fit_text("Warlords of Kruhl", logo.w, logo.h, fonts.BOLD, 20, 8),
                logo, valign="bottom")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, "CHARACTER SHEET · 3E", caption, fonts.BOLD, 7.5, 4,
                 valign="middle")
    canvas.setFillColor(style.INK)


def _header(canvas: Canvas, box: Rect, view: KruhlSheetView, overflow: Overflow) -> None:
    logo, fields = box.take_left(178, GAP)
    fields = picture_beside(canvas, fields, view.picture, GAP)
    _logo(canvas, logo)
    name, concept, player = fields.columns([34, 44, 22], 4)
    caption = "Name" + (" (rabble)" if view.rabble else "")
    overflow.check(boxes.field(canvas, name, caption, view.name, max_size=14,
                               font=fonts.BOLD), "Name")
    overflow.check(boxes.field(canvas, concept, "Concept", view.concept, max_size=9,
                               min_size=5.5), "Concept")
    overflow.check(boxes.field(canvas, player, "Player", view.player), "Player")


def _scores(canvas: Canvas, box: Rect, view: KruhlSheetView) -> None:
    cells = box.columns([1.15, 1.15, 1.15, 1.15, 1.1, 1.6], GAP / 2)
    attributes = [(cell, s) for cell, s in zip(cells, view.scores, strict=False) if not s.note]
    # One size for the four names, the one the longest needs.
    size = min((fit_text(s.label, _attribute_parts(cell)[0].w, cell.h, fonts.BOLD, 10, 6).size
                for cell, s in attributes), default=10)
    for cell, score in zip(cells, view.scores, strict=False):
        if score.note:
            number_cell(canvas, cell, score.label, str(score.value), score.note)
        else:
            _attribute(canvas, cell, score.label, score.value, size)
    number_cell(canvas, cells[-1], "Initiative", view.initiative,
                "Perception (Reason) roll; ambushers +1 die")


def _attribute_parts(box: Rect) -> list[Rect]:
    """(the name, the score) inside an attribute's box."""
    return box.inset(5, 4).columns([60, 40], 3)


def _attribute(canvas: Canvas, box: Rect, label: str, value: int, size: float) -> None:
    """An attribute: its name on a grey band, the score in a white box."""
    boxes.frame(canvas, box, fill=style.HEADER_FILL, stroke=None)
    name, score = _attribute_parts(box)
    fit_and_draw(canvas, label, name, fonts.BOLD, size, 6, valign="middle")
    boxes.frame(canvas, score, fill=style.PAPER)
    boxes.fit_or_field(canvas, label, str(value), score.inset(1.5), fonts.BOLD, 16, 7,
                       align="center", valign="middle")


# --------------------------------------------------------------- Endurance, plot points

def _mark(canvas: Canvas, square: Rect, state: BoxState) -> None:
    """A free box is empty; one lost is shaded and crossed; one lost to stunning damage
    has one slash (cross it too if it is not back after the fight)."""
    canvas.saveState()
    canvas.setLineWidth(style.LINE)
    canvas.setStrokeColor(style.INK)
    canvas.setFillColor(style.FILL)
    canvas.rect(square.x, square.y, square.w, square.h, stroke=1, fill=int(state == "lost"))
    d = square.w * 0.2
    if state in ("lost", "stun"):
        canvas.line(square.x + d, square.y + d, square.right - d, square.top - d)
    if state == "lost":
        canvas.line(square.x + d, square.top - d, square.right - d, square.y + d)
    canvas.restoreState()


def _legend(canvas: Canvas, box: Rect, entries: list[tuple[BoxState, str]]) -> None:
    x, size = box.x, 6.0
    for state, text in entries:
        _mark(canvas, Rect(x, box.y + 0.5, size, size), state)
        canvas.setFillColor(style.MUTED)
        draw(canvas, x + size + 2, box.y + 1, text, fonts.REGULAR, size)
        x += size + 2 + fonts.string_width(text, fonts.REGULAR, size) + 8
    canvas.setFillColor(style.INK)


def _endurance(canvas: Canvas, box: Rect, view: KruhlSheetView) -> None:
    blank = fillable.active()
    room = boxes.section(canvas, box, "Endurance", note="" if blank else view.endurance_note)
    rule, room = take_bottom(room, 16, 2)
    legend, room = take_bottom(room, 8, 3)
    states = view.endurance_boxes
    if blank:  # no Endurance yet: empty squares for one up to BLANK_ENDURANCE
        states = ("free",) * BLANK_ENDURANCE
    squares = boxes.box_grid(room, len(states), max_size=15)
    # Centred in the height the rows leave free.
    drop = (min(s.y for s in squares) - room.y) / 2 if squares else 0
    for number, (square, state) in enumerate(zip(squares, states, strict=True), 1):
        _mark(canvas, Rect(square.x, square.y - drop, square.w, square.h), state)
        fillable.check_field(canvas, Rect(square.x, square.y - drop, square.w,
                                          square.h).inset(1), f"Endurance {number}")
    _legend(canvas, legend, [("free", "left"), ("stun", "stunned: back after the fight"),
                             ("lost", "lost")])
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, "−1 for each successful attack; 0: defeated. Rest an hour: half "
                 "the lost back (rounded up); a night's sleep: all.", rule, fonts.REGULAR,
                 6, 4.5, wrap_first=True)
    canvas.setFillColor(style.INK)


def _plot_points(canvas: Canvas, box: Rect, view: KruhlSheetView,
                 overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Plot Points",
                         note="one at the start of each session" if fillable.active()
                         else f"{view.plot_points} held · one at the start of each session")
    row, uses = room.take_top(12, 3)
    count = max(PLOT_BOXES, view.plot_points + 3)  # room to gain a few more
    size = min(10.0, row.h)
    pitch = min(size * 1.35, row.w / count)
    size = min(size, pitch / 1.35)
    canvas.saveState()
    canvas.setLineWidth(style.LINE)
    canvas.setStrokeColor(style.INK)
    canvas.setFillColor(style.INK)
    for i in range(count):
        cx = row.x + size / 2 + i * pitch
        canvas.circle(cx, row.y + row.h / 2, size / 2, stroke=1, fill=int(i < view.plot_points))
        side = size * 0.7  # inside the ring, to tick a point held
        fillable.check_field(canvas, Rect(cx - side / 2, row.y + row.h / 2 - side / 2, side,
                                          side), f"Plot point {i + 1}")
    canvas.restoreState()
    per_column = math.ceil(len(view.plot_uses) / 2)
    slots = [slot for column in uses.columns(2, GAP) for slot in column.rows(per_column, 1)]
    labelled_lines(canvas, slots, [(u.name, u.note) for u in view.plot_uses], 38, 6.5, 4.5,
                   overflow, "Plot point")


def labelled_lines(canvas: Canvas, slots: list[Rect], lines: list[tuple[str, str]],
                   label_w: float, max_size: float, min_size: float, overflow: Overflow,
                   what: str) -> None:
    """A bold label and its text in each slot, all at the size the longest text needs."""
    parts = [slot.take_left(label_w, 3) for slot in slots[:len(lines)]]
    size = min((fit_text(text, room.w, room.h, fonts.REGULAR, max_size, min_size,
                         wrap_first=True).size
                for (_, room), (_, text) in zip(parts, lines, strict=True)), default=max_size)
    for (label, room), (name, text) in zip(parts, lines, strict=True):
        draw(canvas, label.x, label.top - size * 0.95, name, fonts.BOLD, size)
        overflow.check(fit_and_draw(canvas, text, room, fonts.REGULAR, size, min_size,
                                    wrap_first=True), f"{what}: {name}")


# ------------------------------------------------------------------------ the tables

def _skills(canvas: Canvas, box: Rect, view: KruhlSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Skills", note=view.skills_note)
    table(canvas, room, ["Skill", "Level", "Attribute", "Adds", "You roll"],
          [23, 10, 10, 20, 37],
          [[s.name, s.level, _attribute_of(s), s.adds, s.roll] for s in view.skills], True,
          overflow, "Skill", fill=(1, 3, 4))


def _attribute_of(skill: SkillRow) -> str:
    """The skill's attribute with its score ("Brawn 3"); on a blank sheet its name alone."""
    return skill.attribute.rsplit(" ", 1)[0] if fillable.active() else skill.attribute


EQUIPMENT_WEIGHTS = [25, 29, 35, 11]
DV_WEIGHTS = [14, 86]
RANGE_WEIGHTS = [40, 17, 43]


def _equipment_rows(view: KruhlSheetView) -> list[list[str]]:
    return [[e.name, e.rating, e.helps, e.notes] for e in view.equipment]


def _dv_rows(view: KruhlSheetView) -> list[list[str]]:
    return [[r.key, r.name] for r in view.difficulties]


def _range_rows(view: KruhlSheetView) -> list[list[str]]:
    return [[r.key, r.name, r.note] for r in view.ranges]


def _equipment(canvas: Canvas, box: Rect, view: KruhlSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Equipment",
                         note="only the highest rating that applies adds")
    table(canvas, room, ["Item", "Rating", "Helps", "Notes"], EQUIPMENT_WEIGHTS,
          _equipment_rows(view), True, overflow, "Equipment")


def _difficulty(canvas: Canvas, box: Rect, view: KruhlSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Difficulty")
    table(canvas, room, ["DV", "Task (vs 2d6 + DV)"], DV_WEIGHTS, _dv_rows(view), True,
          overflow, "DV", form=False)


def _ranges(canvas: Canvas, box: Rect, view: KruhlSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Range Bands")
    table(canvas, room, ["Band", "Range", "Weapons"], RANGE_WEIGHTS, _range_rows(view), True,
          overflow, "Range band", form=False)


def _turn(canvas: Canvas, box: Rect, view: KruhlSheetView, overflow: Overflow) -> None:
    boxes.frame(canvas, box)
    room = boxes.label(canvas, box, "Actions in a round")
    labelled_lines(canvas, room.rows(len(view.actions)),
                   [(row.key, row.note) for row in view.actions], 58, BODY, SMALL, overflow,
                   "Actions")


def _notes(canvas: Canvas, box: Rect, view: KruhlSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Description and Notes")
    text = "\n".join(t for t in (view.description.strip(), view.notes.strip()) if t)
    if not text:
        fillable.text_field(canvas, room, "Description and Notes", multiline=True)
    overflow.check(fit_and_draw(canvas, text, room, fonts.REGULAR, BODY, SMALL,
                                wrap_first=True), "Description and Notes")


# ------------------------------------------------------------------------ conditions

CHECK = 6.5
"""The side of a condition's checkbox."""


def _condition_text(row: ConditionRow) -> str:
    return row.effect + (f". Recover: {row.recover}" if row.recover else "")


def _condition_layout(rows: tuple[ConditionRow, ...], label_w: float, text_w: float,
                      avail: float) -> tuple[float, list[float]]:
    """The largest size (7 pt down to 5) at which every row fits, and each row's height."""
    size = 7.0
    while True:
        heights = []
        for row in rows:
            lines = max(len(fit_text(row.label, label_w, 1e6, fonts.BOLD, size, size,
                                     wrap_first=True).lines),
                        len(fit_text(_condition_text(row), text_w, 1e6, fonts.REGULAR,
                                     size * 0.92, size * 0.92, wrap_first=True).lines))
            heights.append(lines * size * 1.2 + 3)
        if sum(heights) <= avail or size <= 5:
            return size, heights
        size -= 0.25


def _conditions(canvas: Canvas, box: Rect, view: KruhlSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Conditions", note="tick those in effect")
    label_w = room.w * 0.34
    text_w = room.w - label_w - CHECK - 8
    size, heights = _condition_layout(view.conditions, label_w, text_w, room.h)
    scale = min(1.0, room.h / sum(heights)) if heights else 1.0
    y = room.top
    for row, h in zip(view.conditions, heights, strict=True):
        h *= scale
        line = Rect(room.x, y - h, room.w, h)
        if row.ticked:
            boxes.frame(canvas, line.inset(-2, 0), fill=style.HEADER_FILL, stroke=None,
                        radius=1)
        check = Rect(line.x, line.top - 1.5 - CHECK, CHECK, CHECK)
        canvas.setStrokeColor(style.INK)
        canvas.setLineWidth(style.LINE)
        canvas.rect(check.x, check.y, check.w, check.h, stroke=1, fill=0)
        fillable.check_field(canvas, check.inset(0.5), row.label)
        if row.ticked:
            canvas.setLineWidth(1.2)
            path = canvas.beginPath()
            path.moveTo(check.x + 1, check.y + check.h * 0.5)
            path.lineTo(check.x + check.w * 0.4, check.y + 1)
            path.lineTo(check.right + 1, check.top + 1.5)
            canvas.drawPath(path, stroke=1, fill=0)
        cell = Rect(line.x + CHECK + 4, line.y, label_w, line.h - 1.5)
        fit_and_draw(canvas, row.label, cell, fonts.BOLD, size, size * 0.8, wrap_first=True)
        text = Rect(cell.right + 4, line.y, text_w, line.h - 1.5)
        overflow.check(fit_and_draw(canvas, _condition_text(row), text, fonts.REGULAR,
                                    size * 0.92, size * 0.75, wrap_first=True),
                       f"Condition: {row.label}")
        y -= h
        canvas.setStrokeColor(style.HEADER_FILL)
        canvas.setLineWidth(style.HAIRLINE)
        canvas.line(room.x, y, room.right, y)
