"""The ID card: what the GM needs at the table on the shared fold-up card, and four
cards fitting a page for the GM screen."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from desktop.pdf import card
from desktop.pdf.encounter_print import card_boxes
from desktop.pdf.page import Page, Rect
from desktop.systems.kruhl.printing import card as id_card
from desktop.systems.kruhl.printing.view import sheet_view
from tests.systems.kruhl.printing.helpers import (
    EXAMPLES,
    changed_example,
    example,
    pdf_pages,
    render,
)


def _rows(chart: card.Chart) -> dict[str, str]:
    return {line.label: line.text for line in chart.lines if line.kind == "step"}


def test_card_view_holds_what_the_gm_needs() -> None:
    view = id_card.card_view(sheet_view(example("soraya")))
    assert (view.game, view.name) == ("Warlords of Kruhl", "Soraya")
    assert view.concept == "Swift blade-dancer of the free cities"
    combat, conditions = view.columns[0]
    rows = _rows(combat)
    assert rows["Endurance"] == "8 of 8"
    assert rows["Initiative"] == "2d6 + 3 (Perception)"
    # Her sabres and knives are weapons: they add to her attacks, not to her defense.
    assert rows["Hand-to-hand att."] == "2d6 (re-roll 1s and 2s) + 6"
    assert rows["Hand-to-hand def."] == "2d6 (re-roll 1s and 2s) + 4"
    assert rows["Ranged att."] == "2d6 + 7" and rows["Ranged def."] == "2d6 + 6"
    assert rows["Magic Resist."] == "1d6 + 4"
    assert rows["Attributes"] == "Agi 6, Bra 4, Rea 3, Pre 4, PL 1"
    assert [line.text for line in conditions.lines] == ["none in effect"]
    skills, plot = view.columns[1]
    assert [line.text for line in skills.lines if line.kind == "item"] == [
        "Athletics: 2d6 + 7", "Deception: 2d6 + 4", "Survival: 2d6 + 4",
        "Perception: 2d6 + 3"]
    assert plot.title == "Plot points"
    assert _rows(plot) == {"Held": "1",
                           "Spend": "Bonus Die, Escape, Inspiration, Rally, Retcon, Surge"}
    full = id_card.card_view(sheet_view(example("soraya")), full=True)
    assert full.columns[1][1].title == "Plot points: 1 held"
    assert [line.kind for line in full.columns[1][1].lines] == ["item"] * 6


def test_the_third_column_is_not_blank() -> None:
    view = id_card.card_view(sheet_view(example("virek-kohl")))
    assert len(view.columns) == 3
    difficulty, ranges = view.columns[2]
    assert _rows(difficulty) == {"DV 3": "Moderately difficult", "DV 6": "Remarkably difficult",
                                 "DV 9": "Extremely difficult", "DV 12": "Inconceivable!"}
    assert [line.text for line in ranges.lines] == [
        "Hand-to-hand 1 m", "Short 10 m", "Medium 100 m", "Long 1,000 m"]
    whole = id_card.card_view(sheet_view(example("virek-kohl")), full=True)
    assert whole.columns[2][1].lines[0].text == "Hand-to-hand (1 m): Fist, sword, club"


def test_attack_and_defense_apart_when_conditions_split_them() -> None:
    character = changed_example("soraya", conditions=["sprinting"], tracking={"stun": 1})
    view = id_card.card_view(sheet_view(character))
    combat, conditions = view.columns[0]
    rows = _rows(combat)
    assert rows["Hand-to-hand att."] == "fails"
    assert rows["Hand-to-hand def."] == "3d6 (re-roll 1s and 2s) + 4"
    assert rows["Endurance"] == "7 of 8 (1 stunned)"
    assert conditions.lines[0].text == "Sprinting (all-out move)"


def test_card_lists_more_skills_on_a_whole_page() -> None:
    skills = [{"name": f"Lore {i:02d}", "attribute": "reason"} for i in range(12)]
    view = sheet_view(changed_example("virek-kohl", custom_skills=skills))
    assert not id_card.is_full(card_boxes(Page.of("a4"))[0])
    assert id_card.is_full(Page.of("letter").content)
    footers = [[line.text for line in id_card.card_view(view, full).columns[1][0].lines
                if line.kind == "footer"] for full in (False, True)]
    # Culture, Deception, Perception and the twelve (Alchemy replaced): four, then ten.
    assert footers == [["+11 more skills on the sheet"], ["+5 more skills on the sheet"]]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", EXAMPLES)
def test_card_prints_front_fold_lines_and_numbers(name: str, paper: str) -> None:
    character = example(name)
    data = render(lambda canvas: id_card.draw_card(canvas, character,
                                                   Page.of(paper).content), paper)  # type: ignore[arg-type]
    pages = pdf_pages(data)
    assert len(pages) == 1
    for expected in ("Hi, My Name Is:", character.name, "Concept:", character.concept,
                     "FOLD HERE", "WARLORDS OF KRUHL AT A GLANCE", "COMBAT", "Initiative",
                     "KEY SKILLS", "PLOT POINTS: ", "Bonus Die", "DIFFICULTY", "DV 12",
                     "RANGE BANDS", "Warlords of Kruhl ID card"):
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


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_four_cards_fit_a_page_for_the_gm_screen(paper: str) -> None:
    page = Page.of(paper)  # type: ignore[arg-type]
    quarters = card_boxes(page)
    characters = [example("soraya"), example("virek-kohl"),
                  changed_example("virek-kohl", name="東京 Kid"),
                  changed_example("soraya", name="Ωmega Überlegen the Unconquerable",
                                  conditions=["prone", "grappled", "blinded"])]

    def draw(canvas) -> None:
        for box, character in zip(quarters, characters, strict=True):
            id_card.draw_card(canvas, character, box)

    data = render(draw, paper)  # type: ignore[arg-type]
    text = pdf_pages(data)[0]
    assert text.count("Hi, My Name Is:") == 4
    assert "Kid" in text and "Virek-Kohl" in text and "Ωmega Überlegen" in text
    for word, x, y in _text_positions(data):
        assert any(b.x - 1 <= x <= b.right + 1 and b.y - 1 <= y <= b.top + 1
                   for b in quarters), (word, x, y)


def _back_columns(box: Rect) -> list[Rect]:
    """The back panel's columns as ``desktop.pdf.card`` lays them out."""
    back = card.card_panels(box)["back"]
    scale = min(box.w / 540, box.h / 760, 1.0) ** 0.5
    body = back.inset(10 * scale, 8 * scale)
    body = Rect(body.x, body.y, body.w, body.h - 18 * scale)
    return body.columns(list(id_card.WEIGHTS), 10 * scale)


@pytest.mark.parametrize(("box", "size"), [
    (card_boxes(Page.of("letter"))[0], 4.4), (Page.of("letter").content, 6.0)],
    ids=["quarter page", "whole page"])
def test_busy_card_back_fits_at_a_readable_size(box: Rect, size: float) -> None:
    """The shared card shrinks the back until it fits; a busy character's still fits a
    quarter page at 4.4 pt, a whole page at 6 pt."""
    skills = [{"name": f"A rather long custom skill {i}", "attribute": "reason"}
              for i in range(12)]
    character = changed_example("virek-kohl", custom_skills=skills,
                                conditions=["prone", "grappled", "blinded", "cover"])
    view = id_card.card_view(sheet_view(character), id_card.is_full(box))
    for rect, column in zip(_back_columns(box), view.columns, strict=True):
        assert card.charts_height(column, rect.w, size) <= rect.h
