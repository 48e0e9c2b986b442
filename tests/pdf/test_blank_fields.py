"""Every game's blank sheet can be filled in a PDF reader: the key
spots of each sheet are form fields, each inside the page, none over another, and none
over the sheet's printed words."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from desktop.pdf.blank import render_blank
from desktop.systems import SYSTEMS

EXPECTED = {
    "pow": {"Name", "Player", "Basic Concept", "Worldbook", "Agility Score", "Agility Now",
            "Fellowship Pool", "Character Points", "Initiative", "To hit Normal", "Move",
            "Special 1", "Special 1 Effect", "Weapon 1", "Weapon 1 Damage", "Armor 1 FR",
            "Other items", "Money", "XP Earned", "XP Left", "Description", "Notes"},
    "pocket": {"Character Name", "Age", "Sex", "Player", "PHYS", "DEFT", "INTL", "WILL",
               "Hits", "Initiative 1-2", "EPs spent", "Trait 1", "Trait 1 Points",
               "Contact 1", "Contact 1 Location", "Skill 1", "Skill 1 Score",
               "Language 1", "Weapon 3", "Weapon 3 Skill", "Defense 6", "Shield 1",
               "Helmet Name", "Worn Armor Physical", "Equipment", "Money", "Portrait",
               "Description and Notes"},
    "protector": {"Name", "Player", "Age", "Years old", "Energy", "Depleted Dice",
                  "Damage Dice", "Trait 1", "Trait 1 Steps", "Character Description",
                  "Internal conflict 1", "Internal conflict 1 Trigger", "Decade 1",
                  "Decade 1 What they did", "Event 1", "Event 1 Powers", "Power 1",
                  "Power 1 Pool dice", "Power 1 Depleted Die", "Agent 1", "Agent 1 Pool"},
    "kruhl": {"Name", "Concept", "Player", "Agility", "Brawn", "Reason", "Presence",
              "Power Level", "Initiative", "Endurance 1", "Plot point 1",
              "Culture Level", "Culture Adds", "Skill 12", "Equipment 1",
              "Equipment 1 Rating", "Prone", "Helpless or unconscious",
              "Description and Notes"},
    "powers": {"Name", "Concept", "Player", "Strength", "Agility", "Health",
               "Hit point 1", "Initiative", "Dodge an attack Pool", "Power 1",
               "Power 1 Component", "Power 1 Cost", "Description and Notes"},
}


def _widgets(data: bytes) -> list[tuple[int, str, tuple[float, ...]]]:
    """(page index, field name, rectangle) of every form field."""
    out = []
    for index, page in enumerate(PdfReader(io.BytesIO(data)).pages):
        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            if annot.get("/Subtype") == "/Widget":
                out.append((index, str(annot["/T"]), tuple(float(v) for v in annot["/Rect"])))
    return out


def _words(page) -> list[tuple[float, float, str]]:
    """Where each printed piece of text starts (its baseline), in page space."""
    found: list[tuple[float, float, str]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((x, y, text.strip()))

    page.extract_text(visitor_text=visit)
    return found


@pytest.fixture(scope="module", params=[(game, paper) for game in SYSTEMS
                                        for paper in ("a4", "letter")], ids=str)
def blank(request) -> tuple[str, bytes]:
    game, paper = request.param
    return game, render_blank(game, paper=paper)


def test_the_sheets_key_spots_are_fields(blank):
    game, data = blank
    names = {name for _, name, _ in _widgets(data)}
    assert EXPECTED[game] <= names, sorted(EXPECTED[game] - names)
    assert set(PdfReader(io.BytesIO(data)).get_fields()) == names, "every field shown"


def test_fields_lie_in_the_page_and_apart(blank):
    game, data = blank
    reader = PdfReader(io.BytesIO(data))
    widgets = _widgets(data)
    for index, name, (x0, y0, x1, y1) in widgets:
        box = reader.pages[index].mediabox
        assert float(box.left) <= x0 < x1 <= float(box.right), name
        assert float(box.bottom) <= y0 < y1 <= float(box.top), name
    for i, (page_a, name_a, a) in enumerate(widgets):
        for page_b, name_b, b in widgets[i + 1:]:
            overlap_w = min(a[2], b[2]) - max(a[0], b[0])
            overlap_h = min(a[3], b[3]) - max(a[1], b[1])
            assert page_a != page_b or overlap_w <= 0.01 or overlap_h <= 0.01, (
                f"{game}: {name_a} overlaps {name_b}")


def test_no_field_lies_over_printed_words(blank):
    game, data = blank
    reader = PdfReader(io.BytesIO(data))
    widgets = _widgets(data)
    for index, page in enumerate(reader.pages):
        for x, y, text in _words(page):
            for _, name, (x0, y0, x1, y1) in (w for w in widgets if w[0] == index):
                inside = x0 + 0.5 < x < x1 - 0.5 and y0 + 0.5 < y < y1 - 0.5
                assert not inside, f"{game}: {text!r} printed under the field {name}"


def test_sheet_and_card_together_keep_the_sheet_s_fields():
    data = render_blank("protector", what="both", paper="letter")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    assert {"Character Description", "Depleted Dice"} <= set(reader.get_fields())
