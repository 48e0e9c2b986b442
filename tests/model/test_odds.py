"""Exact odds: dice sums against brute force, and percentages as people read them."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.model.odds import dice_sum_counts, faces, percent, probability


@given(count=st.integers(0, 4), sides=st.integers(1, 8))
def test_dice_sum_counts_match_brute_force(count: int, sides: int) -> None:
    brute = Counter(sum(roll) for roll in product(range(1, sides + 1), repeat=count))
    assert dict(dice_sum_counts(count, sides)) == dict(brute)
    assert sum(dice_sum_counts(count, sides).values()) == sides**count


def test_two_d6_is_the_familiar_triangle() -> None:
    assert dict(dice_sum_counts(2, 6)) == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4,
                                          10: 3, 11: 2, 12: 1}


@pytest.mark.parametrize(("count", "sides"), [(-1, 6), (2, 0)])
def test_no_distribution_for_impossible_dice(count: int, sides: int) -> None:
    with pytest.raises(ValueError):
        dice_sum_counts(count, sides)


@given(count=st.integers(0, 3), sides=st.integers(1, 6))
def test_faces_lists_every_ordered_outcome_once(count: int, sides: int) -> None:
    outcomes = list(faces(count, sides))
    assert len(outcomes) == len(set(outcomes)) == sides**count
    assert all(len(o) == count and all(1 <= f <= sides for f in o) for o in outcomes)


def test_probability_is_exact() -> None:
    two_d6 = dice_sum_counts(2, 6)
    assert probability(two_d6, lambda t: t >= 9) == Fraction(10, 36)
    assert probability(two_d6, lambda t: t >= 5) == Fraction(30, 36)
    assert probability(two_d6, lambda t: t > 12) == 0
    assert probability({1: 2, 2: 1}, lambda t: t == 1) == Fraction(2, 3)


@pytest.mark.parametrize(("p", "places", "shown"), [
    (Fraction(0), 1, "0 %"),
    (Fraction(1), 1, "100 %"),
    (Fraction(1, 2), 1, "50.0 %"),
    (Fraction(7, 12), 1, "58.3 %"),
    (Fraction(10, 36), 1, "27.8 %"),
    (Fraction(30, 36), 1, "83.3 %"),
    (Fraction(1, 1000), 1, "0.1 %"),
    (Fraction(999, 1000), 1, "99.9 %"),
    (Fraction(1, 10_000), 1, "< 0.1 %"),
    (Fraction(9999, 10_000), 1, "> 99.9 %"),
    (Fraction(1, 36**4), 1, "< 0.1 %"),
    (Fraction(1, 3), 0, "33 %"),
    (Fraction(1, 200), 0, "< 1 %"),
    (Fraction(199, 200), 0, "> 99 %"),
    (Fraction(1, 3), 2, "33.33 %"),
    (Fraction(1, 100_000), 2, "< 0.01 %"),
    (Fraction(99_999, 100_000), 2, "> 99.99 %"),
])
def test_percent_formatting(p: Fraction, places: int, shown: str) -> None:
    assert percent(p, places) == shown


@given(st.fractions(min_value=0, max_value=1, max_denominator=10**7), st.integers(0, 3))
def test_percent_never_rounds_to_a_certainty_or_to_nothing(p: Fraction, places: int) -> None:
    shown = percent(p, places)
    assert shown.endswith(" %")
    if 0 < p < 1:
        number = shown.removeprefix("< ").removeprefix("> ").removesuffix(" %")
        assert 0 < float(number) < 100, shown
    if p == 0:
        assert shown == "0 %"
    if p == 1:
        assert shown == "100 %"


def test_cached_distributions_cannot_be_changed_by_callers() -> None:
    ways = dice_sum_counts(2, 6)
    with pytest.raises(TypeError):
        ways[7] = 0  # type: ignore[index]
    assert dice_sum_counts(2, 6)[7] == 6
