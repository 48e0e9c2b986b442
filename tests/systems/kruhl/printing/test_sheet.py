"""The sheet on paper: both examples on one page (A4 and Letter) with their dice and
nothing cut short; unicode and long names, blank characters, continuation pages."""

from __future__ import annotations

import pytest

from desktop.systems.kruhl.rules.character import KruhlCharacter
from tests.systems.kruhl.printing.helpers import (
    EXAMPLES,
    changed_example,
    example,
    pdf_pages,
    sheet_overflow,
    sheet_pdf,
)

LABELS = ("Warlords of Kruhl", "CHARACTER SHEET", "NAME", "CONCEPT", "PLAYER", "Agility",
          "Brawn", "Reason", "Presence", "POWER LEVEL", "INITIATIVE", "ENDURANCE",
          "PLOT POINTS", "SKILLS", "YOU ROLL", "EQUIPMENT", "RATING", "CONDITIONS",
          "tick those in effect", "DIFFICULTY", "RANGE BANDS", "ACTIONS IN A ROUND",
          "On your turn", "DESCRIPTION AND NOTES", "Bonus Die", "Rally", "Inconceivable!",
          "1,000 m", "Helpless or unconscious", "printed with Sheetdesk")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", EXAMPLES)
def test_each_example_fits_one_page_with_every_box(name: str, paper: str) -> None:
    pages = pdf_pages(sheet_pdf(example(name), paper))  # type: ignore[arg-type]
    assert len(pages) == 1
    for label in LABELS:
        assert label in pages[0], label
    assert "continuation" not in pages[0] and "…" not in pages[0]
    assert sheet_overflow(example(name), paper).entries == []  # type: ignore[arg-type]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_soraya_sheet_prints_her_skills_and_dice(paper: str) -> None:
    text = pdf_pages(sheet_pdf(example("soraya"), paper))[0]  # type: ignore[arg-type]
    for expected in ("Soraya", "Swift blade-dancer of the free cities",
                     "Hand-to-hand Combat Expertise Brawn 4 Twin sabres +2 Attack: 2d6 "
                     "(re-roll 1s and 2s) + 6; Defense: 2d6 (re-roll 1s and 2s) + 4",
                     "Ranged Combat Skill Agility 6 Throwing knives +1 Attack: 2d6 + 7; "
                     "Defense: 2d6 + 6", "Lockpicking Unskilled Agility 6 — 1d6 + 6",
                     "INITIATIVE 2d6 + 3", "Now 8 of 8", "1 held",
                     "Twin sabres 2 (Ordinary) Hand-to-hand Combat",
                     "Prone HtH defense: penalty die", "she rounds the corner on Virek-Kohl"):
        assert expected in text, expected


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_virek_kohl_sheet_prints_magic_and_his_custom_skill(paper: str) -> None:
    text = pdf_pages(sheet_pdf(example("virek-kohl"), paper))[0]  # type: ignore[arg-type]
    for expected in ("Virek-Kohl", "Sorcerer-lord of the Scorpion Brotherhood",
                     "Magical attack: 2d6 (re-roll 1s and 2s) + 13",
                     "Alchemy (custom) Skill Reason 6 Alchemical kit +2 2d6 + 8",
                     "adds to Thaumaturgy/Theology", "2 held", "Now 9 of 9"):
        assert expected in text, expected


def test_conditions_and_stunning_damage_print() -> None:
    character = changed_example("soraya", conditions=["prone", "sprinting"],
                                tracking={"endurance": 6, "stun": 2})
    text = pdf_pages(sheet_pdf(character, "letter"))[0]
    assert "dice include: Prone, Sprinting (all-out move)" in text
    assert "Attack: fails; Defense: 2d6 (re-roll 1s and 2s) + 4" in text
    assert "Now 4 of 8, 2 stunned" in text and "stunned: back after the fight" in text
    assert sheet_overflow(character, "letter").entries == []


@pytest.mark.parametrize("name", ["東京 Kid", "Kaiser Überlegen", "Ωmega"])
def test_unicode_names_print(name: str) -> None:
    text = pdf_pages(sheet_pdf(changed_example("virek-kohl", name=name)))[0]
    assert name.split()[-1] in text


def test_a_long_name_is_cut_on_the_sheet_and_printed_in_full_after_it() -> None:
    name = "Soraya Vel-Amaranth, Blade-Dancer of the Seven Free Cities and Terror of Kruhl"
    pages = pdf_pages(sheet_pdf(changed_example("soraya", name=name), "letter"))
    assert "Soraya Vel-Amaranth" in pages[0]
    assert name in " ".join(pages)


def test_a_blank_character_prints_every_box() -> None:
    pages = pdf_pages(sheet_pdf(KruhlCharacter(name="Nobody"), "letter"))
    assert len(pages) == 1
    for label in LABELS:
        assert label in pages[0], label
    assert "Hand-to-hand Combat Unskilled Brawn 2 — Attack or defense: 1d6 + 2" in pages[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_ninety_nine_endurance_boxes_fit(paper: str) -> None:
    character = changed_example("soraya", attributes=example("soraya").attributes.model_dump()
                                | {"endurance": 99}, tracking={"endurance": 50, "stun": 7})
    assert len(pdf_pages(sheet_pdf(character, paper))) == 1  # type: ignore[arg-type]
    assert sheet_overflow(character, paper).entries == []  # type: ignore[arg-type]


def test_long_notes_continue_on_the_next_page() -> None:
    words = [f"w{i}" for i in range(599)] + ["LASTWORD"]
    pages = pdf_pages(sheet_pdf(changed_example("soraya", notes=" ".join(words)), "a4"))
    assert len(pages) >= 2
    assert "…" in pages[0] and "LASTWORD" not in pages[0]
    assert "Text ending in … continues on the next page" in pages[0]
    rest = " ".join(pages[1:])
    assert "CONTINUED FROM THE CHARACTER SHEET" in rest
    assert "LASTWORD" in rest and "w0 w1 w2" in rest


def test_more_skills_and_equipment_than_the_boxes_hold_continue() -> None:
    skills = [{"name": f"Lore {i:02d}", "attribute": "reason"} for i in range(40)]
    equipment = [{"name": f"Trinket {i:02d}", "rating": 1, "skills": [f"Lore {i:02d}"]}
                 for i in range(20)]
    character = changed_example("virek-kohl", custom_skills=skills, equipment=equipment)
    pages = pdf_pages(sheet_pdf(character, "letter"))
    assert len(pages) >= 2
    assert "more on the continuation page" in pages[0]
    rest = " ".join(pages[1:])
    for i in range(40):
        assert f"Lore {i:02d}" in pages[0] or f"Skill: Lore {i:02d}" in rest, i
    for i in range(20):
        assert f"Trinket {i:02d}" in pages[0] or f"Equipment: Trinket {i:02d}" in rest, i


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_party_export_prints_a_sheet_and_a_card_each(paper: str) -> None:
    """Through ``desktop.pdf.export`` once the game is registered (skipped before)."""
    from desktop.pdf.export import render_pdf
    from desktop.systems import SYSTEMS

    if "kruhl" not in SYSTEMS:
        pytest.skip("Warlords of Kruhl is not registered yet")
    characters = [example(name) for name in EXAMPLES]
    pages = pdf_pages(render_pdf(characters, "both", paper))  # type: ignore[arg-type]
    assert len(pages) == 4
    for i, character in enumerate(characters):
        assert "CHARACTER SHEET" in pages[2 * i] and character.name in pages[2 * i]
        assert "Hi, My Name Is:" in pages[2 * i + 1] and character.name in pages[2 * i + 1]
