"""Words for players: the printed sheets and ID cards of every example character and
every game's blank sheet hold no developer words: no internal keys (``fumble_from``,
``move.speed.super_fast``), no file names (``RULINGS.md``, ``costs.json``), no fractions
of more than six digits and no count of findings (they are the editor's, not the
table's). Words from the books stay as the books write them."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop.paths import resource
from desktop.pdf.blank import render_blank
from desktop.pdf.export import render_pdf
from desktop.systems import SYSTEMS
from desktop.systems.files import load_character

DEVELOPER_WORDS: dict[str, re.Pattern[str]] = {
    "internal key": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "dotted id": re.compile(r"\b[a-z]{2,}(?:\.[a-z_]{2,})+\b"),
    "file name": re.compile(r"\b[\w-]+\.(?:md|json|sheetdesk|py|toml|ya?ml|txt)\b", re.I),
    "long fraction": re.compile(r"\d{7,}\s*/\s*\d|\d\s*/\s*\d{7,}"),
    "findings count": re.compile(r"\b(?:\d+|no)\s+findings?\b", re.I),
}


def _examples() -> list[Path]:
    return sorted(Path(resource("pow")).parent.glob("*/characters/*.sheetdesk"))


@cache
def _text(kind: str, what: str) -> list[str]:
    """Every page's text: of an example character's sheet and card, or of a blank."""
    if kind == "blank":
        data = render_blank(what, what="both")
    else:
        data = render_pdf([load_character(Path(what))], what="both")
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def _found(pages: list[str]) -> list[str]:
    found = []
    for number, text in enumerate(pages, 1):
        for what, pattern in DEVELOPER_WORDS.items():
            found += [f"page {number}: {what} {m.group(0)!r}" for m in pattern.finditer(text)]
    return found


def test_there_are_examples_of_every_game():
    assert {path.parent.parent.name for path in _examples()} == set(SYSTEMS)


@pytest.mark.parametrize("path", _examples(), ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_an_example_character_s_pages_have_no_developer_words(path):
    assert _found(_text("character", str(path))) == []


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_a_blank_sheet_has_no_developer_words(game):
    assert _found(_text("blank", game)) == []


@pytest.mark.parametrize("sample", ["move.speed.super_fast 3", "see RULINGS.md",
                                    "fumble_from", "194444938625/282429536481",
                                    "5 findings", "No findings", "costs.json"])
def test_the_patterns_catch_what_they_are_for(sample):
    assert _found([sample])


@pytest.mark.parametrize("sample", ["Pool = Stat × Stat", "1d6 + 2", "50/50.", "1,000 m",
                                    "Hand-to-hand Combat", "e.g. a sword", "1/1/2"])
def test_the_patterns_leave_players_words_alone(sample):
    assert _found([sample]) == []
