"""Exact odds over mixed, depleting dice: the folded states against brute enumeration."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.model.dice_pool import Depletion, Die, PoolDie
from desktop.model.pool_odds import (
    all_equal_counts,
    all_equal_depleted,
    at_least,
    difference_counts,
    mean,
    roll_counts,
    roll_total,
    shifted,
)

SMALL = [
    PoolDie(Die(4), Depletion.PAIRED), PoolDie(Die(6)), PoolDie(Die(8)), PoolDie(Die(4)),
    PoolDie(Die(6), Depletion.NEVER), PoolDie(Die(8), Depletion.ALWAYS),
    PoolDie(Die(4, 10), Depletion.CHECKED, 6), PoolDie(Die(4, 100), Depletion.CHECKED, 20),
    PoolDie(Die(4, 1000), Depletion.NEVER), PoolDie(Die(4), Depletion.NEVER),
]


def brute(dice: list[PoolDie]) -> tuple[Counter, Counter]:
    """Every face and every check face, one by one, with the rules as the book says."""
    joint: Counter = Counter()
    equal: Counter = Counter()
    per_die = []
    for d in dice:
        checks = range(1, (d.check_sides or 1) + 1)
        per_die.append([(f, c) for f in range(1, d.die.sides + 1) for c in checks])
    for outcome in product(*per_die):
        values = [f * d.die.multiplier for (f, _), d in zip(outcome, dice, strict=True)]
        gone = 0
        paired_ones = 0
        for (face, check), d in zip(outcome, dice, strict=True):
            if d.depletion is Depletion.ON_ONE and face == 1:
                gone += 1
            elif d.depletion is Depletion.PAIRED and face == 1:
                paired_ones += 1
            elif (d.depletion is Depletion.ALWAYS
                  or (d.depletion is Depletion.CHECKED and face == check == 1)):
                gone += 1
        joint[(max(values), gone + paired_ones // 2)] += 1
        if len(set(values)) == 1:
            equal[values[0]] += 1
    return joint, equal


BRUTE_OUTCOMES = 20_000
"""At most this many outcomes are enumerated per example (each die's faces times its
check die's faces): four d100-checked dice are 80⁴ = 41 million, which took up to
150 s on an unlucky seed. Every die kind, four-dice pools and two checked dice
together stay within it."""


def _outcomes(die: PoolDie) -> int:
    return die.die.sides * (die.check_sides or 1)


def _enumerable(dice: list[PoolDie]) -> list[PoolDie]:
    """The longest prefix of ``dice`` whose outcomes stay within BRUTE_OUTCOMES."""
    kept: list[PoolDie] = []
    total = 1
    for die in dice:
        total *= _outcomes(die)
        if total > BRUTE_OUTCOMES:
            break
        kept.append(die)
    return kept


@settings(max_examples=60)
@given(st.lists(st.sampled_from(SMALL), min_size=1, max_size=4).map(_enumerable))
def test_folded_counts_match_brute_enumeration(dice: list[PoolDie]) -> None:
    joint, equal = brute(dice)
    counts = roll_counts(dice)
    assert counts.total == roll_total(dice) == sum(joint.values())
    assert dict(counts.joint) == dict(joint)
    assert {v: w for v, w in all_equal_counts(dice).items() if w} == dict(equal)


def test_three_d4_ones_deplete_one_die_per_pair() -> None:
    d4s = [PoolDie(Die(4), Depletion.PAIRED)] * 3
    assert all_equal_depleted(d4s, 1) == {1: 1}
    depleted = roll_counts(d4s).depleted()
    # Two or three ones among three d4s: 3·3 + 1 of the 64 outcomes.
    assert depleted == {0: 54, 1: 10}


def test_one_d4_never_depletes() -> None:
    assert roll_counts([PoolDie(Die(4), Depletion.PAIRED)]).depleted() == {0: 4}


def test_highest_and_depleted_marginals_of_2d6() -> None:
    counts = roll_counts([PoolDie(Die(6))] * 2)
    assert counts.highest() == {1: 1, 2: 3, 3: 5, 4: 7, 5: 9, 6: 11}
    assert counts.depleted() == {0: 25, 1: 10, 2: 1}
    assert counts.p(11) == Fraction(11, 36)


def test_mixed_sizes_match_on_shared_values() -> None:
    assert dict(all_equal_counts([PoolDie(Die(6)), PoolDie(Die(8))])) == {
        v: 1 for v in range(1, 7)}
    checked = [PoolDie(Die(4, 10), Depletion.CHECKED, 6), PoolDie(Die(20))]
    assert dict(all_equal_counts(checked)) == {10: 6, 20: 6}


def test_order_of_dice_does_not_matter() -> None:
    a = [PoolDie(Die(4), Depletion.PAIRED), PoolDie(Die(20)), PoolDie(Die(6))]
    assert roll_counts(a) == roll_counts(list(reversed(a)))


def test_big_pools_are_quick_and_complete() -> None:
    dice = [PoolDie(Die(s)) for s in (6, 8, 10, 12, 20)] * 6 + [
        PoolDie(Die(4), Depletion.PAIRED)] * 6
    counts = roll_counts(dice)
    assert sum(counts.joint.values()) == counts.total == roll_total(dice)


def test_helpers_on_counts() -> None:
    one_d6 = {v: 1 for v in range(1, 7)}
    assert shifted(one_d6, 2) == {v + 2: 1 for v in range(1, 7)}
    assert at_least(one_d6, 6, 5) == Fraction(1, 3)
    assert mean(one_d6, 6) == Fraction(7, 2)
    diff = difference_counts(one_d6, one_d6)
    assert diff[0] == 6 and diff[5] == 1 and diff[-5] == 1 and sum(diff.values()) == 36


def test_a_roll_needs_dice() -> None:
    with pytest.raises(ValueError, match="at least one die"):
        roll_counts([])
    with pytest.raises(ValueError, match="at least one die"):
        all_equal_counts([])
