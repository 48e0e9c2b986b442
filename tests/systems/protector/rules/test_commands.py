"""``sheetdesk odds protector`` and ``sheetdesk roll protector``: options, JSON, errors."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from desktop import cli
from desktop.systems.protector.rules.dice import contest_odds, parse_dice, roll_odds


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_odds_against_a_target_print_exact_values(capsys) -> None:
    data = run_json(capsys, "odds", "protector", "--dice", "d6,d6,d8", "--depleted", "2",
                    "--target", "10")
    odds = roll_odds(parse_dice("d6,d6,d8"), 2)
    assert data["system"] == "protector"
    assert data["p_success"] == float(odds.p_at_least(10))
    assert Fraction(data["p_success_exact"]) == odds.p_at_least(10)
    assert data["mean"] == float(odds.mean)
    assert data["p_multiple"] == float(odds.p_multiple) == 6 / 288
    assert data["p_any_depleted"] == float(odds.p_any_depleted)
    assert data["dice"] == ["d6", "d6", "d8"] and data["depleted"] == 2
    assert sum(data["values"].values()) == pytest.approx(1)


def test_odds_of_a_contest(capsys) -> None:
    data = run_json(capsys, "odds", "protector", "--dice", "3d6", "--vs", "d6,d8",
                    "--vs-depleted", "1")
    contest = contest_odds(roll_odds(parse_dice("3d6")), roll_odds(parse_dice("d6,d8"), 1))
    assert data["p_success"] == float(contest.p_win)
    assert data["p_tie"] == float(contest.p_tie) and data["p_lose"] == float(contest.p_lose)
    assert data["damage"] == {str(k): float(v) for k, v in contest.damage_dealt().items()}
    assert data["opponent"]["depleted"] == 1
    assert data["opponent"]["p_multiple"] == float(contest.opponent.p_multiple)
    assert data["mean_damage"] == float(contest.mean_damage_dealt)


def test_odds_text_reads_like_a_sentence(capsys) -> None:
    code, out, _ = run(capsys, "odds", "protector", "--dice", "2d6", "--target", "7")
    assert code == 0
    assert out.startswith("d6, d6 for 7+: 30.6 %")
    assert "multiple 16.7 %" in out
    code, out, _ = run(capsys, "odds", "protector", "--dice", "2d6", "--vs", "d6")
    assert "win" in out and "damage dealt: 1 die" in out


def test_roll_replays_with_its_seed(capsys) -> None:
    first = run_json(capsys, "roll", "protector", "--dice", "d6,d8,1d4x10", "--depleted",
                     "1", "--seed", "42")
    again = run_json(capsys, "roll", "protector", "--dice", "d6,d8,1d4x10", "--depleted",
                     "1", "--seed", "42")
    assert first == again and first["seed"] == 42
    assert first["value"] == max(first["values"]) + 3
    assert [t["sides"] for t in first["throws"]][:3] == [6, 8, 4]


def test_roll_with_a_target_and_a_contest(capsys) -> None:
    data = run_json(capsys, "roll", "protector", "--dice", "2d6", "--target", "3",
                    "--seed", "1")
    assert data["success"] == (data["value"] >= 3)
    data = run_json(capsys, "roll", "protector", "--dice", "2d6", "--vs", "d20",
                    "--seed", "1")
    assert data["difference"] == data["value"] - data["opponent"]["value"]
    assert data["winner"] in ("actor", "opponent", None)
    code, out, _ = run(capsys, "roll", "protector", "--dice", "2d6", "--seed", "5")
    assert code == 0 and out.rstrip().endswith("(seed 5)")


def test_roll_keeps_the_trade_and_no_deplete_tags(capsys) -> None:
    # Every tag `odds protector` accepts, `roll protector` honours and shows
    data = run_json(capsys, "roll", "protector", "--dice", "d6,d8:trade,d4:no-deplete",
                    "--vs", "d6:no-deplete", "--seed", "5")
    assert data["dice"] == ["d6", "d8:trade", "d4:no-deplete"]
    assert data["opponent"]["dice"] == ["d6:no-deplete"]
    assert data["dice_text"] == "d6, d8 (trade), d4 (no deplete)"
    # a trade die depletes whatever it shows; a No Deplete die never does
    assert data["depletes_each"][1] is True and data["depletes_each"][2] is False
    assert data["opponent"]["depletes_each"] == [False]
    assert "d8:trade " in data["description"] and "d6:no-deplete " in data["description"]
    code, out, _ = run(capsys, "roll", "protector", "--dice", "d8:trade", "--seed", "5")
    assert code == 0 and out.startswith("d8:trade ") and "1 die depletes" in out
    odds = run_json(capsys, "odds", "protector", "--dice", "d8:trade,d6:no-deplete",
                    "--target", "5")
    assert odds["dice"] == ["d8:trade", "d6:no-deplete"]


def test_every_option_has_help_with_an_example(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # argparse wraps at hyphens otherwise
    for command in ("odds", "roll"):
        assert cli.main([command, "protector", "-h"]) == 0
        text = " ".join(capsys.readouterr().out.split())  # however the terminal wraps it
        for example in ("--depleted 2", "--target 9", "--vs d6,d8:no-deplete",
                        "--vs-depleted 1", "3d6,d10:trade,1d4x10"):
            assert example in text


def test_a_catastrophe_choice_is_honoured(capsys) -> None:
    # Find a seed whose 2d4 roll is a pair of ones, then take it as damage.
    for seed in range(500):
        data = run_json(capsys, "roll", "protector", "--dice", "2d4", "--seed", str(seed))
        if data["catastrophe"]:
            break
    else:
        pytest.fail("no catastrophe in 500 seeds")
    removed = run_json(capsys, "roll", "protector", "--dice", "2d4", "--seed", str(seed),
                       "--catastrophe", "remove")
    assert (data["depletes"], data["returns"]) == (2, 1)
    assert (removed["depletes"], removed["returns"], removed["removed"]) == (0, 0, 1)


@pytest.mark.parametrize(("argv", "says"), [
    (["odds", "protector", "--dice", "d6"], "--target --vs is required"),
    (["odds", "protector", "--dice", "d7", "--target", "3"], "--dice: no d7"),
    (["odds", "protector", "--dice", "d6", "--target", "x"], "--target: not a whole number"),
    (["odds", "protector", "--dice", "d6", "--target", "3", "--vs", "d6"], "not allowed"),
    (["odds", "protector", "--dice", "d6", "--target", "3", "--vs-depleted", "1"],
     "--vs-depleted: give --vs"),
    (["odds", "protector", "--dice", "d6", "--depleted", "-1", "--target", "3"],
     "--depleted"),
    (["roll", "protector", "--dice", "101d6"], "at most 100"),
    (["roll", "protector", "--dice", "d6", "--catastrophe", "maybe"], "--catastrophe"),
])
def test_bad_options_give_one_line(capsys, argv: list[str], says: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"sheetdesk: {argv[0]}: ") and says in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_derive_text_lists_the_pools(capsys, tmp_path) -> None:
    from desktop.systems.files import save_character
    from desktop.systems.protector.rules import commands, npcs
    from desktop.systems.protector.rules.derived import derive

    crusader = npcs.npc("Crusader").model_copy(deep=True)
    crusader.energy.depleted, crusader.energy.awarded = 2, 1
    text = commands.derive_text(crusader, derive(crusader))
    lines = text.splitlines()
    assert lines[0] == "Crusader — WWII (NPC)"
    assert lines[1] == "Energy: 5 dice (3 ready, 2 depleted, 1 awarded)"
    assert "Power Super Strength: 3d20" in lines and "Power Resilience: 2d20" in lines
    path = tmp_path / "crusader.sheetdesk"
    save_character(path, crusader)
    code, out, err = run(capsys, "derive", str(path))
    assert code == 0, err
    assert out.splitlines()[:2] == lines[:2]
