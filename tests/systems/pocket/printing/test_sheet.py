"""The record sheet on paper: every field of the examples on one page (A4 and letter),
unicode, blank characters, continuation pages, and ``sheetdesk export``."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop import cli
from desktop.paths import resource
from desktop.pdf.export import render_pdf
from desktop.systems.pocket.rules.character import PocketCharacter
from tests.systems.pocket.helpers import changed_example, example, pdf_pages

EXAMPLES = ("artos", "kestra", "tharsh")
LABELS = ("Pocket Universe", "CHARACTER RECORD SHEET", "PLAYER", "CHARACTER NAME", "AGE",
          "SEX", "PHYS", "DEFT", "INTL", "WILL", "HITS", "MOVE", "UNARMED DAMAGE",
          "ARMORED DEFT", "INITIATIVE", "1-2", "3-8", "9-10", "EPS STARTING", "EPS SPENT",
          "EPS UNSPENT", "APPEARANCE", "CONTACT POINTS", "PERSONAL TRAITS", "CONTACTS",
          "PORTRAIT", "SKILLS", "LANGUAGES", "WEAPONS", "WEAPON", "+ HIT", "= TOTAL",
          "RANGE", "DAMAGE", "DEFENSES", "SKILL NAME", "MODIFIERS", "SHIELD", "+ PARRY",
          "Worn Armor", "Natural Armor", "Helmet", "Total Armor", "DEFT LIMIT", "PHYSICAL",
          "ENERGY", "VS KNOCKOUT", "EQUIPMENT AND MONEY", "DESCRIPTION AND NOTES")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", EXAMPLES)
def test_each_example_fits_one_page_with_every_field(name: str, paper: str) -> None:
    pages = pdf_pages(render_pdf([example(name)], "sheet", paper))  # type: ignore[arg-type]
    assert len(pages) == 1, "a starting character fits on the record sheet"
    for label in LABELS:
        assert label in pages[0], label
    assert "continuation" not in pages[0] and "…" not in pages[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_artos_sheet_prints_his_numbers(paper: str) -> None:
    text = pdf_pages(render_pdf([example("artos")], "sheet", paper))[0]  # type: ignore[arg-type]
    for expected in ("Artos", "Shield: Medium Shield 11 Parry +2 − 10 = 3",
                     "Melee (blade): Sword 12 — − 10 = 2", "Dodge 10 unskilled −1 − 10 = −1",
                     "Sword Melee (blade) 12 +1 13 — 4 6 8", "Medium Shield +2 9 10",
                     "Worn Armor Studded 12 3 2", "Helmet Leather Cap — +0 +0 2/1",
                     "Total Armor 12 3 2 2/1", "Bertram", "the royal palace", "$55",
                     "Melee (blade) DEFT 12 6"):
        assert expected in text, expected


def test_kestra_sheet_prints_traits_contacts_and_the_portrait_note() -> None:
    text = pdf_pages(render_pdf([example("kestra")], "sheet"))[0]
    for expected in ("Kestra of the Marches", "Sam", "female", "26",
                     "Attribute +1 (DEFT) Adv. 2", "Phobia: heights Dis. 1",
                     "Guildmistress Hale", "Short Bow Missile (bow) 13 +1 14 18 2 4 6",
                     "Tall, lean, cropped black hair", "Old Marcher broken no 1",
                     "Natural Armor Toughness — 1 1 1/1"):
        assert expected in text, expected


@pytest.mark.parametrize("name", ["Kaiser Überlegen", "Ωmega"])
def test_unicode_names_print(name: str) -> None:
    pages = pdf_pages(render_pdf([changed_example("tharsh", name=name)], "both"))
    assert name in pages[0] and name in pages[-1]


def test_a_blank_character_prints_every_box_empty_but_labelled() -> None:
    text = pdf_pages(render_pdf([PocketCharacter(name="Nobody")], "sheet", "letter"))[0]
    for label in LABELS:
        assert label in text, label
    assert "Dodge 8 unskilled −1 − 10 = −3" in text


def test_more_skills_than_the_box_holds_go_to_the_continuation_page() -> None:
    skills = [{"name": "Craft", "specialisation": f"style {i:02d}"} for i in range(60)]
    pages = pdf_pages(render_pdf([changed_example("tharsh", skills=skills)], "sheet", "letter"))
    assert len(pages) >= 2
    assert "more on the continuation page" in pages[0]
    assert "Text ending in … continues on the next page" in pages[0]
    rest = " ".join(pages[1:])
    assert "CONTINUED FROM THE CHARACTER SHEET" in rest
    assert "Craft (style 59)" in rest and "Craft (style 59)" not in pages[0]


def test_many_weapons_and_a_long_note_are_kept_whole() -> None:
    dagger = example("tharsh").equipment.weapons[0].model_dump()
    weapons = [dagger | {"name": f"Dagger {i:02d}", "thrown": False} for i in range(30)]
    words = [f"w{i}" for i in range(499)] + ["LASTWORD"]
    character = changed_example("tharsh", notes=" ".join(words),
                         equipment=example("tharsh").equipment.model_dump()
                         | {"weapons": weapons})
    pages = pdf_pages(render_pdf([character], "sheet", "a4"))
    assert len(pages) >= 2
    assert "…" in pages[0] and "LASTWORD" not in pages[0]
    rest = " ".join(pages[1:])
    assert "LASTWORD" in rest and "w0 w1 w2" in rest
    assert "more on the continuation page" in pages[0]
    # Every dagger is somewhere: as a weapon line on the sheet or after it.
    for i in range(30):
        assert f"Dagger {i:02d}" in pages[0] or f"Weapon: Dagger {i:02d}" in rest, i


@pytest.mark.parametrize("name", EXAMPLES)
def test_sheetdesk_export_both(name: str, tmp_path: Path, capsys) -> None:
    out = tmp_path / f"{name}.pdf"
    source = resource("pocket", "characters", f"{name}.sheetdesk")
    assert cli.main(["export", str(source), "-o", str(out), "--what", "both"]) == 0
    pages = pdf_pages(out.read_bytes())
    assert len(pages) == 2
    assert "CHARACTER RECORD SHEET" in pages[0] and "Hi, My Name Is:" in pages[1]
    assert example(name).name in pages[0] and example(name).name in pages[1]


def test_the_weapons_header_titles_fit_their_columns_at_full_size() -> None:
    """The titles "= TOTAL" and "RANGE" never run together; every title fits at 5.5 pt on A4."""
    from desktop.pdf import fonts as pdf_fonts
    from desktop.pdf.page import Page as PdfPage
    from desktop.pdf.page import Rect as PdfRect
    from desktop.pdf.text import width
    from desktop.systems.pocket.printing import sheet as pocket_sheet

    room = PdfPage.of("a4").content.w * 0.62  # the weapons section's share of the width
    cells = PdfRect(0, 0, room, 10).columns(pocket_sheet.WEAPON_WEIGHTS, 4)
    titles = ["Weapon", "Skill", "+ Hit", "= Total", "Range", "1-2", "3-8", "9-10"]
    for title, cell in zip(titles, cells, strict=True):
        assert width(title.upper(), pdf_fonts.BOLD, 5.5) <= cell.w, title
