"""The sheet on paper: every example on one page (A4 and Letter) with its dice, powers,
costs and PR, nothing cut short; unicode and long names, a blank character, many powers
and long notes on continuation pages."""

from __future__ import annotations

import pytest

from desktop.pdf.page import Page
from desktop.pdf.text import fit_text
from desktop.systems.powers.printing import sheet
from desktop.systems.powers.rules.character import PowersCharacter
from tests.systems.powers.printing.helpers import (
    EXAMPLES,
    PAPERS,
    changed_example,
    example,
    pdf_pages,
    sheet_overflow,
    sheet_pdf,
    text_positions,
)

LABELS = ("POWERS", "CHARACTER SHEET", "NAME", "CONCEPT", "PLAYER", "STRENGTH",
          "RESILIENCE", "INTELLIGENCE", "WILLPOWER", "AGILITY", "HEALTH", "HIT POINTS",
          "normal", "stun", "phantom", "INITIATIVE", "DEFENCES", "Dodge an attack",
          "Resist damage", "Resist psychic", "COMPONENT", "CHOICES AND MODIFIERS", "COST",
          "HOW PRICED", "costs and PR: Sheetdesk provisional costs v1", "Epic Fail",
          "DESCRIPTION AND NOTES", "printed with Sheetdesk")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", EXAMPLES)
def test_each_example_fits_one_page_with_every_power(name: str, paper: str) -> None:
    character = example(name)
    data = sheet_pdf(character, paper)  # type: ignore[arg-type]
    pages = pdf_pages(data)
    assert len(pages) == 1
    for label in LABELS:
        assert label in pages[0], label
    for power in character.powers:
        assert power.name in pages[0] and power.fluff in pages[0], power.name
    assert pages[0].count("(Sheetdesk provisional costs v1)") == len(character.powers)
    assert "continuation" not in pages[0] and "…" not in pages[0]
    assert sheet_overflow(character, paper).entries == []  # type: ignore[arg-type]
    content = Page.of(paper).content  # type: ignore[arg-type]
    for word, x, y in text_positions(data):
        assert content.x - 1 <= x <= content.right and content.y - 1 <= y <= content.top, word


@pytest.mark.parametrize("paper", PAPERS)
def test_bob_sheet_prints_his_dice_costs_and_pools(paper: str) -> None:
    text = pdf_pages(sheet_pdf(example("bob"), paper))[0]  # type: ignore[arg-type]
    for expected in ("Bob", "Blaster", "10 dice", "20 dice", "Agility 10 + Intelligence 10",
                     "Health 12", "Now 12 of 12", "Mind Shield vs all 9 dice (Willpower +3)",
                     "PR 22 (Sheetdesk provisional costs v1)",
                     "15 dice (Agility 10 + Accurate 5) vs Agility",
                     "Damage 6 points · Fire, Bashing 12 2 per point × 6 · Fire 0 · Bashing 0",
                     "Super-Fast (approx. 100mph) · Fly", "PR 16", "PR 10"):
        assert expected in text, expected


def test_nigel_sheet_prints_half_points_and_phantom_damage() -> None:
    text = pdf_pages(sheet_pdf(example("nigel"), "letter"))[0]
    for expected in ("PR 14.5 (Sheetdesk provisional costs v1)", "phantom 5 damage",
                     "5 dice vs Willpower", "HoT (3 turns)"):
        assert expected in text, expected


def test_damage_taken_prints_by_kind() -> None:
    character = changed_example("dave", tracking={"damage": {"normal": 4, "stun": 3,
                                                             "phantom": 2}})
    text = pdf_pages(sheet_pdf(character, "a4"))[0]
    assert "Now 14 of 20 · taken: normal 4, stun 3, phantom 2" in text


@pytest.mark.parametrize("name", ["東京 Kid", "Kaiser Überlegen", "Ωmega"])
def test_unicode_names_print(name: str) -> None:
    text = pdf_pages(sheet_pdf(changed_example("nigel", name=name)))[0]
    assert name.split()[-1] in text


def test_a_long_name_is_cut_on_the_sheet_and_printed_in_full_after_it() -> None:
    name = ("Bob Blammo-Bartholomew, Blaster of the Seven Skies and Terror of the "
            "Thousand Thunderous Cannons")
    pages = pdf_pages(sheet_pdf(changed_example("bob", name=name), "letter"))
    assert "Bob Blammo" in pages[0]
    assert name in " ".join(pages)


def test_a_long_power_name_fits_its_band() -> None:
    long = "The Incredibly Overcharged Shoulder-Mounted Blammo Cannon of Doom Mark VII"
    powers = example("bob").model_dump()["powers"]
    powers[0]["name"] = long
    character = changed_example("bob", powers=powers)
    assert long[:20] in pdf_pages(sheet_pdf(character, "a4"))[0]
    assert sheet_overflow(character, "a4").entries == []


def test_a_blank_character_prints_every_box() -> None:
    pages = pdf_pages(sheet_pdf(PowersCharacter(name="Nobody"), "letter"))
    assert len(pages) == 1
    for label in LABELS:
        assert label in pages[0], label
    assert "No powers yet" in pages[0]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("health", [1, 60, 150, 999])
def test_many_hit_points_fit(health: int, paper: str) -> None:
    attributes = example("dave").attributes.model_dump() | {"health": health}
    character = changed_example("dave", attributes=attributes,
                                tracking={"damage": {"normal": 1}})
    pages = pdf_pages(sheet_pdf(character, paper))  # type: ignore[arg-type]
    assert len(pages) == 1
    assert f"Health {health}" in pages[0]


def test_long_notes_continue_on_the_next_page() -> None:
    words = [f"w{i}" for i in range(899)] + ["LASTWORD"]
    pages = pdf_pages(sheet_pdf(changed_example("dave", notes=" ".join(words)), "a4"))
    assert len(pages) >= 2
    assert "…" in pages[0] and "LASTWORD" not in pages[0]
    assert "Text ending in … continues on the next page" in pages[0]
    rest = " ".join(pages[1:])
    assert "CONTINUED FROM THE CHARACTER SHEET" in rest and "LASTWORD" in rest


@pytest.mark.parametrize("paper", PAPERS)
def test_more_powers_than_the_page_holds_continue(paper: str) -> None:
    base = example("bob").model_dump()["powers"]
    powers = [dict(p, name=f"{p['name']} {i:02d}") for i in range(8) for p in base]
    character = changed_example("bob", powers=powers)
    pages = pdf_pages(sheet_pdf(character, paper))  # type: ignore[arg-type]
    assert len(pages) >= 2
    assert "more powers on the continuation page" in pages[0]
    rest = " ".join(pages[1:])
    for power in powers:
        assert power["name"] in pages[0] or f"Power: {power['name']}" in rest, power["name"]
    assert "PR 22 (Sheetdesk provisional costs v1)" in rest


def test_body_size_fits_the_examples() -> None:
    """The examples print at the body size: their powers are not squeezed."""
    view_w = Page.of("letter").content.w - 8
    for name in EXAMPLES:
        powers = sheet.sheet_view(example(name)).powers
        assert sheet._stack_height(powers, view_w, sheet.BODY) < 520, name
    assert fit_text("x", 10, 10, "DejaVuSans", 7.5, 5.5).size == 7.5


@pytest.mark.parametrize("paper", PAPERS)
def test_party_export_prints_a_sheet_its_power_cards_and_a_card_each(paper: str) -> None:
    """Through ``desktop.pdf.export``, with Powers in the registry (conftest)."""
    from desktop.pdf.export import render_pdf

    characters = [example(name) for name in EXAMPLES]
    pages = pdf_pages(render_pdf(characters, "both", paper))  # type: ignore[arg-type]
    at = 0
    for character in characters:
        card_pages = (len(character.powers) + 5) // 6
        assert "CHARACTER SHEET" in pages[at] and character.name in pages[at]
        for extra in pages[at + 1:at + 1 + card_pages]:
            assert "Power cards" in extra and character.name in extra
        card = pages[at + 1 + card_pages]
        assert "Hi, My Name Is:" in card and character.name in card
        at += 2 + card_pages
    assert at == len(pages)
