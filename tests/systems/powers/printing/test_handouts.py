"""Powers prints its power cards after the sheet when sheets and cards are asked for,
through the party export; the sheet alone is only the sheet."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from desktop.pdf.export import render_pdf
from desktop.systems.files import load_character

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "powers" / "characters"


def pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_the_sheet_is_followed_by_the_power_cards() -> None:
    bob = load_character(EXAMPLES / "bob.sheetdesk")
    both = pages(render_pdf([bob], what="both"))
    assert len(both) == 1 + (len(bob.powers) + 5) // 6 + 1
    assert "Blammo Cannon" in both[1] and "Power cards 1" in both[1]
    assert len(pages(render_pdf([bob], what="card"))) == 1


def test_the_sheet_alone_has_no_power_card_page() -> None:
    for name in ("bob", "dave", "nigel"):
        character = load_character(EXAMPLES / f"{name}.sheetdesk")
        sheet = pages(render_pdf([character], what="sheet"))
        assert len(sheet) == 1 and "Power cards" not in sheet[0], name


def test_a_mixed_party_prints_each_games_pages() -> None:
    bob = load_character(EXAMPLES / "bob.sheetdesk")
    soraya = load_character(EXAMPLES.parents[1] / "kruhl" / "characters" / "soraya.sheetdesk")
    text = pages(render_pdf([soraya, bob], what="both"))
    assert len(text) == 2 + 2 + (len(bob.powers) + 5) // 6  # sheet and card each, + cards
    assert "Soraya" in text[0] and "Bob" in text[2] and "Blammo Cannon" in text[3]
