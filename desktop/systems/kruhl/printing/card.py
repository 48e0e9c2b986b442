"""The Warlords of Kruhl ID card: the shared fold-up card (``desktop.pdf.card``) filled
with what a GM needs at the table without the sheet.

Front: the name and concept. Back, in three columns: Endurance, initiative, the combat
rolls (attack and defense), attributes, plot points and the conditions in effect; the
best skills with their dice and the plot point spends; the difficulty values and the
range bands. Long lists stop at a count that depends on the card's size and say how many more
are on the sheet, so the back still fits a quarter page (the GM screen's four cards).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import card
from desktop.pdf.page import Rect
from desktop.systems.kruhl.printing.view import KruhlSheetView, RollRow, sheet_view
from desktop.systems.kruhl.rules.character import KruhlCharacter

GAME = "Warlords of Kruhl"
QUARTER_SKILLS = 5
"""Skills listed on a quarter-page card."""
FULL_SKILLS = 11
FULL_PAGE_HEIGHT = 500.0
"""Boxes at least this tall (points) list ``FULL_SKILLS``."""
COMBAT_PAIRS: tuple[tuple[str, str, str], ...] = (
    ("Hand-to-hand", "HtH attack", "HtH defense"),
    ("Ranged", "Ranged attack", "Ranged defense"),
)
"""Combat skills that attack and defend: (label, attack row, defense row of the view)."""
SHORT = {"Agility": "Agi", "Brawn": "Bra", "Reason": "Rea", "Presence": "Pre",
         "Power Level": "PL"}


def skill_limit(box: Rect) -> int:
    return FULL_SKILLS if box.h >= FULL_PAGE_HEIGHT else QUARTER_SKILLS


def _combat_lines(label: str, attack: RollRow, defense: RollRow) -> list[tuple[str, str]]:
    """One line when attack and defense roll the same dice, else one for each."""
    if attack.text == defense.text:
        return [(label, f"{attack.text} (att./def.)")]
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
    rows += [("Attributes", ", ".join(f"{SHORT.get(s.label, s.label)} {s.value}"
                                      for s in view.scores)),
             ("Plot points", f"{view.plot_points} held")]
    return card.Chart.numbers("Combat", rows, "Each successful attack: −1 Endurance; "
                              "ties go to the attacker.")


def _skills(view: KruhlSheetView, limit: int) -> card.Chart:
    """The trained skills, expertise and the highest bonus first (combat skills are on
    the combat chart)."""
    combat = {"Hand-to-hand Combat", "Ranged Combat", "Thaumaturgy/Theology",
              "Magic Resistance"}
    best = sorted((s for s in view.skills if s.trained and s.name not in combat),
                  key=lambda s: (s.level != "Expertise", -s.bonus))
    lines = [card.ChartLine("item", f"{s.name}: {s.roll}") for s in best[:limit]]
    if not lines:
        lines = [card.ChartLine("item", "no skills beyond combat: 1d6 + attribute")]
    if len(best) > limit:
        lines.append(card.ChartLine("footer", f"+{len(best) - limit} more skills on the "
                                    "sheet"))
    else:
        lines.append(card.ChartLine("footer", "Unskilled: 1d6 + attribute."))
    return card.Chart("Key skills", tuple(lines))


def _plot_uses(view: KruhlSheetView) -> card.Chart:
    return card.Chart("Spend a plot point", tuple(
        card.ChartLine("item", f"{u.name}: {u.note}") for u in view.plot_uses))


def _conditions(view: KruhlSheetView) -> card.Chart:
    ticked = [c for c in view.conditions if c.ticked]
    lines = [card.ChartLine("item", f"{c.label}: {c.effect}") for c in ticked]
    return card.Chart("Conditions", tuple(lines) or (card.ChartLine("item", "none in effect"),))


def _reference(view: KruhlSheetView) -> tuple[card.Chart, ...]:
    difficulty = card.Chart.numbers(
        "Difficulty", [(f"DV {r.key}", r.name) for r in view.difficulties if r.key != "0"],
        "Unopposed: beat 2d6 + DV.")
    ranges = card.Chart("Range bands", tuple(
        card.ChartLine("item", f"{r.key} ({r.name}): {r.note}") for r in view.ranges))
    return (difficulty, ranges)


def card_view(view: KruhlSheetView, skills: int = QUARTER_SKILLS) -> card.CardView:
    return card.CardView(
        game=GAME, name=view.name, concept=view.concept, concept_caption="Concept:",
        player=view.player, base_note="3e", back_title=f"{GAME} at a glance",
        columns=((_combat(view), _conditions(view)), (_skills(view, skills), _plot_uses(view)),
                 _reference(view)),
        column_weights=(38, 34, 28))


def draw(canvas: Canvas, view: KruhlSheetView, box: Rect) -> None:
    card.draw_card(canvas, card_view(view, skill_limit(box)), box)


def draw_card(canvas: Canvas, character: KruhlCharacter, box: Rect) -> None:
    """The character's fold-up ID card inside ``box``."""
    draw(canvas, sheet_view(character), box)
