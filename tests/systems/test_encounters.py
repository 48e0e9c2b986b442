"""Encounter files: envelope, replay, and one-line errors like character files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.model.errors import DocumentError
from desktop.systems import get
from desktop.systems.encounters import (
    encounter_to_data,
    load_encounter,
    new_encounter,
    save_encounter,
)


def _fight():
    hero = get("pow").new_character("Ann")
    return new_encounter("pow", "Test", seed=3).add_character(hero).start()


def _write(tmp_path, data) -> str:
    path = tmp_path / "x.encounter"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


def test_a_saved_encounter_reopens_the_same_and_keeps_a_backup(tmp_path) -> None:
    path = tmp_path / "x.encounter"
    e = _fight()
    save_encounter(path, e)
    save_encounter(path, e.next_turn())
    assert (tmp_path / "x.encounter.bak").exists()
    again = load_encounter(path)
    assert again.ops == e.next_turn().ops and again.seed == 3 and again.name == "Test"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: {**d, "format": "sheetdesk.character"}, "not a Sheetdesk encounter file"),
    (lambda d: {**d, "version": 7}, "newer Sheetdesk"),
    (lambda d: {**d, "system": "gurps"}, "unknown game 'gurps'"),
    (lambda d: {**d, "seed": "x"}, "seed"),
    (lambda d: {**d, "surprise": 1}, "surprise"),
    (lambda d: {**d, "operations": [*d["operations"], {"op": "teleport"}]},
     "unknown operation 'teleport'"),
    (lambda d: {**d, "log": ["something else"]}, "replay the fight differently"),
])
def test_broken_files_are_reported_and_left_alone(tmp_path, change, message) -> None:
    data = change(encounter_to_data(_fight()))
    path = _write(tmp_path, data)
    before = Path(path).read_text(encoding="utf-8")
    with pytest.raises(DocumentError, match=message) as caught:
        load_encounter(path)
    assert str(caught.value).startswith(path) and "\n" not in str(caught.value)
    assert Path(path).read_text(encoding="utf-8") == before


def test_not_json_is_reported(tmp_path) -> None:
    with pytest.raises(DocumentError, match="not JSON"):
        load_encounter(_write(tmp_path, "{ nope"))


def test_a_character_of_another_game_is_refused() -> None:
    from desktop.model.encounter import EncounterError

    other = get("pow").new_character("Ann").model_copy(update={"system": "pocket"})
    with pytest.raises((EncounterError, DocumentError)):
        new_encounter("pow").add_character(other)


def test_a_reworded_log_still_opens_but_other_numbers_do_not(tmp_path) -> None:
    """A newer Sheetdesk may reword a line ("Lizard-man 1 2" → "Lizard-man 1: 2
    actions"); the dice and totals must replay the same."""
    data = encounter_to_data(_fight().next_turn())
    line = data["log"][-1]
    assert any(c.isdigit() for c in line.split(" ", 1)[1])
    data["log"][-1] = line.replace(" ", "  ").replace("to act", "acts")
    assert load_encounter(_write(tmp_path, data)).ops
    data["log"][-1] = line.replace("1", "7", 2)
    with pytest.raises(DocumentError, match="replay the fight differently"):
        load_encounter(_write(tmp_path, data))


def test_which_games_have_gm_rules_is_known_without_importing_them() -> None:
    """The GM screen's welcome page lists the games with GM rules: found, not run
    (importing every game's rules took a quarter of a second of its start)."""
    import os
    import subprocess
    import sys

    script = ("import sys\n"
              "from desktop.systems import SYSTEMS\n"
              "from desktop.systems.encounters import has_gm_rules\n"
              "print([has_gm_rules(g) for g in SYSTEMS], has_gm_rules('gurps'),\n"
              "      sorted(m for m in sys.modules if m.endswith('.fight.gm')))\n")
    repo = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=repo, env={**os.environ, "PYTHONPATH": str(repo)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("]", 1)[0] == "[True, True, True, True, True"
    assert done.stdout.strip().endswith("False []")


def test_has_part_agrees_with_optional_part() -> None:

    cases = [(get("powers"), "handouts"), (get("pow"), "handouts"), (get("pow"), "gm")]
    assert [game.has_part(part) for game, part in cases] == [True, False, True]
    assert [game.optional_part(part) is not None for game, part in cases] == [
        True, False, True]
    missing = get("pow")._replace(package="desktop.systems.no_such_game")  # no rooms: a bug
    for look in (missing.has_part, missing.optional_part):
        with pytest.raises(ModuleNotFoundError):
            look("gm")
