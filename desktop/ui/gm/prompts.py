"""The GM screen's questions: the main window's ``Prompts`` plus encounter files and
short texts. Tests replace the whole object with scripted answers."""

from __future__ import annotations

from pathlib import Path

from desktop.systems.encounters import ENCOUNTER_SUFFIX
from desktop.ui.prompts import Prompts

ENCOUNTER_FILTER = f"Sheetdesk encounters (*{ENCOUNTER_SUFFIX});;All files (*)"


class GmPrompts(Prompts):
    def open_encounter(self, folder: str) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getOpenFileName(self.parent, "Open encounter", folder,
                                              ENCOUNTER_FILTER)
        return Path(name) if name else None

    def save_encounter(self, suggested: str) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getSaveFileName(self.parent, "Save encounter", suggested,
                                              ENCOUNTER_FILTER)
        return Path(name) if name else None

    def character_paths(self, folder: str) -> list[Path]:
        """Player characters to add to the fight."""
        return self.open_paths(folder)

    def text(self, title: str, label: str, default: str = "") -> str | None:
        from PySide6.QtWidgets import QInputDialog, QLineEdit

        text, ok = QInputDialog.getText(self.parent, title, label, QLineEdit.EchoMode.Normal,
                                        default)
        return text if ok else None

    def choose_game(self, names: list[str]) -> int | None:
        from PySide6.QtWidgets import QInputDialog

        name, ok = QInputDialog.getItem(self.parent, "New encounter",
                                        "Which game is this fight?", names, 0, False)
        return names.index(name) if ok and name in names else None

    def pass_due(self, due: list[str]) -> bool:
        """Next with something still due (a Stat Save): True to pass the turn anyway."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, "Still due",
                          "The rules are still waiting for:\n" + "\n".join(due)
                          + "\n\nPass the turn anyway?", parent=self.parent)
        go = box.addButton("Pass the turn", QMessageBox.ButtonRole.AcceptRole)
        first = box.addButton("Do it first", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(first)
        box.setEscapeButton(first)
        box.exec()
        return box.clickedButton() is go
