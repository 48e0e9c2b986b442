from __future__ import annotations

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
