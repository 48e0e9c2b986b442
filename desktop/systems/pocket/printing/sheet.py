"""The Pocket Universe Character Record Sheet drawn (reportlab).

The book's sheet (Pocket Universe, Character Record Sheet, after 7.2), field for field:
Player, Character Name, Age, Sex; PHYS with Hits and Move; DEFT with Armored DEFT and
Initiative in its 1-2 / 3-8 / 9-10 columns; INTL with EPs Starting / Spent / Unspent;
WILL with Appearance and Contact Points; Personal Traits; Contacts; the portrait box;
Weapon: Skill + Hit = Total, Range, Damage (1-2 / 3-8 / 9-10); Defenses: Skill Name,
Skill, Modifiers, − 10 = Total for Melee and Missile; Shield + Parry, Hits; Worn
Armor (DEFT limit, Physical / Energy), Natural Armor, Helmet (its own protection and
its +bonus), Total Armor.

The book's sheet lists no skills column header, unarmed damage, languages, gear or
notes, but a character has them: skills go in the column the sheet leaves beside the
weapons (its rows are unlabelled in the text), Punch and Kick are weapon lines, and
languages, equipment, money and notes get boxes of their own, so nothing in the file is
left off the paper.

The drawing code reads only the flat view of the character (``view.sheet_view``). Text
that does not fit even at the smallest size ends in "…" and is printed in full on a
continuation page.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import boxes, fillable, fonts, style
from desktop.pdf.page import Page, Rect
from desktop.pdf.picture import picture_and_words
from desktop.pdf.sheet_parts import (
    BODY,
    GAP,
    SMALL,
    Overflow,
    draw_with_continuation,
    footer,
    table,
    take_bottom,
)
from desktop.pdf.text import draw, draw_fitted, fit_and_draw, fit_text, width
from desktop.systems.pocket.printing.view import (
    AttributeLine,
    Cell,
    PocketSheetView,
    blank_view,
    num,
    sheet_view,
)
from desktop.systems.pocket.rules.character import PocketCharacter
from desktop.systems.pocket.rules.citations import TITLE

ROLL_COLUMNS = ("1-2", "3-8", "9-10")
"""The 1d10 that picks the low, mid or high number of a roll (2.3, 5.2, 5.4)."""


def draw_sheet(canvas: Canvas, character: PocketCharacter, page: Page) -> None:
    """The record sheet on one page (plus continuation pages only if text overflowed)."""
    view = sheet_view(character)
    draw_with_continuation(canvas, page, blank_view(view) if fillable.active() else view,
                           render_sheet)


HEADER_H = 40.0
ATTRIBUTE_ROW_H = 30.0


def render_sheet(canvas: Canvas, view: PocketSheetView, page: Page,
                 overflow: Overflow) -> None:
    area = page.content
    footer_box, area = take_bottom(area, 9, GAP)
    header, area = area.take_top(HEADER_H, GAP)
    top, area = area.take_top(4 * ATTRIBUTE_ROW_H + 3 * 3, GAP)
    people, area = area.take_top(area.h * 0.25, GAP)

    _header(canvas, header, view, overflow)
    attributes_box, portrait_box = top.columns([66, 34], GAP)
    _attributes(canvas, attributes_box, view)
    _portrait(canvas, portrait_box, view, overflow)
    traits_box, contacts_box = people.columns([38, 62], GAP)
    _traits(canvas, traits_box, view, overflow)
    _contacts(canvas, contacts_box, view, overflow)
    left, combat_box = area.columns([34, 66], GAP)
    notes_box, left = take_bottom(left, left.h * 0.2, GAP)
    equipment_box, skills_box = take_bottom(left, 64, GAP)
    _skills(canvas, skills_box, view, overflow)
    _equipment(canvas, equipment_box, view, overflow)
    _notes(canvas, notes_box, view, overflow)
    _combat(canvas, combat_box, view, overflow)
    footer(canvas, footer_box, view.footer, TITLE, bool(overflow.entries))


def _logo(canvas: Canvas, box: Rect) -> None:
    """"Pocket Universe" in the accent colour with "Character Record Sheet" under it."""
    logo, caption = box.rows([66, 34])
    canvas.setFillColor(style.ACCENT)
    draw_fitted(canvas, fit_text("Pocket Universe", logo.w, logo.h, fonts.BOLD, 20, 8),
                logo, valign="bottom")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, "CHARACTER RECORD SHEET", caption, fonts.BOLD, 7.5, 4,
                 valign="middle")
    canvas.setFillColor(style.INK)


def _header(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    logo, fields = box.take_left(160, GAP)
    _logo(canvas, logo)
    name, age, sex, player = fields.columns([46, 12, 14, 28], 4)
    caption = "Character Name" + (f" ({view.role})" if view.role else "")
    overflow.check(boxes.field(canvas, name, caption, view.name, max_size=14,
                               font=fonts.BOLD), "Character Name")
    overflow.check(boxes.field(canvas, age, "Age", view.age, max_size=11), "Age")
    overflow.check(boxes.field(canvas, sex, "Sex", view.sex, max_size=11), "Sex")
    overflow.check(boxes.field(canvas, player, "Player", view.player), "Player")


ATTRIBUTE_WEIGHTS = [0.95, 1.0, 1.0, 1.25]
"""The attribute's own box, then three boxes; a triplet on the DEFT line spans two."""


def _attributes(canvas: Canvas, box: Rect, view: PocketSheetView) -> None:
    for row, line in zip(box.rows(len(view.attributes), 3), view.attributes, strict=True):
        slots = row.columns(ATTRIBUTE_WEIGHTS, 4)
        _attribute_box(canvas, slots[0], line)
        free = slots[1:]
        for i, cell in enumerate(line.cells):
            # The last box of a short line takes the rest of the row.
            if i == len(line.cells) - 1 and len(line.cells) < len(free):
                target = Rect(free[i].x, row.y, free[-1].right - free[i].x, row.h)
            else:
                target = free[i]
            _cell(canvas, target, cell)


def _attribute_box(canvas: Canvas, box: Rect, line: AttributeLine) -> None:
    boxes.frame(canvas, box, fill=style.HEADER_FILL, stroke=None)
    label, score = box.inset(4, 3).columns([55, 45], 2)
    draw(canvas, label.x, label.y + label.h / 2, line.label, fonts.BOLD, 11)
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, line.name, Rect(label.x, label.y, label.w, label.h / 2 - 1),
                 fonts.REGULAR, 6, 4)
    canvas.setFillColor(style.INK)
    boxes.frame(canvas, score, fill=style.PAPER)
    boxes.fit_or_field(canvas, line.label, num(line.score), score.inset(1.5), fonts.BOLD,
                       15, 7, align="center", valign="middle")


def _cell(canvas: Canvas, box: Rect, cell: Cell) -> None:
    boxes.frame(canvas, box)
    room = boxes.label(canvas, box, cell.caption)
    value_box, note_box = room.rows([64, 36])
    if cell.triplet is None:
        boxes.fit_or_field(canvas, cell.caption, cell.value, value_box, fonts.BOLD, 13, 7,
                           align="center", valign="middle")
    else:
        # Three numbers, each after its 1d10 column: 1-2 / 3-8 / 9-10.
        for sub, head, value in zip(value_box.columns(3, 4), ROLL_COLUMNS, cell.triplet,
                                    strict=True):
            head_w = width(head, fonts.BOLD, 5.5) + 2
            canvas.setFillColor(style.MUTED)
            draw(canvas, sub.x, sub.y + sub.h / 2 - 2, head, fonts.BOLD, 5.5)
            canvas.setFillColor(style.INK)
            number = Rect(sub.x + head_w, sub.y, max(sub.w - head_w, 0), sub.h)
            boxes.frame(canvas, number.inset(0, 0.5))
            boxes.fit_or_field(canvas, f"{cell.caption} {head}", value, number.inset(1.5),
                               fonts.BOLD, 11, 5, align="center", valign="middle")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, cell.note, note_box, fonts.REGULAR, 6, 4.5, align="center",
                 valign="middle")
    canvas.setFillColor(style.INK)


def _portrait(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    boxes.frame(canvas, box)
    room = boxes.label(canvas, box, "Portrait")
    fitted = picture_and_words(canvas, room, view.picture, view.portrait, 0.34, "Portrait",
                               SMALL)
    if fitted is not None:
        overflow.check(fitted, "Portrait")


def _traits(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Personal Traits", note=view.trait_balance)
    table(canvas, room, ["Trait", "Kind", "Points"], [70, 15, 15],
          [[t.label, t.kind, t.points] for t in view.traits], False, overflow, "Trait")


def _contacts(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Contacts", note=view.contact_summary)
    table(canvas, room, ["Contact", "Sex, age", "Location", "Standing", "Notes", "Pts"],
          [21, 11, 16, 25, 21, 6],
          [[c.name, c.who, c.location, c.standing, c.notes, c.points] for c in view.contacts],
          True, overflow, "Contact")


def _skills(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Skills")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, view.skills_summary, Rect(room.x, room.top - 8, room.w, 8),
                 fonts.REGULAR, 6, 4.5)
    canvas.setFillColor(style.INK)
    room = Rect(room.x, room.y, room.w, room.h - 10)
    languages_h = min(13 + 10 + ROW_H * max(len(view.languages), 1) + 4, room.h * 0.45)
    skills_box, languages_box = room.rows([room.h - languages_h, languages_h], GAP)
    table(canvas, skills_box, ["Skill", "Attr.", "Score", "EPs"], [58, 14, 14, 14],
          [[s.label, s.attribute, s.score, s.eps] for s in view.skills], True, overflow,
          "Skill")
    band, rest = languages_box.take_top(11, 2)
    boxes.header(canvas, band, "Languages", size=7)
    table(canvas, rest, ["Language", "Level", "Reads", "EPs"], [46, 22, 16, 16],
          [[x.name, x.level, x.reads, x.eps] for x in view.languages], True, overflow,
          "Language")


ROW_H = BODY * 1.2 + 3
"""One line of a table at the body size (``sheet_parts.row_layout``)."""


def _combat(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    """Shield and armor get the room their rows need; weapons and defences share the
    rest by their number of lines (a weapon line often wraps)."""
    shields = max(len(view.shields), 1)
    armor_h = 13 + 8 + (10 + shields * ROW_H + 2) + 3 + (10 + len(view.armor) * ROW_H) + 2
    armor_h = min(armor_h, box.h * 0.4)
    armor_box, rest = take_bottom(box, armor_h, GAP)
    weapons_box, defense_box = rest.rows(
        [len(view.weapons) * 1.4 + 2.5, len(view.defenses) + 1.5], GAP)
    _weapons(canvas, weapons_box, view, overflow)
    _defenses(canvas, defense_box, view, overflow)
    _armor(canvas, armor_box, view, overflow)


WEAPON_WEIGHTS = [21, 27, 9, 11, 11, 7, 7, 7]
"""Weapon, Skill, + Hit, = Total, Range and the three damage columns: each title has
room for its own words (they ran together as "= TOTAL RANGE")."""


def _weapons(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Weapons", note="Skill + Hit = Total; damage by 1d10")
    band, rest = room.take_top(7)
    damage = band.columns(WEAPON_WEIGHTS, 4)[-3:]
    span = Rect(damage[0].x, band.y, damage[-1].right - damage[0].x, band.h)
    canvas.setStrokeColor(style.RULE)
    canvas.setLineWidth(style.HAIRLINE)
    canvas.line(span.x, span.y + 1, span.right - 4, span.y + 1)
    canvas.setFillColor(style.MUTED)
    draw(canvas, span.x + (span.w - 4) / 2, span.y + 2.5, "DAMAGE", fonts.BOLD, 5.5, "center")
    canvas.setFillColor(style.INK)
    table(canvas, rest, ["Weapon", "Skill", "+ Hit", "= Total", "Range", *ROLL_COLUMNS],
          WEAPON_WEIGHTS,
          [[w.name, w.skill, w.hit, w.total, w.range, *w.damage] for w in view.weapons],
          True, overflow, "Weapon")


def _defenses(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Defenses",
                         note="the modified skill − 10; the first line of each is in use")
    table(canvas, room, ["Defense", "Skill Name", "Skill", "Modifiers", "Total"],
          [15, 30, 9, 30, 16],
          [[d.kind, d.skill_name, d.skill, d.modifiers, d.total] for d in view.defenses],
          True, overflow, "Defense", fill=(1, 2, 3) if fillable.active() else ())


def _armor(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Shield and Armor",
                         note="helmets add their bonus; their own numbers stop knockouts")
    shields_h = 10 + ROW_H * max(len(view.shields), 1) + 2
    shields_box, armor_box = room.take_top(min(shields_h, room.h * 0.4), 3)
    table(canvas, shields_box, ["Shield", "+ Parry", "Hits", "PHYS", "Notes"],
          [30, 14, 14, 12, 30],
          [[s.name, s.parry, s.hits, s.phys, s.notes] for s in view.shields], True,
          overflow, "Shield")
    table(canvas, armor_box, ["Armor", "Name", "DEFT limit", "Physical", "Energy",
                              "Vs knockout"], [18, 28, 12, 12, 12, 18],
          [[a.what, a.name, a.deft_limit, a.physical, a.energy, a.knockout]
           for a in view.armor], True, overflow, "Armor", fill=(1, 2, 3, 4, 5))


def _equipment(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Equipment and Money")
    items, money = room.take_left(room.w * 0.72, GAP)
    if not view.equipment.strip():
        fillable.text_field(canvas, items, "Equipment", multiline=True)
    overflow.check(fit_and_draw(canvas, view.equipment, items, fonts.REGULAR, BODY, SMALL,
                                wrap_first=True), "Equipment")
    overflow.check(boxes.field(canvas, money, "Money", view.money, max_size=12,
                               min_size=SMALL, font=fonts.BOLD), "Money")


def _notes(canvas: Canvas, box: Rect, view: PocketSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Description and Notes")
    text = "\n".join(t for t in (view.description.strip(), view.notes.strip()) if t)
    if not text:
        fillable.text_field(canvas, room, "Description and Notes", multiline=True)
    overflow.check(fit_and_draw(canvas, text, room, fonts.REGULAR, BODY, SMALL,
                                wrap_first=True), "Description and Notes")
