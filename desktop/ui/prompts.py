"""Every question the main window asks the user, in one replaceable object.

Tests swap in scripted answers instead of clicking through modal dialogs.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.ui.printing.asking import PrintPrompts

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

CHARACTER_FILTER = "Sheetdesk characters (*.sheetdesk);;All files (*)"
PDF_FILTER = "PDF documents (*.pdf)"


class Unsaved(Enum):
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class Prompts(PrintPrompts):
    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    # The dialogs are imported when first asked, not while the window starts.

    def warn(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self.parent, title, text)

    def unsaved(self, title: str) -> Unsaved:
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(
            self.parent, "Unsaved changes",
            f"“{title}” has changes that are not saved.\nSave them before closing?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        return {QMessageBox.StandardButton.Save: Unsaved.SAVE,
                QMessageBox.StandardButton.Discard: Unsaved.DISCARD}.get(answer, Unsaved.CANCEL)

    def confirm(self, title: str, text: str, action: str) -> bool:
        """A yes/no question; True only when the user picks ``action`` (the default
        button is "Cancel")."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self.parent)
        go = box.addButton(action, QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        box.exec()
        return box.clickedButton() is go

    def restore(self, lines: list[str], what: str = "these characters") -> bool | None:
        """Restore autosaved work? True restore, False discard, None ask again next time."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, "Restore unsaved work",
                          "Sheetdesk did not close normally. Restore the unsaved changes "
                          f"to {what}?\n\n" + "\n".join(lines), parent=self.parent)
        restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Ask me later", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(restore)
        box.exec()
        clicked = box.clickedButton()
        return True if clicked is restore else False if clicked is discard else None

    def open_paths(self, folder: str) -> list[Path]:
        from PySide6.QtWidgets import QFileDialog

        names, _ = QFileDialog.getOpenFileNames(self.parent, "Open characters", folder,
                                                CHARACTER_FILTER)
        return [Path(n) for n in names]

    def save_path(self, suggested: str) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getSaveFileName(self.parent, "Save character", suggested,
                                              CHARACTER_FILTER)
        return Path(name) if name else None

    def pdf_path(self, suggested: str) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getSaveFileName(self.parent, "Export PDF", suggested,
                                              PDF_FILTER)
        return Path(name) if name else None

    def choose_game(self, names: list[str]) -> int | None:
        from PySide6.QtWidgets import QInputDialog

        name, ok = QInputDialog.getItem(self.parent, "New character", "Game:", names, 0,
                                        False)
        return names.index(name) if ok and name in names else None
