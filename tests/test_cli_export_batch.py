"""The ``sheetdesk`` process collects cyclic garbage rarely while it starts and for the
whole of a batch command; a window goes back to Python's pace once painted
(desktop.gc_pace, desktop.launch)."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop import cli, gc_pace, launch

REPO = Path(__file__).resolve().parent.parent
PYTHONS = (700, 10, 10)


class Exited(Exception):
    pass


@pytest.fixture
def pace(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Python's thresholds to start with, and this process's put back afterwards."""
    before = gc.get_threshold()
    gc.set_threshold(*PYTHONS)
    monkeypatch.setattr(gc_pace, "_usual", None)
    yield
    gc.set_threshold(*before)


def test_rarely_then_as_usual(pace) -> None:
    gc_pace.collect_as_usual()  # nothing set aside: nothing changes
    assert gc.get_threshold() == PYTHONS
    gc_pace.collect_rarely()
    gc_pace.collect_rarely()  # twice: Python's are still what comes back
    assert gc.get_threshold() == gc_pace.RARE
    gc_pace.collect_as_usual()
    assert gc.get_threshold() == PYTHONS
    gc_pace.collect_as_usual()
    assert gc.get_threshold() == PYTHONS


def test_the_process_starts_collecting_rarely(pace, monkeypatch) -> None:
    monkeypatch.setattr(launch.compile_cache, "install", lambda: None)
    launch.prepare()
    assert gc.get_threshold() == gc_pace.RARE


def test_a_batch_command_collects_rarely_to_its_end(pace, monkeypatch) -> None:
    seen: list[tuple[int, int, int]] = []

    def fake_main(args: list[str]) -> int:
        seen.append(gc.get_threshold())
        return 0

    def fake_exit(code: int) -> None:
        raise Exited

    monkeypatch.setattr(launch.compile_cache, "install", lambda: None)
    monkeypatch.setattr(cli, "main", fake_main)
    monkeypatch.setattr(launch.os, "_exit", fake_exit)
    monkeypatch.setattr(sys, "argv", ["sheetdesk", "export", "a.sheetdesk", "-o", "x.pdf"])
    with pytest.raises(Exited):
        launch.run()
    # Not put back: that would collect everything the export made, just before the end.
    assert seen == [gc_pace.RARE] and gc.get_threshold() == gc_pace.RARE


def test_an_export_in_this_process_leaves_the_thresholds_alone(pace, tmp_path) -> None:
    """``cli.main`` called in-process (tests, scripts) changes nothing of the caller's."""
    example = REPO / "resources" / "pow" / "characters" / "sparky.sheetdesk"
    assert cli.main(["export", str(example), "-o", str(tmp_path / "x.pdf")]) == 0
    assert gc.get_threshold() == PYTHONS
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")
