"""Warlords of Kruhl odds: exact, checked against brute-force enumeration of every face."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.model.dice import Roller
from desktop.systems.kruhl.rules.dice import (
    Roll,
    contest,
    dice_text,
    faces,
    gm_roll,
    odds,
    roll,
    sum_counts,
)


def brute(actor: Roll, opponent: Roll, penetrating: bool = False) -> Fraction:
    c = contest(actor, opponent, penetrating)
    wins = total = 0
    for mine in itertools.product(c.actor_faces, repeat=c.actor_dice):
        for theirs in itertools.product(c.opponent_faces, repeat=c.opponent_dice):
            total += 1
            wins += sum(mine) + c.actor_add >= sum(theirs) + c.opponent_add
    return Fraction(wins, total)


def test_faces_follow_the_rerolls() -> None:
    assert faces(False) == (1, 2, 3, 4, 5, 6)
    assert faces(True) == (3, 4, 5, 6)  # expertise: re-roll 1s and 2s
    assert faces(False, penetrated=True) == (1, 2, 3, 4)  # re-roll 5s and 6s
    assert faces(True, penetrated=True) == (3, 4)


def test_sum_counts_of_two_dice() -> None:
    low, ways = sum_counts((1, 2, 3, 4, 5, 6), 2)
    assert low == 2 and ways == (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
    assert sum_counts((3, 4, 5, 6), 0) == (0, (1,))


def test_ties_go_to_the_actor() -> None:
    # 2d6 + 3 against DV 3 (2d6 + 3): the same dice, so P = (1 + P(tie)) / 2.
    p_tie = Fraction(146, 1296)
    assert odds(Roll.of("skill", 3), gm_roll(3)).p_success == (1 + p_tie) / 2


def test_unskilled_against_moderately_difficult() -> None:
    # 1d6 + 3 >= 2d6 + 3: 1d6 >= 2d6, counted by hand: 35/216.
    assert odds(Roll.of("none", 3), gm_roll(3)).p_success == Fraction(35, 216)


def test_a_deficit_becomes_the_opponents_bonus_dice() -> None:
    c = contest(Roll.of("none", 3, penalty_dice=3), Roll.of("skill", 2))
    assert (c.actor_dice, c.opponent_dice) == (0, 4)
    c = contest(Roll.of("skill", 3, bonus_dice=1), gm_roll(6))
    assert (c.actor_dice, c.opponent_dice) == (3, 2)


def test_the_defenders_dice_are_penetrated() -> None:
    c = contest(Roll.of("skill", 3), Roll.of("expertise", 3), penetrating=True)
    assert c.opponent_faces == (3, 4) and c.actor_faces == faces(False)


levels = st.sampled_from(["none", "skill", "expertise"])


@settings(max_examples=60)
@given(levels, st.integers(0, 8), st.integers(0, 2), st.integers(0, 3), levels,
       st.integers(0, 8), st.integers(0, 2), st.integers(0, 3), st.booleans())
def test_odds_match_brute_force(level, add, bonus, penalty, vs_level, vs_add, vs_bonus,
                                vs_penalty, penetrating) -> None:
    actor = Roll.of(level, add, bonus, penalty)
    opponent = Roll.of(vs_level, vs_add, vs_bonus, vs_penalty)
    assert odds(actor, opponent, penetrating).p_success == brute(actor, opponent, penetrating)


@settings(max_examples=40)
@given(levels, st.integers(0, 8), st.integers(0, 2), st.integers(0, 3),
       st.sampled_from([3, 6, 9, 12]))
def test_unopposed_odds_match_brute_force(level, add, bonus, penalty, dv) -> None:
    actor = Roll.of(level, add, bonus, penalty)
    assert odds(actor, gm_roll(dv)).p_success == brute(actor, gm_roll(dv))


def test_a_roll_rerolls_until_the_faces_allow_and_replays_by_seed() -> None:
    first = roll(Roll.of("expertise", 4), Roll.of("skill", 3), Roller(seed=11), True)
    again = roll(Roll.of("expertise", 4), Roll.of("skill", 3), Roller(seed=11), True)
    assert first == again
    assert all(3 <= f <= 6 for f in first.actor_faces)
    assert all(1 <= f <= 4 for f in first.opponent_faces)
    assert first.actor_total == sum(first.actor_faces) + 4
    assert first.success == (first.actor_total >= first.opponent_total)


def test_dice_text() -> None:
    assert dice_text(2, True, 6) == "2d6 (re-roll 1s and 2s) + 6"
    assert dice_text(1, False, 3) == "1d6 + 3"
    assert dice_text(0, False, 3) == "no dice, 3"
