"""The POW! Difficulty Check: exact odds against an independent enumeration, and rolls."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from desktop.model.dice import Roller, Throw
from desktop.model.odds import percent
from desktop.systems.pow.rules.dice import CheckRules, check_odds, roll_check, stat_save_odds

PAIRS = list(product(range(1, 7), repeat=2))
ALL_RULES = [CheckRules(d, t, c) for d, t, c in product([False, True], repeat=3)]
STATS = range(-2, 7)
DIFFICULTIES = range(0, 26)


def oracle(stat: int, difficulty: int, rules: CheckRules) -> tuple[Fraction, Fraction]:
    """(p_success, p_critical), worked forward throw by throw over every dice sequence.

    Chains that are still rolling doubles are kept by running total; a chain whose total
    already reaches the need has succeeded, as later throws only add. Each level of
    doubles divides the open weight by 6, and totals grow by at least 2 a level, so the
    loop ends after at most need/2 levels and the result is exact.
    """
    if stat > difficulty:
        return Fraction(1), Fraction(0)
    need = difficulty - stat
    success = critical = Fraction(0)
    for a, b in PAIRS:
        weight = Fraction(1, 36)
        if stat + a + b == difficulty:
            critical += weight
        if rules.triples and a == b == stat:  # the natural triple: first throw only
            success += weight
            continue
        if not (rules.doubles and a == b):
            success += weight if a + b >= need else 0
            continue
        rolling = {a + b: weight}
        while rolling:
            still: dict[int, Fraction] = {}
            for total, w in rolling.items():
                if total >= need:
                    success += w
                    continue
                for c, d in PAIRS:
                    if c == d:  # doubles again, even a later "triple": just roll on
                        still[total + c + d] = still.get(total + c + d, 0) + w / 36
                    elif total + c + d >= need:
                        success += w / 36
            rolling = still
    return success, critical


def bounded_enumeration(stat: int, difficulty: int, depth: int) -> tuple[Fraction, Fraction]:
    """Doubles only: every sequence of up to ``depth`` throws, literally; the rest unknown.

    Returns (successes found, weight of chains cut off at the depth limit).
    """
    need = difficulty - stat
    found = Fraction(0)
    cut = Fraction(0)
    chains: list[tuple[int, Fraction]] = [(0, Fraction(1))]
    for _ in range(depth):
        next_chains = []
        for total, w in chains:
            for a, b in PAIRS:
                t, p = total + a + b, w / 36
                if a == b:
                    next_chains.append((t, p))
                elif t >= need:
                    found += p
        chains = next_chains
    for total, w in chains:
        if total >= need:
            found += w  # already there: more dice cannot undo it
        else:
            cut += w
    return found, cut


# -- exact odds -------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
def test_check_odds_match_the_enumeration_everywhere(rules: CheckRules) -> None:
    for stat in STATS:
        for difficulty in DIFFICULTIES:
            odds = check_odds(stat, difficulty, rules)
            expected = oracle(stat, difficulty, rules)
            assert (odds.p_success, odds.p_critical) == expected, (stat, difficulty)
            assert odds.automatic == (stat > difficulty)
            assert isinstance(odds.p_success, Fraction) and 0 <= odds.p_success <= 1


@pytest.mark.parametrize(("stat", "difficulty"), [(0, 13), (1, 14), (-2, 25), (2, 20),
                                                  (3, 12), (0, 25), (5, 9)])
def test_doubles_odds_lie_within_the_literal_enumeration_bounds(stat: int,
                                                               difficulty: int) -> None:
    low, unknown = bounded_enumeration(stat, difficulty, depth=4)
    p = check_odds(stat, difficulty, CheckRules(doubles=True)).p_success
    assert 0 <= unknown <= Fraction(1, 6**4)  # only chains of four doubles are cut off
    assert low <= p <= low + unknown


def test_the_janitor_and_the_gymnast() -> None:
    # Stats Make The Difference: a cartwheel at Difficulty 10.
    janitor = check_odds(1, 10)
    assert janitor.p_success == Fraction(10, 36) and percent(janitor.p_success) == "27.8 %"
    gymnast = check_odds(5, 10)
    assert gymnast.p_success == Fraction(30, 36) and percent(gymnast.p_success) == "83.3 %"


def test_automatic_success_only_when_strictly_higher() -> None:
    higher = check_odds(5, 4)
    assert higher.automatic and higher.p_success == 1 and higher.p_critical == 0
    equal = check_odds(4, 4)  # RULINGS POW! 2: equal is not higher, so the dice are rolled
    assert not equal.automatic and equal.p_success == 1
    assert not check_odds(-1, -1).automatic and check_odds(0, -1).automatic


@pytest.mark.parametrize("stat", [1, 2, 3, 4, 5, 6])
def test_triples_odds_one_in_36(stat: int) -> None:
    # Difficulty 25 is out of reach without them.
    assert check_odds(stat, 25).p_success == 0
    assert check_odds(stat, 25, CheckRules(triples=True)).p_success == Fraction(1, 36)


@pytest.mark.parametrize("stat", [-2, -1, 0])
def test_no_triple_for_a_stat_no_die_can_show(stat: int) -> None:
    assert check_odds(stat, 25, CheckRules(triples=True)).p_success == 0


def test_doubles_odds_one_in_six() -> None:
    assert Fraction(sum(a == b for a, b in PAIRS), 36) == Fraction(1, 6)
    for stat in STATS:
        for difficulty in DIFFICULTIES:
            gain = (check_odds(stat, difficulty, CheckRules(doubles=True)).p_success
                    - check_odds(stat, difficulty).p_success)
            # Only a throw of doubles (1 in 6) ever earns the extra throw.
            assert 0 <= gain <= Fraction(1, 6), (stat, difficulty)
    # Out of reach of one throw: only doubles can get there.
    assert 0 < check_odds(0, 13, CheckRules(doubles=True)).p_success < Fraction(1, 6)


def test_doubles_odds_worked_by_hand() -> None:
    # Stat 0 vs 7 (need 7 on the dice), with Doubles. Let C(n) = P(the throws reach n).
    # C(1) = C(3) = 1: the only throw below 3 is (1,1), which rolls on.
    # C(5): 30 throws reach 5; of the 6 that do not, (1,1) and (2,2) roll on and get there.
    c5 = Fraction(32, 36)
    # C(7): 21 throws reach 7; below it (1,1) needs 5 more, (2,2) 3 more, (3,3) 1 more.
    c7 = Fraction(21, 36) + (c5 + 1 + 1) / 36
    assert c7 == Fraction(215, 324)
    assert check_odds(0, 7, CheckRules(doubles=True)).p_success == c7
    assert check_odds(3, 10, CheckRules(doubles=True)).p_success == c7
    assert check_odds(3, 10).p_success == Fraction(21, 36)


def test_p_critical_is_the_first_throw_exactly_on_the_difficulty() -> None:
    for stat in STATS:
        for difficulty in DIFFICULTIES:
            if stat > difficulty:
                continue
            exact = Fraction(sum(stat + a + b == difficulty for a, b in PAIRS), 36)
            for rules in ALL_RULES:
                assert check_odds(stat, difficulty, rules).p_critical == exact
    assert check_odds(3, 10).p_critical == Fraction(6, 36)  # a 7 on 2d6


# -- rolling ----------------------------------------------------------------------------

class Scripted(Roller):
    """A Roller that throws the given faces, in order, and records them like the real one."""

    def __init__(self, *script: tuple[int, int]) -> None:
        super().__init__(seed=0)
        self.script = list(script)

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        result = Throw(sides, self.script.pop(0), why)
        self.throws.append(result)
        return result


def test_the_books_doubles_example_snake_eyes_then_seven_is_nine() -> None:
    roller = Scripted((1, 1), (3, 4))
    result = roll_check(2, 11, roller, CheckRules(doubles=True))
    assert [t.faces for t in result.throws] == [(1, 1), (3, 4)]
    assert [t.why for t in result.throws] == ["", "doubles"]
    assert result.dice_total == 9 and result.total == 11 and result.success
    assert result.describe() == "2d6 [1, 1] + 2d6 [3, 4] + 2 = 11 vs 11: success"
    assert roller.script == [] and roller.throws == result.throws


def test_without_the_doubles_rule_snake_eyes_is_just_two() -> None:
    roller = Scripted((1, 1), (3, 4))
    result = roll_check(2, 11, roller)
    assert result.dice_total == 2 and not result.success
    assert result.describe() == "2d6 [1, 1] + 2 = 4 vs 11: failure"
    assert roller.script == [(3, 4)]


def test_doubles_chain_as_long_as_doubles_come() -> None:
    result = roll_check(0, 20, Scripted((2, 2), (5, 5), (6, 6), (1, 3)),
                        CheckRules(doubles=True))
    assert result.dice_total == 4 + 10 + 12 + 4 and result.success


def test_a_natural_triple_succeeds_whatever_the_difficulty() -> None:
    result = roll_check(4, 40, Scripted((4, 4), (1, 2)), CheckRules(doubles=True, triples=True))
    assert result.triple and result.success and len(result.throws) == 1
    assert result.describe() == "2d6 [4, 4] + 4 = 12 vs 40: success (natural triple)"
    plain = roll_check(4, 40, Scripted((4, 4)))
    assert not plain.triple and not plain.success


def test_triples_only_count_on_the_first_throw() -> None:
    rules = CheckRules(doubles=True, triples=True)
    result = roll_check(2, 30, Scripted((1, 1), (2, 2), (1, 2)), rules)
    assert not result.triple and not result.success
    assert result.total == 2 + 2 + 4 + 3


def test_criticals_are_the_first_throw_exactly_on_the_difficulty() -> None:
    hit = roll_check(3, 10, Scripted((3, 4)), CheckRules(criticals=True))
    assert hit.critical and hit.success
    assert hit.describe() == "2d6 [3, 4] + 3 = 10 vs 10: success (critical: double effect)"
    assert not roll_check(3, 10, Scripted((3, 4))).critical  # rule off
    assert not roll_check(3, 10, Scripted((4, 4)), CheckRules(criticals=True)).critical
    # Doubles add a throw afterwards; the critical came from the first one.
    chained = roll_check(3, 7, Scripted((2, 2), (1, 2)), CheckRules(doubles=True, criticals=True))
    assert chained.critical and chained.total == 10


def test_an_automatic_success_throws_nothing() -> None:
    roller = Scripted()
    result = roll_check(5, 4, roller)
    assert result.automatic and result.success and result.throws == [] and roller.throws == []
    assert result.describe() == "Stat 5 beats Difficulty 4: automatic success"


@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
def test_seeded_rolls_replay_and_describe_what_happened(rules: CheckRules) -> None:
    for seed in range(150):
        stat, difficulty = seed % 6, 6 + seed % 13
        result = roll_check(stat, difficulty, Roller(seed=seed), rules)
        again = roll_check(stat, difficulty, Roller(seed=seed), rules)
        assert again == result
        first = result.throws[0].faces
        # The chain: every throw but the last is doubles, only under the rule.
        for throw in result.throws[:-1]:
            assert rules.doubles and throw.faces[0] == throw.faces[1]
        last = result.throws[-1].faces
        assert not (rules.doubles and not result.triple and last[0] == last[1])
        total = stat + sum(sum(t.faces) for t in result.throws)
        triple = rules.triples and first[0] == first[1] == stat
        critical = rules.criticals and stat + sum(first) == difficulty
        success = triple or total >= difficulty
        assert (result.total, result.triple, result.critical, result.success) == (
            total, triple, critical, success)
        text = result.describe()
        assert text.startswith(" + ".join(str(t) for t in result.throws))
        assert f" + {stat} = {total} vs {difficulty}: " in text
        verdict = text.split(f" vs {difficulty}: ", 1)[1]
        assert verdict.startswith("success" if success else "failure")
        assert ("natural triple" in text) == triple
        assert ("critical" in text) == (critical and not triple)


# -- the Stat Save ----------------------------------------------------------------------

@pytest.mark.parametrize("stat", range(-3, 9))
def test_stat_save_is_one_d6_at_or_below_the_stat(stat: int) -> None:
    assert stat_save_odds(stat) == Fraction(sum(1 for face in range(1, 7) if face <= stat), 6)


def test_stat_save_examples() -> None:
    assert stat_save_odds(0) == 0  # RULINGS POW! 1: a stat of 0 cannot save
    assert stat_save_odds(3) == Fraction(1, 2)  # the Lizard's Damage 3: saves on 1–3
    assert stat_save_odds(2) == Fraction(1, 3)  # Dave, Damage 2, rolls a 1 and survives
    assert stat_save_odds(6) == 1


def test_random_stats_treat_a_six_as_zero() -> None:
    # "If for some reason you wish to randomly generate scores, roll 1d6, treating a roll
    # of "6" as a "0."" (Creating a Character, Step 2)
    from desktop.systems.pow.rules.dice import random_stats

    seen: set[int] = set()
    for seed in range(60):
        roller = Roller(seed=seed)
        stats = random_stats(roller)
        faces = [t.faces[0] for t in roller.throws]
        assert list(stats) == ["agility", "brawn", "cognition", "damage", "energy",
                               "fellowship"]
        assert list(stats.values()) == [0 if f == 6 else f for f in faces]
        seen |= set(stats.values())
    assert seen == {0, 1, 2, 3, 4, 5}
