"""The start-up probe that ``tests/benchmarks/run.py`` times still reaches the
window it waits for: it hooks into the launcher (``desktop.cli._entry``,
``desktop.app.MainWindow``), and a rename there would otherwise only show up as a
benchmark that hangs or fails."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROBE = REPO / "tests" / "benchmarks" / "startup_probe.py"
EXAMPLE = REPO / "resources" / "kruhl" / "characters" / "soraya.sheetdesk"


def _probe(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               SHEETDESK_DATA_DIR=str(tmp_path / "data"),
               SHEETDESK_CONFIG_DIR=str(tmp_path / "config"),
               SHEETDESK_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, str(PROBE), *args], env=env, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("kind", ["bare", "sheetdesk", "open", "floor", "lazy floor"])
def test_probe_reports_the_painted_window(tmp_path: Path, kind: str) -> None:
    name = json.loads(EXAMPLE.read_text(encoding="utf-8"))["name"]
    args = {"bare": (), "sheetdesk": (), "open": (str(EXAMPLE), name),
            "floor": (str(EXAMPLE), "kruhl"),
            "lazy floor": (str(EXAMPLE), "kruhl", "detailTabs")}[kind]
    out = _probe(tmp_path, kind.split()[-1], *args)
    assert out.returncode == 0, out.stderr[-2000:]
    assert any(line.startswith("painted ") for line in out.stdout.splitlines()), out.stderr


def _load_probe():
    spec = importlib.util.spec_from_file_location("startup_probe", PROBE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("title", "editor", "reported"), [
    ("Soraya — Sheetdesk", "shown", True),
    ("Sheetdesk", "shown", False),          # another character's window
    ("Soraya — Sheetdesk", "none", False),  # the title, but no editor painted yet
    ("Soraya — Sheetdesk", "hidden", False),  # an editor on a tab not chosen
])
def test_open_waits_for_the_named_characters_editor(qtbot, monkeypatch, title: str,
                                                    editor: str, reported: bool) -> None:
    from PySide6.QtWidgets import QMainWindow, QTabWidget, QWidget

    probe = _load_probe()
    reports: list[bool] = []
    monkeypatch.setattr(probe, "_report", lambda: reports.append(True))

    class CharacterEditor(QWidget):
        pass

    window = QMainWindow()
    qtbot.addWidget(window)
    window.setWindowTitle(title)
    tabs = QTabWidget()
    tabs.addTab(CharacterEditor() if editor == "shown" else QWidget(), "first")
    tabs.addTab(CharacterEditor() if editor == "hidden" else QWidget(), "second")
    window.setCentralWidget(tabs)
    probe._watch(window, "Soraya")
    window.show()
    qtbot.waitExposed(window)
    window.repaint()
    qtbot.wait(50)
    assert bool(reports) is reported


def test_the_report_comes_before_what_the_app_leaves_until_its_first_paint(
        qtbot, monkeypatch) -> None:
    """The window is on screen once its first paint pass is over: what the app leaves
    until then (its icon, the usual garbage collection) is not counted."""
    from PySide6.QtWidgets import QMainWindow

    from desktop.ui.widgets.when_shown import after_first_paint

    probe = _load_probe()
    order: list[str] = []
    monkeypatch.setattr(probe, "_report", lambda: order.append("report"))
    window = QMainWindow()
    qtbot.addWidget(window)
    probe._watch(window, None)  # as the probe watches the window the app makes
    after_first_paint(window, lambda: order.append("app"))  # what the app then puts off
    window.show()
    qtbot.waitUntil(lambda: len(order) == 2)
    assert order == ["report", "app"]
