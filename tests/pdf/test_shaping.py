"""Text as drawn: right-to-left runs in visual order, complex scripts shaped."""

from __future__ import annotations

import unicodedata

import pytest
from reportlab.pdfbase import pdfmetrics

from desktop.pdf import fonts, shaping

pytest.importorskip("uharfbuzz")
pytest.importorskip("bidi")

F = fonts.REGULAR


@pytest.fixture(autouse=True)
def _fonts() -> None:
    fonts.register_fonts()


def texts(text: str, font: str = F) -> list[str]:
    return [str(p.text) for p in shaping.layout(text, font, 10)]


def test_plain_text_is_drawn_as_typed_in_its_font_runs() -> None:
    assert not shaping.needs_shaping("Kaiser Überlegen 東京")
    pieces = shaping.layout("Kaiser 東京", F, 10)
    assert [(str(p.text), p.font) for p in pieces] == [("Kaiser ", F), ("東京", "SheetdeskHan")]
    assert pieces[0].width == pytest.approx(pdfmetrics.stringWidth("Kaiser ", F, 10))


def test_hebrew_is_put_in_visual_order() -> None:
    assert texts("שלום") == ["םולש"]
    # in a left-to-right line the Hebrew words read right to left, the rest stays put
    assert texts("abc שלום עולם def") == ["abc ", "םלוע םולש", " def"]


def test_a_right_to_left_line_puts_its_runs_right_to_left() -> None:
    # base direction from the first strong letter: Hebrew first, so the Latin goes left
    assert texts("שלום abc") == ["abc", " םולש"]
    assert shaping.levels("שלום abc") == [1, 1, 1, 1, 1, 2, 2, 2]


def test_arabic_letters_are_joined() -> None:
    shaped = "".join(texts("سلام"))
    # joined forms (presentation forms and the lam-alef ligature), in visual order
    assert "\ufefc" in shaped  # ARABIC LIGATURE LAM WITH ALEF FINAL FORM
    assert unicodedata.name(shaped[-1]) == "ARABIC LETTER SEEN INITIAL FORM"


def test_devanagari_is_shaped_into_conjuncts() -> None:
    pieces = shaping.layout("नमस्ते", F, 10)
    assert [p.font for p in pieces] == ["SheetdeskDevanagari"]
    shaped = str(pieces[0].text)
    assert shaped != "नमस्ते" and len(shaped) < len("नमस्ते")  # स्त is one glyph
    assert shaping.width("नमस्ते", F, 10) == pytest.approx(pieces[0].width)


def test_thai_marks_take_no_advance() -> None:
    pieces = shaping.layout("สวัสดี", F, 10)
    unshaped = pdfmetrics.stringWidth("สวัสดี", "SheetdeskThai", 10)
    assert [p.font for p in pieces] == ["SheetdeskThai"]
    assert pieces[0].width <= unshaped


def test_visual_order_follows_rule_l2() -> None:
    order = shaping._visual_order([("a", F, 0), ("b", F, 1), ("c", F, 2), ("d", F, 1),
                                   ("e", F, 0)])
    assert [s[0] for s in order] == ["a", "d", "c", "b", "e"]
    assert shaping._visual_order([]) == []


def test_a_text_of_known_simple_letters_can_still_need_shaping() -> None:
    assert not shaping.needs_shaping("Überlegen — café")  # its letters are now known
    assert not shaping.needs_shaping("café Überlegen")
    assert shaping.needs_shaping("cafe\u0301")  # a combining accent
    assert shaping.needs_shaping("Überlegen שלום")
    assert shaping.needs_shaping("café नमस्ते")
