"""Power cards: one card per power, six to a page (2 × 3) with crop marks to cut them
apart, for a player to hold the powers in hand.

A card shows the power's name and Power Rating, whose it is and the cost table the
costs came from; what it rolls (range, duration, attack, damage, resistance, healing,
move); every component with its choices and modifiers, its cost and how it was priced;
and the fluff. A power too big for one card at the smallest size goes on to a second
card ("2 of 2") that repeats the heading, so nothing is cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import boxes, fonts, marks, style
from desktop.pdf.page import Page, Rect
from desktop.pdf.text import Fitted, draw, draw_fitted, fit_and_draw, fit_text
from desktop.systems.powers.printing.view import TITLE, PowerView, sheet_view
from desktop.systems.powers.rules.character import PowersCharacter

CARDS_ACROSS = 2
CARDS_DOWN = 3
CARDS_PER_PAGE = CARDS_ACROSS * CARDS_DOWN
GUTTER = 24.0
"""Room between cards for the crop marks."""
PAD = 8.0
BAND_H = 30.0
"""The heading band: the power's name and its PR."""
OWNER_H = 11.0
FOOT_H = 9.0
SIZES = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5)
COMPONENT_WEIGHTS = [26.0, 34.0, 40.0]
ItemKind = Literal["title", "pool", "row", "fluff"]


@dataclass(frozen=True)
class Item:
    """One line (or wrapped row) of a card's body, measured at the card's size."""

    kind: ItemKind
    height: float
    label: str
    cells: tuple[Fitted, ...]


@dataclass(frozen=True)
class CardFace:
    """What one card prints: a power (or part of one, ``part`` of ``parts``)."""

    owner: str
    power: PowerView
    items: tuple[Item, ...]
    size: float
    part: int = 1
    parts: int = 1


def card_boxes(page: Page) -> list[Rect]:
    """The card boxes of a page, top left first, with a gutter for crop marks."""
    area = page.content.inset(GUTTER / 2)
    out: list[Rect] = []
    for row in area.rows(CARDS_DOWN, GUTTER):
        out.extend(row.columns(CARDS_ACROSS, GUTTER))
    return out


def _label_w(size: float) -> float:
    return fonts.string_width("Duration ", fonts.BOLD, size)


def _items(power: PowerView, w: float, size: float) -> list[Item]:
    """The card's body at ``size``: rolls, components and fluff, line by line."""
    label_w = _label_w(size)
    title_h = size * 1.3 + 3
    out = [Item("title", title_h, "Rolls", ())]
    pools = {p.label: p.text for p in power.pools}
    rows = [("Range", f"{pools.get('Range', '')}, {pools.get('Duration', '')}")]
    rows += [(p.label, p.text) for p in power.pools if p.label not in ("Range", "Duration")]
    for label, pool in rows:
        fitted = fit_text(pool, w - label_w, 1e6, fonts.REGULAR, size, size, wrap_first=True)
        out.append(Item("pool", fitted.height + 1, label, (fitted,)))
    out.append(Item("title", title_h + 3, "Components", ()))
    widths = [c.w for c in Rect(0, 0, w, 1).columns(COMPONENT_WEIGHTS, 4)]
    for row in power.components:
        texts = (row.label, row.choices, f"{row.cost} = {row.breakdown}")
        cells = tuple(fit_text(t, cw, 1e6, fonts.BOLD if i == 0 else fonts.REGULAR, size,
                               size, wrap_first=True)
                      for i, (t, cw) in enumerate(zip(texts, widths, strict=True)))
        out.append(Item("row", max(c.height for c in cells) + 2.5, "", cells))
    if not power.components:
        out.append(Item("pool", size * 1.2 + 1, "", (fit_text(
            "no components yet", w - label_w, 1e6, fonts.OBLIQUE, size, size),)))
    if power.fluff.strip():
        fluff = fit_text(power.fluff, w, 1e6, fonts.OBLIQUE, size, size, wrap_first=True)
        out.append(Item("title", title_h + 3, "Fluff", ()))
        for line in fluff.lines:
            out.append(Item("fluff", fluff.leading, "", (Fitted(
                line, fluff.font, size, (line,), False, False, False),)))
    return out


def body_rect(box: Rect) -> Rect:
    """The room for a card's body inside its box (below the heading, above the foot)."""
    inner = box.inset(PAD)
    return Rect(inner.x, inner.y + FOOT_H + 2, inner.w,
                inner.h - BAND_H - OWNER_H - FOOT_H - 6)


def faces(owner: str, power: PowerView, box: Rect) -> list[CardFace]:
    """The card(s) for ``power`` in a box like ``box``: one at the largest size that
    fits, else as many as it takes at the smallest."""
    body = body_rect(box)
    for size in SIZES:
        items = _items(power, body.w, size)
        if sum(i.height for i in items) <= body.h:
            return [CardFace(owner, power, tuple(items), size)]
    size = SIZES[-1]
    parts: list[list[Item]] = [[]]
    room = body.h
    for item in _items(power, body.w, size):
        # A title at the foot of a card goes with what it heads, on the next one.
        last = parts[-1]
        if last and (room < item.height or (item.kind == "title" and room < item.height * 3)):
            parts.append([])
            room = body.h
        parts[-1].append(item)
        room -= item.height
    return [CardFace(owner, power, tuple(items), size, n, len(parts))
            for n, items in enumerate(parts, start=1)]


def character_faces(character: PowersCharacter, box: Rect) -> list[CardFace]:
    view = sheet_view(character)
    return [face for power in view.powers for face in faces(view.name, power, box)]


def draw_face(canvas: Canvas, face: CardFace, box: Rect) -> None:
    """One power card inside ``box``."""
    fonts.register_primary()
    boxes.frame(canvas, box, stroke=style.RULE, radius=4)
    inner = box.inset(PAD)
    band, rest = inner.take_top(BAND_H)
    owner, _ = rest.take_top(OWNER_H)
    _heading(canvas, band, owner, face)
    body = body_rect(box)
    _body(canvas, body, face)
    canvas.setFillColor(style.MUTED)
    draw(canvas, inner.x, inner.y + 1, f"{TITLE} · power card", fonts.REGULAR, 5.5)
    if face.parts > 1:
        draw(canvas, inner.right, inner.y + 1, f"card {face.part} of {face.parts}",
             fonts.BOLD, 6, "right")
    canvas.setFillColor(style.INK)


def _heading(canvas: Canvas, band: Rect, owner: Rect, face: CardFace) -> None:
    boxes.frame(canvas, band, fill=style.ACCENT, stroke=None, radius=3)
    badge_w = max(fonts.string_width(face.power.rating, fonts.BOLD, 13) + 12, 34)
    badge = Rect(band.right - badge_w - 4, band.y + 3, badge_w, band.h - 6)
    boxes.frame(canvas, badge, fill=style.PAPER, stroke=None, radius=2)
    canvas.setFillColor(style.MUTED)
    draw(canvas, badge.x + badge.w / 2, badge.top - 6.5, "PR", fonts.BOLD, 5.5, "center")
    canvas.setFillColor(style.ACCENT)
    fit_and_draw(canvas, face.power.rating, Rect(badge.x + 2, badge.y, badge.w - 4,
                                                 badge.h - 7), fonts.BOLD, 13, 6,
                 align="center", valign="middle")
    canvas.setFillColor(style.PAPER)
    name = face.power.name + (" (cont.)" if face.part > 1 else "")
    fit_and_draw(canvas, name, Rect(band.x + 6, band.y + 2, badge.x - band.x - 12,
                                    band.h - 4), fonts.BOLD, 13, 6, valign="middle")
    canvas.setFillColor(style.INK)
    who, table = owner.columns([40, 60], 6)
    fit_and_draw(canvas, face.owner or "Unnamed", who, fonts.BOLD, 7, 4.5, valign="middle")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, f"Costs and PR: {face.power.table}", table, fonts.REGULAR, 6.5, 4,
                 align="right", valign="middle")
    canvas.setFillColor(style.INK)


def _body(canvas: Canvas, body: Rect, face: CardFace) -> None:
    size, y = face.size, body.top
    label_w = _label_w(size)
    widths = body.columns(COMPONENT_WEIGHTS, 4)
    for item in face.items:
        if item.kind == "title":
            _title(canvas, Rect(body.x, y - item.height, body.w, item.height), item.label,
                   widths if item.label == "Components" else None, size)
        elif item.kind == "pool":
            draw(canvas, body.x, y - size * 0.95, item.label, fonts.BOLD, size)
            draw_fitted(canvas, item.cells[0], Rect(body.x + label_w, y - item.height,
                                                    body.w - label_w, item.height))
        elif item.kind == "row":
            for fitted, cell in zip(item.cells, widths, strict=True):
                draw_fitted(canvas, fitted, Rect(cell.x, y - item.height, cell.w,
                                                 item.height))
            canvas.setStrokeColor(style.HEADER_FILL)
            canvas.setLineWidth(style.HAIRLINE)
            canvas.line(body.x, y - item.height + 1, body.right, y - item.height + 1)
        else:
            canvas.setFillColor(style.MUTED)
            draw_fitted(canvas, item.cells[0], Rect(body.x, y - item.height, body.w,
                                                    item.height))
            canvas.setFillColor(style.INK)
        y -= item.height


def _title(canvas: Canvas, box: Rect, title: str, widths: Sequence[Rect] | None,
           size: float) -> None:
    """A small grey heading; the components' one names the table's columns."""
    canvas.setFillColor(style.ACCENT)
    baseline = box.y + size * 0.35
    draw(canvas, box.x, baseline, title.upper(), fonts.BOLD, size * 0.78)
    if widths is not None:
        canvas.setFillColor(style.MUTED)
        for cell, word in zip(widths[1:], ("CHOICES", "COST = HOW PRICED"), strict=True):
            draw(canvas, cell.x, baseline, word, fonts.BOLD, size * 0.7)
    canvas.setStrokeColor(style.RULE)
    canvas.setLineWidth(style.HAIRLINE)
    canvas.line(box.x, box.y + 1, box.right, box.y + 1)
    canvas.setFillColor(style.INK)


def draw_power_cards(canvas: Canvas, characters: Sequence[PowersCharacter],
                     page: Page) -> int:
    """Every power of ``characters`` as a card, six to a page with crop marks; each
    page is finished (``showPage``). The number of pages drawn (0 without powers)."""
    fonts.register_primary()
    slots = card_boxes(page)
    cards = [face for character in characters for face in character_faces(character,
                                                                            slots[0])]
    pages = 0
    for start in range(0, len(cards), CARDS_PER_PAGE):
        for face, box in zip(cards[start:start + CARDS_PER_PAGE], slots, strict=False):
            draw_face(canvas, face, box)
            marks.crop_marks(canvas, box)
        pages += 1
        canvas.setFillColor(style.MUTED)
        draw(canvas, page.content.x, page.margin / 2, f"Power cards {pages}: cut along the "
             "corner marks", fonts.REGULAR, 6)
        canvas.setFillColor(style.INK)
        canvas.showPage()
    return pages
