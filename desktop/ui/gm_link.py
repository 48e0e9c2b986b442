"""The main window's side of the GM screen: open it (one at a time) and let it reach the
characters open here — a file open in both stays one character, and a write-back is one
undoable edit of the open document.

A mixin of ``MainWindow`` (it reads the window's tabs and editors).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QTabWidget

if TYPE_CHECKING:
    from collections.abc import Callable

    from pydantic import BaseModel

    from desktop.ui.document import CharacterDocument
    from desktop.ui.editor import CharacterEditor


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


class GmLink:
    """Open the GM screen from the main window and answer its questions about the
    characters open here (``desktop.ui.gm.links.OpenCharacters``)."""

    gm_window: QMainWindow | None
    tabs: QTabWidget
    editors: Callable[[], list[CharacterEditor]]

    def open_gm_screen(self) -> QMainWindow:
        """Show the GM screen (one at a time); it reaches the characters open here."""
        if self.gm_window is None:
            from desktop.ui.gm.window import GmWindow  # loaded when first asked for

            window = GmWindow(characters=self)
            window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            window.destroyed.connect(self._gm_closed)
            self.gm_window = window
            window.show()
            window.offer_restore()
        self.gm_window.show()
        self.gm_window.raise_()
        self.gm_window.activateWindow()
        return self.gm_window

    def _gm_closed(self) -> None:
        self.gm_window = None

    def document_for(self, path: Path) -> CharacterDocument | None:
        for editor in self.editors():
            if editor.document.path and same_file(editor.document.path, path):
                return editor.document
        return None

    def open_character(self, path: Path) -> BaseModel | None:
        """The character open here for ``path`` (maybe unsaved), for the GM screen."""
        document = self.document_for(path)
        return document.character if document is not None else None

    def write_back(self, path: Path, character: BaseModel, text: str) -> bool:
        """The GM screen writes a combatant back: one undoable edit of the open
        document (False if ``path`` is not open here)."""
        document = self.document_for(path)
        if document is None:
            return False
        fields = type(character).model_fields

        def take(after: BaseModel) -> None:
            for name in fields:
                setattr(after, name, getattr(character, name))

        document.apply(text, take)
        editor = next(e for e in self.editors() if e.document is document)
        self.tabs.setCurrentWidget(editor)
        return True
