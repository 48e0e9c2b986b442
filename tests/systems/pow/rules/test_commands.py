"""The POW! command-line hooks: options, odds against brute force, rolls, derive text."""

from __future__ import annotations

import argparse
from fractions import Fraction
from itertools import product

import pytest

from desktop.model.dice import Roller, Throw
from desktop.systems.pow.rules import commands
from desktop.systems.pow.rules.character import PowCharacter, Stats, Weapon
from desktop.systems.pow.rules.derived import derive
from desktop.systems.pow.rules.dice import CheckRules, roll_check

DICE = range(1, 7)


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(exit_on_error=False)
    commands.add_odds_arguments(parser)
    return parser.parse_args(list(argv))


def check_args(stat: int, difficulty: int, *rules: str) -> argparse.Namespace:
    return parse("--stat", str(stat), "--difficulty", str(difficulty),
                 *(f"--{rule}" for rule in rules))


# --- brute force, written from the book rather than from dice.py ---------------------


def brute_force(stat: int, difficulty: int, doubles: bool, triples: bool) -> Fraction:
    """P(success) by walking every sequence of 2d6 throws that can still matter."""
    if stat > difficulty:
        return Fraction(1)

    def after(dice_so_far: int) -> Fraction:
        """P(success) from a further throw of the Doubles rule."""
        ways = Fraction(0)
        for a, b in product(DICE, DICE):
            if stat + dice_so_far + a + b >= difficulty:
                ways += 1
            elif a == b:
                ways += after(dice_so_far + a + b)
        return ways / 36

    ways = Fraction(0)
    for a, b in product(DICE, DICE):
        if (triples and a == b == stat) or stat + a + b >= difficulty:
            ways += 1
        elif doubles and a == b:
            ways += after(a + b)
    return ways / 36


class Pending(Exception):
    """The scripted roller ran out of throws: the roll wants another one."""


class ScriptedRoller(Roller):
    def __init__(self, script: tuple[tuple[int, int], ...]) -> None:
        super().__init__(seed=0)
        self.script = list(script)

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        if not self.script:
            raise Pending
        result = Throw(sides, self.script.pop(0), why)
        self.throws.append(result)
        return result


def enumerate_rolls(stat: int, difficulty: int, rules: CheckRules) -> tuple[Fraction, Fraction]:
    """P(success), P(critical) by running roll_check on every possible throw sequence."""
    success = critical = Fraction(0)
    scripts: list[tuple[tuple[int, int], ...]] = [()]
    while scripts:
        script = scripts.pop()
        weight = Fraction(1, 36 ** len(script))
        try:
            result = roll_check(stat, difficulty, ScriptedRoller(script), rules)
        except Pending:
            if not script or stat + sum(map(sum, script)) < difficulty:
                scripts.extend((*script, pair) for pair in product(DICE, DICE))
                continue
            # Made it already: more dice only add, so any further throw gives the same
            # verdict; a non-double one ends the roll.
            result = roll_check(stat, difficulty, ScriptedRoller((*script, (1, 2))), rules)
        success += weight * result.success
        critical += weight * result.critical
    return success, critical


def test_brute_force_agrees_with_sums_done_by_hand() -> None:
    assert brute_force(1, 10, False, False) == Fraction(10, 36)  # janitor: 2d6 ≥ 9
    assert brute_force(1, 10, False, True) == Fraction(11, 36)  # + snake eyes, a triple
    # Stat 0 vs 5 with Doubles: only 1-2, 2-1, 1-3, 3-1 fail (1-1 and 2-2 roll on, need ≤ 3).
    assert brute_force(0, 5, True, False) == Fraction(32, 36)
    # Janitor with Doubles: 10 ways at once; 4-4 and 3-3 always make it on; 2-2 needs 5
    # more (32/36); 1-1 needs 7 more (21 ways, + 1-1 then 5 more, + 2-2, + 3-3).
    one_one = (21 + Fraction(32, 36) + 2) / 36
    assert brute_force(1, 10, True, False) == (10 + 2 + Fraction(32, 36) + one_one) / 36
    assert brute_force(1, 10, True, False) == Fraction(4391, 11664)


@pytest.mark.parametrize("stat", range(0, 6))
@pytest.mark.parametrize("difficulty", [-1, 0, 3, 5, 7, 10, 12, 13, 15, 20])
@pytest.mark.parametrize("rules", [(), ("doubles",), ("triples",), ("doubles", "triples")])
def test_odds_match_brute_force_and_every_roll(stat: int, difficulty: int,
                                                rules: tuple[str, ...]) -> None:
    result = commands.odds(check_args(stat, difficulty, *rules, "criticals"))
    expected = brute_force(stat, difficulty, "doubles" in rules, "triples" in rules)
    assert Fraction(result["p_success_exact"]) == expected
    assert result["p_success"] == float(expected)
    rolled_success, rolled_critical = enumerate_rolls(
        stat, difficulty, CheckRules(doubles="doubles" in rules, triples="triples" in rules,
                                     criticals=True))
    assert rolled_success == expected
    assert Fraction(result["p_critical_exact"]) == rolled_critical
    assert result["p_critical"] == float(rolled_critical)


# --- the book's examples and RULINGS.md ----------------------------------------------


def test_janitor_and_gymnast_doing_a_cartwheel() -> None:
    janitor = commands.odds(check_args(1, 10))
    gymnast = commands.odds(check_args(5, 10))
    assert (janitor["p_success_exact"], janitor["p_success"]) == ("5/18", 10 / 36)
    assert (gymnast["p_success_exact"], gymnast["p_success"]) == ("5/6", 30 / 36)
    assert round(janitor["p_success"] * 100) == 28  # "about 28% of the time"
    assert round(gymnast["p_success"] * 100) == 83  # "83% chance"
    assert janitor["automatic"] is gymnast["automatic"] is False


def test_only_a_strictly_higher_stat_succeeds_without_a_roll() -> None:
    above = commands.odds(check_args(6, 5))
    equal = commands.odds(check_args(5, 5))
    assert (above["p_success"], above["p_critical"], above["automatic"]) == (1.0, 0.0, True)
    assert (equal["p_success"], equal["automatic"]) == (1.0, False)


def test_doubles_and_triples_change_the_janitors_odds() -> None:
    assert commands.odds(check_args(1, 10, "triples"))["p_success_exact"] == "11/36"
    assert commands.odds(check_args(1, 10, "doubles"))["p_success_exact"] == "4391/11664"
    assert commands.odds(check_args(1, 10, "criticals"))["p_critical_exact"] == "1/9"


def test_odds_report_the_options_and_rules_used() -> None:
    result = commands.odds(check_args(2, 12, "doubles", "criticals"))
    assert result["stat"] == 2 and result["difficulty"] == 12
    assert result["rules"] == {"doubles": True, "triples": False, "criticals": True}


@pytest.mark.parametrize(("argv", "option"), [
    (["--stat", "1"], "--difficulty"),
    (["--difficulty", "10"], "--stat"),
    (["--stat", "x", "--difficulty", "10"], "--stat"),
    (["--stat", "100", "--difficulty", "10"], "--stat"),
    (["--stat", "1", "--difficulty", "200"], "--difficulty"),
    (["--stat", "1", "--difficulty", "-200"], "--difficulty"),
])
def test_bad_options_are_refused(argv: list[str], option: str) -> None:
    parser = argparse.ArgumentParser(exit_on_error=False)
    commands.add_roll_arguments(parser)

    def error(message: str) -> None:
        raise ValueError(message)

    parser.error = error  # type: ignore[method-assign]
    with pytest.raises((ValueError, argparse.ArgumentError)) as caught:
        parser.parse_args(argv)
    assert option in str(caught.value)


def test_extreme_difficulties_stay_exact() -> None:
    low = commands.odds(check_args(0, 199, "doubles", "triples"))
    assert 0 < Fraction(low["p_success_exact"]) < Fraction(1, 10**10)
    assert commands.odds(check_args(99, -199))["automatic"] is True


def test_odds_text_gives_percent_and_fraction() -> None:
    text = commands.odds_text({"system": "pow", **commands.odds(check_args(1, 10, "doubles"))})
    assert text.startswith("Stat 1 vs Difficulty 10 (with Doubles): 37.6 % (4391/11664)")
    assert "critical 11.1 % (1/9)" in text
    automatic = commands.odds_text(commands.odds(check_args(6, 5)))
    assert automatic == "Stat 6 vs Difficulty 5: automatic success, no roll"


# --- rolls -----------------------------------------------------------------------------


def test_roll_lists_every_throw_including_doubles_rerolls() -> None:
    result = commands.roll(check_args(1, 10, "doubles"), ScriptedRoller(((2, 2), (3, 3), (1, 5))))
    assert [t["faces"] for t in result["throws"]] == [[2, 2], [3, 3], [1, 5]]
    assert [t["why"] for t in result["throws"]] == ["", "doubles", "doubles"]
    assert result["dice"] == [2, 2, 3, 3, 1, 5]
    assert (result["dice_total"], result["total"], result["success"]) == (16, 17, True)
    assert result["description"] == "2d6 [2, 2] + 2d6 [3, 3] + 2d6 [1, 5] + 1 = 17 vs 10: success"
    assert commands.roll_text(result) == result["description"]


def test_roll_without_doubles_stops_at_one_throw() -> None:
    result = commands.roll(check_args(1, 10), ScriptedRoller(((4, 4),)))
    assert (result["dice"], result["total"], result["success"]) == ([4, 4], 9, False)


def test_roll_flags_triples_and_criticals() -> None:
    triple = commands.roll(check_args(1, 15, "triples"), ScriptedRoller(((1, 1),)))
    assert (triple["triple"], triple["success"], triple["total"]) == (True, True, 3)
    critical = commands.roll(check_args(3, 10, "criticals"), ScriptedRoller(((3, 4),)))
    assert (critical["critical"], critical["success"]) == (True, True)
    plain = commands.roll(check_args(3, 10), ScriptedRoller(((3, 4),)))
    assert plain["critical"] is False  # only with the Criticals rule


def test_automatic_success_throws_no_dice() -> None:
    result = commands.roll(check_args(4, 3), ScriptedRoller(()))
    assert (result["throws"], result["total"], result["success"]) == ([], None, True)
    assert result["automatic"] is True


def test_seeded_rolls_repeat() -> None:
    args = check_args(2, 12, "doubles")
    assert commands.roll(args, Roller(42)) == commands.roll(args, Roller(42))


# --- derive text -------------------------------------------------------------------------


def test_derive_text_shows_the_numbers_a_player_looks_up() -> None:
    character = PowCharacter(
        name="Ωmega", concept="Retired stuntman", character_points=15,
        attributes=Stats(agility=3, brawn=2, cognition=1, damage=2, energy=0, fellowship=1),
        weapons=[Weapon(name="Crowbar", damage=2)],
    )
    character.tracking.stats["brawn"] = 1
    text = commands.derive_text(character, derive(character))
    lines = text.splitlines()
    assert lines[0] == "Ωmega — Retired stuntman"
    assert "Agility" in lines[1] and lines[1].endswith("pool 9/9")
    assert "1 of 2" in lines[2] and lines[2].endswith("pool 1/4")
    assert "Character Points: 9 spent of 15 (6 left)" in lines
    assert "Initiative: 2d6 + 3" in lines
    assert "Actions per frame: 1 (after everyone else)" in lines
    assert "Unarmed damage: 1" in lines and "Weapon damage: Crowbar 3" in lines
    assert "Difficulty to hit: surprised 8, normal 13, dodging 18" in lines
    assert any(line.startswith("info: 6 Character Points left") for line in lines)


# --- the book's modifiers on the command line (PRODUCT.md, Dice and odds) -------------


def test_odds_apply_range_and_modifiers_to_the_difficulty() -> None:
    # Twice the base range: +5; two allies: −2; target one size up: −1 → 10 + 2 = 12.
    args = parse("--stat", "3", "--difficulty", "10", "--range-multiple", "2",
                 "--cooperation", "2", "--size-diff", "1")
    result = commands.odds(args)
    assert result["difficulty"] == 12 and result["base_difficulty"] == 10
    assert [m["value"] for m in result["modifiers"]] == [5, -2, -1]
    assert result["p_success"] == float(brute_force(3, 12, False, False))
    assert "Difficulty 12 (10 +5 (range ×2) −2" in commands.odds_text(result)


def test_odds_point_blank_and_no_modifiers() -> None:
    plain = commands.odds(check_args(2, 10))
    assert plain["difficulty"] == 10 and plain["modifiers"] == []
    near = commands.odds(parse("--stat", "2", "--difficulty", "10", "--point-blank"))
    assert near["difficulty"] == 5
    assert near["p_success"] == float(brute_force(2, 5, False, False))


def test_modifiers_past_the_supported_range_are_refused() -> None:
    from desktop.cli import UsageError

    with pytest.raises(UsageError, match="outside the supported"):
        commands.odds(parse("--stat", "2", "--difficulty", "190", "--range-multiple", "3"))
    with pytest.raises(UsageError, match="point blank"):
        commands.odds(parse("--stat", "2", "--difficulty", "10", "--point-blank",
                            "--range-multiple", "2"))


def test_roll_uses_the_modified_difficulty() -> None:
    args = parse("--stat", "2", "--difficulty", "10", "--cooperation", "9")
    result = commands.roll(args, Roller(seed=1))
    assert result["difficulty"] == 5


@pytest.mark.parametrize("command", ["odds", "roll"])
def test_a_stat_below_0_is_a_usage_error_in_the_books_words(command, capsys) -> None:
    """"If the result is higher, the Stat is reduced below 0, and that Stat cannot be used
    for anything (combat, other actions, Specials, etc.)" (POW!, Stat Reduction)."""
    from desktop import cli

    code = cli.main([command, "pow", "--stat", "-1", "--difficulty", "10", "--json"])
    err = capsys.readouterr().err
    assert code == 2
    assert "--stat -1" in err and "cannot be used for anything (combat, other actions, " \
        "Specials, etc.)" in err
    assert cli.main([command, "pow", "--stat", "0", "--difficulty", "10", "--json"]) == 0
