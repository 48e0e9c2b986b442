"""Wrapping is linear in the text (issue 18): a long name without spaces, cut short or
wrapped whole, in well under a second."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from desktop import cli
from desktop.pdf import fonts
from desktop.pdf.text import ELLIPSIS, ellipsize, fit_text, forget_wrapping, width, wrap

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    fonts.register_fonts()


def test_a_long_unbroken_word_wraps_in_linear_time() -> None:
    forget_wrapping()
    font = fonts.REGULAR
    word = "Ω" + "x" * 20_000
    start = time.monotonic()
    lines = wrap(word, font, 10, 200)
    assert time.monotonic() - start < 1.5
    assert "".join(lines) == word
    assert all(width(line, font, 10) <= 200 for line in lines)
    assert all(width(line + "x", font, 10) > 200 for line in lines[:-1])  # greedy


def test_a_long_line_is_ellipsized_in_log_time() -> None:
    font = fonts.REGULAR
    start = time.monotonic()
    cut = ellipsize("y" * 20_000, font, 10, 150)
    assert time.monotonic() - start < 0.5
    assert cut.endswith(ELLIPSIS) and width(cut, font, 10) <= 150
    assert width("y" * (len(cut)) + ELLIPSIS, font, 10) > 150  # the most that fits


def test_fitting_a_long_name_in_a_small_box_is_fast() -> None:
    forget_wrapping()
    start = time.monotonic()
    fitted = fit_text("N" * 8_000, 180, 30, fonts.REGULAR, 14, 6)
    assert time.monotonic() - start < 1.5
    assert fitted.truncated


def test_exporting_a_character_with_a_long_unbroken_name(tmp_path, capsys) -> None:
    source = tmp_path / "long.sheetdesk"
    shutil.copy(REPO / "resources/pow/characters/electrobabe.sheetdesk", source)
    text = source.read_text(encoding="utf-8").replace('"Electrobabe"', '"' + "E" * 8000 + '"')
    source.write_text(text, encoding="utf-8")
    forget_wrapping()
    start = time.monotonic()
    assert cli.main(["export", str(source), "-o", str(tmp_path / "out.pdf")]) == 0
    assert time.monotonic() - start < 5
