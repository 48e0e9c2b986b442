from __future__ import annotations

import logging
from pathlib import Path

import pytest

from desktop.paths import resource
from desktop.pdf import fonts


def test_register_fonts_is_idempotent_and_names_the_dejavu_faces() -> None:
    first = fonts.register_fonts()
    assert fonts.register_fonts() is first
    for name in (fonts.REGULAR, fonts.BOLD, fonts.OBLIQUE):
        assert fonts.covers(name, "Ω")
        assert fonts.covers(name, "Ü")


def test_dejavu_has_no_cjk_so_it_needs_a_fallback() -> None:
    fonts.register_fonts()
    assert not fonts.covers(fonts.REGULAR, "東")


def test_runs_keep_covered_text_in_one_run() -> None:
    fonts.register_fonts()
    assert fonts.runs("Kaiser Überlegen Ωmega", fonts.REGULAR) == [
        ("Kaiser Überlegen Ωmega", fonts.REGULAR)]


def test_runs_switch_to_the_first_fallback_that_has_the_glyph() -> None:
    fonts.register_fonts()
    # Bold stands in for a CJK font here: it has "Ω" and the run logic is the same.
    assert fonts.runs("aΩb", "Helvetica", fallbacks=[fonts.BOLD]) == [
        ("a", "Helvetica"), ("Ω", fonts.BOLD), ("b", "Helvetica")]


def test_runs_without_any_font_for_a_glyph_stay_with_the_primary() -> None:
    fonts.register_fonts()
    assert fonts.runs("東京", fonts.REGULAR, fallbacks=[fonts.BOLD]) == [
        ("東京", fonts.REGULAR)]


def test_string_width_of_cjk_is_positive_and_does_not_raise() -> None:
    fonts.register_fonts()
    assert fonts.string_width("東京", fonts.REGULAR, 10) > 0


# -- every script on paper -----------------------------------------------------

SCRIPTS = {
    # script: (a name, the bundled font that draws it when DejaVu cannot)
    "Chinese": ("东京 北京", "SheetdeskHan"),
    "Japanese": ("ひらがな カタカナ", "SheetdeskHan"),
    "Korean": ("서울 김민준", "SheetdeskHangul"),
    "Thai": ("สวัสดี", "SheetdeskThai"),
    "Devanagari": ("नमस्ते", "SheetdeskDevanagari"),
    "emoji": ("🐉🎲🧙", "SheetdeskSymbols"),
    "Hebrew": ("שלום", fonts.REGULAR),  # DejaVu has Hebrew and Arabic itself
    "Arabic": ("سلام", fonts.REGULAR),
}


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_every_script_has_a_bundled_font(script: str) -> None:
    name, expected = SCRIPTS[script]
    fonts.register_fonts()
    for font in (fonts.REGULAR, fonts.BOLD):
        assert fonts.missing_glyphs(name, font) == ""
    used = {f for piece, f in fonts.runs(name, fonts.REGULAR) if piece.strip()}
    assert used == {expected}


def test_the_bundled_fallbacks_are_in_resources_with_their_licences() -> None:
    folder = resource("fonts")
    for _, filename in fonts.FALLBACKS:
        assert (folder / filename).is_file()
    for licence in ("LICENSE-Noto.txt", "LICENSE-DroidSansFallback.txt", "LICENSE-Nanum.txt",
                    "LICENSE-Symbola.txt", "LICENSE-DejaVu.txt"):
        assert (folder / licence).is_file()
    assert set(fonts.register_fonts()) >= {name for name, _ in fonts.FALLBACKS}


def test_marks_and_joiners_stay_with_their_letter() -> None:
    fonts.register_fonts()
    # Devanagari vowel signs and the virama are marks: one run, not split by font
    assert [f for _, f in fonts.runs("नमस्ते", fonts.REGULAR)] == ["SheetdeskDevanagari"]
    # a variation selector no font has is not reported and not boxed
    assert fonts.missing_glyphs("♥\ufe0f", fonts.REGULAR) == ""


def test_a_character_no_font_has_is_noted_only_when_collecting() -> None:
    fonts.register_fonts()
    assert fonts.missing_glyphs("Ra 𓀀", fonts.REGULAR) == "𓀀"
    fonts.note_missing("𓀀", fonts.REGULAR)  # outside a block: nothing to note into
    with fonts.collect_missing() as missing:
        fonts.note_missing("Ra 𓀀 𓁐 東", fonts.REGULAR)
    assert missing == {"𓀀", "𓁐"}
    assert "U+13000 EGYPTIAN HIEROGLYPH A001" in fonts.describe_missing(missing)


def test_a_font_that_fails_to_load_is_skipped_with_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(b"not a font at all" * 10)
    real = fonts.FALLBACKS
    monkeypatch.setattr(fonts, "FALLBACKS", (
        ("SheetdeskBroken", str(broken)), ("SheetdeskAbsent", str(tmp_path / "none.ttf")),
        *real))
    monkeypatch.setattr(fonts, "_bundled", lambda filename: filename if "/" in filename
                        else str(resource("fonts", filename)))
    fonts.register_fonts.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="desktop.pdf.fonts"):
            usable = fonts.register_fonts()
    finally:
        fonts.register_fonts.cache_clear()
    assert "SheetdeskBroken" not in usable and "SheetdeskAbsent" not in usable
    assert {name for name, _ in real} <= set(usable)
    warned = [r.getMessage() for r in caplog.records]
    assert any("broken.ttf" in m for m in warned) and any("none.ttf" in m for m in warned)


@pytest.mark.parametrize("text", ["", "Kaiser Überlegen", "Ωmega 12 / 30", "W" * 300, "東京"])
@pytest.mark.parametrize("size", [6.0, 7.25, 9.5, 13.0])
def test_measure_is_reportlabs_string_width_to_the_last_bit(text: str, size: float) -> None:
    from reportlab.pdfbase import pdfmetrics

    fonts.register_primary()
    for name in (fonts.REGULAR, fonts.BOLD, "Helvetica"):
        assert fonts.measure(text, name, size) == pdfmetrics.stringWidth(text, name, size)
        assert fonts.measure(text, name, size) == pdfmetrics.stringWidth(text, name, size)


@pytest.mark.usefixtures("private_font_registry")
def test_measured_widths_follow_a_font_registered_again_under_the_same_name() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("SheetdeskTestFace", str(resource("fonts", "DejaVuSans.ttf"))))
    narrow = fonts.measure("Wide words", "SheetdeskTestFace", 10)
    del pdfmetrics._fonts["SheetdeskTestFace"]  # reportlab keeps the first otherwise
    pdfmetrics.registerFont(TTFont("SheetdeskTestFace",
                                   str(resource("fonts", "DejaVuSans-Bold.ttf"))))
    assert fonts.measure("Wide words", "SheetdeskTestFace", 10) > narrow


@pytest.mark.usefixtures("private_font_registry")
def test_coverage_skips_codes_beyond_unicode_and_adds_the_spaces() -> None:
    """A damaged character map (codes past U+10FFFF, negative ones) costs those codes,
    not the font."""
    from types import SimpleNamespace

    from reportlab.pdfbase import pdfmetrics

    pdfmetrics._fonts["SheetdeskOddMap"] = SimpleNamespace(
        face=SimpleNamespace(charToGlyph={65: 1, 0x110000: 2, -1: 3}))
    covered = fonts.coverage("SheetdeskOddMap")
    assert "A" in covered and "B" not in covered
    assert {" ", "\u3000", "\u00a0", "\t"} <= covered
    assert covered == fonts.coverage("SheetdeskOddMap")  # kept for the same font object
