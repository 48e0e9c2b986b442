"""The Energy System roll: success value, depletion, multiples, higher steps, exact odds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.model.dice import Roller
from desktop.model.dice_pool import Depletion, Die, PoolDie
from desktop.systems.protector.rules import dice
from desktop.systems.protector.rules.dice import (
    Catastrophe,
    Contest,
    contest_odds,
    dice_text,
    parse_dice,
    pool_die,
    roll,
    roll_odds,
    success_value,
)
from tests.systems.protector.helpers import ScriptedRoller


def thrown(text: str, faces: list[int], on_table: int = 0,
           catastrophe: Catastrophe = Catastrophe.DEPLETE):
    return roll(parse_dice(text), ScriptedRoller(faces), on_table, catastrophe)


# --- dice and their depletion rules ---------------------------------------------------


def test_each_die_gets_the_book_depletion_rule() -> None:
    assert pool_die("d6") == PoolDie(Die(6), Depletion.ON_ONE)
    assert pool_die("d20") == PoolDie(Die(20), Depletion.ON_ONE)
    assert pool_die("d4") == PoolDie(Die(4), Depletion.PAIRED)
    assert pool_die("1d4x10") == PoolDie(Die(4, 10), Depletion.CHECKED, 6)
    assert pool_die("1d8x100") == PoolDie(Die(8, 100), Depletion.CHECKED, 20)
    assert pool_die("1d4x1000") == PoolDie(Die(4, 1000), Depletion.NEVER)
    assert pool_die("d8", trade=True).depletion is Depletion.ALWAYS
    assert pool_die("d8", no_deplete=True).depletion is Depletion.NEVER


def test_dice_lists_read_counts_and_tags() -> None:
    dice = parse_dice("3d6, d8:trade,1d4x10,2d4x10, d6:no-deplete")
    assert [str(d.die) for d in dice] == ["d6"] * 3 + ["d8", "1d4x10", "1d4x10", "1d4x10",
                                                       "d6"]
    assert dice_text(dice[2:5]) == "d6, d8 (trade), 1d4x10"
    assert dice_text(dice[-1:]) == "d6 (no deplete)"


@pytest.mark.parametrize("text", ["", "d7", "0d6", "d6:fast", "6", "d6,,d6", "101d6"])
def test_bad_dice_lists_say_what_to_write(text: str) -> None:
    with pytest.raises(ValueError, match=r"not a die|at least one|at most|ladder"):
        parse_dice(text)


# --- the success value ------------------------------------------------------------------


def test_success_value_is_the_highest_plus_one_per_other_die_on_the_table() -> None:
    assert success_value([5, 3], on_table=2) == 5 + 3
    assert success_value([1]) == 1
    assert success_value([1], on_table=4) == 5, "depleted dice show 1 and add 1 each"
    with pytest.raises(ValueError):
        success_value([])


def test_a_roll_reads_its_dice_and_the_table() -> None:
    result = thrown("d6,d6,d8", [4, 2, 7], on_table=2)
    assert result.values == (4, 2, 7) and result.value == 7 + 4
    assert result.depleted == 0 and not result.multiple
    assert "→ 11 (7 + 4 others)" in result.describe()


# --- depletion ----------------------------------------------------------------------------


def test_ones_deplete_and_stepped_dice_too() -> None:
    result = thrown("d6,d6,d10", [1, 5, 1])
    assert result.depletes == (True, False, True) and result.depleted == 2
    assert "2 dice deplete" in result.describe()


def test_d4s_deplete_only_in_pairs() -> None:
    assert thrown("d4", [1]).depleted == 0, "one d4 cannot deplete"
    assert thrown("d4,d4,d6", [1, 3, 2]).depleted == 0
    assert thrown("d4,d4,d4", [1, 1, 2]).depletes == (False, True, False)
    assert thrown("4d4,d6", [1, 1, 1, 1, 5]).depleted == 2


def test_higher_steps_deplete_only_on_a_check_die_one() -> None:
    survived = thrown("1d4x10,d6", [1, 4, 3])  # 1 on the x10 die, d6 check shows 4
    assert survived.values == (10, 3) and survived.depleted == 0
    assert survived.checks == (4, None)
    assert "check d6 4" in survived.describe()
    gone = thrown("1d4x100,d6", [1, 1, 3])
    assert gone.depleted == 1 and gone.dice[0].check_sides == 20
    assert thrown("1d4x1000,d6", [1, 2]).depleted == 0, "x1000 never depletes on a roll"
    assert thrown("1d4x10", [3]).checks == (None,), "no check without a 1"


def test_trade_dice_always_deplete_and_no_deplete_never() -> None:
    assert thrown("d8:trade,d6", [8, 3]).depletes == (True, False)
    assert thrown("d6:no-deplete,d6", [1, 3]).depleted == 0


# --- multiples ----------------------------------------------------------------------------


def test_a_multiple_returns_a_depleted_die() -> None:
    result = thrown("d6,d8", [4, 4])
    assert result.multiple and result.returns == 1 and not result.catastrophe
    assert "multiple" in result.describe()
    assert not thrown("d6", [4]).multiple, "a multiple needs two dice"
    assert not thrown("d6,d6,d6", [4, 4, 5]).multiple


def test_mixed_higher_and_ordinary_dice_match_on_their_values() -> None:
    assert thrown("1d4x10,d20", [2, 20]).multiple


@pytest.mark.parametrize("choice", list(Catastrophe))
def test_a_multiple_of_ones_is_a_catastrophe(choice: Catastrophe) -> None:
    result = thrown("d6,d6,d4", [1, 1, 1], catastrophe=choice)
    assert result.catastrophe
    if choice is Catastrophe.DEPLETE:
        assert (result.depleted, result.returns, result.removed) == (3, 1, 0)
        assert "all 3 dice deplete, the multiple returns one" in result.describe()
    else:
        assert (result.depleted, result.returns, result.removed) == (0, 0, 1)
        assert "removed" in result.describe()


def test_rolls_are_recorded_and_replay_with_the_seed() -> None:
    dice = parse_dice("d6,d8,1d4x10,d4,d4")
    first = roll(dice, Roller(11), 1)
    again = roll(dice, Roller(11), 1)
    assert first == again and first.throws
    assert all(t.sides in (4, 6, 8) for t in first.throws)


def test_a_roll_needs_a_die() -> None:
    with pytest.raises(ValueError, match="at least one die"):
        roll((), Roller(1))
    with pytest.raises(ValueError, match="depleted dice"):
        roll_odds(parse_dice("d6"), on_table=-1)


# --- exact odds against brute force -------------------------------------------------------


def outcomes(dice):
    """Every script of faces a roll of ``dice`` can throw, with its weight."""
    per_die = []
    for d in dice:
        options = []
        for face in range(1, d.die.sides + 1):
            if d.depletion is Depletion.CHECKED and face == 1:
                options += [([face, c], 1) for c in range(1, d.check_sides + 1)]
            else:
                options.append(([face], d.check_sides or 1))
        per_die.append(options)
    for combo in product(*per_die):
        script = [f for faces, _ in combo for f in faces]
        weight = 1
        for _, w in combo:
            weight *= w
        yield script, weight


def brute_odds(dice, on_table: int):
    values: Counter = Counter()
    depleted: Counter = Counter()
    multiple = catastrophe = 0
    for script, weight in outcomes(dice):
        result = roll(dice, ScriptedRoller(script), on_table)
        values[result.value] += weight
        depleted[result.depleted] += weight
        multiple += weight * result.multiple
        catastrophe += weight * result.catastrophe
    return values, depleted, multiple, catastrophe


DICE = ["d4", "d6", "d8", "d12", "1d4x10", "1d4x1000", "d6:trade", "d6:no-deplete"]


@settings(max_examples=40)
@given(st.lists(st.sampled_from(DICE), min_size=1, max_size=3), st.integers(0, 3))
def test_roll_odds_match_every_roll_thrown(texts: list[str], on_table: int) -> None:
    dice = parse_dice(",".join(texts))
    odds = roll_odds(dice, on_table)
    values, depleted, multiple, catastrophe = brute_odds(dice, on_table)
    assert odds.total == sum(values.values())
    assert dict(odds.value_counts) == dict(values)
    assert dict(odds.depleted_counts) == {k: v for k, v in depleted.items() if v}
    assert (odds.multiple_ways, odds.catastrophe_ways) == (multiple, catastrophe)


def test_two_d6_odds_by_hand() -> None:
    odds = roll_odds(parse_dice("2d6"))
    assert odds.p_multiple == Fraction(6, 36)
    assert odds.p_catastrophe == Fraction(1, 36)
    assert odds.p_any_depleted == Fraction(11, 36)
    assert odds.p_at_least(7) == Fraction(11, 36), "a 6 on either die: 6 + 1"
    assert odds.mean == Fraction(161, 36) + 1
    assert sum(odds.values().values()) == 1 and sum(odds.depletions().values()) == 1


def test_a_big_pool_answers_quickly_and_exactly() -> None:
    odds = roll_odds(parse_dice("23d6"))  # a Deadly challenge
    assert sum(odds.value_counts.values()) == 6**23
    assert odds.p_at_least(23) == 1 and odds.p_at_least(29) == 0


# --- contests -------------------------------------------------------------------------------


@pytest.mark.parametrize(("actor", "opponent", "damage"), [
    (7, 6, 1), (8, 6, 1), (9, 6, 2), (12, 6, 3), (6, 6, 0)])
def test_contest_damage_is_one_die_plus_one_per_full_three_points(
        actor: int, opponent: int, damage: int) -> None:
    """1, 3 and 6 points of difference: 1, 2 and 3 dice (RULINGS Protector 5)."""
    a = thrown("d20", [actor])
    b = thrown("d20", [opponent])
    result = Contest(a, b)
    assert result.damage == damage
    assert result.winner == (None if damage == 0 else "actor")
    assert Contest(b, a).winner == (None if damage == 0 else "opponent")
    assert ("no damage" in result.describe()) == (damage == 0)


def test_contest_odds_against_brute_force() -> None:
    mine, theirs = parse_dice("d6,d8"), parse_dice("d4,d6")
    odds = contest_odds(roll_odds(mine, 1), roll_odds(theirs))
    win = tie = 0
    dealt: Counter = Counter()
    taken: Counter = Counter()
    for a, wa in outcomes(mine):
        for b, wb in outcomes(theirs):
            result = Contest(roll(mine, ScriptedRoller(a), 1), roll(theirs, ScriptedRoller(b)))
            w = wa * wb
            win += w * (result.winner == "actor")
            tie += w * (result.winner is None)
            if result.winner == "actor":
                dealt[result.damage] += w
            elif result.winner == "opponent":
                taken[result.damage] += w
    total = odds.total
    assert odds.p_win == Fraction(win, total) and odds.p_tie == Fraction(tie, total)
    assert odds.p_win + odds.p_tie + odds.p_lose == 1
    assert odds.damage_dealt() == {k: Fraction(v, total) for k, v in sorted(dealt.items())}
    assert odds.damage_taken() == {k: Fraction(v, total) for k, v in sorted(taken.items())}
    assert odds.mean_damage_dealt == sum(k * Fraction(v, total) for k, v in dealt.items())


def test_a_rolls_odds_are_kept_read_only_until_forgotten() -> None:
    """A roll panel asks for the same roll's odds after every edit: worked out once."""
    pool = dice.parse_dice("2d6,d8")
    first = dice.roll_odds(pool, 1)
    assert dice.roll_odds(list(pool), 1) is first
    with pytest.raises(TypeError):
        first.value_counts[99] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        first.depleted_counts[0] = 1  # type: ignore[index]
    dice.forget_odds()
    again = dice.roll_odds(pool, 1)
    assert again is not first and again == first
