"""The real app killed (SIGKILL) at a random moment while a person types, edits a spin
box, saves, saves under a new name and autosaves: every file on disk is a whole version,
the old or the new, never a mix or empty, and the next start offers what the autosave
caught, so at most the last autosave interval of edits is lost.

The normal run kills two; ``pytest -m soak`` kills fifty."""

from __future__ import annotations

import os
import random
import shutil
import textwrap
from pathlib import Path

import pytest

from desktop.systems.files import load_character
from desktop.ui import autosave
from desktop.ui.main_window import MainWindow
from tests.killing import kill_after

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "resources" / "pow" / "characters" / "sparky.sheetdesk"
EDITING = textwrap.dedent("""
    import sys
    from pathlib import Path
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QLineEdit, QSpinBox
    from desktop.app import create_application
    from desktop.ui.main_window import MainWindow

    app = create_application()
    window = MainWindow()
    window.show()
    editor = window.open_path(sys.argv[1])
    other = Path(sys.argv[2])
    name = editor.form.findChild(QLineEdit, "nameEdit")
    points = editor.form.findChild(QSpinBox, "pointsSpin")
    print("ready", flush=True)
    n = 0
    while True:
        n += 1
        name.setFocus()
        name.selectAll()
        QTest.keyClicks(name, f"Version {n}")  # typed, as a player does
        points.setValue(10 + n % 11)
        app.processEvents()
        step = n % 4
        if step == 0:
            window.save(editor)
        elif step == 1:
            window.autosave_timer.timeout.emit()  # the autosave interval has passed
        elif step == 2:
            window._save_to(editor, other if editor.document.path != other else Path(sys.argv[1]))
        else:
            window.autosave_now()
""")


def _version(path: Path) -> int:
    """The version a whole character file holds (0: the example as it was)."""
    name = load_character(path).name  # a mix or an empty file fails here
    return 0 if name == "Sparky" else int(name.removeprefix("Version "))


def _kill_once(tmp_path: Path, after: float) -> tuple[Path, Path]:
    first, second = tmp_path / "Sparky.sheetdesk", tmp_path / "Sparky again.sheetdesk"
    shutil.copy(EXAMPLE, first)
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
                   "SHEETDESK_DATA_DIR": str(tmp_path / "data"),
                   "SHEETDESK_CONFIG_DIR": str(tmp_path / "config")}
    kill_after(EDITING, [str(first), str(second)], environment, cue="ready", after=after)
    return first, second


def _check(tmp_path: Path, first: Path, second: Path, monkeypatch, qtbot, prompts) -> None:
    saved = [_version(path) for path in (first, second) if path.exists()]
    assert _version(first) >= 0
    leftovers = sorted((tmp_path / "data").rglob("*.json"))
    monkeypatch.setenv("SHEETDESK_DATA_DIR", str(tmp_path / "data"))
    found = [autosave.read(path) for path in autosave.leftovers()]  # each one whole
    assert len(found) <= len(leftovers)
    if found:  # the next start offers it back, as new as or newer than any save
        prompts.restore_answer = True
        window = MainWindow(prompts=prompts)
        qtbot.addWidget(window)
        window.offer_restore()
        restored = [int(editor.document.character.name.removeprefix("Version "))
                    for editor in window.editors()]
        assert restored and max(restored) >= max(saved) - 1


def _kill_points(count: int) -> list[float]:
    rng = random.Random(43)
    return [rng.uniform(0.0, 1.5) for _ in range(count)]


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="signals")
@pytest.mark.parametrize("after", _kill_points(2))
def test_killed_while_editing_and_saving_keeps_whole_files(tmp_path, after, monkeypatch,
                                                           qtbot, prompts) -> None:
    first, second = _kill_once(tmp_path, after)
    _check(tmp_path, first, second, monkeypatch, qtbot, prompts)


@pytest.mark.soak
@pytest.mark.skipif(os.name != "posix", reason="signals")
@pytest.mark.parametrize("after", _kill_points(50))
def test_killed_fifty_times(tmp_path, after, monkeypatch, qtbot, prompts) -> None:
    first, second = _kill_once(tmp_path, after)
    _check(tmp_path, first, second, monkeypatch, qtbot, prompts)
