from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import fonts
from desktop.pdf.page import Rect
from desktop.pdf.text import ELLIPSIS, LEADING, fit_and_draw, fit_text, width, wrap

F = fonts.REGULAR
LONG = " ".join(f"word{i % 37}" for i in range(400))


@pytest.fixture(autouse=True)
def _fonts() -> None:
    fonts.register_fonts()


def _inside(fitted, w: float, h: float) -> None:
    assert fitted.height <= h + 1e-6
    for line in fitted.lines:
        assert width(line, fitted.font, fitted.size) <= w + 1e-6


def test_short_text_fits_at_full_size() -> None:
    fitted = fit_text("Kaiser", 200, 20, F, 12, 6)
    assert fitted.status == "fits" and fitted.size == 12 and fitted.lines == ("Kaiser",)


def test_a_long_line_shrinks_before_it_wraps() -> None:
    text = "Kaiser Überlegen the Unstoppable"
    full = width(text, F, 12)
    fitted = fit_text(text, full * 0.8, 20, F, 12, 6)
    assert fitted.status == "shrunk" and fitted.size < 12 and len(fitted.lines) == 1
    _inside(fitted, full * 0.8, 20)


def test_below_the_minimum_size_it_wraps() -> None:
    text = "A barbarian warlord who is quick to fight and slow to forgive"
    fitted = fit_text(text, 80, 60, F, 10, 8)
    assert fitted.wrapped and not fitted.truncated and len(fitted.lines) > 1
    assert " ".join(fitted.lines) == text
    _inside(fitted, 80, 60)


def test_a_400_word_effect_is_cut_short_flagged_and_never_spills() -> None:
    fitted = fit_text(LONG, 150, 60, F, 7.5, 5.5, wrap_first=True)
    assert fitted.truncated and fitted.wrapped and fitted.size == 5.5
    assert fitted.status == "truncated"
    assert fitted.text == LONG
    assert fitted.lines[-1].endswith(ELLIPSIS)
    assert len(fitted.lines) == int(60 // (5.5 * LEADING))
    _inside(fitted, 150, 60)


def test_a_400_word_effect_in_a_big_box_wraps_without_loss() -> None:
    fitted = fit_text(LONG, 500, 700, F, 9, 5, wrap_first=True)
    assert not fitted.truncated
    assert " ".join(fitted.lines).split() == LONG.split()
    _inside(fitted, 500, 700)


def test_a_box_too_small_for_one_line_prints_nothing_and_says_so() -> None:
    fitted = fit_text("Hello", 100, 2, F, 10, 6)
    assert fitted.truncated and fitted.lines == ()


def test_wrap_breaks_overlong_words_and_keeps_newlines() -> None:
    lines = wrap("x" * 80 + "\nsecond", F, 10, 60)
    assert all(width(line, F, 10) <= 60 for line in lines)
    assert "".join(lines[:-1]) == "x" * 80 and lines[-1] == "second"


def test_cjk_wraps_between_characters_without_crashing() -> None:
    fitted = fit_text("東京" * 30, 60, 200, F, 10, 10, wrap_first=True)
    assert len(fitted.lines) > 1 and "".join(fitted.lines) == "東京" * 30


def test_fit_and_draw_draws_into_a_canvas() -> None:
    canvas = Canvas(io.BytesIO())
    fitted = fit_and_draw(canvas, "Ωmega", Rect(0, 0, 100, 20), F, 10, 6, align="center",
                          valign="middle")
    assert fitted.status == "fits"


@pytest.mark.parametrize("text", ["Kaiser Überlegen — 12/30 …", "東京 Kid", "שלום world",
                                  "नमस्ते", "", "Ωmega\u0301"])
def test_width_is_the_laid_out_width_for_every_kind_of_text(text: str) -> None:
    from desktop.pdf import shaping
    from desktop.pdf import text as text_module

    text_module.width.cache_clear()
    for size in (6.0, 9.25, 12.0):
        assert width(text, F, size) == shaping.width(text, F, size)


def test_a_fit_is_kept_and_forgotten_with_the_wrapping() -> None:
    from desktop.pdf.text import forget_wrapping

    first = fit_text(LONG, 200, 60, F, 10, 6)
    assert fit_text(LONG, 200, 60, F, 10, 6) is first  # immutable, so shared
    assert fit_text(LONG, 200, 60, F, 10, 6, wrap_first=True) is not first
    forget_wrapping()
    again = fit_text(LONG, 200, 60, F, 10, 6)
    assert again is not first and again == first


def test_wrapping_by_word_advances_breaks_where_measuring_each_line_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from desktop.pdf import text as text_module

    rng = random.Random(17)
    words = ["a", "Überlegen", "12/30", "—", "iii", "WWW", "x" * 40, "", " ", "end."]
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 60)))
             + rng.choice(["", "\n", "\n\nmore words here", "  "]) for _ in range(150)]
    cases = [(t, rng.choice([fonts.REGULAR, fonts.BOLD]), rng.choice([6.0, 7.25, 9.5]),
              rng.uniform(20, 300), rng.choice([None, 1, 3])) for t in texts]
    fast = [text_module.wrap(*case) for case in cases]
    assert any(len(lines) > 2 for lines in fast)
    text_module.forget_wrapping()
    monkeypatch.setattr(text_module, "_plain", lambda text, font: False)
    assert [text_module.wrap(*case) for case in cases] == fast
    text_module.forget_wrapping()


def test_dejavu_advances_add_up_exactly() -> None:
    assert fonts.exact_sums(fonts.REGULAR) and fonts.exact_sums(fonts.BOLD)
    assert not fonts.exact_sums("Helvetica")


def _whole_words(text: str, lines: tuple[str, ...] | list[str]) -> bool:
    """Whether ``lines`` hold ``text``'s words whole, in order (a line may end in "…")."""
    words = " ".join(lines).split()
    source = text.split()
    return all(w == s or (w.endswith("…") and s.startswith(w[:-1]))
               for w, s in zip(words, source, strict=False))


@pytest.mark.parametrize("box_w", [10, 20, 28, 40, 60])
def test_lines_break_between_words_only(box_w: float) -> None:
    for text in ("+3, unbalanced −2", "Throw Weapon (blade), unskilled 9", LONG):
        fitted = fit_text(text, box_w, 1e6, F, 7.5, 7.5, wrap_first=True)
        assert _whole_words(text, fitted.lines), fitted.lines
        assert all(width(line, F, 7.5) <= box_w + 1e-6 for line in fitted.lines)


def test_a_word_too_wide_shrinks_the_text_before_it_is_cut() -> None:
    fitted = fit_text("+3, unbalanced −2", 28, 100, F, 7.5, 4.5, wrap_first=True)
    assert fitted.lines == ("+3,", "unbalanced", "−2") and not fitted.truncated
    assert fitted.size < 7.5


def test_a_word_too_wide_at_the_smallest_size_is_cut_short_not_broken() -> None:
    fitted = fit_text("+3, unbalanced −2", 28, 100, F, 7.5, 7.5, wrap_first=True)
    assert fitted.truncated and fitted.lines[1].endswith("…")
    assert fitted.lines[0] == "+3," and fitted.lines[-1] == "−2"
    assert not any(line.startswith("nced") for line in fitted.lines)


def test_a_table_cell_shrinks_a_word_too_wide_for_it() -> None:
    from desktop.pdf.text import fit_cell

    fitted = fit_cell("+3, unbalanced −2", 28, 1e6, F, 7.5)
    assert "unbalanced" in fitted.lines and not fitted.truncated
    assert fit_cell("+3, ok", 28, 1e6, F, 7.5).size == 7.5
