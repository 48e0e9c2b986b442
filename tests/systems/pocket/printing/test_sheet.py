from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop import cli
from desktop.paths import resource
from desktop.pdf import card, fonts
from desktop.pdf.encounter_print import card_boxes
from desktop.pdf.export import render_pdf
from desktop.pdf.page import Page, Rect
from desktop.systems.files import load_character
from desktop.systems.pocket.printing import card as id_card
from desktop.systems.pocket.printing import sheet
from desktop.systems.pocket.rules.character import PocketCharacter

EXAMPLES = ("artos", "kestra", "tharsh")


def _example(name: str) -> PocketCharacter:
    character = load_character(resource("pocket", "characters", f"{name}.sheetdesk"))
    assert isinstance(character, PocketCharacter)
    return character


def _changed(example: str, **changes) -> PocketCharacter:
    return PocketCharacter.model_validate(_example(example).model_dump() | changes)


def _pages(data: bytes) -> list[str]:
    return [" ".join(page.extract_text().split())
            for page in PdfReader(io.BytesIO(data)).pages]


# ----------------------------------------------------------------------------- view

def test_artos_view_has_the_books_three_defences() -> None:
    """2.51: sword 12 → 2, shield 11 + 2 → 3, unskilled dodge → −1."""
    view = sheet.sheet_view(_example("artos"))
    melee = [(d.kind, d.skill_name, d.skill, d.modifiers, d.total)
             for d in view.defenses[:5]]
    assert melee[0] == ("Melee", "Shield: Medium Shield", "11", "Parry +2", "− 10 = 3")
    assert ("or", "Melee (blade): Sword", "12", "—", "− 10 = 2") in melee
    assert ("or", "Dodge", "10", "unskilled −1", "− 10 = −1") in melee
    missile = [(d.kind, d.skill_name, d.total) for d in view.defenses if d.kind == "Missile"]
    assert missile == [("Missile", "Shield: Medium Shield", "− 10 = 3")]
    grapple = next(d for d in view.defenses if d.skill_name == "Grapple")
    assert not grapple.in_use and "only against other grapple attempts" in grapple.modifiers
    assert view.shields[0] == sheet.ShieldRow("Medium Shield", "+2", "9", "10", "")


def test_attribute_lines_follow_the_record_sheet() -> None:
    view = sheet.sheet_view(_example("artos"))
    assert [(a.label, a.score) for a in view.attributes] == [
        ("PHYS", 11), ("DEFT", 10), ("INTL", 10), ("WILL", 11)]
    captions = [[c.caption for c in a.cells] for a in view.attributes]
    assert captions == [["Hits", "Move", "Unarmed damage"], ["Armored DEFT", "Initiative"],
                        ["EPs starting", "EPs spent", "EPs unspent"],
                        ["Appearance", "Contact points"]]
    phys, deft, intl, will = view.attributes
    assert [c.value for c in phys.cells[:2]] == ["13", "6"]
    assert phys.cells[2].triplet == ("2", "3", "4")
    assert deft.cells[0].value == "10" and "limit 12 (Studded)" in deft.cells[0].note
    assert deft.cells[1].triplet == ("1", "2", "3")
    assert [c.value for c in intl.cells] == ["10", "10", "0"]
    assert [c.value for c in will.cells] == ["11", "13"]
    assert will.cells[1].note == "13 spent, 0 left"


def test_kestra_view_weapons_traits_contacts_and_armor() -> None:
    view = sheet.sheet_view(_example("kestra"))
    weapons = {w.name: w for w in view.weapons}
    assert weapons["Spear"] == sheet.WeaponRow("Spear", "Melee (spear) 15", "+0", "15", "—",
                                               ("5", "7", "9"))
    assert weapons["Short Bow"].range == "18" and weapons["Short Bow"].total == "14"
    thrown = weapons["Long Knife (thrown)"]
    assert (thrown.hit, thrown.total, thrown.range) == ("+3, unbalanced −2", "10", "9")
    assert thrown.skill == "Throw Weapon (blade), unskilled 9"
    assert [w.name for w in view.weapons][-2:] == ["Punch", "Kick"]
    # Initiative: DEFT 13 is 3/5/7, one row up for Acute Reflexes (2.22).
    assert view.attributes[1].cells[1].triplet == ("4", "6", "8")
    assert [t.kind for t in view.traits] == ["Adv."] * 4 + ["Dis."] * 4
    assert view.traits[0] == sheet.TraitRow("Attribute +1 (DEFT)", "Adv.", "2")
    assert view.trait_balance == "Adv. 5 · Dis. 5 (at most 5)"
    hale = next(c for c in view.contacts if c.name == "Guildmistress Hale")
    assert "shared: my 3, Artos 2 of 5" in hale.standing and hale.points == "3"
    brannoc = next(c for c in view.contacts if c.name == "Brannoc")
    assert "Friend/Relative" in brannoc.standing and brannoc.points == "5"
    assert brannoc.who == "male, 45" and brannoc.location == "Hollin village"
    armor = {a.what: a for a in view.armor}
    assert (armor["Worn Armor"].name, armor["Worn Armor"].deft_limit) == ("Leather", "13")
    assert (armor["Natural Armor"].name, armor["Natural Armor"].physical) == ("Toughness", "1")
    assert (armor["Helmet"].name, armor["Helmet"].knockout) == ("Leather Cap", "2/1")
    total = armor["Total Armor"]
    assert (total.physical, total.energy, total.knockout) == ("3", "2", "3/2")
    assert "Arrows & Quarrels ×12" in view.equipment and view.money == "$120"
    assert [(x.name, x.level, x.reads, x.eps) for x in view.languages] == [
        ("Common (native)", "fluent", "yes", "0"), ("Old Marcher", "broken", "no", "1")]


def test_insider_contact_and_skills() -> None:
    view = sheet.sheet_view(_example("artos"))
    bertram = view.contacts[0]
    assert "insider for the King" in bertram.standing and bertram.points == "9"
    assert [(s.label, s.attribute, s.score, s.eps) for s in view.skills] == [
        ("Melee (blade)", "DEFT", "12", "6"), ("Shield", "DEFT", "11", "3"),
        ("Climbing", "DEFT", "10", "1")]


def test_negative_numbers_print_with_a_true_minus() -> None:
    assert sheet.num(-3) == "−3" and sheet.num(0) == "0" and sheet.triplet((0, 1, 1)) == "0/1/1"
    assert sheet.dollars(-775) == "−$775" and sheet.dollars(12000) == "$12,000"


def test_tracked_hits_income_and_gm_traits_are_shown() -> None:
    character = _changed("artos", tracking={"hits": 5, "money": 40}, traits=[
        {"name": "Stipend"},
        {"name": "Lucky", "gm_defined": True, "kind": "advantage", "points": 1,
         "effect": "re-roll one fumble a session", "acquired": "play"}])
    view = sheet.sheet_view(character)
    assert view.attributes[0].cells[0].note == "now 5"
    assert view.money == "$40, +$250 a month"
    lucky = next(t for t in view.traits if t.label.startswith("Lucky"))
    assert lucky.label == "Lucky (GM): re-roll one fumble a session (in play)"


# ----------------------------------------------------------------------- the sheet

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
    pages = _pages(render_pdf([_example(name)], "sheet", paper))  # type: ignore[arg-type]
    assert len(pages) == 1, "a starting character fits on the record sheet"
    for label in LABELS:
        assert label in pages[0], label
    assert "continuation" not in pages[0] and "…" not in pages[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_artos_sheet_prints_his_numbers(paper: str) -> None:
    text = _pages(render_pdf([_example("artos")], "sheet", paper))[0]  # type: ignore[arg-type]
    for expected in ("Artos", "Shield: Medium Shield 11 Parry +2 − 10 = 3",
                     "Melee (blade): Sword 12 — − 10 = 2", "Dodge 10 unskilled −1 − 10 = −1",
                     "Sword Melee (blade) 12 +1 13 — 4 6 8", "Medium Shield +2 9 10",
                     "Worn Armor Studded 12 3 2", "Helmet Leather Cap — +0 +0 2/1",
                     "Total Armor 12 3 2 2/1", "Bertram", "the royal palace", "$55",
                     "Melee (blade) DEFT 12 6"):
        assert expected in text, expected


def test_kestra_sheet_prints_traits_contacts_and_the_portrait_note() -> None:
    text = _pages(render_pdf([_example("kestra")], "sheet"))[0]
    for expected in ("Kestra of the Marches", "Sam", "female", "26",
                     "Attribute +1 (DEFT) Adv. 2", "Phobia: heights Dis. 1",
                     "Guildmistress Hale", "Short Bow Missile (bow) 13 +1 14 18 2 4 6",
                     "Tall, lean, cropped black hair", "Old Marcher broken no 1",
                     "Natural Armor Toughness — 1 1 1/1"):
        assert expected in text, expected


@pytest.mark.parametrize("name", ["Kaiser Überlegen", "Ωmega"])
def test_unicode_names_print(name: str) -> None:
    pages = _pages(render_pdf([_changed("tharsh", name=name)], "both"))
    assert name in pages[0] and name in pages[-1]


def test_a_blank_character_prints_every_box_empty_but_labelled() -> None:
    text = _pages(render_pdf([PocketCharacter(name="Nobody")], "sheet", "letter"))[0]
    for label in LABELS:
        assert label in text, label
    assert "Dodge 8 unskilled −1 − 10 = −3" in text


def test_more_skills_than_the_box_holds_go_to_the_continuation_page() -> None:
    skills = [{"name": "Craft", "specialisation": f"style {i:02d}"} for i in range(60)]
    pages = _pages(render_pdf([_changed("tharsh", skills=skills)], "sheet", "letter"))
    assert len(pages) >= 2
    assert "more on the continuation page" in pages[0]
    assert "Text ending in … continues on the next page" in pages[0]
    rest = " ".join(pages[1:])
    assert "CONTINUED FROM THE CHARACTER SHEET" in rest
    assert "Craft (style 59)" in rest and "Craft (style 59)" not in pages[0]


def test_many_weapons_and_a_long_note_are_kept_whole() -> None:
    dagger = _example("tharsh").equipment.weapons[0].model_dump()
    weapons = [dagger | {"name": f"Dagger {i:02d}", "thrown": False} for i in range(30)]
    words = [f"w{i}" for i in range(499)] + ["LASTWORD"]
    character = _changed("tharsh", notes=" ".join(words),
                         equipment=_example("tharsh").equipment.model_dump()
                         | {"weapons": weapons})
    pages = _pages(render_pdf([character], "sheet", "a4"))
    assert len(pages) >= 2
    assert "…" in pages[0] and "LASTWORD" not in pages[0]
    rest = " ".join(pages[1:])
    assert "LASTWORD" in rest and "w0 w1 w2" in rest
    assert "more on the continuation page" in pages[0]
    # Every dagger is somewhere: as a weapon line on the sheet or after it.
    for i in range(30):
        assert f"Dagger {i:02d}" in pages[0] or f"Weapon: Dagger {i:02d}" in rest, i


# ----------------------------------------------------------------------- ID card

def test_card_view_holds_what_the_gm_needs() -> None:
    view = id_card.card_view(sheet.sheet_view(_example("kestra")))
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
    view = id_card.card_view(sheet.sheet_view(_changed("artos", description="")))
    assert view.concept == "male, 28"


def test_card_prints_front_fold_lines_and_numbers() -> None:
    pages = _pages(render_pdf([_example("artos")], "card", "letter"))
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
    base = _example("kestra")
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
    view = id_card.card_view(sheet.sheet_view(PocketCharacter.model_validate(base)),
                             id_card.limits_for(box))
    assert [line.text for column in view.columns for chart in column
            for line in chart.lines if line.kind == "footer"] == footers
    for rect, column in zip(_back_columns(box), view.columns, strict=True):
        assert card.charts_height(column, rect.w, size) <= rect.h


# ---------------------------------------------------------------------- command line

@pytest.mark.parametrize("name", EXAMPLES)
def test_sheetdesk_export_both(name: str, tmp_path: Path, capsys) -> None:
    out = tmp_path / f"{name}.pdf"
    source = resource("pocket", "characters", f"{name}.sheetdesk")
    assert cli.main(["export", str(source), "-o", str(out), "--what", "both"]) == 0
    pages = _pages(out.read_bytes())
    assert len(pages) == 2
    assert "CHARACTER RECORD SHEET" in pages[0] and "Hi, My Name Is:" in pages[1]
    assert _example(name).name in pages[0] and _example(name).name in pages[1]
