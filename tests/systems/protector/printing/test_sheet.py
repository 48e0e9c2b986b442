"""The Protector sheet and ID card: the view, every section on the PDF, overflow, the
quarter-page card, and ``sheetdesk export`` of the example hero and every NPC."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop import cli
from desktop.pdf import card, fonts
from desktop.pdf.dice import DieMark, summary
from desktop.pdf.encounter_print import card_boxes
from desktop.pdf.export import render_pdf
from desktop.pdf.page import Page
from desktop.systems.files import load_character, save_character
from desktop.systems.protector.printing import card as id_card
from desktop.systems.protector.printing import sheet
from desktop.systems.protector.rules import catalog, combat_tables, npcs
from desktop.systems.protector.rules.character import ProtectorCharacter

ARCLIGHT = catalog.example_characters()["arclight"]
NPC_NAMES = [c.name for c in npcs.npcs()]


def _arclight(**changes) -> ProtectorCharacter:
    data = load_character(ARCLIGHT).model_dump() | changes
    return ProtectorCharacter.model_validate(data)


def _pages(data: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


def _sheet_pages(character: ProtectorCharacter, paper: str = "a4") -> list[str]:
    return _pages(render_pdf([character], "sheet", paper))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- view

def test_view_of_the_example_hero() -> None:
    view = sheet.sheet_view(_arclight())
    assert (view.name, view.era, view.age) == ("Arclight", "WWII", "20-29")
    assert view.energy_total == 3 and view.energy_ready == 3
    assert [f.text for f in view.energy_dice] == ["d6", "d6", "d6"]
    assert view.energy_note == ("10 to start + 1 conflict − 2 decades − 2 trait dice "
                                "− 2 powers − 2 agents = 3")
    traits = {t.name: t for t in view.traits}
    assert (traits["Machining"].steps, traits["Machining"].note) == (
        "4", "2 from Decades + 2 bought")
    assert traits["Impatient"].steps == "limit 3"
    assert traits["Impatient"].note.startswith("gives 2 skill steps; caps: Tests that need")
    assert traits["Welder"].kind == "Trade" and "deplete" in traits["Welder"].note
    assert [(d.age, d.entry) for d in view.decades] == [
        ("10-19", "Military parent (first tier, d20 14)"),
        ("20-29", "Work (second tier, d20 2)")]
    assert view.decades[0].traits == "Resourceful 1, Discipline 1"
    assert [e.decade for e in view.events] == ["1.1", "1.2", "1.3", "1.4", "2.1", "2.2"]
    assert view.events[1].kind == "Obsession (d8 2)" and view.events[1].powers == "Invention"
    assert view.life_path == "20-29 · life path complete"


def test_powers_show_their_pools_as_built_and_as_dice() -> None:
    powers = {p.name: p for p in sheet.sheet_view(_arclight()).powers}
    invention = powers["Invention"]
    assert invention.kind == "Generate · Invention (invention)"
    assert invention.build == "1×8 (WWII) − 1 for 3 steps = 7 dice: 3d8 4d6"
    assert [f.text for f in invention.dice] == ["d8"] * 3 + ["d6"] * 4
    absorb = powers["Damage absorption"]
    assert absorb.build == "1×8 (WWII) − 1 effect − 2 for 6 steps = 5 dice: 1d10 4d8"
    assert absorb.details.startswith("No Deplete (Freezing cold can damage it). Answers "
                                     "Event 1.4.")
    latent = powers["Senses that can't be impeded"]
    assert latent.build.startswith("latent") and latent.dice == () and latent.depleted == "—"


def test_agents_show_build_dice_traits_and_pool() -> None:
    agents = {a.name: a for a in sheet.sheet_view(_arclight()).agents}
    lance = agents["Arc Lance"]
    assert lance.kind == "Equipment: Weapon"
    assert lance.build == ("1×7 (Invention's pool) − 2 for traits − 1 for a property "
                           "= 4 dice: 4d6")
    assert lance.details.startswith("Damage 2 steps (weapon); Ranged.")
    assert [f.text for f in lance.dice] == ["d6"] * 4 and lance.depleted == "0"


def test_depleted_damaged_and_awarded_dice_are_marked() -> None:
    hero = _arclight(energy={"depleted": 1, "damaged": 1, "awarded": 2})
    data = hero.model_dump()
    data["agents"][0] |= {"depleted": 2, "damaged": 1}
    data["powers"][1] |= {"depleted": 1}
    view = sheet.sheet_view(ProtectorCharacter.model_validate(data))
    assert [f.mark for f in view.energy_dice] == [
        DieMark.READY, DieMark.DEPLETED, DieMark.AWARDED, DieMark.AWARDED, DieMark.DAMAGED]
    assert (view.energy_ready, view.depleted, view.damaged, view.awarded) == (1, 1, 1, 2)
    lance = view.agents[0]
    assert [f.mark for f in lance.dice].count(DieMark.DEPLETED) == 2
    assert lance.dice[-1].mark is DieMark.DAMAGED and lance.depleted == "2 (+1 damaged)"
    invention = view.powers[1]
    # A stepped-up die that depletes goes back to the table as a d6 (Depletion).
    assert (invention.dice[-1].text, invention.dice[-1].mark) == ("d6", DieMark.DEPLETED)
    text = _sheet_pages(ProtectorCharacter.model_validate(data))[0]
    assert "2 awarded" in text and "2 (+1 damaged)" in text


def test_book_pools_of_the_kaiser_and_the_visionary() -> None:
    kaiser = {p.name: p for p in sheet.sheet_view(npcs.npc("Kaiser Überlegen")).powers}
    assert kaiser["Super Intelligence"].build.endswith("= 7 dice: 3d20 4d12")  # 7d 24 Steps
    assert kaiser["Super Strength"].build.endswith("= 3 dice: 3d20")  # 3d 12 Steps
    visionary = sheet.sheet_view(npcs.npc("The Visionary"))
    powers = {p.name: p for p in visionary.powers}
    assert powers["Flight"].build.endswith("= 3 dice: 3d8×10")  # 3d 96 Steps (3d8x10)
    assert powers["See Through Time"].build.endswith("= 1 die: 1d4×100")
    assert all(f.higher for f in powers["Flight"].dice)
    assert visionary.energy_total == 30 and len(visionary.energy_dice) == 30
    assert visionary.energy_note == "30 as the GM sets them (NPC)"


def test_an_overspent_hero_prints_no_dice_and_says_so() -> None:
    hero = _arclight(energy_pool=2)
    view = sheet.sheet_view(hero)
    assert view.energy_total < 0 and view.energy_dice == ()
    text = _sheet_pages(hero)[0]
    assert "overspent" in text and f"= {view.energy_total}" in text


# --------------------------------------------------------------------------- the PDF

SECTION_LABELS = ("PROTECTOR", "NAME", "PLAYER", "AGE (ERA)", "ENERGY DIE", "DEPLETED DICE",
                  "DAMAGE DICE", "TRAITS", "CHARACTER DESCRIPTION", "INTERNAL CONFLICTS",
                  "DECADES", "EVENTS", "POWERS", "AGENTS", "POOL DICE", "DEPLETED DIE",
                  "RISKED", "Why did a die deplete? Pick from RISKED.")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_example_hero_fits_one_page_with_every_section(paper: str) -> None:
    pages = _sheet_pages(_arclight(), paper)
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
                     "4 dice: 4d6", "She took apart every radio", "Damage absorption",
                     "Protector, First Edition"):
        assert expected in text, expected


@pytest.mark.parametrize("name", NPC_NAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_npc_prints_its_name_powers_agents_and_pools(name: str, paper: str) -> None:
    npc = npcs.npc(name)
    view = sheet.sheet_view(npc)
    text = " ".join(_sheet_pages(npc, paper))
    assert name in text and "NPC" in text
    for row in view.traits:
        assert row.name in text
    for row in (*view.powers, *view.agents):
        assert row.name in text, row.name
        if row.dice:  # "3d20 4d12", as the pool's build line ends
            assert summary([f.text for f in row.dice]) in text, row.name


def test_kaiser_ueberlegen_prints_on_one_page() -> None:
    for paper in ("a4", "letter"):
        pages = _sheet_pages(npcs.npc("Kaiser Überlegen"), paper)
        assert len(pages) == 1, paper
        assert "Kaiser Überlegen" in pages[0] and "3d20 4d12" in pages[0]


def test_a_long_description_is_cut_and_printed_in_full_after_the_sheet() -> None:
    words = " ".join(f"w{i}" for i in range(900)) + " LASTWORD"
    pages = _sheet_pages(_arclight(description=words))
    assert len(pages) >= 2
    assert "…" in pages[0] and "LASTWORD" not in pages[0]
    assert "Text ending in … continues on the next page" in pages[0]
    rest = " ".join(pages[1:])
    assert "CONTINUED FROM THE CHARACTER SHEET" in rest and "LASTWORD" in rest


def test_more_powers_than_the_page_holds_go_to_the_continuation_page() -> None:
    data = _arclight().model_dump()
    template = data["powers"][1]
    data["powers"] = [template | {"name": f"Gadget {i:02d}", "event": None}
                      for i in range(40)]
    data["agents"] = []
    pages = _sheet_pages(ProtectorCharacter.model_validate(data), "letter")
    assert len(pages) >= 2
    assert "more on the continuation page" in pages[0] and "Gadget 00" in pages[0]
    assert "Power: Gadget 39" in " ".join(pages[1:])


def test_many_traits_move_on_as_well() -> None:
    traits = [{"name": f"Knack {i:02d}", "type": "skill", "steps": 1} for i in range(80)]
    pages = _sheet_pages(_arclight(traits=traits))
    assert len(pages) >= 2 and "Trait: Knack 79" in " ".join(pages[1:])


def test_layout_shares_room_by_need_then_by_weight() -> None:
    assert sheet.share(100, [10, 10], [30, 20], [1, 1]) == [55, 45]
    assert sheet.share(40, [10, 10], [30, 20], [1, 1]) == pytest.approx([70 / 3, 50 / 3])
    assert sheet.share(15, [10, 10], [30, 20], [1, 1]) == [10, 10]


# ----------------------------------------------------------------------- ID card

def test_card_front_and_back() -> None:
    view = sheet.sheet_view(_arclight())
    assert id_card.concept(view) == (
        "WWII · Invention, Damage absorption · latent: Senses that can't be impeded")
    text = _pages(render_pdf([_arclight()], "card"))[0]
    for expected in ("Hi, My Name Is:", "Arclight", "Age and powers:", "FOLD HERE",
                     "PROTECTOR AT A GLANCE", "ENERGY", "3d6 · 3 ready", "POWERS",
                     "Invention: 3d8 4d6", "AGENTS", "Arc Lance: 4d6 · Damage 2, Ranged",
                     "KEY TRAITS", "Machining: 4 skill", "INTERNAL CONFLICTS",
                     "Protector ID card · WWII · 20-29"):
        assert expected in text, expected


def test_card_lists_are_capped_with_a_count_of_the_rest() -> None:
    traits = [{"name": f"Knack {i:02d}", "type": "skill", "steps": 1} for i in range(10)]
    charts = [c for column in id_card.card_view(sheet.sheet_view(_arclight(traits=traits)))
              .columns for c in column]
    key = next(c for c in charts if c.title == "Key traits")
    assert len([line for line in key.lines if line.kind == "step"]) == id_card.MAX_LINES - 1
    assert key.lines[-1].text.endswith("more on the sheet")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_fits_a_quarter_page_at_a_readable_size(paper: str) -> None:
    box = card_boxes(Page.of(paper))[0]
    fonts.register_fonts()
    for character in [_arclight(), *npcs.npcs()]:
        view = id_card.fitted_view(sheet.sheet_view(character), box)
        assert id_card.fits(view, box, id_card.MIN_SIZE), character.name


def test_a_crowded_card_lists_fewer_lines_to_stay_readable() -> None:
    data = _arclight().model_dump()
    data["powers"] = [data["powers"][1] | {"name": f"Gadget {i}", "event": None}
                      for i in range(12)]
    data["agents"] = [data["agents"][0] | {"name": f"Tool {i}", "invention_of": None}
                      for i in range(12)]
    data["traits"] += [{"name": f"Knack {i}", "type": "skill", "steps": 1} for i in range(12)]
    view = sheet.sheet_view(ProtectorCharacter.model_validate(data))
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
    for character, box in zip([_arclight(), *npcs.npcs()[:3]], card_boxes(page),
                              strict=True):
        id_card.draw_card(canvas, character, box)
    canvas.save()
    text = _pages(buffer.getvalue())[0]
    assert text.count("Hi, My Name Is:") == 4
    for name in ("Arclight", "Slavers", "Slaver Sky Ship", "Mad Maker"):
        assert name in text


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
        pages = _pages(out.read_bytes())
        name = load_character(path).name
        assert len(pages) >= 2 and name in pages[0] and "Hi, My Name Is:" in pages[-1]


def test_export_of_a_whole_party_in_one_pdf(tmp_path: Path, capsys) -> None:
    files = _files(tmp_path)
    out = tmp_path / "party.pdf"
    assert cli.main(["export", *map(str, files), "-o", str(out), "--what", "card"]) == 0
    assert len(_pages(out.read_bytes())) == len(files)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_new_character_prints_a_blank_sheet_to_fill_in(paper: str) -> None:
    blank = ProtectorCharacter(name="")
    view = sheet.sheet_view(blank)
    assert len(view.energy_dice) == 10 and view.energy_note == "10 to start = 10"
    pages = _sheet_pages(blank, paper)
    assert len(pages) == 1
    assert pages[0].split().count("d6") == 10
    for expected in SECTION_LABELS:
        assert expected in pages[0], expected
