"""Every question the main window asks the user, in one replaceable object.

Tests swap in scripted answers instead of clicking through modal dialogs.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

CHARACTER_FILTER = "Sheetdesk characters (*.sheetdesk);;All files (*)"
PDF_FILTER = "PDF documents (*.pdf)"


class Unsaved(Enum):
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class Prompts:
    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def warn(self, title: str, text: str) -> None:
        QMessageBox.warning(self.parent, title, text)

    def unsaved(self, title: str) -> Unsaved:
        answer = QMessageBox.question(
            self.parent, "Unsaved changes",
            f"“{title}” has changes that are not saved.\nSave them before closing?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        return {QMessageBox.StandardButton.Save: Unsaved.SAVE,
                QMessageBox.StandardButton.Discard: Unsaved.DISCARD}.get(answer, Unsaved.CANCEL)

    def restore(self, lines: list[str]) -> bool | None:
        """Restore autosaved work? True restore, False discard, None ask again next time."""
        box = QMessageBox(QMessageBox.Icon.Question, "Restore unsaved work",
                          "Sheetdesk did not close normally. Restore the unsaved changes "
                          "to these characters?\n\n" + "\n".join(lines), parent=self.parent)
        restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Ask me later", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(restore)
        box.exec()
        clicked = box.clickedButton()
        return True if clicked is restore else False if clicked is discard else None

    def open_paths(self, folder: str) -> list[Path]:
        names, _ = QFileDialog.getOpenFileNames(self.parent, "Open characters", folder,
                                                CHARACTER_FILTER)
        return [Path(n) for n in names]

    def save_path(self, suggested: str) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self.parent, "Save character", suggested,
                                              CHARACTER_FILTER)
        return Path(name) if name else None

    def pdf_path(self, suggested: str) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self.parent, "Export PDF", suggested,
                                              PDF_FILTER)
        return Path(name) if name else None

    def choose_game(self, names: list[str]) -> int | None:
        name, ok = QInputDialog.getItem(self.parent, "New character", "Game:", names, 0,
                                        False)
        return names.index(name) if ok and name in names else None
