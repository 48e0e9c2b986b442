"""What a Powers character prints after its sheet: its power cards, six to a page, to cut
out and hand round the table (the registry's optional "handouts" part: the party export
calls it for any game that has one)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf.page import Page
from desktop.systems.powers.printing.power_cards import draw_power_cards
from desktop.systems.powers.rules.character import PowersCharacter


def draw_handouts(canvas: Canvas, character: PowersCharacter, page: Page) -> int:
    """The character's power cards; every page finished. The number of pages drawn."""
    return draw_power_cards(canvas, [character], page)
