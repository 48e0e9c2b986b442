"""Pictures on paper: fitted into their frame, a broken one left out."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.model.portrait import Portrait
from desktop.pdf.page import Rect
from desktop.pdf.picture import draw_picture


def _png() -> bytes:
    from PIL import Image  # reportlab's own dependency

    buffer = io.BytesIO()
    Image.new("RGB", (20, 10), "red").save(buffer, "PNG")
    return buffer.getvalue()


PNG = _png()


def _images(data: bytes) -> int:
    count = 0
    for page in PdfReader(io.BytesIO(data)).pages:
        resources = page.get("/Resources") or {}
        xobjects = resources.get("/XObject") or {}
        count += sum(1 for x in xobjects.values() if x.get_object().get("/Subtype") == "/Image")
    return count


def test_a_picture_is_drawn_fitted_and_a_broken_one_is_not():
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    assert draw_picture(canvas, Rect(10, 10, 100, 100), PNG)
    assert not draw_picture(canvas, Rect(10, 10, 100, 100), b"\x89PNG\r\n\x1a\nbroken")
    assert not draw_picture(canvas, Rect(10, 10, 100, 100), None)
    canvas.save()
    assert _images(buffer.getvalue()) == 1


@pytest.mark.parametrize(("game", "example", "expected"), [
    ("pow", "electrobabe", 2), ("pocket", "artos", 2), ("protector", "arclight", 2),
    ("kruhl", "virek-kohl", 2), ("powers", "bob", 2)])
def test_the_sheet_and_card_show_the_picture(game, example, expected):
    """POW!'s Sketch box, Pocket Universe's portrait box, the other sheets' headers and
    every ID card's front;
    a character without a picture prints the blank frame (no image at all)."""
    from desktop.paths import resource
    from desktop.pdf.export import render_pdf
    from desktop.systems.files import load_character

    character = load_character(resource(game, "characters", f"{example}.sheetdesk"))
    assert _images(render_pdf([character], what="both")) == 0
    character.picture = Portrait.from_bytes(PNG, "image/png")
    assert _images(render_pdf([character], what="both")) == expected
