"""``sheetdesk encounter show``: each combatant's ``acted`` (its turn has passed this
round), a key added beside the contract's; ``undo`` and the next round clear it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_encounter_cli import POW, run


def acted(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, bool]:
    shown = json.loads(run(capsys, "show", str(path), "--json")[1])
    return {c["id"]: c["acted"] for c in shown["combatants"]}


def test_show_says_who_has_acted_this_round(tmp_path, capsys) -> None:
    path = tmp_path / "ford.encounter"
    code, _, err = run(capsys, "new", str(POW / "sparky.sheetdesk"),
                       str(POW / "cutter.sheetdesk"), "-o", str(path), "--seed", "5")
    assert code == 0, err
    assert run(capsys, "act", str(path), "start", "Sparky=12", "Cutter=7")[0] == 0
    assert acted(capsys, path) == {"Sparky": False, "Cutter": False}
    assert run(capsys, "act", str(path), "next")[0] == 0
    assert acted(capsys, path) == {"Sparky": True, "Cutter": False}
    assert "✓ Sparky" in run(capsys, "show", str(path))[1]
    assert run(capsys, "undo", str(path))[0] == 0
    assert acted(capsys, path) == {"Sparky": False, "Cutter": False}
    for _ in range(2):  # Sparky's turn ends, then Cutter's: the next frame opens
        assert run(capsys, "act", str(path), "next")[0] == 0
    assert acted(capsys, path) == {"Sparky": False, "Cutter": False}
