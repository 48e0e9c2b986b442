"""Blank, fillable sheets."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from desktop.paths import resource
from desktop.pdf.blank import export_blank, render_blank
from desktop.pdf.export import render_pdf
from desktop.systems import SYSTEMS
from desktop.systems.files import load_character

NAME_FIELD = {"pow": "Name", "pocket": "Character Name", "protector": "Name",
              "kruhl": "Name", "powers": "Name"}


def _fields(data: bytes) -> set[str]:
    return set(PdfReader(io.BytesIO(data)).get_fields() or {})


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_every_game_has_a_blank_sheet_with_fields_to_type_into(game):
    data = render_blank(game)
    fields = _fields(data)
    assert {NAME_FIELD[game], "Player"} <= fields
    if game != "protector":
        assert {"Notes", "Description and Notes"} & fields
    assert len(PdfReader(io.BytesIO(data)).pages) >= 1


def test_a_filled_in_character_s_sheet_has_no_form_fields():
    character = load_character(resource("pow", "characters", "electrobabe.sheetdesk"))
    assert _fields(render_pdf([character])) == set()


def test_blank_sheet_and_card_to_a_file(tmp_path):
    out = tmp_path / "blank.pdf"
    export_blank("pow", out, what="both", paper="letter")
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    assert {"Name", "Basic Concept", "Worldbook"} <= set(reader.get_fields())
