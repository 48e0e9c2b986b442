"""The Protector ID card on the shared fold-up layout (``desktop.pdf.card``).

Front: the name and a concept line. Protector has no Basic Concept field; a hero is
known by the age they live in and the powers their Events woke (Character Generation,
Powers), so the concept line is the era and the powers ("WWII · Invention, Damage
absorption"). Back: what a GM needs at a glance during a contest: the energy dice now
(ready, depleted, damaged, awarded), each power with its pool dice and effects, each
agent with its pool and traits, and the key traits by steps. Long lists are cut with a
"+N more on the sheet" note so that the card stays readable at a quarter page (the GM
screen prints four cards a page).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import card
from desktop.pdf.page import Rect
from desktop.systems.protector.printing.view import ProtectorSheetView, sheet_view
from desktop.systems.protector.rules.character import ProtectorCharacter

MAX_LINES = 6
"""Lines per list (powers, agents, key traits, conflicts) on a roomy card."""
MIN_SIZE = 4.5
"""The smallest type on the card's back: fewer lines per list before smaller type."""


def concept(view: ProtectorSheetView) -> str:
    names = [name for name, text in view.power_cards if text != "latent"]
    latent = [name for name, text in view.power_cards if text == "latent"]
    line = view.era + (" · NPC" if view.npc else "")
    if names:
        line += " · " + ", ".join(names)
    if latent:
        line += " · latent: " + ", ".join(latent)
    return line


def _listing(title: str, rows: Sequence[tuple[str, str]], cap: int) -> card.Chart:
    """"Name: what it has" lines, at most ``cap`` (the rest counted in a footer). The
    name leads the line rather than standing as a label: names are long ("Senses that
    can't be impeded") and labels do not wrap."""
    shown = list(rows) if len(rows) <= cap else list(rows[:cap - 1])
    more = f"+{len(rows) - len(shown)} more on the sheet" if len(shown) < len(rows) else ""
    return card.Chart(title, tuple(card.ChartLine("step", f"{name}: {text}")
                                   for name, text in shown)
                      + ((card.ChartLine("footer", more),) if more else ()))


def _columns(charts: Sequence[card.Chart]) -> tuple[tuple[card.Chart, ...], ...]:
    """The charts in order over two columns, split where the taller column is lowest."""
    if len(charts) < 2:
        return (tuple(charts),)
    width, size = 120.0, 6.0  # a quarter-page card's column, roughly: only ratios matter
    best = min(range(1, len(charts)), key=lambda i: max(
        card.charts_height(charts[:i], width, size), card.charts_height(charts[i:], width, size)))
    return (tuple(charts[:best]), tuple(charts[best:]))


def card_view(view: ProtectorSheetView, lines: int = MAX_LINES) -> card.CardView:
    """The card with at most ``lines`` lines in each list."""
    energy = [("Dice", f"{view.energy_total}d6 · {view.energy_ready} ready"),
              ("Depleted", str(view.depleted)), ("Damaged", str(view.damaged))]
    if view.awarded:
        energy.append(("Awarded", str(view.awarded)))
    charts = [card.Chart.numbers("Energy", energy, footer="Success = highest die + 1 per "
                                 "other die on the table")]
    if view.power_cards:
        charts.append(_listing("Powers", view.power_cards, lines))
    if view.agent_cards:
        charts.append(_listing("Agents", view.agent_cards, lines))
    if view.key_traits:
        charts.append(_listing("Key traits", view.key_traits, lines))
    if view.conflicts:
        charts.append(_listing("Internal conflicts", [(c.conflict, c.trigger)
                                                      for c in view.conflicts], lines))
    columns = _columns(charts)
    return card.CardView(
        game="Protector", name=view.name, concept=concept(view),
        concept_caption="Age and powers:" if view.power_cards else "Age:",
        player=view.player, base_note=f"{view.era} · {view.age}",
        back_title="Protector at a glance", columns=columns,
        column_weights=(1.0,) * len(columns), base_numbers=card.base_numbers(charts[0]))


def back_body(box: Rect) -> Rect:
    """Where the back panel's charts go in a card drawn in ``box``: the insets of
    ``desktop.pdf.card`` (its panels, margins and title band)."""
    scale = min(box.w / 540, box.h / 760, 1.0) ** 0.5
    inner = card.card_panels(box)["back"].inset(10 * scale, 8 * scale)
    return inner.take_top(14 * scale, 4 * scale)[1]


def fits(view: card.CardView, box: Rect, size: float = MIN_SIZE) -> bool:
    """Whether the back's charts fit a card in ``box`` at type ``size``."""
    body = back_body(box)
    scale = min(box.w / 540, box.h / 760, 1.0) ** 0.5
    rects = body.columns(list(view.column_weights), 10 * scale)
    return all(card.charts_height(charts, rect.w, size) <= rect.h
               for rect, charts in zip(rects, view.columns, strict=True))


def fitted_view(view: ProtectorSheetView, box: Rect) -> card.CardView:
    """The card with as many lines per list as fit ``box`` at a readable size (a
    quarter-page card of a hero with many powers lists fewer, "+N more on the sheet")."""
    for lines in range(MAX_LINES, 1, -1):
        made = card_view(view, lines)
        if fits(made, box):
            return made
    return card_view(view, 2)


def draw(canvas: Canvas, view: ProtectorSheetView, box: Rect, picture: bytes | None = None
         ) -> None:
    card.draw_card(canvas, replace(fitted_view(view, box), picture=picture), box)


def draw_card(canvas: Canvas, character: ProtectorCharacter, box: Rect) -> None:
    """The character's fold-up ID card inside ``box``."""
    draw(canvas, sheet_view(character), box, card.picture_of(character))
