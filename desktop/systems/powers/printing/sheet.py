"""The Powers character sheet drawn (reportlab).

The draft prints no sheet; this one is ours: the name, concept and player; the six
attributes as dice counts; hit points as a row of boxes (crossed for normal damage,
slashed for stun, shaded for phantom: the draft keeps them apart); the initiative dice;
the defence pools; every power with its components, each cost and how it was priced,
its Power Rating with the cost table it came from, what it rolls and its fluff; the
description and notes.

The drawing reads only the flat view (``view.sheet_view``). What does not fit even at
the smallest size ends in "…" (or is left off with a "+N more" note) and is printed in
full on a continuation page.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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
    ruled_rows,
    table,
    take_bottom,
)
from desktop.pdf.text import Fitted, draw, draw_fitted, fit_and_draw, fit_text
from desktop.systems.powers.printing.view import (
    DICE_RULE,
    INITIATIVE_RULE,
    TITLE,
    BoxState,
    PowersSheetView,
    PowerView,
    power_text,
    sheet_view,
)
from desktop.systems.powers.rules.character import PowersCharacter

MAX_BOXES = 150
"""More hit points than this are tracked by number, not boxes."""
COMPONENT_WEIGHTS = [17.0, 38.0, 8.0, 37.0]
"""The components table: component, choices and modifiers, cost, how it was priced."""
LEFT_SHARE = 0.36
"""A power's rolls and fluff take this much of the powers section's width."""
NOTES_MIN = 62.0


def draw_sheet(canvas: Canvas, character: PowersCharacter, page: Page) -> None:
    """The sheet on one page (plus continuation pages only if text overflowed)."""
    view = sheet_view(character)
    draw_with_continuation(canvas, page, blank_view(view) if fillable.active() else view,
                           render_sheet)


BLANK_HIT_POINTS = 20
"""Hit point squares on a blank sheet: the draft gives no starting Health."""


def blank_view(view: PowersSheetView) -> PowersSheetView:
    """``view`` for a blank sheet: empty hit point squares and no numbers of the
    character it was made from (the draft prints no sheet, so none are the book's)."""
    return replace(view, hit_points=BLANK_HIT_POINTS,
                   hit_boxes=("free",) * BLANK_HIT_POINTS, hit_note="",
                   initiative_note="Agility + Intelligence")


def render_sheet(canvas: Canvas, view: PowersSheetView, page: Page,
                 overflow: Overflow) -> None:
    area = page.content
    footer_box, area = take_bottom(area, 9, GAP)
    header, area = area.take_top(40, GAP)
    attributes, area = area.take_top(44, GAP)
    combat, area = area.take_top(96, GAP / 2)
    rule, area = area.take_top(10, GAP / 2)
    powers_box, notes_box = area.take_top(_powers_height(view, area), GAP)
    _header(canvas, header, view, overflow)
    _attributes(canvas, attributes, view)
    hits_box, initiative_box, defences_box = combat.columns([47, 17, 36], GAP)
    _hit_points(canvas, hits_box, view, overflow)
    _initiative(canvas, initiative_box, view)
    _defences(canvas, defences_box, view, overflow)
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, DICE_RULE, rule, fonts.OBLIQUE, 6.5, 4.5, align="center",
                 valign="middle")
    canvas.setFillColor(style.INK)
    _powers(canvas, powers_box, view, overflow)
    _notes(canvas, notes_box, view, overflow)
    footer(canvas, footer_box, view.footer, TITLE, bool(overflow.entries))


def _powers_height(view: PowersSheetView, area: Rect) -> float:
    """What the powers need at the body size, between half of the room and all of
    it but the notes' least."""
    room = _section_room(Rect(0, 0, area.w, 1e6))
    need = 1e6 - room.h + _stack_height(view.powers, room.w, BODY) + 14
    return max(min(need, area.h - NOTES_MIN - GAP), area.h / 2)


# ------------------------------------------------------------------ top of the sheet


def _logo(canvas: Canvas, box: Rect) -> None:
    logo, caption = box.rows([66, 34])
    canvas.setFillColor(style.ACCENT)
    draw_fitted(canvas, fit_text("POWERS", logo.w, logo.h, fonts.BOLD, 22, 8), logo,
                valign="bottom")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, "CHARACTER SHEET · DRAFT v0.1", caption, fonts.BOLD, 7.5, 4,
                 valign="middle")
    canvas.setFillColor(style.INK)


def _header(canvas: Canvas, box: Rect, view: PowersSheetView, overflow: Overflow) -> None:
    logo, fields = box.take_left(150, GAP)
    fields = picture_beside(canvas, fields, view.picture, GAP)
    _logo(canvas, logo)
    name, concept, player = fields.columns([36, 42, 22], 4)
    overflow.check(boxes.field(canvas, name, "Name", view.name, max_size=14,
                               font=fonts.BOLD), "Name")
    overflow.check(boxes.field(canvas, concept, "Concept", view.concept, max_size=10,
                               min_size=5.5), "Concept")
    overflow.check(boxes.field(canvas, player, "Player", view.player), "Player")


def _attributes(canvas: Canvas, box: Rect, view: PowersSheetView) -> None:
    """Six boxes: the name, the dice (hit points for Health) and what it is rolled for."""
    for cell, row in zip(box.columns(len(view.attributes), GAP / 2), view.attributes,
                         strict=True):
        boxes.frame(canvas, cell, fill=style.HEADER_FILL, stroke=None)
        room = boxes.label(canvas, cell, row.label)
        value, note = room.rows([66, 34])
        unit = "" if row.key == "health" else " dice"
        canvas.setFillColor(style.INK)
        boxes.fit_or_field(canvas, row.label, f"{row.dice}{unit}", value, fonts.BOLD, 15, 7,
                           align="center", valign="middle")
        canvas.setFillColor(style.MUTED)
        fit_and_draw(canvas, row.note, note, fonts.REGULAR, 6, 4.5, align="center",
                     valign="middle")
        canvas.setFillColor(style.INK)


def mark(canvas: Canvas, square: Rect, state: BoxState) -> None:
    """A hit point box: empty when free, ✕ for normal damage, ╱ for stun, shaded for
    phantom."""
    canvas.saveState()
    if state == "phantom":
        canvas.setFillColor(style.FILL)
        canvas.rect(square.x, square.y, square.w, square.h, stroke=0, fill=1)
    canvas.setStrokeColor(style.INK)
    canvas.setLineWidth(style.LINE)
    canvas.rect(square.x, square.y, square.w, square.h, stroke=1, fill=0)
    canvas.setLineWidth(max(0.6, square.w / 9))
    if state in ("normal", "stun"):
        canvas.line(square.x + 1, square.y + 1, square.right - 1, square.top - 1)
    if state == "normal":
        canvas.line(square.x + 1, square.top - 1, square.right - 1, square.y + 1)
    if state == "phantom":
        canvas.circle(square.x + square.w / 2, square.y + square.h / 2, square.w * 0.18,
                      stroke=0, fill=1)
    canvas.restoreState()


def _legend(canvas: Canvas, box: Rect) -> None:
    """The three marks and their names at the left of ``box``."""
    x = box.x
    for state, word in (("normal", "normal"), ("stun", "stun"), ("phantom", "phantom")):
        mark(canvas, Rect(x, box.y + 1, 6, 6), state)  # type: ignore[arg-type]
        canvas.setFillColor(style.MUTED)
        draw(canvas, x + 8, box.y + 1.8, word, fonts.REGULAR, 6)
        x += 8 + fonts.string_width(word, fonts.REGULAR, 6) + 7
    draw(canvas, x, box.y + 1.8, "(stun is kept apart from hit points lost)",
         fonts.OBLIQUE, 6)
    canvas.setFillColor(style.INK)


def _hit_points(canvas: Canvas, box: Rect, view: PowersSheetView,
                overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Hit Points",
                         note="" if fillable.active() else f"Health {view.hit_points}")
    grid, legend = room.take_top(room.h - 18, 2)
    legend, note = legend.rows(2)
    if view.hit_points > MAX_BOXES:
        lines = grid.rows(3)
        for line, (kind, value) in zip(lines, view.damage, strict=True):
            draw(canvas, line.x, line.y + 3, f"{kind.capitalize()} damage:", fonts.BOLD, 7)
            draw(canvas, line.x + 80, line.y + 3, str(value) if value else "",
                 fonts.REGULAR, 7)
            canvas.setStrokeColor(style.RULE)
            canvas.line(line.x + 76, line.y + 2, line.right, line.y + 2)
    else:
        for number, (square, state) in enumerate(zip(
                boxes.box_grid(grid, view.hit_points, max_size=16), view.hit_boxes,
                strict=True), 1):
            mark(canvas, square, state)
            fillable.check_field(canvas, square.inset(1), f"Hit point {number}")
    _legend(canvas, legend)
    overflow.check(fit_and_draw(canvas, view.hit_note, note, fonts.BOLD, 7, 4.5,
                                valign="middle"), "Hit points")


def _initiative(canvas: Canvas, box: Rect, view: PowersSheetView) -> None:
    boxes.frame(canvas, box)
    room = boxes.label(canvas, box, "Initiative")
    value, note = room.rows([48, 52])
    boxes.fit_or_field(canvas, "Initiative", f"{view.initiative_dice} dice", value,
                       fonts.BOLD, 15, 7, align="center", valign="middle")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, f"{view.initiative_note}; {INITIATIVE_RULE}", note, fonts.REGULAR,
                 6.5, 4.5, align="center", valign="middle", wrap_first=True)
    canvas.setFillColor(style.INK)


def _defences(canvas: Canvas, box: Rect, view: PowersSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Defences", note="dice rolled against")
    table(canvas, room, ["Roll", "Pool"], [52, 48],
          [[row.label, row.text] for row in view.defences], True, overflow, "Defence",
          fill=(1,))


# ---------------------------------------------------------------------- powers


@dataclass(frozen=True)
class _Block:
    """A power laid out at one size: its rows of pools, its fluff, its components."""

    pools: tuple[tuple[str, Fitted], ...]
    fluff: Fitted | None
    components: tuple[tuple[Fitted, ...], ...]
    height: float


def _section_room(box: Rect) -> Rect:
    return box.take_top(13)[1].inset(4)


def _columns(w: float) -> tuple[float, list[float]]:
    """(the left column's width, the component table's column widths)."""
    left = w * LEFT_SHARE
    cells = Rect(0, 0, w - left - GAP, 1).columns(COMPONENT_WEIGHTS, 4)
    return left, [c.w for c in cells]


def _power_rows(w: float, first: int) -> fillable.RowForm:
    """A blank sheet's power rows: the left column (its gap is GAP, not 4) and the
    component table's columns, as fields."""
    left, widths = _columns(w)
    return fillable.RowForm("Power", ["Power", "Component", "Choices and modifiers",
                                      "Cost", "How priced"],
                            [left + GAP - 4, *widths], 4, first)


def _label_w(size: float) -> float:
    return fonts.string_width("Duration ", fonts.BOLD, size)


def _block(power: PowerView, w: float, size: float) -> _Block:
    left, widths = _columns(w)
    label_w = _label_w(size)
    pools = tuple((p.label, fit_text(p.text, left - label_w, 1e6, fonts.REGULAR, size, size,
                                     wrap_first=True)) for p in power.pools)
    fluff = (fit_text(power.fluff, left, 1e6, fonts.OBLIQUE, size, size, wrap_first=True)
             if power.fluff.strip() else None)
    components = tuple(
        tuple(fit_text(text, cw, 1e6, fonts.BOLD if i in (0, 2) else fonts.REGULAR, size,
                       size, wrap_first=True)
              for i, (text, cw) in enumerate(zip(
                  (c.label, c.choices, c.cost, c.breakdown), widths, strict=True)))
        for c in power.components)
    left_h = sum(f.height + 1 for _, f in pools) + (fluff.height + 3 if fluff else 0)
    right_h = sum(max(f.height for f in row) + 2 for row in components)
    band = size * 1.2 + 5
    return _Block(pools, fluff, components, band + max(left_h, right_h, size * 1.2) + 5)


def _stack_height(powers: tuple[PowerView, ...], w: float, size: float) -> float:
    return sum(_block(p, w, size).height for p in powers)


def _powers(canvas: Canvas, box: Rect, view: PowersSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Powers", note=f"costs and PR: {view.table_name}")
    if view.table_warning:
        warn, room = room.take_top(9, 2)
        canvas.setFillColor(style.ACCENT)
        fit_and_draw(canvas, view.table_warning, warn, fonts.BOLD, 6.5, 4.5, valign="middle")
        canvas.setFillColor(style.INK)
    head, room = room.take_top(9)
    _column_titles(canvas, head)
    if not view.powers:
        canvas.setFillColor(style.MUTED)
        draw(canvas, room.x, room.top - 9, ("Every" if fillable.active() else
                                            "No powers yet: every")
             + " power is built from components (Move, Range, Duration, Damage, "
             "Resistance, Healing, Accurate).", fonts.OBLIQUE, 7)
        canvas.setFillColor(style.INK)
        ruled_rows(canvas, room, room.top - 12, 15, form=_power_rows(room.w, 1))
        return
    size = BODY
    while size > SMALL and _stack_height(view.powers, room.w, size) > room.h:
        size = max(size - 0.25, SMALL)
    top, shown = room.top, 0
    for index, power in enumerate(view.powers):
        block = _block(power, room.w, size)
        last = index == len(view.powers) - 1
        if top - block.height < room.y + (0 if last else 9):
            break  # the rest go on, with a line kept for the note that says so
        _draw_block(canvas, Rect(room.x, top - block.height, room.w, block.height), power,
                    block, size)
        top -= block.height
        shown += 1
    for power in view.powers[shown:]:
        overflow.entries.append((f"Power: {power.name}", power_text(power)))
    if shown < len(view.powers):
        canvas.setFillColor(style.ACCENT)
        draw(canvas, room.right, room.y + 1, f"+{len(view.powers) - shown} more power"
             f"{'s' if len(view.powers) - shown > 1 else ''} on the continuation page",
             fonts.BOLD, 6, "right")
        canvas.setFillColor(style.INK)
    elif top - room.y > 20:
        ruled_rows(canvas, room, top, 14, form=_power_rows(room.w, shown + 1))


def _column_titles(canvas: Canvas, head: Rect) -> None:
    left, widths = _columns(head.w)
    canvas.setFillColor(style.MUTED)
    draw(canvas, head.x, head.y + 2.5, "ROLLS · FLUFF", fonts.BOLD, 5.5)
    x = head.x + left + GAP
    for title, w in zip(("COMPONENT", "CHOICES AND MODIFIERS", "COST", "HOW PRICED"),
                        widths, strict=True):
        draw(canvas, x, head.y + 2.5, title, fonts.BOLD, 5.5)
        x += w + 4
    canvas.setFillColor(style.INK)


def _draw_block(canvas: Canvas, box: Rect, power: PowerView, block: _Block,
                size: float) -> None:
    band, body = box.take_top(size * 1.2 + 5, 2)
    boxes.frame(canvas, band, fill=style.HEADER_FILL, stroke=None, radius=1)
    pr = f"PR {power.rating} ({power.table})"
    pr_w = fonts.string_width(pr, fonts.BOLD, size)
    canvas.setFillColor(style.INK)
    fit_and_draw(canvas, power.name, Rect(band.x + 3, band.y, band.w - pr_w - 14, band.h),
                 fonts.BOLD, size * 1.1, size * 0.8, valign="middle")
    draw(canvas, band.right - 3, band.y + (band.h - size * 0.72) / 2, pr, fonts.BOLD, size,
         "right")
    left, widths = _columns(box.w)
    y, label_w = body.top, _label_w(size)
    for label, fitted in block.pools:
        draw(canvas, body.x, y - size * 0.95, label, fonts.BOLD, size)
        draw_fitted(canvas, fitted, Rect(body.x + label_w, y - fitted.height,
                                         left - label_w, fitted.height))
        y -= fitted.height + 1
    if block.fluff is not None:
        canvas.setFillColor(style.MUTED)
        draw_fitted(canvas, block.fluff, Rect(body.x, y - 2 - block.fluff.height, left,
                                              block.fluff.height))
        canvas.setFillColor(style.INK)
    y = body.top
    for row in block.components:
        h = max(f.height for f in row) + 2
        x = body.x + left + GAP
        for fitted, w in zip(row, widths, strict=True):
            draw_fitted(canvas, fitted, Rect(x, y - h, w, h))
            x += w + 4
        y -= h
        canvas.setStrokeColor(style.HEADER_FILL)
        canvas.setLineWidth(style.HAIRLINE)
        canvas.line(body.x + left + GAP, y + 0.5, body.right, y + 0.5)


def _notes(canvas: Canvas, box: Rect, view: PowersSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Description and Notes")
    text = "\n".join(t for t in (view.description.strip(), view.notes.strip()) if t)
    if not text:
        fillable.text_field(canvas, room, "Description and Notes", multiline=True)
    fitted = overflow.check(fit_and_draw(canvas, text, room, fonts.REGULAR, BODY, SMALL,
                                         wrap_first=True), "Description and Notes")
    ruled_rows(canvas, room, room.top - fitted.height - 4 if text else room.top, 14)
