"""How the ``sheetdesk`` process ends (desktop.launch): batch commands at once, the
windows normally."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop import cli, launch

REPO = Path(__file__).resolve().parents[1]


class Exited(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


@pytest.fixture
def exits(monkeypatch) -> Iterator[list[int]]:
    """``os._exit`` recorded and turned into an exception (the test process lives on);
    the compile cache is not installed into the test process."""
    codes: list[int] = []

    def fake_exit(code: int) -> None:
        codes.append(code)
        raise Exited(code)

    monkeypatch.setattr(launch.os, "_exit", fake_exit)
    monkeypatch.setattr(launch, "prepare", lambda: None)
    thresholds = gc.get_threshold()  # a batch command's process keeps its own
    yield codes
    gc.set_threshold(*thresholds)


def _run(monkeypatch, argv: list[str], code: int) -> list[list[str]]:
    seen: list[list[str]] = []

    def fake_main(args: list[str]) -> int:
        seen.append(args)
        return code

    monkeypatch.setattr(cli, "main", fake_main)
    monkeypatch.setattr(sys, "argv", ["sheetdesk", *argv])
    return seen


@pytest.mark.parametrize("command", [c for c, spec in cli.COMMANDS.items()
                                     if not spec.opens_window])
def test_a_batch_command_ends_the_process_with_its_code(monkeypatch, exits, command) -> None:
    seen = _run(monkeypatch, [command, "x"], 2)
    with pytest.raises(Exited):
        launch.run()
    assert seen == [[command, "x"]] and exits == [2]


@pytest.mark.parametrize("argv", [[], ["hero.sheetdesk"], ["gm"], ["--", "check"]])
def test_the_windows_exit_the_interpreter_normally(monkeypatch, exits, argv) -> None:
    _run(monkeypatch, argv, 0)
    with pytest.raises(SystemExit) as raised:
        launch.run()
    assert raised.value.code == 0 and exits == []


def test_only_the_gm_screen_is_a_window_command() -> None:
    assert [c for c, spec in cli.COMMANDS.items() if spec.opens_window] == ["gm"]


def test_the_output_is_flushed_before_the_prompt_exit(monkeypatch, exits, capsys) -> None:
    def fake_main(args: list[str]) -> int:
        sys.stdout.write("no newline, still buffered")
        return 0

    monkeypatch.setattr(cli, "main", fake_main)
    monkeypatch.setattr(sys, "argv", ["sheetdesk", "systems"])
    flushed: list[str] = []
    monkeypatch.setattr(sys.stdout, "flush", lambda: flushed.append("stdout"))
    with pytest.raises(Exited):
        launch.run()
    assert "stdout" in flushed


@pytest.mark.slow
def test_a_long_output_through_a_pipe_arrives_whole() -> None:
    """The JSON Schema is several times the output buffer: its last part arrives only
    if it is flushed before the process ends (without the interpreter's final flush)."""
    result = subprocess.run(
        [sys.executable, "-m", "desktop", "schema", "pocket"], cwd=REPO,
        capture_output=True, text=True, timeout=120, encoding="utf-8",
        env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 0, result.stderr
    assert len(result.stdout) > 3 * 8192
    assert json.loads(result.stdout)["title"]
