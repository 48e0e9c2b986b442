"""``sheetdesk odds pocket`` and ``sheetdesk roll pocket`` through ``desktop.cli.main``:
JSON keys, exact values against brute enumeration, modifiers, seeds and one-line errors."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from desktop import cli
from desktop.systems.files import load_character
from desktop.systems.pocket.rules import catalog, commands
from desktop.systems.pocket.rules.derived import derive
from tests.systems.pocket.helpers import brute


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def odds_json(capsys: pytest.CaptureFixture[str], *options: str) -> dict:
    code, out, err = run(capsys, "odds", "pocket", *options, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("extra_time", [0, 1, 4, 6])
def test_odds_json_is_exact_for_a_wide_range_of_targets(capsys, extra_time: int) -> None:
    for target in range(-2, 24):
        data = odds_json(capsys, "--target", str(target), "--extra-time", str(extra_time))
        success, critical, fumble = brute(target, extra_time)
        assert data["system"] == "pocket"
        assert data["p_success"] == float(success)
        assert data["p_critical"] == float(critical)
        assert data["p_fumble"] == float(fumble)
        assert Fraction(data["p_success_exact"]) == success
        assert data["target"] == target + extra_time
        assert data["extra_time"] == extra_time


def test_odds_with_every_kind_of_modifier(capsys) -> None:
    data = odds_json(capsys, "--target", "12", "--difficulty", "easy", "--modifier", "-1",
                     "--modifier", "3", "--opposed", "12", "--opposed-penalty", "-1",
                     "--range", "20", "--acute-vision", "1", "--actions", "2")
    # 12 + Easy 2 - 1 + 3 - (11 - 10) + range -3 (+1 Acute Vision) + 2 actions -2 = 11
    assert [m["value"] for m in data["modifiers"]] == [2, -1, 3, -1, -2, -2]
    assert data["score"] == 12 and data["target"] == 11
    assert data["p_success"] == float(brute(11)[0])
    point_blank = odds_json(capsys, "--target", "12", "--range", "1", "--missile")
    assert [m["why"] for m in point_blank["modifiers"]] == ["range 1", "point blank"]
    assert point_blank["target"] == 10


def test_the_opposed_penalty_as_a_count_or_as_the_book_writes_it(capsys) -> None:
    # "--opposed-penalty 4" and "-4" both mean an unskilled opponent at -4
    book = odds_json(capsys, "--target", "12", "--opposed", "12", "--opposed-penalty", "-4")
    count = odds_json(capsys, "--target", "12", "--opposed", "12", "--opposed-penalty", "4")
    assert book == count and book["target"] == 12 + 2
    assert book["modifiers"][0]["why"] == "opposed by 12 (unskilled -4)"


def test_odds_text(capsys) -> None:
    code, out, _ = run(capsys, "odds", "pocket", "--target", "10", "--difficulty", "Easy")
    assert code == 0
    assert out == ("2d10 ≤ 12 (score 10, Easy +2): 64.0 % (16/25); critical 6.0 %; "
                   "fumble 4.0 %\n")


def test_triplet_odds(capsys) -> None:
    data = odds_json(capsys, "--triplet", "2/4/6")
    assert data["distribution"] == {"2": 0.2, "4": 0.6, "6": 0.2}
    assert data["mean"] == 4.0
    assert (data["p_low"], data["p_mid"], data["p_high"]) == (0.2, 0.6, 0.2)
    code, out, _ = run(capsys, "odds", "pocket", "--triplet", "1/1/2")
    assert code == 0
    assert out == "1d10 on 1/1/2: 1: 80 %, 2: 20 % (mean 1.2)\n"


def test_roll_is_repeatable_with_a_seed(capsys) -> None:
    first = run(capsys, "roll", "pocket", "--target", "11", "--seed", "42", "--json")
    again = run(capsys, "roll", "pocket", "--target", "11", "--seed", "42", "--json")
    assert first == again
    data = json.loads(first[1])
    assert data["seed"] == 42 and len(data["dice"]) == 2
    total = sum(data["dice"])
    assert data["total"] == total
    assert data["success"] == (total <= 11 and total != 20)
    assert data["critical"] == (data["success"] and data["dice"][0] == data["dice"][1])
    assert data["margin"] == 11 - total
    code, out, _ = run(capsys, "roll", "pocket", "--target", "11", "--seed", "42")
    assert code == 0 and out.startswith("2d10 [") and out.endswith("(seed 42)\n")


def test_roll_with_extra_time_and_modifiers(capsys) -> None:
    data = json.loads(run(capsys, "roll", "pocket", "--target", "9", "--extra-time", "3",
                          "--difficulty", "difficult", "--seed", "1", "--json")[1])
    assert data["target"] == 9 - 2 + 3
    assert data["modifiers"] == [{"why": "Difficult", "value": -2}]
    assert data["extra_time"] == 3


def test_roll_a_triplet(capsys) -> None:
    data = json.loads(run(capsys, "roll", "pocket", "--triplet", "3/5/7", "--seed", "5",
                          "--json")[1])
    assert data["value"] == {"low": 3, "mid": 5, "high": 7}[data["level"]]
    assert 1 <= data["die"] <= 10


@pytest.mark.parametrize(("argv", "message"), [
    (["--target", "x"], "--target: not a whole number: 'x'"),
    (["--target", "500"], "--target: 500 is not from -99 to 99"),
    (["--target", "10", "--extra-time", "7"], "--extra-time: invalid choice: 7"),
    (["--target", "10", "--difficulty", "hard"], "--difficulty: unknown difficulty 'hard'"),
    (["--target", "10", "--missile"], "--missile: give --range SPACES as well"),
    (["--target", "10", "--acute-vision", "2"], "--acute-vision: give --range SPACES"),
    (["--target", "10", "--opposed-penalty", "-1"], "--opposed-penalty: give --opposed S"),
    (["--target", "10", "--opposed", "10", "--opposed-penalty", "100"],
     "--opposed-penalty: 100 is not from -99 to 99"),
    (["--target", "10", "--actions", "0"], "--actions: 0 is not from 1 to 20"),
    (["--target", "10", "--range", "-3"], "--range: -3 is not from 0"),
    (["--triplet", "2/4"], "--triplet: a range has three numbers"),
    (["--triplet", "6/4/2"], "--triplet: a range runs low ≤ mid ≤ high"),
    (["--triplet", "2/4/6", "--difficulty", "easy"], "--triplet: a d10 pick takes no"),
    (["--target", "3", "--triplet", "1/2/3"], "--triplet: not allowed with argument --target"),
    ([], "one of the arguments --target --triplet is required"),
])
@pytest.mark.parametrize("command", ["odds", "roll"])
def test_bad_options_are_one_line_errors(capsys, command: str, argv: list[str],
                                         message: str) -> None:
    code, out, err = run(capsys, command, "pocket", *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"sheetdesk: {command}: {message}"), err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_help_lists_the_difficulties(capsys) -> None:
    code, out, _ = run(capsys, "odds", "pocket", "--help")
    assert code == 0
    assert "very-simple" in out and "--extra-time" in out


def test_derive_text_for_every_example(capsys) -> None:
    for name, path in catalog.example_characters().items():
        character = load_character(path)
        derived = derive(character)
        text = commands.derive_text(character, derived)
        assert character.name in text.splitlines()[0], name
        assert f"Hits {derived.current_hits}/{derived.hits}" in text
        assert "Initiative " + "/".join(map(str, derived.initiative)) in text
        code, out, err = run(capsys, "derive", str(path))
        assert code == 0 and out == text + "\n", err


def test_derive_text_shows_artos_defences(capsys) -> None:
    path = catalog.example_characters()["artos"]
    code, out, _ = run(capsys, "derive", str(path))
    assert code == 0
    assert "Melee Defense 3" in out and "Missile Defense 3" in out
    assert "Sword 13- 4/6/8" in out
