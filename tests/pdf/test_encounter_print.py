"""Printing an encounter: ID cards four to a page with crop marks, then the status sheet."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop.pdf import card
from desktop.pdf.encounter_print import (
    READABLE,
    card_boxes,
    card_entries,
    card_page,
    cards_per_page,
    column_widths,
    print_encounter,
    render_encounter_pdf,
    status_rows,
)
from desktop.pdf.page import Page
from desktop.systems.encounters import new_encounter
from desktop.systems.files import load_character
from desktop.systems.pow.rules import npcs

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "pow" / "characters"
TOTALS = {"Electrobabe": 7, "Sparky": 12, "Cutter": 11, "Lizard-men": 13}


def lizard():
    return next(c for c in npcs.npcs() if c.name == "Lizard-man")


@pytest.fixture
def fight():
    e = new_encounter("pow", "Lizard-men at the ford", seed=11)
    for name in ("electrobabe", "sparky", "cutter"):
        e = e.add_character(load_character(EXAMPLES / f"{name}.sheetdesk"))
    e = e.add_group(lizard(), 3, "Lizard-men").start({"totals": TOTALS})
    e = e.perform("Lizard-man 1", "damage", {"points": 19})
    return e.add_condition("Lizard-man 3", "Fleeing")


def pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_four_cards_a_page_inside_the_margins(paper) -> None:
    page = Page.of(paper)
    boxes = card_boxes(page)
    assert len(boxes) == 4
    content = page.content
    for box in boxes:
        assert content.x <= box.x and box.right <= content.right
        assert content.y <= box.y and box.top <= content.top
    (a, b), (c, _) = boxes[:2], boxes[2:]
    assert b.x - a.right >= 22 and a.y - c.top >= 22, "room for both boxes' crop marks"


def test_one_tent_card_per_distinct_character(fight) -> None:
    assert card_entries(fight) == [("Electrobabe", "Electrobabe"), ("Sparky", "Sparky"),
                                   ("Cutter", "Cutter"), ("Lizard-man 1", "Lizard-men ×3")]


def test_cards_then_the_status_sheet(fight) -> None:
    text = pages(render_encounter_pdf(fight, per_page=4))
    assert len(text) == 2  # four cards (the group is one) on a page, then the status sheet
    for key in ("Electrobabe", "Sparky", "Cutter", "Lizard-men ×3"):
        assert key in text[0]
    assert "Lizard-man 2" not in text[0]
    assert "cut along the corner marks" in text[0]
    status = text[1]
    assert "INITIATIVE AND STATUS" in status
    assert "Frame 1 · Lizard-men (Lizard-man 1, Lizard-man 2, Lizard-man 3)" in status
    assert "Damage Stat Save due" in status and "Fleeing" in status
    order = [status.index(k) for k in ("Lizard-man 1", "Sparky", "Cutter", "Electrobabe")]
    assert order == sorted(order), "initiative order"


def test_the_status_sheet_is_landscape(fight) -> None:
    reader = PdfReader(io.BytesIO(render_encounter_pdf(fight, "letter")))
    card, status = reader.pages[0].mediabox, reader.pages[-1].mediabox
    assert card.height > card.width and status.width > status.height


def test_status_rows_follow_the_games_rows(fight) -> None:
    titles, rows = status_rows(fight)
    assert titles == ["#", "Name", *fight.rules.columns, "Status", "Conditions"]
    assert [r[1] for r in rows[:4]] == ["▶ Lizard-man 1 (Lizard-men)",
                                         "▶ Lizard-man 2 (Lizard-men)",
                                         "▶ Lizard-man 3 (Lizard-men)", "Sparky"]
    assert rows[0][-2].startswith("Damage Stat Save due") and rows[2][-1] == "Fleeing"


def test_columns_fit_the_page_without_cutting_numbers(fight) -> None:
    titles, rows = status_rows(fight)
    total = Page.of("a4").content.w
    size, widths = column_widths(titles, rows, total)
    assert sum(widths) <= total + 1e-6
    assert size >= 5.5


def test_a_big_fight_goes_on_to_more_pages() -> None:
    e = new_encounter("pow", "Horde", seed=3).add_group(lizard(), 60, "Horde").start()
    text = pages(render_encounter_pdf(e))
    assert len(text) > 1 + 1  # one card for the horde, the status sheet on two pages
    assert "Horde ×60" in text[0]
    assert "Lizard-man 60" in "".join(text[1:])
    assert "page 2" in text[-1]


def test_no_combatants_prints_an_empty_sheet() -> None:
    text = pages(render_encounter_pdf(new_encounter("pow", "Empty", seed=1)))
    assert len(text) == 1 and "Nobody has joined the fight yet" in text[0]


def test_print_writes_the_file_atomically(fight, tmp_path) -> None:
    out = tmp_path / "ford.pdf"
    print_encounter(fight, out)
    assert out.read_bytes().startswith(b"%PDF")
    assert not list(tmp_path.glob(".ford.pdf.*")), "no temporary file left behind"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_cards_a_page_side_by_side_on_a_landscape_page(paper) -> None:
    page = Page.of(paper)
    a, b = card_boxes(page, 2)
    sheet = card_page(page, 2)
    assert sheet.size[0] > sheet.size[1]
    assert a.y == b.y and b.x - a.right >= 22 and a.w > 300 and a.h > 450
    assert sheet.content.x <= a.x and b.right <= sheet.content.right
    assert card_boxes(page, 1) == [page.content.inset(12)]
    with pytest.raises(ValueError):
        card_boxes(page, 3)


def _back_sizes(encounter, per_page: int | None) -> list[float]:
    with card.back_sizes() as sizes:
        render_encounter_pdf(encounter, per_page=per_page)
    return sizes


def test_every_card_back_stays_readable(fight) -> None:
    """POW!'s key charts need a page of their own to print at 6 pt or more: the cards
    go one a page unless asked for four (then they are smaller)."""
    assert cards_per_page(fight, Page.of("a4")) == 1
    assert min(_back_sizes(fight, None)) >= READABLE
    assert min(_back_sizes(fight, 4)) < READABLE
    reader = PdfReader(io.BytesIO(render_encounter_pdf(fight)))
    assert len(reader.pages) == 4 + 1


@pytest.mark.parametrize("game", ["kruhl", "pocket", "powers", "protector"])
def test_other_games_cards_go_two_a_page_at_a_readable_size(game) -> None:
    examples = EXAMPLES.parent.parent / game / "characters"
    encounter = new_encounter(game, "Examples", seed=3)
    for path in sorted(examples.glob("*.sheetdesk")):
        encounter = encounter.add_character(load_character(path))
    assert cards_per_page(encounter, Page.of("a4")) in (2, 4)
    assert min(_back_sizes(encounter, None)) >= READABLE
