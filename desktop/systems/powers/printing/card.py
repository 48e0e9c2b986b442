"""The Powers ID card: the shared fold-up card (``desktop.pdf.card``) filled with what a
GM needs at the table without the sheet.

Front: the name and concept. Back, in three columns: hit points, initiative, the
defence pools and the attribute dice; then the powers, each with its Power Rating and
what it rolls (attack, damage, resistance, healing, move), shared between the second
and third columns; the third ends with the dice rules and the cost table the ratings
came from, so it is never blank. A long list of powers stops at a count that depends on
the card's size and says how many more are on the sheet.
"""

from __future__ import annotations

import re
from dataclasses import replace

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import card, fillable, fonts, text
from desktop.pdf.page import Rect
from desktop.systems.powers.printing.view import PowersSheetView, PowerView, sheet_view
from desktop.systems.powers.rules.character import PowersCharacter

GAME = "Powers"
QUARTER_POWERS = 6
"""Powers listed on a quarter-page card, at the most."""
FULL_POWERS = 14
READABLE = (4.4, 6.0)
"""The smallest size the back may shrink to on a quarter page and on a whole page: fewer
powers are listed (with "+N more on the sheet") before it goes below."""
FULL_PAGE_HEIGHT = 500.0
"""Boxes at least this tall (points) are a whole page: more powers."""
WEIGHTS = (32, 34, 34)
SHORT = {"Strength": "Str", "Resilience": "Res", "Intelligence": "Int", "Willpower": "Wil",
         "Agility": "Agi"}
_BRACKETS = re.compile(r" \((?:approx\.[^)]*|[A-Z][a-z]+ [-+]?\d[^)]*)\)")


def is_full(box: Rect) -> bool:
    return box.h >= FULL_PAGE_HEIGHT


def _combat(view: PowersSheetView) -> card.Chart:
    taken = ", ".join(f"{kind} {n}" for kind, n in view.damage if n)
    hits = f"{view.hit_points_now} of {view.hit_points}" + (f" ({taken})" if taken else "")
    rows = [("Hit points", hits),
            ("Initiative", f"{view.initiative_dice} dice (Agi + Int)")]
    named = {"Dodge an attack": "Dodge", "Resist damage": "Resist",
             "Resist psychic": "Psychic"}
    rows += [(named[row.label], row.text.split(" (")[0]
              + f" ({SHORT[row.text.split('(')[-1][:-1]]})")
             for row in view.defences if row.label in named]
    return card.Chart.numbers("Combat", rows, "Damage kinds are kept apart: normal, stun, "
                              "phantom.")


def _attributes(view: PowersSheetView) -> card.Chart:
    if fillable.active():  # a blank card: room to write them in
        return card.Chart("Attribute dice", ())
    return card.Chart("Attribute dice", (card.ChartLine("item", ", ".join(
        f"{SHORT[a.label]} {a.dice}" for a in view.attributes if a.key != "health")),))


def _short(text: str) -> str:
    return _BRACKETS.sub("", text).replace(" · normal damage", "")


def back_columns(box: Rect) -> list[Rect]:
    """The back's columns inside ``box``, as ``desktop.pdf.card`` lays them out."""
    scale = min(box.w / 540, box.h / 760, 1.0) ** 0.5
    body = card.card_panels(box)["back"].inset(10 * scale, 8 * scale)
    body = Rect(body.x, body.y, body.w, body.h - 18 * scale)
    return body.columns(list(WEIGHTS), 10 * scale)


def title_size(box: Rect) -> float:
    """The largest size the card may print a chart's title at in ``box``."""
    return 10 * min(box.w / 540, box.h / 760, 1.0) ** 0.5 * 1.15


def chart_title(name: str, w: float, size: float) -> str:
    """The power's name, cut short with "…" when its title is wider than ``w``."""
    if text.width(name.upper(), fonts.BOLD, size) <= w:
        return name
    return text.ellipsize(name.upper(), fonts.BOLD, size, w)


def power_chart(power: PowerView, w: float = 1e6, size: float = 10) -> card.Chart:
    """A power on the card: its name (fitting ``w`` at ``size``); its PR beside its range
    and duration; then what it rolls (brackets left to the sheet)."""
    pools = {p.label: p.text for p in power.pools}
    lines = [card.ChartLine("step", f"{pools.get('Range', '')}, {pools.get('Duration', '')}",
                            f"PR {power.rating}")]
    lines += [card.ChartLine("step", _short(p.text), p.label) for p in power.pools
              if p.label not in ("Range", "Duration")]
    return card.Chart(chart_title(power.name, w, size), tuple(lines))


def _weight(chart: card.Chart) -> int:
    """A chart's height in lines, roughly (for a card with no box to measure in)."""
    return 2 + sum(1 + len(line.text) // 40 for line in chart.lines)


def _rules(view: PowersSheetView, left_off: int) -> card.Chart:
    lines = [card.ChartLine("step", "5 or 6; opposed: net hits", "Hit"),
             card.ChartLine("step", "over half the dice show 1", "Fail"),
             card.ChartLine("step", "a Fail with no hits", "Epic Fail")]
    if left_off:
        lines.append(card.ChartLine("footer", f"+{left_off} more power"
                                    f"{'s' if left_off > 1 else ''} on the sheet."))
    lines.append(card.ChartLine("footer", f"PR from: {view.table_name}."))
    return card.Chart("Dice", tuple(lines))


def _columns(view: PowersSheetView, limit: int, w: float, size: float,
             rects: list[Rect] | None = None, readable: float = 4.4
             ) -> tuple[tuple[card.Chart, ...], ...]:
    """The back's three columns listing the first ``limit`` powers, in order, split
    between the second and third columns (the third ends with the dice rules) where the
    taller of the two is least: measured in ``rects`` at ``readable`` if given."""
    charts = [power_chart(p, w, size) for p in view.powers[:limit]]
    rules = _rules(view, max(0, len(view.powers) - limit))

    def height(column: list[card.Chart], index: int) -> float:
        if rects is None:
            return sum(map(_weight, column))
        return card.charts_height(column, rects[index].w, readable)

    best = min(range(1, len(charts) + 1) if charts else [0],
               key=lambda k: max(height(charts[:k], 1), height([*charts[k:], rules], 2)))
    second, third = charts[:best], charts[best:]
    if not charts:
        second.append(card.Chart("Powers", () if fillable.active()
                                 else (card.ChartLine("item", "none yet"),)))
    return ((_combat(view), _attributes(view)), tuple(second), (*third, rules))


def card_view(view: PowersSheetView, full: bool = False, box: Rect | None = None
              ) -> card.CardView:
    """The card's words; ``full`` for a card on a page of its own. Given the ``box`` it
    goes in, long power names are cut short and only as many powers are listed as fit
    at a readable size."""
    limit = min(len(view.powers), FULL_POWERS if full else QUARTER_POWERS)
    w, size = 1e6, 10.0
    if box is None:
        columns = _columns(view, limit, w, size)
    else:
        rects = back_columns(box)
        w, size = min(r.w for r in rects[1:]), title_size(box)
        readable = READABLE[full]
        while True:
            columns = _columns(view, limit, w, size, rects, readable)
            if limit <= 1 or all(card.charts_height(c, r.w, readable) <= r.h
                                 for r, c in zip(rects, columns, strict=True)):
                break
            limit -= 1
    return card.CardView(
        game=GAME, name=view.name, concept=view.concept, concept_caption="Concept:",
        player=view.player, base_note="draft v0.1", back_title=f"{GAME} at a glance",
        columns=columns, column_weights=WEIGHTS, base_numbers=card.base_numbers(_combat(view)))


def draw(canvas: Canvas, view: PowersSheetView, box: Rect, picture: bytes | None = None
         ) -> None:
    card.draw_card(canvas, replace(card_view(view, is_full(box), box), picture=picture), box)


def draw_card(canvas: Canvas, character: PowersCharacter, box: Rect) -> None:
    """The character's fold-up ID card inside ``box``."""
    draw(canvas, sheet_view(character), box, card.picture_of(character))
