"""The Warlords of Kruhl ID card: the shared fold-up card (``desktop.pdf.card``) filled
with what a GM needs at the table without the sheet.

Front: the name and concept. Back, in three columns: Endurance, initiative, the combat
rolls (attack and defense), attributes, plot points and the conditions in effect; the
best skills with their dice and the plot point spends; the difficulty values and the
range bands. Long lists stop at a count that depends on the card's size and say how many more
are on the sheet, so the back still fits a quarter page (the GM screen's four cards).
"""

from __future__ import annotations

from dataclasses import replace

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import card, fillable
from desktop.pdf.page import Rect
from desktop.systems.kruhl.printing.view import KruhlSheetView, RollRow, sheet_view
from desktop.systems.kruhl.rules.character import KruhlCharacter

GAME = "Warlords of Kruhl"
QUARTER_SKILLS = 4
"""Skills listed on a quarter-page card."""
FULL_SKILLS = 10
FULL_PAGE_HEIGHT = 600.0
"""Boxes at least this tall (points) are a whole page: more skills, the plot point
spends in full. A GM's half-page card (about 500 points tall) keeps the short list, at
a size that stays readable."""
COMBAT_PAIRS: tuple[tuple[str, str, str], ...] = (
    ("Hand-to-hand", "HtH attack", "HtH defense"),
    ("Ranged", "Ranged attack", "Ranged defense"),
)
"""Combat skills that attack and defend: (label, attack row, defense row of the view)."""
WEIGHTS = (42, 29, 29)
"""The back's three columns: combat and conditions, skills and plot points, tables."""
SHORT = {"Agility": "Agi", "Brawn": "Bra", "Reason": "Rea", "Presence": "Pre",
         "Power Level": "PL"}


def is_full(box: Rect) -> bool:
    return box.h >= FULL_PAGE_HEIGHT


def _combat_lines(label: str, attack: RollRow, defense: RollRow) -> list[tuple[str, str]]:
    """One line when attack and defense roll the same dice, else one for each."""
    if attack.text == defense.text:
        return [(label, attack.text)]
    return [(f"{label} att.", attack.text), (f"{label} def.", defense.text)]


def _combat(view: KruhlSheetView) -> card.Chart:
    rolls = {row.label: row for row in view.combat}
    endurance = f"{view.endurance_now} of {view.endurance_max}"
    if view.stun:
        endurance += f" ({view.stun} stunned)"
    if view.rabble:
        endurance += ", rabble: any hit defeats"
    rows = [("Endurance", endurance), ("Initiative", f"{view.initiative} (Perception)")]
    for label, attack, defense in COMBAT_PAIRS:
        rows += _combat_lines(label, rolls[attack], rolls[defense])
    rows += [("Magic attack", rolls["Magical attack"].text),
             ("Magic Resist.", rolls["Magic Resistance"].text)]
    rows.append(("Attributes", ", ".join(f"{SHORT.get(s.label, s.label)} {s.value}"
                                         for s in view.scores)))
    return card.Chart.numbers("Combat", rows, "Ties go to the attacker; a hit costs 1 "
                              "Endurance.")


def _skills(view: KruhlSheetView, limit: int) -> card.Chart:
    """The trained skills, expertise and the highest bonus first (combat skills are on
    the combat chart)."""
    combat = {"Hand-to-hand Combat", "Ranged Combat", "Thaumaturgy/Theology",
              "Magic Resistance"}
    best = sorted((s for s in view.skills if s.trained and s.name not in combat),
                  key=lambda s: (s.level != "Expertise", -s.bonus))
    lines = [card.ChartLine("item", f"{s.name}: {s.roll}") for s in best[:limit]]
    if fillable.active():  # a blank card: room to write them in
        lines = []
    elif not lines:
        lines = [card.ChartLine("item", "no skills beyond combat: 1d6 + attribute")]
    if len(best) > limit:
        lines.append(card.ChartLine("footer", f"+{len(best) - limit} more skills on the "
                                    "sheet"))
    else:
        lines.append(card.ChartLine("footer", "Unskilled: 1d6 + attribute."))
    return card.Chart("Key skills", tuple(lines))


def _plot_uses(view: KruhlSheetView, full: bool) -> card.Chart:
    """Plot points held and what they buy: each spend with its text on a whole page,
    the names on a quarter page."""
    if full:  # the title fits a whole page's column, and the spends get its width
        held = "" if fillable.active() else f": {view.plot_points} held"
        return card.Chart(f"Plot points{held}", tuple(
            card.ChartLine("item", f"{u.name}: {u.note}") for u in view.plot_uses))
    return card.Chart("Plot points", (
        card.ChartLine("step", str(view.plot_points), "Held"),
        card.ChartLine("step", ", ".join(u.name for u in view.plot_uses), "Spend")))


def _conditions(view: KruhlSheetView) -> card.Chart:
    """The conditions in effect by name: the combat dice above already count them."""
    ticked = [c.label for c in view.conditions if c.ticked]
    if fillable.active():  # a blank card: room to write them in
        return card.Chart("Conditions", ())
    if not ticked:
        return card.Chart("Conditions", (card.ChartLine("item", "none in effect"),))
    return card.Chart("Conditions", (card.ChartLine("item", ", ".join(ticked)),
                                     card.ChartLine("footer", "Counted in the dice above.")))


def _reference(view: KruhlSheetView, full: bool) -> tuple[card.Chart, ...]:
    """Difficulty values and range bands (with their weapons on a whole page)."""
    difficulty = card.Chart.numbers(
        "Difficulty", [(f"DV {r.key}", r.name) for r in view.difficulties if r.key != "0"],
        "Unopposed: equal or beat 2d6 + DV.", values=False)
    ranges = card.Chart("Range bands", tuple(
        card.ChartLine("item", f"{r.key} ({r.name}): {r.note}" if full
                       else f"{r.key} {r.name}") for r in view.ranges))
    return (difficulty, ranges)


def card_view(view: KruhlSheetView, full: bool = False) -> card.CardView:
    """The card's words; ``full`` for a card on a page of its own."""
    skills = FULL_SKILLS if full else QUARTER_SKILLS
    columns = ((_combat(view), _conditions(view)),
               (_skills(view, skills), _plot_uses(view, full)), _reference(view, full))
    return card.CardView(
        game=GAME, name=view.name, concept=view.concept, concept_caption="Concept:",
        player=view.player, base_note="3e", back_title=f"{GAME} at a glance",
        columns=columns, column_weights=WEIGHTS,
        base_numbers=card.base_numbers(_combat(view), 4, skip=("Attributes",)))


def draw(canvas: Canvas, view: KruhlSheetView, box: Rect, picture: bytes | None = None
         ) -> None:
    card.draw_card(canvas, replace(card_view(view, is_full(box)), picture=picture), box)


def draw_card(canvas: Canvas, character: KruhlCharacter, box: Rect) -> None:
    """The character's fold-up ID card inside ``box``."""
    draw(canvas, sheet_view(character), box, card.picture_of(character))
