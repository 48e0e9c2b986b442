"""Windows fit the screen they open on: a first window, and a window restored from a
bigger screen, at 1280×720, 1366×768, 1920×1080 and 150 % scaling; every button on
every tab page of every game's editor is on screen or in a part that scrolls; and the
GM window's checks (tests/ui/gm/test_gm_screen_fit.py) in the same process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize

from desktop.ui.screen_fit import first_size, fitted
from tests.ui.gm.test_gm_screen_fit import GM_CHECK

REPO = Path(__file__).resolve().parents[2]
SCREENS = [(1280, 720, 1.0), (1366, 768, 1.0), (1920, 1080, 1.0), (1280, 720, 1.5)]
CHECK = """
import sys
from PySide6.QtCore import QByteArray, QRect
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QApplication,
                               QTabWidget)
app = QApplication([])
from desktop.systems import SYSTEMS
from desktop.ui.main_window import MainWindow
from desktop.ui.settings import Settings
problems = []
available = app.primaryScreen().availableGeometry()
def settle():
    for _ in range(5):
        app.processEvents()
first = MainWindow(); first.show(); settle()
if not available.contains(first.frameGeometry()):
    problems.append(f"first window {first.frameGeometry()} off {available}")
big = MainWindow(); big.setGeometry(QRect(100, 150, 1880, 1040))  # last used on a big one
Settings().set_geometry(big.saveGeometry(), big.saveState()); big.close()
window = MainWindow(); window.show(); settle()
if not available.contains(window.frameGeometry()):
    problems.append(f"restored window {window.frameGeometry()} off {available}")
def off_window(game, editor, page):
    inside = QRect(0, 0, window.width(), window.height())
    for button in editor.findChildren(QAbstractButton):
        if not button.isVisible():
            continue
        where = QRect(button.mapTo(window, button.rect().topLeft()), button.size())
        scrolls = False
        parent = button.parentWidget()
        while parent is not None and parent is not window:
            if isinstance(parent, QAbstractScrollArea):
                scrolls = True
            parent = parent.parentWidget()
        if not scrolls and not inside.contains(where):
            problems.append(f"{game} ({page}): {button.text() or button.objectName()} at "
                            f"{where} is off the window {inside}")
for game in SYSTEMS:
    editor = window.new_character(game)
    settle()
    for tabs in editor.form.findChildren(QTabWidget):  # every page of every tab widget
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            settle()
            off_window(game, editor, tabs.tabText(index).replace("&", ""))
"""
REPORT = """
print("\\n".join(problems))
sys.exit(1 if problems else 0)
"""


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height", "scale"), SCREENS,
                         ids=[f"{w}x{h}@{s}" for w, h, s in SCREENS])
def test_windows_fit_the_screen(tmp_path, width, height, scale) -> None:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [
        {"name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": scale}]}), encoding="utf-8")
    environment = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
                   "SHEETDESK_CONFIG_DIR": str(tmp_path / "config"),
                   "SHEETDESK_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", CHECK + GM_CHECK + REPORT], cwd=REPO,
                          env=environment,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]


def test_a_rectangle_is_moved_and_shrunk_onto_the_screen() -> None:
    screen = QRect(0, 0, 1280, 720)
    assert fitted(QRect(100, 150, 1880, 1040), screen) == QRect(0, 0, 1280, 720)
    assert fitted(QRect(900, 600, 800, 400), screen) == QRect(480, 320, 800, 400)
    assert fitted(QRect(-50, -20, 400, 300), screen) == QRect(0, 0, 400, 300)
    assert fitted(QRect(10, 10, 400, 300), screen) == QRect(10, 10, 400, 300)
    second = QRect(1920, 0, 1366, 768)  # a screen to the right
    assert fitted(QRect(0, 0, 800, 600), second) == QRect(1920, 0, 800, 600)


def test_a_first_window_takes_what_the_screen_has() -> None:
    assert first_size(QSize(1280, 860), QRect(0, 0, 1920, 1080)) == QSize(1280, 860)
    assert first_size(QSize(1280, 860), QRect(0, 0, 1280, 720)) == QSize(1177, 662)
