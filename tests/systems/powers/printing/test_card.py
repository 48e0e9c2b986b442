"""The ID card: what the GM needs at the table on the shared fold-up card, four cards
fitting a page for the GM screen, and a third column that is never nearly blank."""

from __future__ import annotations

import pytest

from desktop.pdf import card
from desktop.pdf.encounter_print import card_boxes
from desktop.pdf.page import Page, Rect
from desktop.systems.powers.printing import card as id_card
from desktop.systems.powers.printing.view import sheet_view
from desktop.systems.powers.rules.character import PowersCharacter
from tests.systems.powers.printing.helpers import (
    EXAMPLES,
    PAPERS,
    changed_example,
    example,
    pdf_pages,
    render,
    text_positions,
)


def _rows(chart: card.Chart) -> dict[str, str]:
    return {line.label: line.text for line in chart.lines if line.kind == "step"}


def test_card_view_holds_what_the_gm_needs() -> None:
    view = id_card.card_view(sheet_view(example("bob")))
    assert (view.game, view.name, view.concept) == ("Powers", "Bob", "Blaster")
    combat, attributes = view.columns[0]
    assert _rows(combat) == {"Hit points": "12 of 12", "Initiative": "20 dice (Agi + Int)",
                             "Dodge": "10 dice (Agi)", "Resist": "5 dice (Res)",
                             "Psychic": "6 dice (Wil)"}
    assert attributes.lines[0].text == "Str 3, Res 5, Int 10, Wil 6, Agi 10"
    charts = [c for column in view.columns[1:] for c in column]
    assert [c.title for c in charts] == ["Blammo Cannon", "Mind Shield", "Jet Boots", "Dice"]
    assert _rows(charts[0]) == {"PR 22": "Long, Instant",
                                "Attack": "15 dice vs Agility",
                                "Damage": "6 dice vs Resilience · Fire, Bashing"}
    assert _rows(charts[1])["Resist"] == "9 dice vs all damage"
    assert charts[-1].lines[-1].text == "PR from: Sheetdesk provisional costs v1."


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_powers_share_the_second_and_third_columns(name: str) -> None:
    view = id_card.card_view(sheet_view(example(name)))
    assert len(view.columns) == 3
    second, third = view.columns[1], view.columns[2]
    assert second and len(third) >= 2  # at least one power beside the dice rules
    lines = [sum(len(c.lines) + 1 for c in column) for column in (second, third)]
    assert max(lines) <= 2 * min(lines), lines


def test_a_character_without_powers_still_fills_the_back() -> None:
    view = id_card.card_view(sheet_view(PowersCharacter(name="Nobody")))
    assert view.columns[1][0].lines[0].text == "none yet"
    assert view.columns[2][0].title == "Dice"


def test_damage_taken_shows_on_the_card() -> None:
    character = changed_example("nigel", tracking={"damage": {"normal": 2, "stun": 1}})
    combat = id_card.card_view(sheet_view(character)).columns[0][0]
    assert _rows(combat)["Hit points"] == "8 of 10 (normal 2, stun 1)"


def test_many_powers_stop_at_a_count_and_say_how_many_more() -> None:
    base = example("bob").model_dump()["powers"]
    powers = [dict(p, name=f"{p['name']} {i}") for i in range(4) for p in base]
    view = sheet_view(changed_example("bob", powers=powers))
    footers = [next(line.text for line in id_card.card_view(view, full).columns[2][-1].lines
                    if line.kind == "footer") for full in (False, True)]
    assert footers[0] == "+6 more powers on the sheet."
    assert "more powers" not in footers[1]


def test_a_long_power_name_is_cut_to_its_column() -> None:
    long = "The Incredibly Overcharged Shoulder-Mounted Blammo Cannon of Doom"
    powers = example("bob").model_dump()["powers"]
    powers[0]["name"] = long
    box = card_boxes(Page.of("a4"))[0]
    view = id_card.card_view(sheet_view(changed_example("bob", powers=powers)), False, box)
    title = view.columns[1][0].title
    assert title.endswith("…") and title.startswith("THE INCRED")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", EXAMPLES)
def test_card_prints_front_fold_lines_and_numbers(name: str, paper: str) -> None:
    character = example(name)
    data = render(lambda canvas: id_card.draw_card(canvas, character,
                                                   Page.of(paper).content), paper)  # type: ignore[arg-type]
    pages = pdf_pages(data)
    assert len(pages) == 1
    for expected in ("Hi, My Name Is:", character.name, "Concept:", character.concept,
                     "FOLD HERE", "POWERS AT A GLANCE", "COMBAT", "Initiative", "DICE",
                     "Epic Fail", "Powers ID card"):
        assert expected in pages[0], expected
    for power in character.powers:
        assert power.name.upper() in pages[0], power.name


@pytest.mark.parametrize("paper", PAPERS)
def test_four_cards_fit_a_page_for_the_gm_screen(paper: str) -> None:
    page = Page.of(paper)  # type: ignore[arg-type]
    quarters = card_boxes(page)
    long = ("Bartholomew Blammo-Bob the Unconquerable Cannoneer of the Seven Skies")
    characters = [example("bob"), example("dave"), changed_example("nigel", name="東京 Kid"),
                  changed_example("bob", name=long)]

    def draw(canvas) -> None:
        for box, character in zip(quarters, characters, strict=True):
            id_card.draw_card(canvas, character, box)

    data = render(draw, paper)  # type: ignore[arg-type]
    text = pdf_pages(data)[0]
    assert text.count("Hi, My Name Is:") == 4
    assert "Kid" in text and "Dave" in text and "Bartholomew" in text
    for word, x, y in text_positions(data):
        assert any(b.x - 1 <= x <= b.right + 1 and b.y - 1 <= y <= b.top + 1
                   for b in quarters), (word, x, y)


@pytest.mark.parametrize(("box", "size"), [
    (card_boxes(Page.of("letter"))[0], 4.4), (Page.of("letter").content, 6.0)],
    ids=["quarter page", "whole page"])
def test_busy_card_back_fits_at_a_readable_size(box: Rect, size: float) -> None:
    """A character with many busy powers still fits a quarter page at 4.4 pt, a whole
    page at 6 pt."""
    base = example("nigel").model_dump()["powers"] + example("dave").model_dump()["powers"]
    powers = [dict(p, name=f"{p['name']} {i}") for i in range(2) for p in base]
    character = changed_example("nigel", powers=powers,
                                tracking={"damage": {"normal": 3, "stun": 2, "phantom": 1}})
    view = id_card.card_view(sheet_view(character), id_card.is_full(box), box)
    for rect, column in zip(id_card.back_columns(box), view.columns, strict=True):
        assert card.charts_height(column, rect.w, size) <= rect.h
    listed = sum(1 for column in view.columns[1:] for c in column if c.title != "Dice")
    assert 3 <= listed < len(powers)
    assert f"+{len(powers) - listed} more powers on the sheet." in [
        line.text for line in view.columns[2][-1].lines]
