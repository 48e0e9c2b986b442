"""The ``sheetdesk`` process collects cyclic garbage rarely while it starts and for the
whole of a batch command; a window goes back to Python's pace once painted
(desktop.gc_pace, desktop.launch)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
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
    """Python's thresholds to start with, and this process's put back afterwards (with
    what ``collect_as_usual`` froze collected again)."""
    before = gc.get_threshold()
    gc.set_threshold(*PYTHONS)
    monkeypatch.setattr(gc_pace, "_usual", None)
    assert gc.get_freeze_count() == 0
    yield
    gc.set_threshold(*before)
    gc.unfreeze()


def test_rarely_then_as_usual(pace) -> None:
    gc_pace.collect_as_usual()  # nothing set aside: nothing changes
    assert gc.get_threshold() == PYTHONS
    assert gc.get_freeze_count() == 0
    gc_pace.collect_rarely()
    gc_pace.collect_rarely()  # twice: Python's are still what comes back
    assert gc.get_threshold() == gc_pace.RARE
    gc_pace.collect_as_usual()
    assert gc.get_threshold() == PYTHONS
    frozen = gc.get_freeze_count()
    assert frozen > 0  # what the start made is left out of later collections
    assert gc.get_count()[0] < 100  # and the next young collection waits for new objects
    gc_pace.collect_as_usual()
    assert gc.get_threshold() == PYTHONS
    assert gc.get_freeze_count() == frozen


PREPARE = """
import gc, json, os, sys
collections = []
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(1))
from desktop import launch
launch.prepare()
import desktop.systems.files
print(json.dumps({"collections": len(collections),
                  "plugins": os.environ.get(launch.PYDANTIC_DISABLE_PLUGINS)}))
"""


@pytest.mark.slow
def test_the_pace_is_set_before_the_start_makes_its_objects(tmp_path) -> None:
    """``prepare`` sets the pace before the start makes its objects: at most the one or
    two young collections importing ``desktop`` itself may make. It also turns
    pydantic's plugins off, with pydantic's own switch."""
    environment = {**os.environ, "PYTHONPATH": str(REPO), "SHEETDESK_CACHE_DIR": str(tmp_path)}
    environment.pop(launch.PYDANTIC_DISABLE_PLUGINS, None)
    result = subprocess.run(
        [sys.executable, "-c", PREPARE], cwd=REPO, capture_output=True, text=True,
        timeout=120, env=environment)
    assert result.returncode == 0, result.stderr[-600:]
    seen = json.loads(result.stdout)
    assert seen["collections"] <= 2
    assert seen["plugins"] == "__all__"


def test_a_plugin_setting_the_user_made_is_left_alone(monkeypatch) -> None:
    monkeypatch.setenv(launch.PYDANTIC_DISABLE_PLUGINS, "")
    launch.prepare()
    assert os.environ[launch.PYDANTIC_DISABLE_PLUGINS] == ""


def test_the_process_starts_collecting_rarely(pace, monkeypatch) -> None:
    monkeypatch.delenv(launch.PYDANTIC_DISABLE_PLUGINS, raising=False)  # put back afterwards
    launch.prepare()
    assert gc.get_threshold() == gc_pace.RARE


def test_a_batch_command_collects_rarely_to_its_end(pace, monkeypatch) -> None:
    seen: list[tuple[int, int, int]] = []

    def fake_main(args: list[str]) -> int:
        seen.append(gc.get_threshold())
        return 0

    def fake_exit(code: int) -> None:
        raise Exited

    monkeypatch.setenv(launch.PYDANTIC_DISABLE_PLUGINS, "__all__")
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
