"""The Pocket Universe ID card: the shared fold-up card (``desktop.pdf.card``) filled
with what a GM needs at the table without the record sheet.

Front: the name and a concept line (the character's description; without one, sex
and age). Back: hits, the initiative triplet (5.2: 1d10 picks 1-2 / 3-8 / 9-10), Move,
the defences in use (2.51, 2.52), armor and what stops knockouts (5.4, 5.61), each
attack's to-hit total and damage triplet, and the best skills. Long lists stop at a
count that depends on the card's size and say how many more are on the record sheet,
so the back still fits a quarter page (the GM screen prints four cards to a page).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import card, fillable
from desktop.pdf.page import Rect
from desktop.systems.pocket.printing.view import (
    NONE,
    PocketSheetView,
    blank_view,
    num,
    sheet_view,
)
from desktop.systems.pocket.rules.character import PocketCharacter

GAME = "Pocket Universe"


@dataclass(frozen=True)
class Limits:
    """How many attacks, skills and shields the back lists before "+N more"."""

    attacks: int
    skills: int
    shields: int


QUARTER = Limits(attacks=5, skills=5, shields=1)
"""Fits a quarter page (the GM screen's four cards to a page) at 4.5 pt or more."""
FULL = Limits(attacks=12, skills=12, shields=3)
"""A card on a page of its own has room for three times as much."""
FULL_PAGE_HEIGHT = 500.0
"""Boxes at least this tall (points) get the ``FULL`` limits."""


def limits_for(box: Rect) -> Limits:
    return FULL if box.h >= FULL_PAGE_HEIGHT else QUARTER


def _more(count: int, what: str) -> str:
    return f"+{count} more {what} on the record sheet" if count > 0 else ""


def _defense(view: PocketSheetView, kind: str) -> str:
    for row in view.defenses:
        if row.kind == kind:
            return f"{num(row.value)} ({row.skill_name})"
    return NONE


def _list(title: str, entries: list[str], footer: str) -> card.Chart:
    """A chart of bulleted lines: names too long for the label column wrap instead."""
    lines = [card.ChartLine("item", text) for text in entries]
    if footer:
        lines.append(card.ChartLine("footer", footer))
    return card.Chart(title, tuple(lines))


def card_view(view: PocketSheetView, limits: Limits = QUARTER) -> card.CardView:
    total = next(a for a in view.armor if a.what == "Total Armor")
    scores = [f"{a.label} {num(a.score)}" for a in view.attributes]
    deft = next(a for a in view.attributes if a.label == "DEFT")
    if view.armored_deft != num(deft.score):
        scores[1] += f" (armored {view.armored_deft})"
    combat = [
        ("Hits", view.hits),
        ("Initiative", f"{view.initiative} by 1d10"),
        ("Move", view.move),
        ("Melee Def.", _defense(view, "Melee")),
        ("Missile Def.", _defense(view, "Missile")),
        ("Armor", f"{total.physical}/{total.energy} (knockouts {total.knockout})"),
        *[("Shield", f"{s.name} {s.parry}, {s.hits} hits") for s in view.shields[:limits.shields]],
        ("Attributes", ", ".join(scores)),
    ]
    attacks = [f"{w.name}: {w.total} to hit, {'/'.join(w.damage)}"
               + (f", range {w.range}" if w.range != NONE else "")
               for w in view.weapons[:limits.attacks]]
    best = sorted(view.skills, key=lambda s: -s.value)
    skills = [f"{s.label} {s.score}" for s in best[:limits.skills]] or (
        [] if fillable.active() else ["no skills learnt"])
    return card.CardView(
        game=GAME, name=view.name,
        concept=view.description or ", ".join(x for x in (view.sex, view.age) if x),
        concept_caption="Concept:", player=view.player,
        back_title=f"{GAME} at a glance",
        columns=(
            (card.Chart.numbers("Combat", combat,
                                _more(len(view.shields) - limits.shields, "shields")),),
            (_list("Attacks", attacks, _more(len(view.weapons) - limits.attacks, "attacks")),
             _list("Key skills", skills, _more(len(best) - limits.skills, "skills"))),
        ),
        column_weights=(50, 50), picture=view.picture,
        base_numbers=(("Hits", view.hits),
                      ("Melee Def.", _defense(view, "Melee").split(" (")[0]),
                      ("Missile Def.", _defense(view, "Missile").split(" (")[0]),
                      ("Armor", f"{total.physical}/{total.energy}"),
                      ("Initiative", view.initiative), ("Move", view.move)))


def draw(canvas: Canvas, view: PocketSheetView, box: Rect) -> None:
    card.draw_card(canvas, card_view(view, limits_for(box)), box)


def draw_card(canvas: Canvas, character: PocketCharacter, box: Rect) -> None:
    """The character's fold-up ID card inside ``box``."""
    view = sheet_view(character)
    draw(canvas, blank_view(view) if fillable.active() else view, box)
