"""The POW! ID card: the book's "Hi, My Name Is:" card on the shared fold-up layout
(``desktop.pdf.card``), filled from the sheet's view."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import card
from desktop.pdf.page import Rect
from desktop.systems.pow.printing.view import PowSheetView, sheet_view
from desktop.systems.pow.rules.character import PowCharacter


def card_view(view: PowSheetView) -> card.CardView:
    """The book's "Hi, My Name Is:" card: name and Basic Concept in front, the key
    charts (with the corrected Stat Save) on the back."""
    charts = {c["title"]: card.Chart.from_json(c) for c in view.charts}
    return card.CardView(
        game="POW!", name=view.name, concept=view.concept, player=view.player,
        base_note=view.worldbook,
        columns=((charts["Combat"],), (charts["Statistic Checks"], charts["Character Creation"])),
        column_weights=(54, 46), picture=view.picture,
        base_numbers=(
            ("To hit: surprised · normal · dodging",
             " · ".join(str(n) for _label, n in view.to_hit)),
            ("Initiative", view.initiative), ("Move", view.move_action),
            ("Unarmed", view.unarmed)))


def draw_card(canvas: Canvas, character: PowCharacter, box: Rect) -> None:
    """The fold-up ID card inside ``box`` (layout in ``desktop.pdf.card``)."""
    card.draw_card(canvas, card_view(sheet_view(character)), box)
