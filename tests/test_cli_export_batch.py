"""A batch command's process collects cyclic garbage rarely, and never all at the end;
a window's process as Python does (desktop.launch)."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop import cli, launch

REPO = Path(__file__).resolve().parent.parent


class Exited(Exception):
    pass


@pytest.fixture
def process(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int, int]]]:
    """``launch.run`` in this process: the thresholds ``cli.main`` runs with, recorded;
    ``os._exit`` an exception; nothing prepared; the thresholds put back afterwards."""
    seen: list[tuple[int, int, int]] = []

    def fake_main(args: list[str]) -> int:
        seen.append(gc.get_threshold())
        return 0

    def fake_exit(code: int) -> None:
        raise Exited

    monkeypatch.setattr(cli, "main", fake_main)
    monkeypatch.setattr(launch, "prepare", lambda: None)
    monkeypatch.setattr(launch.os, "_exit", fake_exit)
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's own, whatever ran before in this process
    yield seen
    gc.set_threshold(*before)


def test_a_batch_command_runs_and_ends_with_batch_thresholds(monkeypatch, process) -> None:
    example = REPO / "resources" / "pow" / "characters" / "sparky.sheetdesk"
    monkeypatch.setattr(sys, "argv", ["sheetdesk", "export", str(example), "-o", "x.pdf"])
    with pytest.raises(Exited):
        launch.run()
    assert process == [launch.BATCH_GC_THRESHOLDS]
    # Not put back: that would collect everything the export made, just before the end.
    assert gc.get_threshold() == launch.BATCH_GC_THRESHOLDS


@pytest.mark.parametrize("argv", [[], ["hero.sheetdesk"], ["gm"]])
def test_a_window_keeps_pythons_thresholds(monkeypatch, process, argv) -> None:
    monkeypatch.setattr(sys, "argv", ["sheetdesk", *argv])
    with pytest.raises(SystemExit):
        launch.run()
    assert process == [(700, 10, 10)]


def test_an_export_in_this_process_leaves_the_thresholds_alone(tmp_path: Path) -> None:
    """``cli.main`` called in-process (tests, scripts) changes nothing of the caller's."""
    before = gc.get_threshold()
    example = REPO / "resources" / "pow" / "characters" / "sparky.sheetdesk"
    assert cli.main(["export", str(example), "-o", str(tmp_path / "x.pdf")]) == 0
    assert gc.get_threshold() == before
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")
