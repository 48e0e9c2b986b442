"""Wrapping is linear in the text: a long name without spaces, cut short or
wrapped whole.

The work of wrapping is measuring text (reportlab's, in C, where tests/work.py counts
no calls), so these tests count the characters handed to ``width``: a line's worth at a
time is linear in the text, the rest of the text at every line is quadratic."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest

from desktop import cli
from desktop.pdf import fonts, text
from desktop.pdf.text import ELLIPSIS, ellipsize, fit_text, forget_wrapping, width, wrap

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    fonts.register_fonts()


@dataclass
class Measures:
    calls: int = 0
    characters: int = 0


@contextmanager
def counting_measures() -> Iterator[Measures]:
    """The calls of ``text.width`` made inside the block, and their characters, from
    cold caches."""
    forget_wrapping()
    measures = Measures()
    real = text.width

    def counted(line: str, font: str, size: float) -> float:
        measures.calls += 1
        measures.characters += len(line)
        return real(line, font, size)

    with mock.patch.object(text, "width", counted):
        yield measures


def _measured(func: Callable[[], object]) -> Measures:
    with counting_measures() as measures:
        func()
    return measures


def test_a_long_unbroken_word_wraps_in_linear_time() -> None:
    font = fonts.REGULAR
    word = "Ω" + "x" * 20_000
    lines = wrap(word, font, 10, 200)
    assert "".join(lines) == word
    assert all(width(line, font, 10) <= 200 for line in lines)
    assert all(width(line + "x", font, 10) > 200 for line in lines[:-1])  # greedy
    small, large = (_measured(lambda n=n: wrap("Ω" + "x" * n, font, 10, 200)).characters
                    for n in (5_000, 20_000))
    assert large / small < 5  # linear: about 4; quadratic: about 16


def test_a_long_line_is_ellipsized_in_log_time() -> None:
    font = fonts.REGULAR
    cut = ellipsize("y" * 20_000, font, 10, 150)
    assert cut.endswith(ELLIPSIS) and width(cut, font, 10) <= 150
    assert width("y" * (len(cut)) + ELLIPSIS, font, 10) > 150  # the most that fits
    short, long = (_measured(lambda n=n: ellipsize("y" * n, font, 10, 150))
                   for n in (2_000, 20_000))
    assert long.calls - short.calls <= 10  # log₂ 10 more halvings; one a character: 18,000
    assert long.characters <= 20_000 + 2 * short.characters  # the whole line measured once


def test_fitting_a_long_name_in_a_small_box_is_linear() -> None:
    assert fit_text("N" * 8_000, 180, 30, fonts.REGULAR, 14, 6).truncated
    small, large = (_measured(lambda n=n: fit_text("N" * n, 180, 30, fonts.REGULAR, 14, 6))
                    for n in (2_000, 8_000))
    assert large.characters / small.characters < 5  # ~1: what fits the box; quadratic: 16


def test_exporting_a_character_with_a_long_unbroken_name(tmp_path, capsys) -> None:
    source = tmp_path / "long.sheetdesk"
    shutil.copy(REPO / "resources/pow/characters/electrobabe.sheetdesk", source)
    content = source.read_text(encoding="utf-8")
    source.write_text(content.replace('"Electrobabe"', '"' + "E" * 8000 + '"'), encoding="utf-8")
    with counting_measures() as measures:
        code = cli.main(["export", str(source), "-o", str(tmp_path / "out.pdf")])
    assert code == 0
    # About 216,000; measuring the rest of the name at each line: millions.
    assert measures.characters < 2_000_000
