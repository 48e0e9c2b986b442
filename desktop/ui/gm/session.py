"""The open encounter: the current snapshot, its file, and the undo stack.

An ``Encounter`` never changes; every operation returns a new one. So an undo command
just holds the snapshot before and after, and undo/redo swap them in: one operation is
one step, whatever the game's rules did inside it. "Modified" is "the undo stack is not
clean", as for characters (desktop.ui.document).

Like a character's document, the session remembers what its file was when it last read
or wrote it (``disk``), so that Save never replaces a file someone else changed since
(another device in a sync folder) and a file changed on disk can be reloaded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from desktop.model.disk_stamp import DiskStamp, check_unchanged, stamp_of
from desktop.model.encounter import Encounter
from desktop.model.errors import DocumentError

Operation = Callable[[Encounter], Encounter]

REFUSALS = (ValueError, KeyError, TypeError, LookupError, DocumentError)
"""What an operation raises when the rules (or the input) say no: EncounterError and
CombatError are ValueErrors; a bad character file is a DocumentError."""


def message_of(exc: BaseException) -> str:
    """One line for the status bar."""
    if isinstance(exc, DocumentError):
        return exc.message
    if isinstance(exc, KeyError) and exc.args:
        return f"unknown {exc.args[0]}"
    return " ".join(str(exc).split()) or type(exc).__name__


class SnapshotCommand(QUndoCommand):
    def __init__(self, session: EncounterSession, text: str, before: Encounter,
                 after: Encounter) -> None:
        super().__init__(text)
        self._session = session
        self.before = before
        self.after = after

    def redo(self) -> None:
        self._session.show(self.after)

    def undo(self) -> None:
        self._session.show(self.before)


class EncounterSession(QObject):
    changed = Signal()
    """The encounter shown changed (an operation, undo, redo or another file)."""
    failed = Signal(str)
    """An operation was refused; the message says why."""
    modified_changed = Signal(bool)
    path_changed = Signal()

    def __init__(self, encounter: Encounter, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._encounter = encounter
        self._path = path
        self.disk: DiskStamp | None = stamp_of(path) if path is not None else None
        """The file as this session last read or wrote it (None: never on disk)."""
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    @property
    def encounter(self) -> Encounter:
        return self._encounter

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def do(self, text: str, operation: Operation) -> bool:
        """Run one operation as one undo step; False (and ``failed``) if refused."""
        try:
            after = operation(self._encounter)
        except REFUSALS as exc:
            self.failed.emit(f"{text}: {message_of(exc)}")
            return False
        if after is self._encounter:
            return False
        self.undo_stack.push(SnapshotCommand(self, text, self._encounter, after))
        return True

    def rename(self, name: str) -> bool:
        name = name.strip()
        if name == self._encounter.name:
            return False
        return self.do("Rename the encounter", lambda e: replace(e, name=name))

    def show(self, encounter: Encounter) -> None:
        """Show ``encounter`` (undo/redo; changes go through ``do``)."""
        self._encounter = encounter
        self.changed.emit()

    def reset(self, encounter: Encounter, path: Path | None,
              disk: DiskStamp | None = None) -> None:
        """Another encounter altogether (opened or new): a fresh undo history. ``disk``
        is the file's stamp taken before it was read (else it is taken now)."""
        self.undo_stack.clear()
        self._encounter = encounter
        self.disk = disk if disk is not None or path is None else stamp_of(path)
        if path != self._path:
            self._path = path
            self.path_changed.emit()
        self.changed.emit()
        self.modified_changed.emit(False)

    def save(self, path: Path | None = None, *, overwrite: bool = False) -> None:
        """Save atomically; DocumentError if it cannot be written, and ChangedOnDisk or
        GoneFromDisk (``desktop.model.disk_stamp``) when the current file is not what
        this session last read or wrote, unless ``overwrite``."""
        from desktop.systems.encounters import save_encounter

        target = path or self._path
        if target is None:
            raise ValueError("no file name to save to")
        if not overwrite and self._path is not None and (
                target.resolve() == self._path.resolve()):
            check_unchanged(target, self.disk)
        save_encounter(target, self._encounter)
        self.disk = stamp_of(target)
        if target != self._path:
            self._path = target
            self.path_changed.emit()
        self.undo_stack.setClean()

    def reload(self, encounter: Encounter, disk: DiskStamp | None) -> None:
        """Take the file's new version as an undoable step ("Reload from disk"), and
        count it as saved: the undo history keeps its place and can go back."""
        self.undo_stack.push(SnapshotCommand(self, "Reload from disk", self._encounter,
                                             encounter))
        self.disk = disk
        self.undo_stack.setClean()
