"""The Protector character sheet (reportlab), after the book's own sheet.

The book's sheet (the page after the Powers Appendix) has Name, Energy Die, Depleted
Dice, Damage Dice, Traits, Character Description, Decades, Events, Agents with their
Pool and Depleted Die, and the RISKED box ("Why did a die deplete? Pick from RISKED.").
This sheet keeps that order and adds what the book's sheet leaves to the margins: the
powers (category, application, pool dice, effects; Character Generation, Powers list
powers as agents) and the internal conflicts.

The drawing reads only the flat view of the character (``view.sheet_view``). Sections
grow with what they hold; text that does not fit even at the smallest size ends in "…"
and is printed in full on a continuation page, and table rows that do not fit move
there too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import boxes, fillable, fonts, style
from desktop.pdf.dice import (
    DiceRow,
    column_widths,
    dice_table,
    draw_dice,
    row_heights,
    table_size,
)
from desktop.pdf.page import Page, Rect
from desktop.pdf.picture import picture_beside
from desktop.pdf.sheet_parts import (
    BODY,
    GAP,
    ROW_MIN,
    SMALL,
    Overflow,
    draw_with_continuation,
    footer,
    number_cell,
    table,
    take_bottom,
)
from desktop.pdf.text import Fitted, draw, draw_fitted, fit_and_draw, fit_text
from desktop.systems import SYSTEMS
from desktop.systems.protector.printing.view import (
    PoolRow,
    ProtectorSheetView,
    RiskedRow,
    plural,
    sheet_view,
)
from desktop.systems.protector.rules import combat_tables
from desktop.systems.protector.rules.character import ProtectorCharacter

BOOK_TITLE = SYSTEMS["protector"].name
RISKED_TITLE = "Why did a die deplete? Pick from RISKED."

def draw_sheet(canvas: Canvas, character: ProtectorCharacter, page: Page) -> None:
    """The book's sheet on one page (plus continuation pages only if text overflowed)."""
    draw_with_continuation(canvas, page, sheet_view(character), render_sheet)


TRAIT_COLUMNS = (["Trait", "Type", "Steps", "Notes"], [34, 17, 12, 37])
DECADE_COLUMNS = (["Age", "Decade (table)", "Traits", "What they did"], [12, 27, 24, 37])
EVENT_COLUMNS = (["#", "Event", "One sentence: what happened", "Powers"], [8, 22, 52, 18])
POWER_COLUMNS = (["Power", "Category · application", "Effects, event, notes", "Pool dice",
                  "Pool", "Depleted Die"], [13, 15, 25, 18, 19, 10])
AGENT_COLUMNS = (["Agent", "Type", "Traits, properties, notes", "Pool dice", "Pool",
                  "Depleted Die"], [13, 13, 27, 18, 19, 10])
CONFLICT_COLUMNS = (["Conflict", "Trigger"], [48, 52])
DICE_COLUMN = 4
HEADER_H = 13.0
PAD = 4.0


def _table_need(rows: list[list[str]], weights: list[float], w: float,
                size: float = BODY, blank: float = ROW_MIN, bold_first: bool = True) -> float:
    """Height a table section needs at ``size``, with a ``blank`` row to write on."""
    widths = column_widths(w - 2 * PAD, weights)
    heights = row_heights([DiceRow(tuple(r)) for r in rows], widths, size,
                          bold_first=bold_first)
    return HEADER_H + 2 * PAD + 10 + sum(heights) + blank


def _dice_row(row: PoolRow) -> DiceRow:
    """A power's or agent's row of the Powers or Agents table, its dice in DICE_COLUMN."""
    return DiceRow((row.name, row.kind, row.details, row.build, "", row.depleted), row.dice)


def _pool_need(rows: Sequence[PoolRow], weights: list[float], w: float,
               size: float = BODY, blank: float = ROW_MIN) -> float:
    widths = column_widths(w - 2 * PAD, weights)
    heights = row_heights([_dice_row(r) for r in rows], widths, size, DICE_COLUMN)
    return HEADER_H + 2 * PAD + 10 + sum(heights) + blank


def _text_need(text: str, w: float, size: float = BODY) -> float:
    fitted = fit_text(text, w - 2 * PAD, 1e6, fonts.REGULAR, size, size, wrap_first=True)
    return HEADER_H + 2 * PAD + fitted.height + 2


@dataclass(frozen=True)
class _Needs:
    """What the flexible sections need at one font size."""

    traits: float
    description: float
    conflicts: float
    life: float
    powers: float
    agents: float

    @property
    def conflicts_left(self) -> bool:
        """Whether the conflicts go under Traits (else under the Description)."""
        return self._with_left < self._with_right

    @property
    def _with_left(self) -> float:
        return max(self.traits + self.conflicts, self.description)

    @property
    def _with_right(self) -> float:
        return max(self.traits, self.description + self.conflicts)

    @property
    def rows(self) -> tuple[float, float, float, float]:
        return (min(self._with_left, self._with_right) + GAP, self.life, self.powers,
                self.agents)


LIFE_WEIGHTS = [44, 56]
"""Decades and Events side by side; the Events' sentences get the wider half."""


def _needs(view: ProtectorSheetView, w: float, size: float, blank: float) -> _Needs:
    half = (w - GAP) / 2
    decades_w, events_w = (c.w for c in Rect(0, 0, w, 1).columns(LIFE_WEIGHTS, GAP))
    return _Needs(
        traits=_table_need(_trait_rows_text(view), TRAIT_COLUMNS[1], half, size, blank),
        description=_text_need(_description_text(view), half, size),
        conflicts=max(_table_need(_conflict_rows_text(view), CONFLICT_COLUMNS[1], half,
                                  size, blank), 50),
        life=max(_table_need(_decade_rows_text(view), DECADE_COLUMNS[1], decades_w, size,
                             blank, bold_first=False),
                 _table_need(_event_rows_text(view), EVENT_COLUMNS[1], events_w, size,
                             blank, bold_first=False)),
        powers=_pool_need(view.powers, POWER_COLUMNS[1], w, size, blank),
        agents=_pool_need(view.agents, AGENT_COLUMNS[1], w, size, blank))


def _trait_rows_text(view: ProtectorSheetView) -> list[list[str]]:
    return [[t.name, t.kind, t.steps, t.note] for t in view.traits]


def _conflict_rows_text(view: ProtectorSheetView) -> list[list[str]]:
    return [[c.conflict, c.trigger] for c in view.conflicts]


def _decade_rows_text(view: ProtectorSheetView) -> list[list[str]]:
    return [[d.age, d.entry, d.traits, d.description] for d in view.decades]


def _event_rows_text(view: ProtectorSheetView) -> list[list[str]]:
    return [[e.decade, e.kind, e.description, e.powers] for e in view.events]


def layout_needs(view: ProtectorSheetView, w: float, total: float,
                 mins: Sequence[float]) -> _Needs:
    """The needs at the largest font size at which every section fits the page, each
    table with a blank row to write on if there is room for it (at the smallest size,
    if none fits: then the sections share the room and the rest overflows)."""
    size = BODY
    while True:
        for blank in (ROW_MIN, 0.0):
            needs = _needs(view, w, size, blank)
            if sum(max(n, m) for n, m in zip(needs.rows, mins, strict=True)) <= total:
                return needs
        if size <= SMALL:
            return needs
        size = max(size - 0.5, SMALL)


def share(total: float, mins: Sequence[float], needs: Sequence[float],
          weights: Sequence[float]) -> list[float]:
    """Heights for stacked sections: each its minimum, then what each needs (in
    proportion when there is not room for all), then what is left by ``weights``."""
    heights = list(mins)
    extra = total - sum(mins)
    wants = [max(n - m, 0.0) for n, m in zip(needs, mins, strict=True)]
    if extra <= 0:
        return heights
    if sum(wants) >= extra:
        return [h + extra * w / sum(wants) for h, w in zip(heights, wants, strict=True)]
    heights = [h + w for h, w in zip(heights, wants, strict=True)]
    left = extra - sum(wants)
    return [h + left * w / sum(weights) for h, w in zip(heights, weights, strict=True)]


def _description_text(view: ProtectorSheetView) -> str:
    return "\n\n".join(t for t in (view.description, f"Notes: {view.notes}"
                                   if view.notes else "") if t)


def render_sheet(canvas: Canvas, view: ProtectorSheetView, page: Page,
                 overflow: Overflow) -> None:
    area = page.content
    footer_box, area = take_bottom(area, 9, GAP)
    header, area = area.take_top(42, GAP)
    energy, area = area.take_top(56, GAP)
    risked_box, area = take_bottom(area, 88, GAP)
    desc_text = _description_text(view)
    conflict_rows = _conflict_rows_text(view)
    decade_rows = _decade_rows_text(view)
    event_rows = _event_rows_text(view)
    # An NPC has no life path: its Decades and Events keep only a line to write on.
    no_life = view.npc and not (decade_rows or event_rows)
    life_min = 52 if no_life else 70
    mins = (130, life_min, 62, 62)
    total = area.h - 3 * GAP
    needs = layout_needs(view, area.w, total, mins)
    heights = share(total, mins, needs.rows, weights=(3, 0.5 if no_life else 2, 2, 2))
    top_row, area = area.take_top(heights[0], GAP)
    life_row, area = area.take_top(heights[1], GAP)
    powers_box, agents_box = area.take_top(heights[2], GAP)

    _header(canvas, header, view, overflow)
    _energy(canvas, energy, view)
    left, right = top_row.columns(2, GAP)
    split = left if needs.conflicts_left else right
    conflicts_h = min(needs.conflicts, split.h - 60)
    main_box, conflicts_box = split.take_top(split.h - conflicts_h - GAP, GAP)
    traits_box, desc_box = (main_box, right) if needs.conflicts_left else (left, main_box)
    _traits(canvas, traits_box, view, overflow)
    room = boxes.section(canvas, desc_box, "Character Description")
    if not desc_text:
        fillable.text_field(canvas, room, "Character Description", multiline=True)
    overflow.check(fit_and_draw(canvas, desc_text, room, fonts.REGULAR, BODY, SMALL,
                                wrap_first=True), "Character Description")
    room = boxes.section(canvas, conflicts_box, "Internal Conflicts", note=view.conflict_note)
    table(canvas, room, *CONFLICT_COLUMNS, conflict_rows, True, overflow, "Internal conflict")
    _life_path(canvas, life_row, view, overflow)
    room = boxes.section(canvas, powers_box, "Powers",
                         note="pool dice with their steps · filled: depleted, crossed: damaged")
    dice_table(canvas, room, *POWER_COLUMNS, [_dice_row(p) for p in view.powers], overflow,
               "Power", dice_col=DICE_COLUMN)
    room = boxes.section(canvas, agents_box, "Agents",
                         note="6 build dice per energy die · traits step the pool's d6s")
    dice_table(canvas, room, *AGENT_COLUMNS, [_dice_row(a) for a in view.agents], overflow,
               "Agent", dice_col=DICE_COLUMN)
    _risked(canvas, risked_box, view)
    footer(canvas, footer_box, f"{view.era} {view.era_note}", BOOK_TITLE,
           bool(overflow.entries))


def _life_path(canvas: Canvas, box: Rect, view: ProtectorSheetView,
               overflow: Overflow) -> None:
    """Decades and Events side by side, in one type size (the smaller one's)."""
    decades_box, events_box = box.columns(LIFE_WEIGHTS, GAP)
    decades_room = boxes.section(canvas, decades_box, "Decades",
                                 note="" if fillable.active() else view.life_path)
    events_room = boxes.section(canvas, events_box, "Events",
                                note="Decade.Event · powers answer events")
    tables = ((decades_room, DECADE_COLUMNS, _decade_rows_text(view), "Decade"),
              (events_room, EVENT_COLUMNS, _event_rows_text(view), "Event"))
    size = min(table_size([DiceRow(tuple(r)) for r in rows], column_widths(room.w, cols[1]),
                          room.h - 10, bold_first=False) for room, cols, rows, _ in tables)
    for room, (titles, weights), rows, what in tables:
        dice_table(canvas, room, titles, weights, [DiceRow(tuple(r)) for r in rows],
                   overflow, what, bold_first=False, max_size=size)


def _header(canvas: Canvas, box: Rect, view: ProtectorSheetView, overflow: Overflow) -> None:
    logo, fields = box.take_left(150, GAP)
    fields = picture_beside(canvas, fields, view.picture, GAP)
    word, caption = logo.rows([72, 28])
    canvas.setFillColor(style.ACCENT)
    draw_fitted(canvas, fit_text("PROTECTOR", word.w, word.h, fonts.BOLD, 26, 10), word,
                valign="bottom")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, "CHARACTER SHEET · THE ENERGY SYSTEM", caption, fonts.BOLD, 7, 4,
                 valign="middle")
    canvas.setFillColor(style.INK)
    name_box, player_box, era_box, age_box = fields.columns([46, 20, 22, 12], 4)
    overflow.check(boxes.field(canvas, name_box, "Name", view.name, max_size=15,
                               font=fonts.BOLD), "Name")
    overflow.check(boxes.field(canvas, player_box, "Player", view.player), "Player")
    # The book's word for the period played is "Age" (Ages: "Players can star their game
    # in any of the ages"), with its years; the character's own age is in years old, by
    # decade (Decades: "one decade (10-19 years old)").
    years = view.era_note.split(" · ")[0]
    overflow.check(boxes.field(canvas, era_box, "Age", f"{view.era} ({years})",
                               max_size=10), "Age")
    overflow.check(boxes.field(canvas, age_box, "Years old", view.age, max_size=10),
                   "Years old")


def _energy(canvas: Canvas, box: Rect, view: ProtectorSheetView) -> None:
    pool_box, depleted_box, damage_box = box.columns([64, 18, 18], GAP)
    blank = fillable.active()
    note = "" if blank else (
        f"{plural(view.energy_total, 'die', 'dice')} · {view.energy_ready} ready"
        + (" · overspent" if view.energy_total < 0 else ""))
    room = boxes.section(canvas, pool_box, "Energy Die", note=note)
    dice_box, ledger_box = room.take_left(room.w * 0.64, GAP)
    if blank:  # empty squares to write each energy die's size in
        for square in boxes.box_grid(dice_box, len(view.energy_dice) or 10, max_size=16):
            boxes.frame(canvas, square, radius=1)
    elif view.energy_dice:
        draw_dice(canvas, dice_box, view.energy_dice, max_r=10)
    canvas.setFillColor(style.MUTED)
    # On a blank sheet the ledger line is a field: the energy dice bought, to type over.
    field_box = Rect(ledger_box.x, ledger_box.y + ledger_box.h / 2 - 8, ledger_box.w, 16)
    if boxes.value_field(canvas, field_box, "Energy", view.energy_note, fonts.REGULAR,
                         7, 4.5) is None:
        fit_and_draw(canvas, view.energy_note, ledger_box, fonts.REGULAR, 7, 4.5,
                     valign="middle", wrap_first=True)
    canvas.setFillColor(style.INK)
    awarded = f" · {view.awarded} awarded" if view.awarded else ""
    number_cell(canvas, depleted_box, "Depleted Dice", str(view.depleted),
                f"on the table, 1 each{awarded}")
    number_cell(canvas, damage_box, "Damage Dice", str(view.damaged), "removed from play")


def _traits(canvas: Canvas, box: Rect, view: ProtectorSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Traits", note=view.steps_note)
    table(canvas, room, *TRAIT_COLUMNS, _trait_rows_text(view), True, overflow, "Trait")


def _risked(canvas: Canvas, box: Rect, view: ProtectorSheetView) -> None:
    room = boxes.section(canvas, box, "RISKED", note=RISKED_TITLE)
    entries, notes = room.take_top(room.h * 0.7, GAP / 2)
    per_column = (len(view.risked) + 1) // 2
    cells: list[tuple[Rect, RiskedRow]] = []
    for index, column in enumerate(entries.columns(2, GAP * 2)):
        chunk = view.risked[index * per_column:(index + 1) * per_column]
        if chunk:
            cells += list(zip(column.rows(len(chunk)), chunk, strict=True))
    texts = [(cell.take_left(12, 4)[1], row) for cell, row in cells]
    size = min((_lead_size(text, row.name, row.text) for text, row in texts), default=7.0)
    for (cell, row), (text, _) in zip(cells, texts, strict=True):
        badge = min(12.0, cell.h) - 1
        boxes.frame(canvas, Rect(cell.x, cell.top - badge, badge, badge), fill=style.INK,
                    stroke=None, radius=2)
        canvas.setFillColor(style.PAPER)
        draw(canvas, cell.x + badge / 2, cell.top - badge / 2 - 2.6, row.letter,
             fonts.BOLD, 7.5, "center")
        canvas.setFillColor(style.INK)
        _draw_lead(canvas, text, row.name, row.text, size)
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, "\n".join(combat_tables.risked_closing()), notes, fonts.OBLIQUE, 6.5, 4.5,
                 wrap_first=True)
    canvas.setFillColor(style.INK)


def _lead_fit(box: Rect, lead: str, text: str, size: float) -> Fitted:
    # The bold name is wider than the regular one that the wrapping measures.
    extra = (fonts.string_width(lead, fonts.BOLD, size)
             - fonts.string_width(lead, fonts.REGULAR, size))
    return fit_text(f"{lead} – {text}", box.w - extra, box.h, fonts.REGULAR, size, size,
                    wrap_first=True)


def _lead_size(box: Rect, lead: str, text: str) -> float:
    size = 7.0
    while size > 4.5 and _lead_fit(box, lead, text, size).truncated:
        size -= 0.25
    return size


def _draw_lead(canvas: Canvas, box: Rect, lead: str, text: str, size: float) -> None:
    """"Reduce – Something tried…": the name in bold, the text after it, wrapped."""
    fitted = _lead_fit(box, lead, text, size)
    baseline = box.top - fitted.size * 1.03
    for index, line in enumerate(fitted.lines):
        if index == 0 and line.startswith(lead):
            draw(canvas, box.x, baseline, lead, fonts.BOLD, fitted.size)
            draw(canvas, box.x + fonts.string_width(lead, fonts.BOLD, fitted.size), baseline,
                 line[len(lead):], fonts.REGULAR, fitted.size)
        else:
            draw(canvas, box.x, baseline, line, fonts.REGULAR, fitted.size)
        baseline -= fitted.leading
