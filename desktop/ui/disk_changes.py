"""What the main window does when an open character's file changes on disk: reload it
quietly when there is nothing unsaved, else a bar above the editor offers the choices;
a deleted or renamed file is reported, and Save then asks where to save.

Kept out of the main window so that it reads as one job: the window hands over its
documents, its editors and its status bar.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from desktop.model.disk_stamp import DiskStamp
from desktop.model.errors import DocumentError
from desktop.ui import autosave
from desktop.ui.document import CharacterDocument
from desktop.ui.file_watch import FileWatch

if TYPE_CHECKING:
    from desktop.ui.editor import CharacterEditor

BAR_NAME = "diskChangeBar"


class DiskBar(QFrame):
    """"<name> changed on disk" with the three ways on, above an editor."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(BAR_NAME)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(f"#{BAR_NAME} {{ background: palette(highlight); }}"
                           f"#{BAR_NAME} QLabel {{ color: palette(highlighted-text); }}")
        layout = QHBoxLayout(self)
        self.label = QLabel(text)
        self.label.setWordWrap(True)
        layout.addWidget(self.label, 1)
        self.reload_button = QPushButton("Reload theirs")
        self.reload_button.setToolTip("Take the version on disk; yours is kept as an "
                                      "autosave, offered when Sheetdesk next starts")
        self.keep_button = QPushButton("Keep mine")
        self.keep_button.setToolTip("Go on with your version; Save will write it over theirs")
        self.copy_button = QPushButton("Save mine as a copy")
        self.copy_button.setToolTip("Save your version beside theirs under a new name, and "
                                    "go on editing the copy")
        for button in (self.reload_button, self.keep_button, self.copy_button):
            layout.addWidget(button)


class DiskChanges(QObject):
    """Connects a ``FileWatch`` to the main window's editors and status bar."""

    def __init__(self, editors: Callable[[], list[CharacterEditor]],
                 tell: Callable[[str], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._editors = editors
        self._tell = tell
        self.watch = FileWatch(lambda: [e.document for e in editors()], self)
        self.watch.reloaded.connect(self._reloaded)
        self.watch.conflict.connect(self._conflict)
        self.watch.gone.connect(self._gone)
        self.watch.unreadable.connect(self._unreadable)
        self.watch.restored.connect(self._restored)

    def add(self, document: CharacterDocument) -> None:
        self.watch.watch(document)
        document.path_changed.connect(lambda d=document: self.watch.watch(d))

    def saved(self, document: CharacterDocument) -> None:
        """The document was just saved: what is on disk is the user's again."""
        self.watch.settled(document)
        self.watch.watch(document)
        editor = self._editor(document)
        if editor is not None:
            self._drop_bar(editor)

    def remove(self, document: CharacterDocument) -> None:
        self.watch.forget(document)

    def _editor(self, document: CharacterDocument) -> CharacterEditor | None:
        return next((e for e in self._editors() if e.document is document), None)

    def _name(self, document: CharacterDocument) -> str:
        return document.path.name if document.path is not None else document.title

    def _reloaded(self, document: CharacterDocument) -> None:
        self._tell(f"Reloaded {self._name(document)}: it changed on disk")

    def _unreadable(self, document: CharacterDocument, why: str) -> None:
        self._tell(f"{self._name(document)} changed on disk but cannot be read yet (a "
                   f"sync may still be writing it); trying again. {why}")

    def _restored(self, document: CharacterDocument) -> None:
        """The file is back as the document knows it (put back, or a change undone)."""
        editor = self._editor(document)
        if editor is not None:
            self._drop_bar(editor)
        self._tell(f"{self._name(document)} is back on disk as you have it")

    def _gone(self, document: CharacterDocument) -> None:
        self._tell(f"{self._name(document)} was deleted or renamed on disk: Save will ask "
                   "where to save it")
        editor = self._editor(document)
        if editor is not None:
            bar = self._bar(editor, f"<b>{self._name(document)}</b> was deleted or renamed "
                                    "on disk. Your version is still here: Save asks where "
                                    "to save it.")
            bar.reload_button.hide()
            bar.keep_button.setText("OK")
            bar.keep_button.setToolTip("")
            bar.keep_button.clicked.connect(lambda: self._drop_bar(editor))
            bar.copy_button.hide()

    def _conflict(self, document: CharacterDocument, theirs: Any, stamp: DiskStamp) -> None:
        editor = self._editor(document)
        if editor is None:
            return
        self._tell(f"{self._name(document)} changed on disk while you have unsaved edits")
        bar = self._bar(editor, f"<b>{self._name(document)}</b> changed on disk (another "
                                "device or program saved it) while you have unsaved edits.")
        bar.reload_button.clicked.connect(lambda: self.reload_theirs(editor, theirs, stamp))
        bar.keep_button.clicked.connect(lambda: self.keep_mine(editor, stamp))
        bar.copy_button.clicked.connect(lambda: self.save_copy(editor, theirs, stamp))

    def reload_theirs(self, editor: CharacterEditor, theirs: Any, stamp: DiskStamp) -> None:
        """Theirs in the editor; the user's version kept as an autosave of its own."""
        document = editor.document
        try:
            autosave.AutosaveSlot().keep(document.character, document.path, True)
        except DocumentError as exc:
            self._tell(f"Not reloaded: your version could not be kept ({exc.message})")
            return
        document.reload(theirs, stamp)
        self.watch.settled(document)
        self._drop_bar(editor)
        self._tell(f"Reloaded {self._name(document)}; your version is kept as an autosave")

    def keep_mine(self, editor: CharacterEditor, stamp: DiskStamp) -> None:
        """Go on with the user's version: Save writes it over theirs without asking."""
        editor.document.disk = stamp
        self.watch.settled(editor.document)
        self._drop_bar(editor)

    def save_copy(self, editor: CharacterEditor, theirs: Any, stamp: DiskStamp) -> None:
        """The user's version saved beside theirs under a free name; the editor goes on
        with the copy, theirs stays as it is on disk."""
        document = editor.document
        if document.path is None:
            return
        target = copy_path(document.path)
        try:
            document.save(target)
        except DocumentError as exc:
            self._tell(f"Not saved: {exc.message}")
            return
        self.watch.forget(document)
        self.saved(document)
        self._tell(f"Saved your version as {target.name}; {document.path.name} on disk "
                   "is theirs")

    def _bar(self, editor: CharacterEditor, text: str) -> DiskBar:
        self._drop_bar(editor)
        bar = DiskBar(text, editor)
        editor.layout().insertWidget(0, bar)
        return bar

    @staticmethod
    def _drop_bar(editor: CharacterEditor) -> None:
        for bar in editor.findChildren(DiskBar):
            bar.hide()
            bar.deleteLater()


def copy_path(path: Path) -> Path:
    """"Name (my copy).sheetdesk" beside ``path``, or "(my copy 2)"… if taken."""
    n = 1
    while True:
        label = "my copy" if n == 1 else f"my copy {n}"
        candidate = path.with_name(f"{path.stem} ({label}){path.suffix}")
        if not candidate.exists():
            return candidate
        n += 1
