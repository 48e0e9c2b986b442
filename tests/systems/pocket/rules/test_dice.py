"""Pocket Universe's check (2d10 roll-under) and 1d10 pick: exact odds against brute
enumeration written from the book, modifiers at their table edges, seeded rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest

from desktop.model.dice import Roller
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.dice import CheckError, Modifier
from tests.systems.pocket.helpers import PAIRS, Scripted, brute

TARGETS = range(-25, 45)
EXTRA_TIME = range(0, 7)


@pytest.mark.parametrize("extra_time", EXTRA_TIME)
def test_odds_match_brute_enumeration_for_every_target(extra_time: int) -> None:
    for target in TARGETS:
        odds = dice.check_odds(target, extra_time)
        assert (odds.p_success, odds.p_critical, odds.p_fumble) == brute(target, extra_time)
        assert odds.target == target + extra_time
        assert odds.p_success + odds.p_failure == 1


@pytest.mark.parametrize("extra_time", [0, 3, 6])
def test_rolls_over_all_100_outcomes_agree_with_the_odds(extra_time: int) -> None:
    for target in (-5, 2, 9, 10, 13, 19, 20, 30):
        results = [dice.roll_check(target, Scripted(pair), extra_time) for pair in PAIRS]
        odds = dice.check_odds(target, extra_time)
        assert Fraction(sum(r.success for r in results), 100) == odds.p_success
        assert Fraction(sum(r.critical for r in results), 100) == odds.p_critical
        assert Fraction(sum(r.fumble for r in results), 100) == odds.p_fumble


def test_book_numbers() -> None:
    # Average adult (10): 45 of 100 totals are 10 or less; doubles 1-1..5-5 critical.
    odds = dice.check_odds(10)
    assert odds.p_success == Fraction(45, 100)
    assert odds.p_critical == Fraction(5, 100)
    assert odds.p_fumble == Fraction(5, 100)
    # A 20 always fails, whatever the target: the best chance is 99 %.
    assert dice.check_odds(40).p_success == Fraction(99, 100)
    assert dice.check_odds(40).p_fumble == Fraction(1, 100)
    # Below 2 nothing succeeds; every double is a fumble.
    assert dice.check_odds(1).p_success == 0
    assert dice.check_odds(1).p_fumble == Fraction(10, 100)


def test_extra_time_steps_and_thresholds() -> None:
    steps = dice.tables().extra_time.steps
    assert [(s.bonus, s.fumble_from) for s in steps] == [
        (1, 18), (2, 16), (3, 14), (4, 12), (5, 10), (6, 8)]
    # +6: target 4 becomes 10; every failure (11+) is at or above 8: all fumble.
    odds = dice.check_odds(4, 6)
    assert odds.p_success == Fraction(45, 100)
    assert odds.p_fumble == Fraction(55, 100)
    # +1 at target 10: 11 wins; failed 18, 19, 20 fumble plus doubles 12, 14, 16.
    odds = dice.check_odds(10, 1)
    assert odds.p_fumble == Fraction(3 + 2 + 1 + 3, 100)
    for bad in (-1, 7):
        with pytest.raises(CheckError, match="extra time"):
            dice.check_odds(10, bad)


def test_a_rolled_check_describes_itself() -> None:
    made = dice.roll_check(12, Scripted((3, 3)), label="Dodge",
                           modifiers=(Modifier("Easy", 2),))
    assert made.success and made.critical and not made.fumble
    assert made.margin == 6
    assert made.describe() == "Dodge: 2d10 [3, 3] = 6 vs 12-, Easy +2: critical success"
    twenty = dice.roll_check(30, Scripted((10, 10)))
    assert not twenty.success and twenty.fumble
    assert "a 20 always fails" in twenty.describe()
    late = dice.roll_check(10, Scripted((9, 8)), extra_time=2)
    assert late.target == 12 and late.fumble and not late.doubles
    assert late.describe() == ("2d10 [9, 8] = 17 vs 12-, extra time +2: fumble "
                               "(extra time +2: 16+ fumbles)")
    plain = dice.roll_check(10, Scripted((4, 9)))
    assert plain.verdict == "failure" and plain.margin == -3
    data = plain.to_json()
    assert data["dice"] == [4, 9] and data["success"] is False


def test_seeded_rolls_repeat() -> None:
    first = [dice.roll_check(11, Roller(7)).throw.faces for _ in range(3)]
    again = [dice.roll_check(11, Roller(7)).throw.faces for _ in range(3)]
    assert first == again


def test_a_check_rolled_at_the_table() -> None:
    result = dice.check_of(9, (4, 4))
    assert result.success and result.critical
    with pytest.raises(CheckError, match="1 to 10"):
        dice.check_of(9, (0, 4))


def test_difficulty_table() -> None:
    assert dice.difficulties() == {
        "Impossible": -8, "Formidable": -6, "Challenging": -4, "Difficult": -2,
        "Average": 0, "Easy": 2, "Very Easy": 4, "Simple": 6, "Very Simple": 8}
    assert dice.difficulty_modifier("very-easy") == 4
    assert dice.difficulty_modifier(" Very_Simple ") == 8
    with pytest.raises(CheckError, match="unknown difficulty 'hard'"):
        dice.difficulty_modifier("hard")


def test_opposed_modifier() -> None:
    # 4.2: subtract 10 from the opponent's score; unskilled resistance included.
    assert dice.opposed_modifier(10) == 0
    assert dice.opposed_modifier(13) == -3
    assert dice.opposed_modifier(8) == 2
    assert dice.opposed_modifier(12, -1) == -1  # unskilled Insight at WILL 12
    assert dice.opposed_modifier(12, -4) == 2
    with pytest.raises(CheckError):
        dice.opposed_modifier(12, 1)


@pytest.mark.parametrize(("spaces", "modifier"), [
    (0, 0), (1, 0), (2, 0), (4, 0), (5, -1), (8, -1), (9, -2), (16, -2), (17, -3),
    (32, -3), (33, -4), (64, -4), (65, -5), (128, -5), (129, -6), (256, -6), (257, -7),
])
def test_range_modifier_at_every_band_edge(spaces: int, modifier: int) -> None:
    assert dice.range_modifier(spaces) == modifier


def test_acute_vision_and_point_blank() -> None:
    assert dice.range_modifier(20, acute_vision=1) == -2
    assert dice.range_modifier(20, acute_vision=5) == 0  # never a bonus
    assert dice.point_blank_modifier(1) == -2
    assert dice.point_blank_modifier(0) == -2
    assert dice.point_blank_modifier(2) == 0
    assert dice.point_blank_modifier(1, missile=False) == 0
    with pytest.raises(CheckError):
        dice.range_modifier(-1)


def test_multiple_actions() -> None:
    # 5.22: three shots at once are each rolled at -4; 15- for no-check Actions.
    assert dice.multiple_action_modifier(1) == 0
    assert dice.multiple_action_modifier(3) == -4
    assert dice.base_without_check() == 15
    assert dice.target_of(15, [Modifier("3 actions", -4)]) == 11
    with pytest.raises(CheckError):
        dice.multiple_action_modifier(0)


@pytest.mark.parametrize(("face", "level"), [
    (1, "low"), (2, "low"), (3, "mid"), (8, "mid"), (9, "high"), (10, "high")])
def test_d10_level_edges(face: int, level: str) -> None:
    assert dice.level_of(face) == level
    assert dice.triplet_of((2, 4, 6), face).value == {"low": 2, "mid": 4, "high": 6}[level]


def test_d10_level_bad_faces() -> None:
    for face in (0, 11):
        with pytest.raises(CheckError):
            dice.level_of(face)


def test_triplet_odds_and_rolls() -> None:
    assert dice.level_odds() == {"low": Fraction(1, 5), "mid": Fraction(3, 5),
                                 "high": Fraction(1, 5)}
    assert dice.triplet_odds((1, 1, 2)) == {1: Fraction(4, 5), 2: Fraction(1, 5)}
    pick = dice.roll_triplet((3, 5, 7), Scripted((9,)), why="damage")
    assert pick.value == 7 and pick.level == "high"
    assert pick.describe() == "d10 9 → high of 3/5/7 = 7"
    assert dice.roll_triplet((3, 5, 7), Roller(4)).value == (
        dice.roll_triplet((3, 5, 7), Roller(4)).value)


def test_p_higher_against_brute_force() -> None:
    pick = [0, 0, 1, 1, 1, 1, 1, 1, 2, 2]  # d10 face - 1 → level index
    for first, second in [((2, 4, 6), (1, 2, 3)), ((1, 2, 3), (1, 2, 3)),
                          ((0, 0, 0), (6, 8, 10)), ((6, 8, 10), (0, 0, 0))]:
        wins = sum(first[pick[a]] > second[pick[b]] for a in range(10) for b in range(10))
        assert dice.p_higher(first, second) == Fraction(wins, 100)


@pytest.mark.parametrize("text", ["2/4", "a/b/c", "6/4/2", "-1/0/1", ""])
def test_bad_triplets(text: str) -> None:
    with pytest.raises(CheckError):
        dice.parse_triplet(text)


def test_triplet_text() -> None:
    assert dice.parse_triplet(" 2 / 4 / 6 ") == (2, 4, 6)
    assert dice.format_triplet((7, 10, 13)) == "7/10/13"
