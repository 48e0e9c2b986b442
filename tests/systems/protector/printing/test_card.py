"""The Protector ID card: front and back from the sheet's view, lists capped to fit, the
quarter-page card of the GM screen."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import card, fonts
from desktop.pdf.encounter_print import card_boxes
from desktop.pdf.export import render_pdf
from desktop.pdf.page import Page
from desktop.systems.protector.printing import card as id_card
from desktop.systems.protector.printing.view import sheet_view
from desktop.systems.protector.rules import npcs
from desktop.systems.protector.rules.character import ProtectorCharacter
from tests.systems.protector.helpers import arclight_with, pdf_pages


def test_card_front_and_back() -> None:
    view = sheet_view(arclight_with())
    assert id_card.concept(view) == (
        "WWII · Invention, Damage absorption · latent: Senses that can't be impeded")
    text = pdf_pages(render_pdf([arclight_with()], "card"))[0]
    for expected in ("Hi, My Name Is:", "Arclight", "Age and powers:", "FOLD HERE",
                     "PROTECTOR AT A GLANCE", "ENERGY", "3d6 · 3 ready", "POWERS",
                     "Invention: 3d8 4d6", "AGENTS", "Arc Lance: 4d6 · Damage 2, Ranged",
                     "KEY TRAITS", "Machining: 4 skill", "INTERNAL CONFLICTS",
                     "Protector ID card · WWII · 20-29"):
        assert expected in text, expected


def test_card_lists_are_capped_with_a_count_of_the_rest() -> None:
    traits = [{"name": f"Knack {i:02d}", "type": "skill", "steps": 1} for i in range(10)]
    charts = [c for column in id_card.card_view(sheet_view(arclight_with(traits=traits)))
              .columns for c in column]
    key = next(c for c in charts if c.title == "Key traits")
    assert len([line for line in key.lines if line.kind == "step"]) == id_card.MAX_LINES - 1
    assert key.lines[-1].text.endswith("more on the sheet")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_fits_a_quarter_page_at_a_readable_size(paper: str) -> None:
    box = card_boxes(Page.of(paper))[0]
    fonts.register_fonts()
    for character in [arclight_with(), *npcs.npcs()]:
        view = id_card.fitted_view(sheet_view(character), box)
        assert id_card.fits(view, box, id_card.MIN_SIZE), character.name


def test_a_crowded_card_lists_fewer_lines_to_stay_readable() -> None:
    data = arclight_with().model_dump()
    data["powers"] = [data["powers"][1] | {"name": f"Gadget {i}", "event": None}
                      for i in range(12)]
    data["agents"] = [data["agents"][0] | {"name": f"Tool {i}", "invention_of": None}
                      for i in range(12)]
    data["traits"] += [{"name": f"Knack {i}", "type": "skill", "steps": 1} for i in range(12)]
    view = sheet_view(ProtectorCharacter.model_validate(data))
    quarter = card_boxes(Page.of("letter"))[0]
    roomy = id_card.fitted_view(view, Page.of("letter").content)
    tight = id_card.fitted_view(view, quarter)
    assert id_card.fits(tight, quarter)
    assert not id_card.fits(id_card.card_view(view), quarter)

    def steps(made: card.CardView) -> int:
        return sum(1 for column in made.columns for chart in column for line in chart.lines
                   if line.kind == "step")

    assert steps(tight) < steps(roomy)
    footers = [line.text for column in tight.columns for chart in column
               for line in chart.lines if line.kind == "footer"]
    assert any(text.endswith("more on the sheet") for text in footers)


def test_four_cards_print_on_a_page() -> None:
    fonts.register_fonts()
    buffer = io.BytesIO()
    page = Page.of("a4")
    canvas = Canvas(buffer, pagesize=page.size)
    for character, box in zip([arclight_with(), *npcs.npcs()[:3]], card_boxes(page),
                              strict=True):
        id_card.draw_card(canvas, character, box)
    canvas.save()
    text = pdf_pages(buffer.getvalue())[0]
    assert text.count("Hi, My Name Is:") == 4
    for name in ("Arclight", "Slavers", "Slaver Sky Ship", "Mad Maker"):
        assert name in text
