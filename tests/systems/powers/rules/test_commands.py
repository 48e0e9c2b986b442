"""``sheetdesk odds powers`` / ``roll powers`` / ``derive`` / ``check`` / ``new`` /
``schema`` for Powers."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from desktop import cli
from desktop.systems.powers.rules.catalog import example_characters


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_target_hits(capsys) -> None:
    code, out, _ = run(capsys, "odds", "powers", "--dice", "3", "--target-hits", "1",
                       "--json")
    result = json.loads(out)
    assert code == 0 and result["system"] == "powers"
    assert Fraction(result["p_success_exact"]) == Fraction(19, 27)
    assert result["p_success"] == 19 / 27
    assert Fraction(result["p_fail_exact"]) == Fraction(2, 27)
    assert Fraction(result["p_epic_fail_exact"]) == Fraction(5, 108)
    assert sum(result["hits"].values()) == pytest.approx(1)


def test_odds_opposed_with_modifiers(capsys) -> None:
    code, out, _ = run(capsys, "odds", "powers", "--dice", "1", "--mod", "1", "--vs", "1",
                       "--vs-mod", "0", "--json")
    result = json.loads(out)
    assert code == 0 and Fraction(result["p_success_exact"]) == Fraction(7, 9)
    assert set(result["net_hits"]) == {"0", "1", "2"}
    assert result["vs"] == 1 and result["vs_mod"] == 0


def test_odds_text(capsys) -> None:
    code, out, _ = run(capsys, "odds", "powers", "--dice", "15", "--vs", "7", "--vs-mod", "3")
    assert code == 0 and out.startswith("15 dice vs 7 dice +3 hits: success ")
    assert "Epic Fail" in out


@pytest.mark.parametrize("args", [
    ("--dice", "3"),
    ("--dice", "61", "--vs", "3"),
    ("--dice", "3", "--vs", "-1"),
    ("--dice", "three", "--target-hits", "1"),
    ("--dice", "3", "--target-hits", "1", "--vs", "2"),
    ("--dice", "3", "--target-hits", "1", "--vs-mod", "2"),
    ("--dice", "3", "--vs", "2", "--mod", "99"),
])
def test_bad_options_are_one_line_usage_errors(capsys, args) -> None:
    code, out, err = run(capsys, "odds", "powers", *args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_roll_replays_by_seed(capsys) -> None:
    args = ("roll", "powers", "--dice", "12", "--mod", "-1", "--vs", "6", "--seed", "9",
            "--json")
    first = json.loads(run(capsys, *args)[1])
    assert first == json.loads(run(capsys, *args)[1])
    actor, opponent = first["actor"], first["opponent"]
    assert actor["hits"] == sum(f >= 5 for f in actor["faces"])
    assert actor["total"] == actor["hits"] - 1
    assert first["net"] == actor["total"] - opponent["total"]
    assert first["success"] == (first["net"] >= 1)
    code, out, _ = run(capsys, "roll", "powers", "--dice", "4", "--target-hits", "2",
                       "--seed", "1")
    assert code == 0 and "vs 2 hits" in out and "(seed 1)" in out


def test_derive_check_new_and_schema(capsys, tmp_path) -> None:
    bob = str(example_characters()["bob"])
    code, out, _ = run(capsys, "derive", bob, "--json")
    data = json.loads(out)
    assert code == 0 and data["initiative_dice"] == 20 and data["hit_points"] == 12
    assert set(data["power_ratings"]) == {"Blammo Cannon", "Mind Shield", "Jet Boots"}
    code, out, _ = run(capsys, "derive", bob)
    assert code == 0 and "Initiative: 20 dice" in out and "PR " in out
    assert run(capsys, "check", bob)[0] == 0
    path = tmp_path / "new.sheetdesk"
    assert run(capsys, "new", "powers", "-o", str(path), "--name", "Kid Zap")[0] == 0
    assert run(capsys, "check", str(path))[0] == 0
    code, out, _ = run(capsys, "schema", "powers")
    schema = json.dumps(json.loads(out))
    assert code == 0 and "components" in schema and "cost_table" in schema


def test_a_bad_file_is_one_line_and_untouched(capsys, tmp_path) -> None:
    data = json.loads(example_characters()["dave"].read_text(encoding="utf-8"))
    data["powers"][0]["components"][0]["kind"] = "laser"
    path = tmp_path / "bad.sheetdesk"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    code, _, err = run(capsys, "check", str(path))
    assert code == 2 and "powers.0.components.0" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before
