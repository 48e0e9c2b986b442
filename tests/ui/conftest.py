"""GUI fixtures: the real main window with scripted answers instead of dialogs."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.ui.main_window import MainWindow
from desktop.ui.prompts import Unsaved
from tests.ui.print_script import ScriptedPrinting

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "resources" / "pow" / "characters"


class ScriptedPrompts(ScriptedPrinting):
    """Answers the main window's questions from queues; records every warning."""

    def __init__(self) -> None:
        super().__init__()
        self.warnings: list[tuple[str, str]] = []
        self.unsaved_answers: list[Unsaved] = []
        self.restore_answer: bool | None = True
        self.restore_lines: list[str] = []
        self.paths: list[Path | None] = []
        self.game: int | None = 0
        self.confirm_answers: list[bool] = []
        self.confirmations: list[tuple[str, str]] = []

    def warn(self, title: str, text: str) -> None:
        self.warnings.append((title, text))

    def unsaved(self, title: str) -> Unsaved:
        # Raising inside closeEvent would crash PySide: unscripted questions discard.
        return self.unsaved_answers.pop(0) if self.unsaved_answers else Unsaved.DISCARD

    def confirm(self, title: str, text: str, action: str) -> bool:
        self.confirmations.append((title, text))
        return self.confirm_answers.pop(0) if self.confirm_answers else False

    def restore(self, lines: list[str]) -> bool | None:
        self.restore_lines = lines
        return self.restore_answer

    def open_paths(self, folder: str) -> list[Path]:
        return [p for p in self.paths if p is not None]

    def save_path(self, suggested: str) -> Path | None:
        return self.paths.pop(0)

    pdf_path = save_path

    def choose_game(self, names: list[str]) -> int | None:
        return self.game


@pytest.fixture
def prompts() -> ScriptedPrompts:
    return ScriptedPrompts()


@pytest.fixture
def window(qtbot, prompts) -> MainWindow:
    win = MainWindow(prompts=prompts)  # type: ignore[arg-type]
    win.show()
    qtbot.waitExposed(win)
    yield win
    prompts.unsaved_answers.clear()
    win.close()
    win.deleteLater()


@pytest.fixture
def electrobabe(tmp_path) -> Path:
    target = tmp_path / "electrobabe.sheetdesk"
    target.write_bytes((EXAMPLES / "electrobabe.sheetdesk").read_bytes())
    return target


@pytest.fixture(autouse=True)
def _release_autosave_claims():
    """Each test's autosave folder is new: its instance lock is given up after it."""
    yield
    from desktop.ui import autosave

    autosave.release_all()


@pytest.fixture(autouse=True)
def _quick_file_watch(monkeypatch):
    """A changed file is looked at after 60 ms of quiet, not 400, and an unreadable one
    tried again after 250 ms, not 1.5 s: the same steps, sooner."""
    from desktop.ui import file_watch

    monkeypatch.setattr(file_watch, "SETTLE_MS", 60)
    monkeypatch.setattr(file_watch, "RETRY_MS", 250)
