"""The ID card: what the GM needs at the table, and a busy card still fitting its quarter
page at a readable size."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import card, fonts
from desktop.pdf.encounter_print import card_boxes
from desktop.pdf.export import render_pdf
from desktop.pdf.page import Page, Rect
from desktop.systems.pocket.printing import card as id_card
from desktop.systems.pocket.printing.view import sheet_view
from desktop.systems.pocket.rules.character import PocketCharacter
from tests.systems.pocket.helpers import changed_example, example, pdf_pages


def test_card_view_holds_what_the_gm_needs() -> None:
    view = id_card.card_view(sheet_view(example("kestra")))
    assert (view.game, view.name, view.player) == ("Pocket Universe", "Kestra of the Marches",
                                                   "Sam")
    assert view.concept.startswith("A border scout turned sellsword")
    (combat,) = view.columns[0]
    rows = {line.label: line.text for line in combat.lines if line.kind == "step"}
    assert rows["Hits"] == "13" and rows["Move"] == "9"
    assert rows["Initiative"] == "4/6/8 by 1d10"
    assert rows["Melee Def."] == "5 (Melee (spear): Spear)"
    assert rows["Missile Def."] == "3 (Dodge)"
    assert rows["Armor"] == "3/2 (knockouts 3/2)"
    assert rows["Attributes"] == "PHYS 11, DEFT 13, INTL 10, WILL 9"
    attacks, skills = view.columns[1]
    texts = [line.text for line in attacks.lines]
    assert "Spear: 15 to hit, 5/7/9" in texts
    assert "Short Bow: 14 to hit, 2/4/6, range 18" in texts
    assert skills.lines[0].text == "Melee (spear) 15"


def test_card_without_a_description_uses_sex_and_age() -> None:
    view = id_card.card_view(sheet_view(changed_example("artos", description="")))
    assert view.concept == "male, 28"


def test_card_prints_front_fold_lines_and_numbers() -> None:
    pages = pdf_pages(render_pdf([example("artos")], "card", "letter"))
    assert len(pages) == 1
    for expected in ("Hi, My Name Is:", "Artos", "Concept:", "FOLD HERE",
                     "POCKET UNIVERSE AT A GLANCE", "Hits 13", "1/2/3", "Melee Def.",
                     "3 (Shield: Medium Shield)", "ATTACKS", "Sword: 13 to hit, 4/6/8",
                     "Melee (blade) 12", "Pocket Universe ID card"):
        assert expected in pages[0], expected


def _text_positions(data: bytes) -> list[tuple[str, float, float]]:
    """Every piece of text on page 1 with its position on the page."""
    out: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font_dict, font_size) -> None:
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            out.append((text.strip(), x, y))

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=visit)
    return out


def _busy_character() -> PocketCharacter:
    """Everything a card can list: many weapons, shields and skills, long names."""
    base = example("kestra")
    equipment = base.equipment.model_dump()
    equipment["weapons"] = [w | {"name": f"Very Long Weapon Name {i}"}
                            for i in range(9) for w in equipment["weapons"][:1]]
    equipment["shields"] = [{"name": f"Shield {i}", "parry": 2, "hits": 9, "phys": 10}
                            for i in range(3)]
    skills = [{"name": "Craft", "specialisation": f"a long speciality {i}"} for i in range(9)]
    return PocketCharacter.model_validate(base.model_dump() | {
        "name": "Ωmega Überlegen the Unconquerable", "equipment": equipment, "skills": skills})


def test_busy_card_fits_a_quarter_page_four_to_a_page() -> None:
    fonts.register_fonts()
    page = Page.of("letter")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=page.size)
    quarters = card_boxes(page)
    for box in quarters:
        id_card.draw_card(canvas, _busy_character(), box)
    canvas.save()
    data = buffer.getvalue()
    text = " ".join(PdfReader(io.BytesIO(data)).pages[0].extract_text().split())
    assert text.count("Hi, My Name Is:") == 4 and text.count("Ωmega Überlegen") >= 4
    # Every word lands inside one of the four cards (nothing spills over the edges).
    for word, x, y in _text_positions(data):
        assert any(b.x - 1 <= x <= b.right + 1 and b.y - 1 <= y <= b.top + 1
                   for b in quarters), (word, x, y)


def _back_columns(box: Rect) -> list[Rect]:
    """The back panel's columns as ``desktop.pdf.card`` lays them out (inset 10/8 pt,
    a 14 + 4 pt title band, 10 pt between columns, all scaled with the card)."""
    back = card.card_panels(box)["back"]
    scale = min(box.w / 540, box.h / 760, 1.0) ** 0.5
    body = back.inset(10 * scale, 8 * scale)
    body = Rect(body.x, body.y, body.w, body.h - 18 * scale)
    return body.columns([50, 50], 10 * scale)


@pytest.mark.parametrize(("box", "size", "footers"), [
    (card_boxes(Page.of("letter"))[0], 4.5,
     ["+2 more shields on the record sheet", "+15 more attacks on the record sheet",
      "+15 more skills on the record sheet"]),
    (Page.of("letter").content, 6.0,
     ["+8 more attacks on the record sheet", "+8 more skills on the record sheet"]),
], ids=["quarter page", "whole page"])
def test_busy_card_back_fits_its_panel_at_a_readable_size(box: Rect, size: float,
                                                          footers: list[str]) -> None:
    """The shared card shrinks the back until it fits (4 pt at the least); the busiest
    card fits a quarter page at 4.5 pt, and a whole page lists more at 6 pt."""
    base = _busy_character().model_dump()
    weapon = base["equipment"]["weapons"][0]
    base["equipment"]["weapons"] = [weapon | {"name": f"Very Long Weapon Name {i}"}
                                    for i in range(18)]
    base["skills"] = [{"name": "Craft", "specialisation": f"a long speciality {i}"}
                      for i in range(20)]
    view = id_card.card_view(sheet_view(PocketCharacter.model_validate(base)),
                             id_card.limits_for(box))
    assert [line.text for column in view.columns for chart in column
            for line in chart.lines if line.kind == "footer"] == footers
    for rect, column in zip(_back_columns(box), view.columns, strict=True):
        assert card.charts_height(column, rect.w, size) <= rect.h
