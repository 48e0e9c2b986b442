"""The book's Difficulty Modifiers and range bands (POW!, Combat Basics, Ranged Combat;
Difficulty Checks, Difficulty Modifiers), each from the book's own sentence."""

from __future__ import annotations

import pytest

from desktop.systems.pow.rules.modifiers import (
    DIFFICULTY_RANGE,
    ModifierError,
    Situation,
    apply,
    choices,
)


def difficulty(base: int = 10, **situation: object) -> int:
    return apply(base, Situation(**situation)).difficulty  # type: ignore[arg-type]


def test_range_bands() -> None:
    # "base attack ranges (Difficulty 10) …; firing weapons at twice that range adds +5
    # to the Difficulty, at triple range adds +10, and so on"
    assert difficulty(range_multiple=1) == 10
    assert difficulty(range_multiple=2) == 15
    assert difficulty(range_multiple=3) == 20
    assert difficulty(range_multiple=4) == 25


def test_point_blank() -> None:
    # "Firing at point blank range (0 feet, not merely melee) subtracts 5."
    assert difficulty(point_blank=True) == 5
    with pytest.raises(ModifierError, match="point blank"):
        difficulty(point_blank=True, range_multiple=2)


def test_cooperation_minus_one_per_ally_at_most_five() -> None:
    # "For each additional ally who assists …, the Difficulty decreases by 1 (maximum of 5)."
    assert [difficulty(cooperation=n) for n in range(8)] == [10, 9, 8, 7, 6, 5, 5, 5]


def test_size_modifier_from_the_book() -> None:
    # "A human (0) vs. an ogre (+1) reduces Difficulty by 1; an ogre (+1) vs. a dog (-1)
    # increases it by 2."
    assert difficulty(size_diff=1 - 0) == 9
    assert difficulty(size_diff=-1 - 1) == 12


def test_situational_modifiers_follow_the_table() -> None:
    by_name = {c.name: c for c in choices()}
    assert set(by_name) == {"Bad Weather", "Darkness & Light", "Distractions", "Prone",
                            "Simultaneous Actions", "Surprise"}
    # "Low light increases Difficulty by 5, and total darkness increases it by 10."
    assert [v for _, v in by_name["Darkness & Light"].options][:2] == [5, 10]
    assert difficulty(chosen={"Darkness & Light": 1}) == 20
    # "their foes take a -5 Difficulty modifier to hit them in return" (Prone)
    assert difficulty(chosen={"Prone": 1}) == 5
    # "Surprise … reducing their Difficulty from 10 to 5"
    assert difficulty(chosen={"Surprise": 0}) == 5
    # "run and shoot … the Difficulty for each action increases by 5"
    assert difficulty(chosen={"Simultaneous Actions": 0}) == 15
    modified = apply(10, Situation(range_multiple=2, cooperation=2,
                                   chosen={"Bad Weather": 0}))
    assert modified.difficulty == 18
    assert modified.describe() == ("10 +5 (range ×2) −2 (cooperation, 2 allies) "
                                   "+5 (bad weather: fighting in the rain, building a fire "
                                   "in a swamp, driving over ice) = 18")


def test_out_of_range_is_refused_not_clamped() -> None:
    high = DIFFICULTY_RANGE[1]
    assert difficulty(high - 5, range_multiple=2) == high
    with pytest.raises(ModifierError, match="outside the supported"):
        difficulty(high - 4, range_multiple=2)
    with pytest.raises(ModifierError):
        difficulty(range_multiple=0)


def test_one_line_of_modifiers() -> None:
    from desktop.systems.pow.rules.modifiers import parse

    base, situation = parse("12 x3, allies7 size+1 dark rain surprise")
    assert base == 12
    assert (situation.range_multiple, situation.cooperation, situation.size_diff) == (3, 7, 1)
    assert dict(situation.chosen) == {"Darkness & Light": 1, "Bad Weather": 0, "Surprise": 0}
    # 12 +10 −5 −1 +10 +5 −5 = 26
    assert apply(base, situation).difficulty == 26
    assert parse("10 pb")[1].point_blank and parse("10 ×2")[1].range_multiple == 2
    assert parse("8 target-prone")[1].chosen == {"Prone": 1}
    for bad in ("", "hard", "10 x", "10 allies", "10 banana"):
        with pytest.raises(ModifierError):
            parse(bad)
