"""The real GM screen killed (SIGKILL) at a random moment while a GM adds combatants,
starts the fight, deals damage, passes turns, saves and saves under a new name: every
encounter file on disk (and the backup a save keeps) is a whole version, the old or the
new, never a mix or empty, and the next start opens it and offers back what the
autosave caught since the last save (at most its 30 s of edits lost).

The normal run kills two; ``pytest -m soak`` kills fifty."""

from __future__ import annotations

import os
import random
import textwrap
from pathlib import Path

import pytest

from desktop.gm_app import read_files
from desktop.systems.encounters import load_encounter, new_encounter, save_encounter
from desktop.ui.gm import autosave as gm_autosave
from tests.killing import kill_after

REPO = Path(__file__).resolve().parents[3]
START = "Start"
RUNNING = textwrap.dedent("""
    import sys
    from pathlib import Path

    from desktop.app import create_application
    from desktop.systems.encounters import load_encounter
    from desktop.ui.gm.prompts import GmPrompts
    from desktop.ui.gm.window import GmWindow
    from desktop.ui.prompts import Unsaved

    first, other = Path(sys.argv[1]), Path(sys.argv[2])


    class Script(GmPrompts):
        # A GM in a hurry: Save As goes to the other file; any question is logged.
        def save_encounter(self, suggested):
            return first if window.session.path == other.resolve() else other

        def warn(self, title, text):
            print("warned:", title, text, file=sys.stderr, flush=True)

        def confirm(self, title, text, action):
            print("asked:", title, text, file=sys.stderr, flush=True)
            return True

        def unsaved(self, title):
            return Unsaved.DISCARD

        def pass_due(self, due):
            return True


    app = create_application()
    window = GmWindow(load_encounter(first), first.resolve(), prompts=Script(None))
    window.show()
    app.processEvents()
    print("ready", flush=True)
    n = 0
    while True:
        n += 1
        window.session.rename(f"Version {n}")
        fighters = list(window.encounter.fighters)
        if len(fighters) < 6:
            window.sources.add_combatants(None, "Thug", 1, "quick")
        if not window.encounter.started:
            window.start_fight()
        else:
            window.perform(fighters[n % len(fighters)], "damage", {"points": 1}, "Damage")
            window.next_turn()
        app.processEvents()
        step = n % 4
        if step == 0:
            window.files.save()
        elif step == 1:
            window.files.save_as()
        elif step == 2:
            window.autosave.timer.timeout.emit()  # the autosave interval has passed
""")


def _version(path: Path) -> int:
    """The version a whole encounter file holds (0: as it was before the run)."""
    encounter = load_encounter(path)  # a mix or an empty file fails here
    return 0 if encounter.name == START else int(encounter.name.removeprefix("Version "))


def _kill_once(tmp_path: Path, after: float) -> tuple[Path, Path, str]:
    first, second = tmp_path / "Ford.encounter", tmp_path / "Ford again.encounter"
    save_encounter(first, new_encounter("pow", START, seed=43))
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
                   "SHEETDESK_DATA_DIR": str(tmp_path / "data"),
                   "SHEETDESK_CONFIG_DIR": str(tmp_path / "config")}
    errors = tmp_path / "stderr.txt"
    with open(errors, "w") as stderr:
        kill_after(RUNNING, [str(first), str(second)], environment, cue="ready",
                   after=after, stderr=stderr)
    return first, second, errors.read_text(encoding="utf-8", errors="replace")


def _check(first: Path, second: Path, errors: str, monkeypatch) -> None:
    files = [first, second, first.with_name(first.name + ".bak"),
             second.with_name(second.name + ".bak")]
    versions = {path.name: _version(path) for path in files if path.exists()}
    assert versions[first.name] >= 0
    monkeypatch.setenv("SHEETDESK_DATA_DIR", str(first.parent / "data"))
    kept = [gm_autosave.read(path) for path in gm_autosave.leftovers()]  # each one whole
    if kept:  # what the next start offers is as new as any save, or newer (killed
        # between a save and the removal of the autosave it replaced: one loop older)
        newest = int(kept[0].encounter.name.removeprefix("Version "))
        assert newest >= max(versions.values()) - 4
    # Its own saves are never taken for someone else's: nothing asked, nothing refused.
    assert "asked:" not in errors and "warned:" not in errors, errors
    for path in (first, second):
        if path.exists():  # the next start opens it
            encounter, opened, _characters = read_files([str(path)])
            assert encounter is not None and opened == path.resolve()


def _kill_points(count: int) -> list[float]:
    rng = random.Random(43)
    return [rng.uniform(0.0, 1.5) for _ in range(count)]


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="signals")
@pytest.mark.parametrize("after", _kill_points(2))
def test_killed_while_running_and_saving_keeps_whole_files(tmp_path, after,
                                                           monkeypatch) -> None:
    _check(*_kill_once(tmp_path, after), monkeypatch)


@pytest.mark.soak
@pytest.mark.skipif(os.name != "posix", reason="signals")
@pytest.mark.parametrize("after", _kill_points(50))
def test_killed_fifty_times(tmp_path, after, monkeypatch) -> None:
    _check(*_kill_once(tmp_path, after), monkeypatch)
