"""Powers odds: hand-worked cases, brute-force enumeration of every face for small pools,
bounded properties, and the time a 60-dice query takes."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.model.dice import Roller
from desktop.systems.powers.rules import dice
from desktop.systems.powers.rules.dice import (
    Pool,
    PoolRoll,
    RollError,
    RollResult,
    odds_opposed,
    odds_target,
    p_epic_fail,
    p_fail,
    p_opposed,
    p_target,
    pool_text,
    roll_opposed,
    roll_pool,
    roll_target,
)

FACES = range(1, 7)


def hits(faces: tuple[int, ...]) -> int:
    return sum(f >= 5 for f in faces)


def brute_single(n: int) -> tuple[Counter[int], int, int]:
    """Hit counts, Fails and Epic Fails over every face of n dice."""
    counts: Counter[int] = Counter()
    fails = epic = 0
    for faces in itertools.product(FACES, repeat=n):
        h, ones = hits(faces), faces.count(1)
        counts[h] += 1
        if 2 * ones > n:
            fails += 1
            epic += h == 0
    return counts, fails, epic


def test_hand_worked_cases() -> None:
    assert p_target(1, 0, 1) == Fraction(1, 3)
    assert p_target(2, 0, 1) == 1 - Fraction(4, 6) ** 2
    assert p_target(0, 0, 0) == 1 and p_target(0, 2, 2) == 1 and p_target(0, 0, 1) == 0
    assert p_fail(1) == Fraction(1, 6) and p_epic_fail(1) == Fraction(1, 6)
    assert p_fail(2) == Fraction(1, 36)  # both 1s: one 1 is not more than half of 2
    assert p_fail(3) == Fraction(16, 216) and p_epic_fail(3) == Fraction(10, 216)
    assert p_fail(0) == 0 and p_epic_fail(0) == 0
    assert p_opposed(1, 0, 1, 0) == Fraction(2, 9)  # a hit against a miss
    assert p_opposed(1, 1, 1, 0) == Fraction(7, 9)  # +1: only a miss against a hit fails
    assert p_opposed(0, 0, 0, 0) == 0  # a net of 0 is a failure


def test_modifiers_change_hits_not_dice() -> None:
    plain, helped = odds_target(Pool(4), 3), odds_target(Pool(4, 2), 3)
    assert helped.p_success == p_target(4, 0, 1)
    assert (helped.p_fail, helped.p_epic_fail) == (plain.p_fail, plain.p_epic_fail)
    assert set(helped.distribution()) == {2, 3, 4, 5, 6}


@pytest.mark.parametrize("n", range(0, 6))
def test_single_pool_against_every_face(n: int) -> None:
    counts, fails, epic = brute_single(n)
    total = 6**n
    assert dice.hit_ways(n) == tuple(counts[k] for k in range(n + 1))
    assert p_fail(n) == Fraction(fails, total)
    assert p_epic_fail(n) == Fraction(epic, total)
    for target in range(-1, n + 3):
        for mod in (-2, -1, 0, 1, 3):
            want = Fraction(sum(c for k, c in counts.items() if k + mod >= target), total)
            assert p_target(n, mod, target) == want


def test_opposed_against_every_face() -> None:
    for a, d in itertools.product(range(4), repeat=2):
        if a + d > 5:
            continue
        nets: Counter[int] = Counter()
        for mine in itertools.product(FACES, repeat=a):
            for theirs in itertools.product(FACES, repeat=d):
                nets[hits(mine) - hits(theirs)] += 1
        total = 6 ** (a + d)
        for mod, vs_mod in itertools.product((-2, 0, 1, 3), (-1, 0, 2)):
            want = Fraction(sum(c for n, c in nets.items() if n + mod - vs_mod >= 1), total)
            assert p_opposed(a, mod, d, vs_mod) == want, (a, mod, d, vs_mod)
            got = odds_opposed(Pool(a, mod), Pool(d, vs_mod)).distribution()
            assert got == {n + mod - vs_mod: Fraction(c, total) for n, c in nets.items()}


pools = st.integers(min_value=0, max_value=60)
mods = st.integers(min_value=-10, max_value=10)


@settings(max_examples=40)
@given(pools, mods, pools, mods)
def test_opposed_properties(a: int, mod: int, d: int, vs_mod: int) -> None:
    result = odds_opposed(Pool(a, mod), Pool(d, vs_mod))
    dist = result.distribution()
    assert sum(dist.values()) == 1
    assert result.p_success == sum(p for n, p in dist.items() if n >= 1)
    # the other side wins when its net is 1 or more, i.e. the actor's net is -1 or less
    assert p_opposed(d, vs_mod, a, mod) == sum(p for n, p in dist.items() if n <= -1)
    assert 0 <= result.p_epic_fail <= result.p_fail <= 1


@settings(max_examples=40)
@given(pools, mods, st.integers(min_value=0, max_value=70))
def test_target_properties(n: int, mod: int, target: int) -> None:
    assert p_target(n, mod, target) >= p_target(n, mod, target + 1)
    assert p_target(n, mod + 1, target) >= p_target(n, mod, target)
    assert sum(dice.hits_distribution(n, mod).values()) == 1


def test_equal_pools_are_fair_apart_from_ties() -> None:
    win = p_opposed(7, 0, 7, 0)
    tie = odds_opposed(Pool(7), Pool(7)).distribution()[0]
    assert 2 * win + tie == 1


def test_pools_are_bounded() -> None:
    with pytest.raises(RollError):
        Pool(dice.MAX_POOL + 1)
    with pytest.raises(RollError):
        Pool(-1)


def test_the_draft_attack_example() -> None:
    """Hitting a Target: Bob rolls 15 dice and gets 6 hits, Dave 3: net 3, a hit; with
    good cover (+3) Dave has 6 and Bob misses (a net of 0 is a failure)."""
    bob = PoolRoll(Pool(15), (5, 5, 6, 6, 5, 6, 2, 2, 3, 3, 4, 4, 2, 3, 4))
    dave = PoolRoll(Pool(7), (5, 6, 5, 2, 3, 4, 2))
    hit = RollResult(bob, dave)
    assert (bob.hits, dave.hits, hit.net, hit.success) == (6, 3, 3, True)
    in_cover = RollResult(bob, PoolRoll(Pool(7, 3), dave.faces))
    assert (in_cover.net, in_cover.success) == (0, False)


def test_fail_and_epic_fail_on_the_faces() -> None:
    """Fail: more than half the dice show 1 — the rest is calculated as normal; Epic
    Fail: and no hits (Fail, and Epic Fail)."""
    fail = PoolRoll(Pool(5, 1), (1, 1, 1, 5, 2))
    assert fail.fail and not fail.epic_fail and fail.total == 2
    epic = PoolRoll(Pool(5, 3), (1, 1, 1, 2, 4))
    assert epic.epic_fail and epic.total == 3  # a modifier does not undo it
    half = PoolRoll(Pool(4), (1, 1, 2, 2))
    assert not half.fail  # exactly half is not more than half


def test_seeded_rolls_replay() -> None:
    first = roll_opposed(Pool(10, 1), Pool(6), Roller(seed=5))
    again = roll_opposed(Pool(10, 1), Pool(6), Roller(seed=5))
    assert first == again and len(first.actor.faces) == 10
    assert first.success == (first.actor.total - first.opponent.total >= 1)
    alone = roll_target(Pool(0, 2), 2, Roller(seed=1))
    assert alone.actor.faces == () and alone.success
    roller = Roller(seed=3)
    rolled = roll_pool(Pool(4), roller, "test")
    assert roller.throws[0].why == "test" and rolled.faces == roller.throws[0].faces


def test_pool_text() -> None:
    assert pool_text(15) == "15 dice"
    assert pool_text(1, 3) == "1 die +3 hits"
    assert pool_text(7, -1) == "7 dice −1 hit"


def test_epic_fail_odds_match_every_face_under_the_one_reading() -> None:
    """Ours: an Epic Fail is a Fail with no hit on the dice that does not pass ("If they
    have rolled sufficient hits to pass the test, the result is calculated as normal"):
    the exact odds agree with every face, modifiers and opponents included."""
    from itertools import product

    from desktop.systems.powers.rules.dice import RollResult

    for n in range(0, 4):
        rolls = [PoolRoll(Pool(n), faces) for faces in product(range(1, 7), repeat=n)]
        for mod in (-1, 0, 1, 2):
            for target in (0, 1, 2):
                epic = sum(RollResult(PoolRoll(Pool(n, mod), r.faces),
                                      target_hits=target).epic_fail for r in rolls)
                assert odds_target(Pool(n, mod), target).p_epic_fail == Fraction(
                    epic, 6**n), (n, mod, target)
            for vs, vs_mod in ((0, 0), (1, 0), (2, -1), (1, 2)):
                theirs = [PoolRoll(Pool(vs, vs_mod), f)
                          for f in product(range(1, 7), repeat=vs)]
                epic = sum(RollResult(PoolRoll(Pool(n, mod), r.faces), t).epic_fail
                           for r in rolls for t in theirs)
                assert odds_opposed(Pool(n, mod), Pool(vs, vs_mod)).p_epic_fail == Fraction(
                    epic, 6 ** (n + vs)), (n, mod, vs, vs_mod)
