"""Every test runs offscreen, with the user's folders pointed at a temporary directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Set before anything imports Qt, so the whole run is offscreen, on a 1920×1080 screen
# (Qt's offscreen screen is 800×800 by default, smaller than the windows tested; windows
# keep to their screen). Child processes inherit it.
SCREEN = Path(__file__).resolve().parent / "offscreen_screen.json"
if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={SCREEN}"

# No example is timed (hypothesis fails one slower than 200 ms by default, which a loaded
# machine or a cold cache can make it): speed is tests/benchmarks/run.py's, and each
# property test bounds its own work with max_examples. Loaded here, before any test
# module makes its settings.
settings.register_profile("sheetdesk", deadline=None)
settings.load_profile("sheetdesk")

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch) -> Path:
    """Settings, libraries and autosaves go to a fresh folder for each test."""
    root = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("SHEETDESK_DATA_DIR", str(root / "data"))
    monkeypatch.setenv("SHEETDESK_CONFIG_DIR", str(root / "config"))
    monkeypatch.setenv("SHEETDESK_CACHE_DIR", str(root / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(root / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(root / "xdg-config"))
    return root


@pytest.fixture(autouse=True)
def no_key_held_after_the_test() -> Iterator[None]:
    """Every test starts with no modifier key held. ``QTest.keyClick`` with Ctrl+Shift
    can leave Qt believing Shift is still down, and a later test's ``selectRow`` then
    extends a selection instead of making one (which test follows which depends on how
    pytest-xdist shares them out)."""
    yield
    if "PySide6.QtWidgets" not in sys.modules:
        return  # a test without Qt
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QWidget

    if QApplication.instance() is None or (
            QApplication.keyboardModifiers() == Qt.KeyboardModifier.NoModifier):
        return
    probe = QWidget()
    probe.winId()  # a window of its own: the release goes through the window system
    for key in (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta):
        QTest.keyRelease(probe.windowHandle(), key, Qt.KeyboardModifier.NoModifier)
    probe.deleteLater()


@pytest.fixture
def child_json() -> Callable[..., Any]:
    """Runs a Python script in a new process (with this checkout on its path, as a fresh
    start of Sheetdesk would be) and reads what it printed as JSON."""
    def run(script: str, *args: str) -> Any:
        result = subprocess.run([sys.executable, "-c", script, *args], cwd=REPO,
                                env={**os.environ, "PYTHONPATH": str(REPO)},
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    return run
