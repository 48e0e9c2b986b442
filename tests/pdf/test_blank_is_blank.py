"""A blank sheet is blank: empty boxes and unshaded bubbles, with no number but those the
book prints on its own blank sheet (Pocket Universe's "Melee: 10=") or that belong to the
printed rules (difficulty tables, key charts), no findings footer, and no form field
holding a value the book's blank sheet does not print."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from functools import cache

import pytest
from PIL import Image
from pypdf import PdfReader

from desktop.paths import resource
from desktop.pdf import bubbles
from desktop.pdf.blank import render_blank
from desktop.pdf.bubbles import Circle
from desktop.pdf.export import render_pdf
from desktop.systems import SYSTEMS
from desktop.systems.files import load_character

# Every word holding a digit that a blank sheet and ID card may print: the book's own
# numbers (rules, tables, key charts, column heads), never a character's.
BOOK_NUMBERS: dict[str, set[str]] = {
    # Sheet: "Pool bubbles (25)", "Agility + 5 / 10 / 15", "Agility + 2d6", the rules'
    # version; card: the book's key charts.
    "pow": {"(25)", "10", "15)", "2d6,", "5", "v1.01", "(6", "+10", "+15", "+5", "0",
            "0,", "0;", "1", "15", "1d6", "2", "2-6", "20", "2d6);", "3", "4", "6",
            "50/50."},
    # "+1 die each · difficulty 2d8", "6 build dice per energy die", "1 each".
    "protector": {"+1", "1", "2d8", "6", "d6s"},
    # Conditions, difficulty values, range bands, the dice rule.
    "kruhl": {"(8", "+1", "+1,", "0", "0:", "1", "1,000", "10", "100", "12", "1d6", "1s",
              "24", "2D6", "2d6", "2s", "3", "3E", "3e,", "6", "9", "−1", "(1", "(1,000",
              "(10", "(100"},
    # The record sheet's "1-2 3-8 9-10" and "Melee: 10=", the unskilled rule, "see 6.3".
    "pocket": {"6.3", "1", "1-2", "10", "10;", "1d10", "3-8", "4", "9-10"},
    # "each 5 or 6 is a hit", "more than half the dice show 1", the draft's version.
    "powers": {"1", "5", "6", "6;", "d6", "v0.1", "v1", "v1."},
}

# What the blanks printed when they were a minimum character's sheet.
NOT_BLANK = {"pow": ["6 / 15", "+1 + 2d6", "12 ft", "9 left", "60 ft"],
             "protector": ["10 ready", "10 to start", "0-9", "WWI"],
             "kruhl": ["Now 5 of 5", "Brawn 2", "1 held", "1d6 + 2"],
             "pocket": ["Punch", "Kick", "$500", "6 left", "unskilled −1"],
             "powers": ["3 dice", "Health 10", "Now 10 of 10", "none yet"]}

BOOK_VALUES = {"pocket": set()}
"""Form field values a game's book prints on its blank sheet (none is a field's)."""


@cache
def _blank(game: str) -> bytes:
    return render_blank(game, what="both")


def _pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_a_blank_prints_only_the_book_s_numbers(game):
    words = {w for text in _pages(_blank(game)) for w in re.findall(r"\S*\d\S*", text)}
    assert words <= BOOK_NUMBERS[game], sorted(words - BOOK_NUMBERS[game])
    flat = " ".join(" ".join(text.split()) for text in _pages(_blank(game)))
    for value in NOT_BLANK[game]:
        assert value not in flat, value


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_a_blank_s_fields_hold_no_value(game):
    fields = PdfReader(io.BytesIO(_blank(game))).get_fields() or {}
    assert fields
    values = {name: f.get("/V") for name, f in fields.items()
              if f.get("/V") not in (None, "", "/Off")}
    assert set(values.values()) <= BOOK_VALUES.get(game, set()), values


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_a_blank_has_no_findings_footer(game):
    for text in _pages(_blank(game)):
        assert "finding" not in text.lower()


def test_the_field_font_is_named_in_every_field():
    """reportlab's form fields take only the 14 standard fonts: Helvetica, the closest
    to the sheet's DejaVu Sans, is every field's."""
    appearances = {str(annot.get_object().get("/DA"))
                   for page in PdfReader(io.BytesIO(_blank("pow"))).pages
                   for annot in page.get("/Annots") or []
                   if annot.get_object().get("/FT") == "/Tx"}
    assert appearances and all("/Helv" in da for da in appearances), appearances


def _darkness(png: Image.Image, circle: Circle, page_h: float, dpi: int) -> float:
    """The mean darkness (0 white, 1 black) inside the middle of ``circle``."""
    scale = dpi / 72
    half = circle.r * 0.4 * scale  # well inside the ring
    cx, cy = circle.cx * scale, (page_h - circle.cy) * scale
    box = png.convert("L").crop((round(cx - half), round(cy - half), round(cx + half) + 1,
                                 round(cy + half) + 1))
    pixels = [box.getpixel((x, y)) for x in range(box.width) for y in range(box.height)]
    return 1 - sum(pixels) / (255 * len(pixels))  # type: ignore[arg-type]


def _bubble_darkness(monkeypatch, tmp_path, data_of) -> list[float]:
    """How dark each POW! pool bubble prints: the sheet drawn by ``data_of()`` is
    rendered by poppler, and each bubble's middle is measured where it was drawn."""
    drawn: list[Circle] = []

    def recording(*args, **kwargs):
        circles = bubbles.draw_bubbles(*args, **kwargs)
        drawn.extend(circles)
        return circles

    monkeypatch.setattr("desktop.systems.pow.printing.sheet.draw_bubbles", recording)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(data_of())
    dpi = 100
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", str(pdf),
                    str(tmp_path / "page")], check=True)
    png = Image.open(next(tmp_path.glob("page*.png")))
    page_h = float(PdfReader(pdf).pages[0].mediabox.height)
    assert len(drawn) == 6 * 25
    return [_darkness(png, c, page_h, dpi) for c in drawn]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_a_blank_pow_sheet_s_bubbles_are_unshaded(monkeypatch, tmp_path):
    assert max(_bubble_darkness(monkeypatch, tmp_path, lambda: render_blank("pow"))) < 0.05


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_a_character_s_bubbles_beyond_the_pool_are_shaded(monkeypatch, tmp_path):
    """The measure above sees shading: a character's sheet has its shaded bubbles."""
    character = load_character(resource("pow", "characters", "electrobabe.sheetdesk"))
    dark = _bubble_darkness(monkeypatch, tmp_path,
                            lambda: render_pdf([character], what="sheet"))
    assert sum(d > 0.15 for d in dark) >= 25
