"""GM screen fixtures: the real window, 800×600 like the offscreen screen, with scripted
answers instead of dialogs, and copies of the book's example party."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from desktop.systems.encounters import new_encounter
from desktop.ui.gm.window import GmWindow
from desktop.ui.prompts import Unsaved
from tests.ui.print_script import ScriptedPrinting

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "resources" / "pow" / "characters"
PARTY = ("electrobabe", "sparky", "cutter")
SAMPLE_TOTALS = "Electrobabe 7, Sparky 12, Cutter 11, Lizard-men 13"


class ScriptedGmPrompts(ScriptedPrinting):
    """Answers the GM screen's questions from queues; records every warning."""

    def __init__(self) -> None:
        super().__init__()
        self.warnings: list[tuple[str, str]] = []
        self.unsaved_answers: list[Unsaved] = []
        self.unsaved_asked: list[str] = []
        self.paths: list[Path | None] = []
        self.character_files: list[Path] = []
        self.texts: list[str | None] = []
        self.game: int | None = 0
        self.due_asked: list[list[str]] = []
        self.pass_anyway = True
        self.confirmed: list[str] = []
        self.confirm_answer = True
        self.restore_answer: bool | None = True
        self.restore_asked: list[list[str]] = []

    def warn(self, title: str, text: str) -> None:
        self.warnings.append((title, text))

    def unsaved(self, title: str) -> Unsaved:
        self.unsaved_asked.append(title)
        # Raising inside closeEvent would crash PySide: unscripted questions discard.
        return self.unsaved_answers.pop(0) if self.unsaved_answers else Unsaved.DISCARD

    def open_encounter(self, folder: str) -> Path | None:
        return self.paths.pop(0)

    def save_encounter(self, suggested: str) -> Path | None:
        return self.paths.pop(0)

    pdf_path = save_encounter

    def character_paths(self, folder: str) -> list[Path]:
        return list(self.character_files)

    def open_paths(self, folder: str) -> list[Path]:
        return list(self.character_files)

    def text(self, title: str, label: str, default: str = "") -> str | None:
        return self.texts.pop(0)

    def choose_game(self, names: list[str]) -> int | None:
        return self.game

    def pass_due(self, due: list[str]) -> bool:
        self.due_asked.append(due)
        return self.pass_anyway

    def confirm(self, title: str, text: str, action: str) -> bool:
        self.confirmed.append(text)
        return self.confirm_answer

    def restore(self, lines: list[str], what: str = "these characters") -> bool | None:
        self.restore_asked.append(lines)
        return self.restore_answer


@pytest.fixture
def gm_prompts() -> ScriptedGmPrompts:
    return ScriptedGmPrompts()


def open_gm(qtbot, prompts: ScriptedGmPrompts, **kwargs) -> GmWindow:
    kwargs.setdefault("encounter", new_encounter("pow", "Lizard-men at the ford", seed=11))
    window = GmWindow(prompts=prompts, **kwargs)  # type: ignore[arg-type]
    window.resize(800, 600)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def gm(qtbot, gm_prompts):
    window = open_gm(qtbot, gm_prompts)
    yield window
    # pytest-qt closes added widgets too late for PySide: close it here, answers cleared.
    gm_prompts.unsaved_answers.clear()
    window.close()
    window.deleteLater()


@pytest.fixture
def party(tmp_path) -> dict[str, Path]:
    """Copies of the book's Electrobabe, Sparky and Cutter, safe to write back to."""
    out = {}
    for name in PARTY:
        out[name] = tmp_path / f"{name}.sheetdesk"
        shutil.copyfile(EXAMPLES / f"{name}.sheetdesk", out[name])
    return out


def sample_fight(gm: GmWindow, party: dict[str, Path], prompts: ScriptedGmPrompts) -> None:
    """The Sample of Gameplay's line-up: the party from files, three Lizard-men."""
    prompts.character_files = [party[name] for name in PARTY]
    assert gm.add_files()
    assert gm.add_panel.select_source("Lizard-man")
    gm.add_panel.count.setValue(3)
    gm.add_panel.group.setText("Lizard-men")
    gm.add_panel.add_button.click()
