from __future__ import annotations

import io
import json

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.paths import resource
from desktop.pdf import fonts
from desktop.pdf.export import render_pdf
from desktop.pdf.page import Page, Rect
from desktop.systems.pow.printing import card, sheet
from desktop.systems.pow.rules.character import PowCharacter

AMBIDEXTERITY = {
    "name": "Ambidexterity", "stat": "agility", "minimum": 3, "purchase_cost": 2,
    "pool_cost": 0, "action_cost": 0,
    "effect": "The character can wield two one-handed weapons at the same time.",
    "upgrade_cost": 1,
    "upgrade_effect": "The character can attack two separate targets in range.",
}


def _character(**changes) -> PowCharacter:
    data = {
        "name": "Kaiser Überlegen", "concept": "A barbarian warlord who is quick to fight",
        "player": "Dana", "worldbook": "Power Grrrl",
        "attributes": {"agility": 3, "brawn": 4, "cognition": 1, "damage": 3, "energy": 2,
                       "fellowship": 1},
        "character_points": 16, "height_ft": 6,
        "specials": [AMBIDEXTERITY],
        "weapons": [{"name": "Broadsword", "damage": 3},
                    {"name": "Pistol", "damage": 4, "adds_brawn": False, "ranged": True,
                     "base_range_ft": 50}],
        "armor": [{"name": "Suburban Cowboy Getup", "frame_rating": 5,
                   "damage_rating": 70, "damage_rating_left": 56}],
        "items": [{"name": "Rope", "quantity": 2}], "money": 240,
        "experience": {"earned": 20},
        "tracking": {"pools": {"agility": 5}},
    } | changes
    return PowCharacter.model_validate(data)


def _text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_view_flattens_the_character_and_its_derived_values() -> None:
    view = sheet.sheet_view(_character())
    agility = view.stats[0]
    assert (agility.letter, agility.label, agility.score, agility.pool,
            agility.current_pool, agility.raise_xp) == ("A", "Agility", 3, 9, 5, "16")
    assert [s.letter for s in view.stats] == list("ABCDEF")
    assert (view.points_spent, view.points_budget, view.points_left) == (16, 16, 0)
    assert view.initiative == "+3 + 2d6" and view.actions == "2"
    assert view.to_hit == (("Surprised", 8), ("Normal", 13), ("Dodging", 18))
    assert (view.move_action, view.move_frame, view.unarmed) == ("12 ft", "60 ft", "4")
    assert view.weapons[0].damage == "7 (3 + Brawn)"
    assert view.weapons[1].damage == "4 (weapon only)" and view.weapons[1].range == "50 ft"
    assert view.armor[0].damage_rating == "56 / 70"
    assert view.specials[0].stat == "Agility 3"
    assert view.specials[0].upgrade.startswith("Cost 1: The character can attack")
    assert (view.xp_earned, view.xp_left) == (20, 20)
    assert view.money == "$240" and view.items == "Rope ×2"


def test_energy_zero_acts_last() -> None:
    view = sheet.sheet_view(_character(attributes={"energy": 0}))
    assert view.actions == "1" and view.actions_note == "after everyone else"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_is_one_page_with_name_concept_stats_and_pools(paper: str) -> None:
    pages = _text(render_pdf([_character()], "sheet", paper))  # type: ignore[arg-type]
    assert len(pages) == 1
    text = pages[0]
    for expected in ("POW!", "Kaiser Überlegen", "A barbarian warlord who is quick to fight",
                     "Power Grrrl", "Agility", "Brawn", "Cognition", "Damage", "Energy",
                     "Fellowship", "5/9", "16/16", "16 / 16", "+3 + 2d6", "Ambidexterity",
                     "Broadsword", "Suburban", "$240", "EXPERIENCE", "NOTES", "SKETCH"):
        assert expected in text, expected


def test_a_400_word_effect_is_cut_on_the_sheet_and_printed_in_full_after_it() -> None:
    words = [f"w{i}" for i in range(399)] + ["LASTWORD"]
    special = AMBIDEXTERITY | {"effect": " ".join(words)}
    pages = _text(render_pdf([_character(specials=[special])], "sheet"))
    assert len(pages) >= 2
    assert "…" in pages[0] and "LASTWORD" not in pages[0]
    continued = " ".join(pages[1:])
    assert "CONTINUED FROM THE CHARACTER SHEET" in continued
    assert "LASTWORD" in continued and "w0 w1 w2" in continued


def test_more_specials_than_the_box_holds_go_to_the_continuation_page() -> None:
    specials = [AMBIDEXTERITY | {"name": f"Trick {i:02d}"} for i in range(40)]
    pages = _text(render_pdf([_character(specials=specials)], "sheet", "letter"))
    assert len(pages) >= 2
    assert "more on the continuation page" in pages[0]
    assert "Trick 39" in " ".join(pages[1:])


def test_card_has_the_front_the_fold_lines_and_the_corrected_key_charts() -> None:
    pages = _text(render_pdf([_character()], "card"))
    assert len(pages) == 1
    text = " ".join(pages[0].split())
    for expected in ("Hi, My Name Is:", "Kaiser Überlegen", "Basic Concept:",
                     "A barbarian warlord who is quick to fight", "FOLD HERE",
                     "FOLD HERE AND TAPE TO OTHER SIDE TO STAND UP", "COMBAT",
                     "STATISTIC CHECKS", "CHARACTER CREATION", "Determine Initiative"):
        assert expected in text, expected
    assert "it stops at 0; if higher, reduce it below 0 by the excess" in text
    assert "If the result is greater than the Stat, reduce to 0" not in text


def test_key_charts_file_marks_the_stat_save_correction() -> None:
    data = json.loads(resource("pow", "key_charts.json").read_text(encoding="utf-8"))
    corrected = [step for chart in data["charts"] for step in chart["steps"]
                 if "correction" in step]
    assert len(corrected) == 2
    for step in corrected:
        assert "Corrected (ours)" in step["correction"]
        assert "at or below the Stat, it stops at 0" in step["text"]
    assert [c["title"] for c in data["charts"]] == [
        "Combat", "Statistic Checks", "Character Creation"]


def test_card_fits_a_quarter_page_for_the_gm_screen() -> None:
    fonts.register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=Page.of("a4").size)
    for box in (Rect(30, 430, 260, 380), Rect(300, 430, 260, 380)):
        card.draw_card(canvas, _character(name="東京 Kid"), box)
    canvas.save()
    text = _text(buffer.getvalue())[0]
    assert text.count("Hi, My Name Is:") == 2 and "Kid" in text


def test_no_raise_on_the_sheet_where_the_price_of_greatness_forbids_it() -> None:
    # The Price of Greatness, Agility: "Brawn limited to a maximum of 4."
    stats = {"agility": 5, "brawn": 4, "cognition": 1, "damage": 1, "energy": 1,
             "fellowship": 1}
    view = sheet.sheet_view(_character(attributes=stats,
                                       options={"price_of_greatness": True}))
    assert [s.raise_xp for s in view.stats] == ["max", "—", "4", "4", "4", "4"]
    plain = sheet.sheet_view(_character(attributes=stats))
    assert plain.stats[1].raise_xp == "25"


def test_the_dying_act_not() -> None:
    # "If a character's Damage Stat is reduced to less than 0, he is rendered unconscious
    # and dying" (Taking Damage, Stat Saves).
    view = sheet.sheet_view(_character(tracking={"stats": {"damage": -1}}))
    assert (view.actions, view.actions_note) == ("0", "unconscious, dying")


SHORT_CONCEPT = "A barbarian warlord who is quick to fight and slow to forgive his enemies"
LONG_CONCEPT = ("A former circus electrician turned masked vigilante who fights the corrupt "
                "power company with stolen lightning, bad puns and a very loyal robot dog")


@pytest.mark.parametrize("concept", [SHORT_CONCEPT, LONG_CONCEPT, "lightning " * 200])
def test_a_long_basic_concept_wraps_and_is_never_below_8_pt(concept, monkeypatch) -> None:
    """A long Basic Concept wraps onto two lines before it shrinks and never prints below 8 pt
    (what does not fit goes to the continuation page, never smaller)."""
    fonts.register_primary()  # render_sheet is the inner step: draw_sheet registers them
    fitted = {}
    field = sheet.boxes.field

    def spy(canvas, box, caption, value, **kwargs):
        fitted[caption] = result = field(canvas, box, caption, value, **kwargs)
        return result

    monkeypatch.setattr(sheet.boxes, "field", spy)
    sheet.render_sheet(Canvas(io.BytesIO()), sheet.sheet_view(_character(concept=concept)),
                       Page.of("a4"), sheet.Overflow())
    shown = fitted["Basic Concept"]
    assert shown.size >= 8
    if concept == SHORT_CONCEPT:
        assert shown.lines == (SHORT_CONCEPT,) and shown.size == sheet.CONCEPT_MAX
    if concept == LONG_CONCEPT:
        assert len(shown.lines) == 2 and not shown.truncated


def test_a_giant_pool_is_written_not_drawn(tmp_path) -> None:
    """Stat 99 gives a pool of 9,801: a number, not 9,801 bubbles."""
    from desktop.pdf.export import render_pdf
    from desktop.systems.pow.rules.character import PowCharacter

    giant = PowCharacter.model_validate({
        "name": "Giant", "attributes": dict.fromkeys(
            ("agility", "brawn", "cognition", "damage", "energy", "fellowship"), 99)})
    data = render_pdf([giant], what="sheet")
    import io

    from pypdf import PdfReader

    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert "9801 points: too many bubbles to draw" in text
