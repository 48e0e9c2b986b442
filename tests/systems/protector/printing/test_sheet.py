"""The Protector sheet on the PDF: every section, overflow to the continuation page, the
layout, and ``sheetdesk export`` of the example hero and every NPC (sheet and card)."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop import cli
from desktop.model.dice_faces import summary
from desktop.systems.files import load_character, save_character
from desktop.systems.protector.printing import sheet
from desktop.systems.protector.printing.view import sheet_view
from desktop.systems.protector.rules import catalog, combat_tables, npcs
from desktop.systems.protector.rules.character import ProtectorCharacter
from tests.systems.protector.helpers import arclight_with, pdf_pages, sheet_pages

ARCLIGHT = catalog.example_characters()["arclight"]
NPC_NAMES = [c.name for c in npcs.npcs()]


# --------------------------------------------------------------------------- the PDF

SECTION_LABELS = ("PROTECTOR", "NAME", "PLAYER", "AGE", "YEARS OLD", "ENERGY DIE", "DEPLETED DICE",
                  "DAMAGE DICE", "TRAITS", "CHARACTER DESCRIPTION", "INTERNAL CONFLICTS",
                  "DECADES", "EVENTS", "POWERS", "AGENTS", "POOL DICE", "DEPLETED DIE",
                  "RISKED", "Why did a die deplete? Pick from RISKED.")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_example_hero_fits_one_page_with_every_section(paper: str) -> None:
    pages = sheet_pages(arclight_with(), paper)
    assert len(pages) == 1
    text = pages[0]
    for expected in SECTION_LABELS:
        assert expected in text, expected
    for entry in combat_tables.risked():
        assert entry.name in text and entry.text in text, entry.name
    assert combat_tables.risked_closing()[1] in text
    for expected in ("Arclight", "WWII", "20-29", "Military parent", "Machining",
                     "limit 3", "They're on to me", "Trying to transition to super identity",
                     "3d8 4d6", "1d10 4d8", "Arc Lance", "Wrench and Socket Set",
                     "4 dice: 3d8 1d6", "She took apart every radio", "Damage absorption",
                     "Protector, First Edition"):
        assert expected in text, expected


@pytest.mark.parametrize("name", NPC_NAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_npc_prints_its_name_powers_agents_and_pools(name: str, paper: str) -> None:
    npc = npcs.npc(name)
    view = sheet_view(npc)
    text = " ".join(sheet_pages(npc, paper))
    assert name in text and "NPC" in text
    for row in view.traits:
        assert row.name in text
    for row in (*view.powers, *view.agents):
        assert row.name in text, row.name
        if row.dice:  # "3d20 4d12", as the pool's build line ends
            assert summary([f.text for f in row.dice]) in text, row.name


def test_kaiser_ueberlegen_prints_on_one_page() -> None:
    for paper in ("a4", "letter"):
        pages = sheet_pages(npcs.npc("Kaiser Überlegen"), paper)
        assert len(pages) == 1, paper
        assert "Kaiser Überlegen" in pages[0] and "3d20 4d12" in pages[0]


def test_a_long_description_is_cut_and_printed_in_full_after_the_sheet() -> None:
    words = " ".join(f"w{i}" for i in range(900)) + " LASTWORD"
    pages = sheet_pages(arclight_with(description=words))
    assert len(pages) >= 2
    assert "…" in pages[0] and "LASTWORD" not in pages[0]
    assert "Text ending in … continues on the next page" in pages[0]
    rest = " ".join(pages[1:])
    assert "CONTINUED FROM THE CHARACTER SHEET" in rest and "LASTWORD" in rest


def test_more_powers_than_the_page_holds_go_to_the_continuation_page() -> None:
    data = arclight_with().model_dump()
    template = data["powers"][1]
    data["powers"] = [template | {"name": f"Gadget {i:02d}", "event": None}
                      for i in range(40)]
    data["agents"] = []
    pages = sheet_pages(ProtectorCharacter.model_validate(data), "letter")
    assert len(pages) >= 2
    assert "more on the continuation page" in pages[0] and "Gadget 00" in pages[0]
    assert "Power: Gadget 39" in " ".join(pages[1:])


def test_many_traits_move_on_as_well() -> None:
    traits = [{"name": f"Knack {i:02d}", "type": "skill", "steps": 1} for i in range(80)]
    pages = sheet_pages(arclight_with(traits=traits))
    assert len(pages) >= 2 and "Trait: Knack 79" in " ".join(pages[1:])


def test_layout_shares_room_by_need_then_by_weight() -> None:
    assert sheet.share(100, [10, 10], [30, 20], [1, 1]) == [55, 45]
    assert sheet.share(40, [10, 10], [30, 20], [1, 1]) == pytest.approx([70 / 3, 50 / 3])
    assert sheet.share(15, [10, 10], [30, 20], [1, 1]) == [10, 10]


# ----------------------------------------------------------------- sheetdesk export

def _files(tmp_path: Path) -> list[Path]:
    files = [ARCLIGHT]
    for npc in npcs.npcs():
        path = tmp_path / f"{npc.name}.sheetdesk"
        save_character(path, npc)
        files.append(path)
    return files


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_export_each_example_and_npc_file(tmp_path: Path, capsys, paper: str) -> None:
    for path in _files(tmp_path):
        out = tmp_path / f"{path.stem}-{paper}.pdf"
        code = cli.main(["export", str(path), "-o", str(out), "--what", "both",
                         "--paper", paper])
        assert code == 0, capsys.readouterr().err
        pages = pdf_pages(out.read_bytes())
        name = load_character(path).name
        assert len(pages) >= 2 and name in pages[0] and "Hi, My Name Is:" in pages[-1]


def test_export_of_a_whole_party_in_one_pdf(tmp_path: Path, capsys) -> None:
    files = _files(tmp_path)
    out = tmp_path / "party.pdf"
    assert cli.main(["export", *map(str, files), "-o", str(out), "--what", "card"]) == 0
    assert len(pdf_pages(out.read_bytes())) == len(files)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_new_character_prints_a_blank_sheet_to_fill_in(paper: str) -> None:
    blank = ProtectorCharacter(name="")
    view = sheet_view(blank)
    assert len(view.energy_dice) == 10 and view.energy_note == "10 to start = 10"
    pages = sheet_pages(blank, paper)
    assert len(pages) == 1
    assert pages[0].split().count("d6") == 10
    for expected in SECTION_LABELS:
        assert expected in pages[0], expected


def test_the_header_names_the_age_as_the_book_does() -> None:
    # Ages: "Players can star their game in any of the ages" ("WWII 1939 - 1945"); the
    # character's own age by decade (Decades: "one decade (10-19 years old)").
    text = " ".join(sheet_pages(arclight_with(), "a4")[0].split())
    assert "AGE WWII (1939 - 1945) YEARS OLD 20-29" in text
    assert "AGE (ERA)" not in text and "ERA" not in text.split("ENERGY DIE")[0]
    # The Wrench and Socket Set prints its System Pool 1d (Equipment; RULINGS 10).
    assert "= 1 die: 1d6 (3 of 1×6 left over)" in text
