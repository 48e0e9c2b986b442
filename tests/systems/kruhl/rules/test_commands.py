"""``sheetdesk odds kruhl`` / ``roll kruhl`` / ``derive`` / ``check`` / ``new`` / ``schema``."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from desktop import cli

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "kruhl" / "characters"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_unopposed_ties_to_the_actor(capsys) -> None:
    code, out, _ = run(capsys, "odds", "kruhl", "--attr", "3", "--dice", "skilled",
                       "--dv", "3", "--json")
    result = json.loads(out)
    assert code == 0 and result["system"] == "kruhl"
    assert Fraction(result["p_success_exact"]) == Fraction(721, 1296)
    assert result["p_success"] == 721 / 1296
    assert result["opponent_text"] == "2d6 + 3"


def test_odds_opposed_with_penalties_past_zero(capsys) -> None:
    code, out, _ = run(capsys, "odds", "kruhl", "--attr", "3", "--dice", "unskilled",
                       "--penalty", "2", "--vs-attr", "2", "--vs-dice", "skilled", "--json")
    result = json.loads(out)
    assert code == 0
    assert (result["actor_dice"], result["opponent_dice"]) == (0, 3)
    # 3 >= 3d6 + 2 never (the least is 5)
    assert result["p_success"] == 0.0


def test_odds_text_and_combining_effort(capsys) -> None:
    code, out, _ = run(capsys, "odds", "kruhl", "--attr", "2", "--dice", "skilled",
                       "--together", "12", "--dv", "12")
    assert code == 0 and out.startswith("2d6 + 12 vs DV 12 (2d6 + 12): success")


def test_penetrating_needs_an_opponent(capsys) -> None:
    code, _, err = run(capsys, "odds", "kruhl", "--attr", "2", "--dice", "skilled",
                       "--dv", "3", "--penetrating")
    assert code == 2 and "--penetrating" in err and len(err.strip().splitlines()) == 1


def test_bad_options_are_usage_errors(capsys) -> None:
    assert run(capsys, "odds", "kruhl", "--attr", "2", "--dice", "master", "--dv", "3")[0] == 2
    assert run(capsys, "odds", "kruhl", "--attr", "2", "--dice", "skilled")[0] == 2
    assert run(capsys, "odds", "kruhl", "--attr", "-1", "--dice", "skilled",
               "--dv", "3")[0] == 2


def test_roll_replays_by_seed(capsys) -> None:
    args = ("roll", "kruhl", "--attr", "4", "--dice", "expertise", "--vs-attr", "3",
            "--penetrating", "--seed", "9", "--json")
    first = json.loads(run(capsys, *args)[1])
    again = json.loads(run(capsys, *args)[1])
    assert first == again
    assert first["total"] == sum(first["actor_faces"]) + 4
    assert first["success"] == (first["total"] >= first["target"])


def test_derive_check_new_and_schema(capsys, tmp_path) -> None:
    code, out, _ = run(capsys, "derive", str(EXAMPLES / "soraya.sheetdesk"), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["endurance"] == {"max": 8, "current": 8, "stun": 0}
    assert data["initiative"]["attribute"] == "reason"
    assert data["skills"]["Hand-to-hand Combat"]["expertise"] is True
    assert run(capsys, "check", str(EXAMPLES / "virek-kohl.sheetdesk"))[0] == 0
    path = tmp_path / "new.sheetdesk"
    assert run(capsys, "new", "kruhl", "-o", str(path), "--name", "Kestrel")[0] == 0
    assert run(capsys, "check", str(path))[0] == 0
    code, out, _ = run(capsys, "schema", "kruhl")
    assert code == 0 and "custom_skills" in json.loads(out)["properties"]


def test_a_broken_file_is_one_line_and_untouched(capsys, tmp_path) -> None:
    path = tmp_path / "bad.sheetdesk"
    data = json.loads((EXAMPLES / "soraya.sheetdesk").read_text())
    data["skills"]["Swordplay"] = "skill"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    code, _, err = run(capsys, "check", str(path))
    assert code == 2 and "Swordplay" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_dv_0_is_a_routine_task_with_no_roll(capsys) -> None:
    """Difficulty: "There is no need to roll for routine tasks: characters automatically
    succeed at routine tasks" (the table's "--" row)."""
    code, out, _ = run(capsys, "odds", "kruhl", "--attr", "3", "--dice", "unskilled",
                       "--dv", "0", "--json")
    result = json.loads(out)
    assert code == 0 and result["routine"] is True and result["p_success_exact"] == "1"
    assert (result["actor_dice"], result["opponent_dice"]) == (0, 0)
    code, out, _ = run(capsys, "odds", "kruhl", "--attr", "3", "--dice", "unskilled",
                       "--dv", "0")
    assert out.startswith("DV 0, routine task: no roll")
    code, out, _ = run(capsys, "roll", "kruhl", "--attr", "3", "--dice", "skilled",
                       "--dv", "0", "--seed", "1", "--json")
    rolled = json.loads(out)
    assert rolled["success"] is True and rolled["actor_faces"] == []


def test_an_opponents_options_with_a_dv_are_a_usage_error(capsys) -> None:
    for option in (("--vs-dice", "expertise"), ("--vs-bonus", "1"), ("--vs-penalty", "1"),
                   ("--vs-add", "2"), ("--distracting",)):
        code, _, err = run(capsys, "odds", "kruhl", "--attr", "3", "--dice", "skilled",
                           "--dv", "3", *option)
        assert code == 2 and option[0] in err and "not with --dv" in err, option
        assert len(err.strip().splitlines()) == 1


def test_distracting_needs_more_than_the_opponent(capsys) -> None:
    """Distracting: "If the character attempting to use distraction rolls more than the
    target, the distraction is successful": with equal attributes that is the chance of
    beating 2d6 + 1 more, a tie to the opponent."""
    code, out, _ = run(capsys, "odds", "kruhl", "--attr", "4", "--dice", "skilled",
                       "--vs-attr", "4", "--distracting", "--json")
    result = json.loads(out)
    assert code == 0 and result["distracting"] is True
    assert Fraction(result["p_success_exact"]) == Fraction(575, 1296)
    code, out, _ = run(capsys, "odds", "kruhl", "--attr", "4", "--dice", "skilled",
                       "--vs-attr", "4", "--json")
    assert Fraction(json.loads(out)["p_success_exact"]) == 1 - Fraction(575, 1296)


def test_derive_shows_the_initiative_the_engine_rolls(capsys, tmp_path) -> None:
    """Sprinting: "they automatically fail all other rolls": the GM screen rolls no
    initiative dice then (the attribute alone), and ``derive`` says the same."""
    from desktop.systems.kruhl.fight.initiative import initiative_dice
    from desktop.systems.kruhl.rules.character import KruhlCharacter

    data = json.loads((EXAMPLES / "soraya.sheetdesk").read_text())
    data["conditions"] = ["sprinting"]
    path = tmp_path / "sprinting.sheetdesk"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "derive", str(path), "--json")
    shown = json.loads(out)["initiative"]
    engine = initiative_dice(KruhlCharacter.model_validate(data))
    assert code == 0 and (shown["dice"], shown["bonus"], shown["fails"]) == (
        engine.dice, engine.add, True) == (0, 3, True)
    code, out, _ = run(capsys, "derive", str(path))
    assert "Initiative (Perception): no dice, 3 (the roll fails: no dice)" in out
    data["conditions"] = ["exhausted", "sleepless", "restrained"]  # 2 − 3 dice
    path.write_text(json.dumps(data))
    shown = json.loads(run(capsys, "derive", str(path), "--json")[1])["initiative"]
    assert shown["dice"] == initiative_dice(KruhlCharacter.model_validate(data)).dice == 0
