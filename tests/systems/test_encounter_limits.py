"""Hostile encounter files: every field of an operation checked for its type
before the replay, numbers finite, the replay linear; one line naming the field."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from desktop.model import encounter as encounter_module
from desktop.model.encounter import MAX_OPERATIONS, EncounterError
from desktop.model.errors import DocumentError
from desktop.systems import get
from desktop.systems.encounters import encounter_to_data, load_encounter, new_encounter
from tests.work import calls, growth

WORK = 2_000_000
"""The most calls the refusal of a file may make (tests/work.py): the largest here, a
character of 20,000 Specials walked once before it is refused, makes under 500,000."""


def _data() -> dict[str, Any]:
    hero = get("pow").new_character("Ann")
    fight = new_encounter("pow", "Test", seed=3).add_character(hero, path="ann.sheetdesk")
    return encounter_to_data(fight.start())


def _refused(tmp_path: Path, data: dict[str, Any] | str) -> DocumentError:
    path = tmp_path / "x.encounter"
    text = data if isinstance(data, str) else json.dumps(data)
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(DocumentError) as info:
        calls(load_encounter, path, limit=WORK)
    assert path.read_bytes() == before
    message = info.value.message
    assert "\n" not in message and len(message) <= 300 and message.startswith(str(path))
    return info.value


@pytest.mark.parametrize("step, field, value", [
    (0, "path", 5), (0, "path", ["a"]), (0, "origin", 5), (0, "group", 7),
    (0, "character", "x"), (0, "op", 5), (0, "op", []), (1, "values", [1]),
    (1, "values", "x"), (1, "seed", 1.5), (1, "seed", True),
])
def test_a_field_of_the_wrong_type_is_refused_naming_it(tmp_path, step, field, value):
    data = _data()
    data["operations"][step][field] = value
    error = _refused(tmp_path, data)
    assert error.where == f"operations.{step}.{field}"


@pytest.mark.parametrize("op, where", [
    ({"op": "roll", "expression": 5}, "operations.2.expression"),
    ({"op": "note", "text": {"a": 1}}, "operations.2.text"),
    ({"op": "perform_all", "keys": 5, "action": "x"}, "operations.2.keys"),
    ({"op": "perform_all", "keys": [5], "action": "x"}, "operations.2.keys"),
    ({"op": "condition", "target": "Ann", "text": "x", "rounds": "x"},
     "operations.2.rounds"),
    ({"op": "end_condition", "id": []}, "operations.2.id"),
])
def test_operations_with_bad_fields_are_refused(tmp_path, op, where) -> None:
    data = _data()
    data["operations"].append(op)
    assert _refused(tmp_path, data).where == where


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e308"])
def test_numbers_that_are_not_finite_or_too_large_are_refused(tmp_path, number) -> None:
    data = _data()
    data["operations"].append({"op": "condition", "target": "Ann", "text": "x",
                               "rounds": 12345})
    error = _refused(tmp_path, json.dumps(data).replace("12345", number))
    assert error.where == "operations.2.rounds"


def test_an_empty_log_line_is_a_mismatch_not_a_crash(tmp_path) -> None:
    data = _data()
    data["log"][0] = ""
    assert _refused(tmp_path, data).where == "log.0"


def test_a_huge_pow_check_difficulty_is_refused(tmp_path) -> None:
    data = _data()
    data["operations"].append({"op": "check", "values": {
        "stat": 2, "difficulty": 10**6, "doubles": True}})
    assert "outside the supported" in _refused(tmp_path, data).what


def test_a_character_inside_is_held_to_a_character_file_s_limits(tmp_path) -> None:
    data = _data()
    data["operations"][0]["character"]["specials"] = [{"name": "x"}] * 20_000
    error = _refused(tmp_path, data)
    assert "at most 10,000" in error.what


def _replay(tmp_path: Path, count: int) -> Any:
    data = _data()
    data["operations"] += [{"op": "next"}] * count
    data["log"] = []
    path = tmp_path / f"long{count}.encounter"
    path.write_text(json.dumps(data), encoding="utf-8")
    fight = load_encounter(path)
    assert len(fight.ops) == count + 2
    return fight


def test_the_replay_is_linear(tmp_path) -> None:
    _replay(tmp_path, 10)  # what is done once (imports, caches) is not counted below
    assert growth(lambda n: _replay(tmp_path, n), 1_000, 4_000) < 5  # quadratic: ~16


def test_the_replay_copies_the_operations_and_log_once(tmp_path) -> None:
    """Copying them at every step (as one more operation does) is quadratic in C, where
    no call is counted: what is handed to ``replace`` is counted instead."""
    with mock.patch.object(encounter_module, "replace", wraps=replace) as spy:
        fight = _replay(tmp_path, 2_000)
    copied = sum(len(call.kwargs.get("ops", ())) + len(call.kwargs.get("log", ()))
                 for call in spy.call_args_list)
    assert copied <= 2 * (len(fight.ops) + len(fight.log))


def test_the_log_is_capped(monkeypatch) -> None:
    monkeypatch.setattr(encounter_module, "MAX_OPERATIONS", 3)
    fight = new_encounter("pow", seed=1).add_character(get("pow").new_character("Ann"))
    fight = fight.start().next_turn()
    with pytest.raises(EncounterError, match="the log is full"):
        fight.next_turn()
    assert MAX_OPERATIONS == 100_000
