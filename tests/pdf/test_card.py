from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import card
from desktop.pdf.page import Page


def _render(view: card.CardView) -> str:
    buffer = io.BytesIO()
    page = Page.of("a4")
    canvas = Canvas(buffer, pagesize=page.size)
    card.draw_card(canvas, view, page.content)
    canvas.save()
    return " ".join(PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text().split())


def test_panels_stack_back_front_base_flap_and_fill_the_box() -> None:
    box = Page.of("letter").content
    panels = card.card_panels(box)
    back, front, base, flap = (panels[k] for k in ("back", "front", "base", "flap"))
    assert back.top == pytest.approx(box.top) and flap.y == pytest.approx(box.y)
    assert back.y == pytest.approx(front.top) and front.y == pytest.approx(base.top)
    assert base.y == pytest.approx(flap.top)
    # Front and back are the same size so that the card stands as an even tent.
    assert back.h == pytest.approx(front.h)


def test_charts_read_the_key_chart_file_shape() -> None:
    chart = card.Chart.from_json({"title": "Combat", "footer": "Last word.", "steps": [
        {"label": "Step 1", "text": "Roll.", "items": ["a", "b"]},
        {"label": "Step 2", "text": "Hit."}]})
    assert [(line.kind, line.label, line.text) for line in chart.lines] == [
        ("step", "Step 1", "Roll."), ("item", "", "a"), ("item", "", "b"),
        ("step", "Step 2", "Hit."), ("footer", "", "Last word.")]


def test_any_game_prints_its_name_concept_and_numbers() -> None:
    numbers = card.Chart.numbers("At a glance", [("Hits", "12"), ("Initiative", "2 / 4 / 6")],
                                 footer="Armor 4 (helmet +1)")
    text = _render(card.CardView(
        game="Pocket Universe", name="Artos", concept="A swordsman", concept_caption="Who:",
        player="Ann", columns=((numbers,),)))
    for expected in ("Hi, My Name Is:", "Artos", "Who:", "A swordsman", "AT A GLANCE",
                     "Hits", "12", "2 / 4 / 6", "Armor 4 (helmet +1)",
                     "POCKET UNIVERSE KEY CHARTS", "Pocket Universe ID card", "Player: Ann",
                     "FOLD HERE"):
        assert expected in text, expected


def test_a_label_wider_than_its_column_gets_a_line_of_its_own() -> None:
    chart = card.Chart.numbers("Numbers", [("A very long label that cannot fit", "42"),
                                           ("Hits", "7")])
    short = card.Chart.numbers("Numbers", [("Hits", "7")])
    tall = card.charts_height([chart], 200, 8)
    assert tall > card.charts_height([short], 200, 8) + 2 * 8 * 1.2
    text = _render(card.CardView(game="Test", name="X", columns=((chart,),)))
    assert "A very long label that cannot fit" in text and "42" in text


def test_the_base_carries_what_the_table_asks_for() -> None:
    """The third panel is not nearly blank: it has a row of numbers."""
    view = card.CardView(game="Test", name="Alma",
                         base_numbers=(("Hits", "12"), ("Initiative", "+3")))
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    card.draw_card(canvas, view, Page.of("a4").content)
    canvas.save()
    text = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text()
    assert "HITS" in text and "12" in text and "INITIATIVE" in text and "+3" in text
    chart = card.Chart.numbers("Combat", [("Hits", "12"), ("Attributes", "x"), ("Move", "6")])
    assert card.base_numbers(chart, skip=("Attributes",)) == (("Hits", "12"), ("Move", "6"))


@pytest.mark.parametrize(("game", "example", "labels"), [
    ("pow", "electrobabe", ["TO HIT: SURPRISED", "INITIATIVE", "MOVE", "UNARMED"]),
    ("pocket", "artos", ["HITS", "MELEE DEF.", "MISSILE DEF.", "ARMOR", "INITIATIVE"]),
    ("protector", "arclight", ["DICE", "DEPLETED", "DAMAGED"]),
    ("kruhl", "virek-kohl", ["ENDURANCE", "INITIATIVE", "HAND-TO-HAND", "RANGED"]),
    ("powers", "bob", ["HIT POINTS", "INITIATIVE", "DODGE", "RESIST"]),
])
def test_every_game_s_card_base_has_its_numbers(game, example, labels) -> None:
    from desktop.paths import resource
    from desktop.pdf.export import render_pdf
    from desktop.systems.files import load_character

    character = load_character(resource(game, "characters", f"{example}.sheetdesk"))
    pages = PdfReader(io.BytesIO(render_pdf([character], what="card"))).pages
    text = " ".join(page.extract_text() for page in pages)
    for label in labels:
        assert label in text, label
