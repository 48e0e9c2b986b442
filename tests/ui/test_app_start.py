"""The double-click path: ``sheetdesk FILE`` shows the character's editor in its very
first frame, never an empty window that fills in afterwards."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtWidgets import QPushButton, QWidget

import desktop.app
from desktop.ui.main_window import MainWindow

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "resources" / "pow" / "characters" / "electrobabe.sheetdesk"


class App:
    def exec(self) -> int:
        return 0


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch, qapp) -> Iterator[list[QWidget]]:
    """``main`` of the app or the GM screen run here: no event loop (``App``), its crash
    guard undone afterwards, and every window it shows recorded (closed afterwards)."""
    from desktop.ui.gm.window import GmWindow

    windows: list[QWidget] = []
    for cls in (MainWindow, GmWindow):
        monkeypatch.setattr(cls, "show", lambda w, real=cls.show: (windows.append(w), real(w))[1])
    monkeypatch.setattr(desktop.app, "create_application", lambda: App())
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # main installs its crash guard
    yield windows
    for window in windows:
        if shiboken6.isValid(window):  # a window that deletes itself on closing is gone
            window.close()
            window.deleteLater()


def test_the_file_is_open_before_the_window_is_first_shown(monkeypatch, shown) -> None:
    seen: list[tuple[int, str, bool]] = []
    show = MainWindow.show
    monkeypatch.setattr(MainWindow, "show", lambda w: (seen.append(
        (w.tabs.count(), w.windowTitle(), w.welcome.isHidden())), show(w))[1])
    assert desktop.app.main([str(EXAMPLE)]) == 0
    assert len(seen) == 1
    count, title, welcome_hidden = seen[0]
    assert count == 1 and "Electrobabe" in title and welcome_hidden
    assert shown[0].current_editor() is shown[0].editors()[0]


def test_a_double_clicked_file_opens_without_building_the_welcome_page(shown, qtbot) -> None:
    """The welcome page is built when first shown: after the last tab closes."""
    assert desktop.app.main([str(EXAMPLE)]) == 0
    (window,) = shown
    assert window.findChild(QPushButton, "welcomeGmButton") is None
    window.close_tab()
    qtbot.waitUntil(lambda: window.findChild(QPushButton, "welcomeGmButton") is not None)
    assert window.welcome.isVisible() and not window.tabs.isVisible()
    window.findChild(QPushButton, "welcomeGmButton").click()
    assert window.gm_window is not None and window.gm_window.isVisible()


def test_a_bad_file_still_opens_the_window(monkeypatch, shown, tmp_path: Path) -> None:
    bad = tmp_path / "broken.sheetdesk"
    bad.write_text("{", encoding="utf-8")
    warned: list[str] = []
    monkeypatch.setattr("desktop.ui.prompts.Prompts.warn",
                        lambda self, title, text: warned.append(title))
    assert desktop.app.main([str(bad)]) == 0
    assert warned == ["Cannot open file"]
    assert len(shown) == 1 and shown[0].tabs.count() == 0
    assert not shown[0].welcome.isHidden()


def test_the_window_module_loads_no_game_model() -> None:
    """Starting with no file paints before pydantic or any game is imported: the main
    window and its mixins import models only for type hints."""
    import os
    import subprocess

    script = ("import sys; import desktop.ui.main_window; "
              "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
              "('pydantic', 'reportlab') or m.startswith('desktop.systems.')); print(heavy)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_a_double_clicked_file_s_game_is_imported_before_qt() -> None:
    """``sheetdesk FILE`` reads the file (with pydantic and the file's game) before it
    imports PySide6: a bad file is a one-line error before any window code loads."""
    import os
    import subprocess

    script = ("import sys, desktop.cli as cli\n"
              "def launch(entry, files, what):\n"
              "    print('desktop.systems.pow.rules.character' in sys.modules,\n"
              "          'PySide6' in sys.modules, files == [sys.argv[1]])\n"
              "    return 0\n"
              "cli._launch = launch\n"
              "sys.exit(cli.main([sys.argv[1]]))\n")
    done = subprocess.run([sys.executable, "-c", script, str(EXAMPLE)], capture_output=True,
                          text=True, timeout=60, cwd=REPO,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "False", "True"]


@pytest.mark.parametrize("entry", ["desktop.app", "desktop.gm_app"])
def test_a_window_goes_back_to_pythons_pace_once_painted(
        monkeypatch: pytest.MonkeyPatch, shown, qtbot, entry: str) -> None:
    """The process collects garbage rarely while it starts (desktop.gc_pace); the app
    and the GM screen go back to Python's thresholds, with what the start made frozen,
    after their first paint."""
    import gc
    import importlib

    from desktop import gc_pace

    module = importlib.import_module(entry)
    before = gc.get_threshold()
    monkeypatch.setattr(gc_pace, "_usual", None)
    gc.set_threshold(700, 10, 10)
    try:
        gc_pace.collect_rarely()
        assert module.main([]) == 0
        assert gc.get_threshold() == gc_pace.RARE  # not before the first paint
        qtbot.waitUntil(lambda: gc.get_threshold() == (700, 10, 10))
        assert gc.get_freeze_count() > 0  # what the start made is set aside for good
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()  # this test process collects all it made again


FIRST_USE = ("picker", "table_dialogs", "editor.add_lists", "agent_lists", "catalog_chooser")
"""Modules no editor imports until a button needs them: the add-from-the-book pickers
and lists (with the book tables they list and the user's own), the GM's table dialogs."""


def test_editors_load_their_lists_and_dialogs_on_first_use() -> None:
    """Opening a character never needs the lists Add … opens, nor the GM's table
    dialogs: they are imported when first used."""
    import os
    import subprocess

    script = ("import sys\n"
              "for game in ('pow', 'pocket', 'protector', 'kruhl', 'powers'):\n"
              "    __import__(f'desktop.systems.{game}.editor.editor')\n"
              f"print(sorted(m for m in sys.modules if any(n in m for n in {FIRST_USE!r})))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=REPO, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("entry", ["app", "gm"])
def test_the_app_icon_comes_once_the_window_is_painted(monkeypatch, shown, qtbot,
                                                       entry) -> None:
    """Reading the icon (an SVG) is left until after the first paint; then the app's
    windows have it."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    import desktop.gm_app

    QApplication.setWindowIcon(QIcon())
    main, files = ((desktop.app.main, [str(EXAMPLE)]) if entry == "app"
                   else (desktop.gm_app.main, []))
    try:
        assert main(files) == 0
        (window,) = shown
        assert QApplication.windowIcon().isNull()  # not before the first paint
        qtbot.waitUntil(lambda: not QApplication.windowIcon().isNull())
        assert not window.windowIcon().isNull()
    finally:
        QApplication.setWindowIcon(QIcon())  # the tests' application has none
