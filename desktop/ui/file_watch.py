"""Noticing when an open character's file changes on disk: another device's sync, another
program, the file deleted or renamed.

Each open file and its folder are watched (QFileSystemWatcher). An editor that saves by
writing a new file and renaming it over the old one takes the watched file away, so a
change in the folder looks at every file again and watches it anew. A change is looked
at once the file has been quiet for ``SETTLE_MS``: a file a sync is still writing is
read only when it settles, and one that still cannot be read is tried again, never
taken for the user's new version.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from desktop.model.disk_stamp import DiskStamp, same_content, stamp_of
from desktop.model.errors import DocumentError

SETTLE_MS = 400
"""How long a changed file must be quiet before it is read."""
RETRY_MS = 1500
"""How long to wait before reading again a changed file that could not be read."""
RETRIES = 20
"""How many times an unreadable changed file is tried again (half a minute)."""
GONE = "gone"
"""What a document was told when its file went away."""


class Watched(Protocol):
    """What the watch uses of a document: a character's (``CharacterDocument``) or the
    GM screen's encounter (``EncounterSession``)."""

    disk: DiskStamp | None

    @property
    def path(self) -> Path | None: ...
    @property
    def modified(self) -> bool: ...
    def reload(self, content: Any, disk: DiskStamp | None) -> None: ...


def _load_character(path: Path) -> Any:
    from desktop.systems.files import load_character

    return load_character(path)


def _character_system(document: Any) -> str:
    return document.character.system


class FileWatch(QObject):
    """Watches the files of open documents and says what happened to each.

    ``load`` reads a file's new version (a character by default) and ``system_of`` is
    the game of what a document holds: a file now of another game is not taken."""

    reloaded = Signal(object)
    """(document) The file changed and the document, with no unsaved edits, took it."""
    conflict = Signal(object, object, object)
    """(document, their character, their stamp) The file changed and so did the document."""
    gone = Signal(object)
    """(document) The file was deleted or renamed."""
    unreadable = Signal(object, str)
    """(document, why) The file changed but cannot be read (yet): it is tried again."""
    restored = Signal(object)
    """(document) The file is again what the document last read or wrote, after it was
    told it had gone or changed (a deleted file put back, another device's change undone)."""

    def __init__(self, documents: Callable[[], list[Any]], parent: QObject | None = None,
                 load: Callable[[Path], Any] = _load_character,
                 system_of: Callable[[Any], str] = _character_system) -> None:
        super().__init__(parent)
        self._documents = documents
        self._load = load
        self._system_of = system_of
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._soon)
        self._watcher.directoryChanged.connect(self._soon)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.check_all)
        self._tries: dict[Watched, int] = {}
        self._told: dict[Watched, DiskStamp | str] = {}
        """What each document was last told about (a change is told once)."""

    def watch(self, document: Watched) -> None:
        """Watch the document's file (again, after a save or a new name)."""
        path = document.path
        if path is None:
            return
        for name in (str(path), str(path.parent)):
            if name not in self._watcher.files() + self._watcher.directories() and (
                    Path(name).exists()):
                self._watcher.addPath(name)

    def settled(self, document: Watched) -> None:
        """The user answered what they were told: a later change is told again."""
        self._told.pop(document, None)

    def forget(self, document: Watched) -> None:
        self._tries.pop(document, None)
        self._told.pop(document, None)
        if document.path is not None and str(document.path) in self._watcher.files():
            self._watcher.removePath(str(document.path))

    def unwatch_all(self) -> None:
        """Stop watching every file and folder (the one document moved to another file;
        ``watch`` it again at its new place)."""
        paths = self._watcher.files() + self._watcher.directories()
        if paths:
            self._watcher.removePaths(paths)

    def _soon(self, _path: str) -> None:
        self._timer.start()  # restarted by every change: read once the files are quiet

    def check_all(self) -> None:
        for document in self._documents():
            self.check(document)

    def check(self, document: Watched) -> None:
        """Compare the document's file with what it last read or wrote, and act."""
        path = document.path
        if path is None or document.disk is None:
            return
        self.watch(document)  # re-armed: an atomic replace took the old file away
        now = stamp_of(path)
        if same_content(now, document.disk):
            self._tries.pop(document, None)
            if self._told.pop(document, None) is not None:
                self.restored.emit(document)
            return
        if now is None:
            if self._told.get(document) != GONE:
                self._told[document] = GONE
                self.gone.emit(document)
            return
        if now == self._told.get(document):
            return  # told already; waiting for the user
        try:
            theirs = self._load(path)
        except DocumentError as exc:
            tries = self._tries.get(document, 0) + 1
            self._tries[document] = tries
            if tries <= RETRIES:
                QTimer.singleShot(RETRY_MS, self, lambda d=document: self.check(d))
            if tries == 1:
                self.unreadable.emit(document, exc.message)
            return
        self._tries.pop(document, None)
        if theirs.system != self._system_of(document):
            self._told[document] = now
            self.unreadable.emit(document, f"{path} is now a file of another game")
            return
        if not document.modified:
            document.reload(theirs, now)
            self._told.pop(document, None)
            self.reloaded.emit(document)
            return
        self._told[document] = now
        self.conflict.emit(document, theirs, now)
