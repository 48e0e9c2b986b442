from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from desktop.model.dice import Roller
from desktop.model.dice_expression import parse


@pytest.mark.parametrize(("text", "canonical"), [
    ("2d6+3", "2d6+3"), ("d20", "1d20"), (" 3d6 - 2d4 + 1 ", "3d6-2d4+1"), ("4", "4"),
    ("2D10", "2d10"),
])
def test_expressions_read_as_written(text, canonical) -> None:
    assert parse(text).text == canonical


@pytest.mark.parametrize("text", ["", "2d", "d", "2d6+", "2d6 3", "x", "0d6", "2d1",
                                  "101d6"])
def test_bad_expressions_say_what_to_write(text) -> None:
    with pytest.raises(ValueError, match=r"2d6\+3|dice of"):
        parse(text)


def test_distribution_matches_enumeration() -> None:
    expression = parse("2d6-1d4+3")
    brute = [a + b - c + 3 for a, b, c in product(range(1, 7), range(1, 7), range(1, 5))]
    assert expression.p_at_least(8) == Fraction(sum(v >= 8 for v in brute), len(brute))
    assert expression.mean() == Fraction(sum(brute), len(brute))
    assert expression.bounds() == (min(brute), max(brute))


def test_a_roll_shows_every_die_and_repeats_with_its_seed() -> None:
    text = parse("2d6+3").roll(Roller(seed=5))
    assert text == parse("2d6+3").roll(Roller(seed=5))
    faces = Roller(seed=5).throw(2, 6).faces
    assert text == f"2d6+3 = [{faces[0]}, {faces[1]}] + 3 = {sum(faces) + 3}"
