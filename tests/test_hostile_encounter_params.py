"""Encounter files whose operations name what the game does not have: a Stat, a skill, a
weapon, a combatant, a condition. Replaying one is refused with exit 2 and one line that
names the operation, never an internal error (exit 3), and the file is left as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from desktop import cli
from desktop.systems.encounters import encounter_to_data, new_encounter
from desktop.systems.files import load_character

REPO = Path(__file__).resolve().parent.parent
GAMES = ("pow", "pocket", "protector", "kruhl", "powers")
BOGUS = ("no such thing", 7, ["x"])


def _fight(system: str):
    """An encounter of ``system`` with two of its examples, started."""
    examples = sorted((REPO / "resources" / system / "characters").glob("*.sheetdesk"))
    encounter = new_encounter(system, "Hostile")
    for path in (examples * 2)[:2]:
        encounter = encounter.add_character(load_character(path), str(path))
    try:
        return encounter.start()
    except Exception:  # a game whose start needs more than defaults: set up only
        return encounter


def _cases() -> list[tuple[str, str, str, str, Any]]:
    """(game, who, action, parameter, bogus value) for every choice an action offers."""
    cases = []
    for system in GAMES:
        encounter = _fight(system)
        for key in encounter.fighters:
            for action in encounter.rules.actions(encounter.state, key):
                for param in action.params:
                    if param.kind == "choice" and param.choices:
                        offered = {value for value, _label in param.choices}
                        cases.extend(
                            (system, key, action.id, param.name, value) for value in BOGUS
                            if not (isinstance(value, str) and value in offered))
            break  # one combatant of each game: the other has the same actions
    return cases


CASES = _cases()


@pytest.mark.parametrize(("system", "who", "action", "param", "value"), CASES,
                         ids=[f"{c[0]}-{c[2]}-{c[3]}-{c[4]!r}" for c in CASES])
def test_a_choice_the_game_does_not_have_is_refused_with_one_line(
        tmp_path, capsys, system, who, action, param, value) -> None:
    data = encounter_to_data(_fight(system))
    data["operations"].append({"op": "perform", "key": who, "action": action,
                               "values": {param: value}})
    data["log"] = []
    path = tmp_path / "hostile.encounter"
    text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    code = cli.main(["encounter", "show", str(path)])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("system", GAMES)
def test_a_combatant_that_is_not_in_the_fight_is_refused(tmp_path, capsys, system) -> None:
    data = encounter_to_data(_fight(system))
    data["operations"].append({"op": "perform", "key": "Nobody", "action": "x",
                               "values": {}})
    data["log"] = []
    path = tmp_path / "hostile.encounter"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["encounter", "show", str(path)]) == 2
    assert "Nobody" in capsys.readouterr().err


def test_pow_reducing_a_stat_that_does_not_exist_is_refused(tmp_path, capsys) -> None:
    data = encounter_to_data(_fight("pow"))
    who = next(iter(_fight("pow").fighters))
    data["operations"].append({"op": "perform", "key": who, "action": "reduce",
                               "values": {"stat": "luck", "points": 1}})
    data["log"] = []
    path = tmp_path / "hostile.encounter"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["encounter", "show", str(path)]) == 2
    err = capsys.readouterr().err
    assert "luck" in err and "step" in err
