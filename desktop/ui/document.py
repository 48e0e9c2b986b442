"""An open character: the model, its file, and the undo stack every edit goes through.

Edits are snapshots: ``apply`` copies the character, lets the caller change the copy,
and pushes a command holding both versions (``apply_value``, for one field set to a
value, copies only the path to the field, and the versions share the rest: no version
is ever changed in place). Undo and redo swap them back
in, so any edit — a field, a row added to a table, a whole special from the catalog —
is undoable by the same twenty lines. "Modified" is simply "the undo stack is not
clean".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from desktop.model.disk_stamp import DiskStamp, check_unchanged, stamp_of
from desktop.systems import System, system_of
from desktop.ui.undo import typing_run

if TYPE_CHECKING:
    from pydantic import BaseModel

Describe = Callable[["BaseModel", "BaseModel"], str]
"""The words for an edit from the character before and after it ("Brawn 3 → 4")."""


class SnapshotCommand(QUndoCommand):
    def __init__(self, document: CharacterDocument, text: str, before: BaseModel,
                 after: BaseModel, merge_key: str | None,
                 describe: Describe | None = None) -> None:
        super().__init__(describe(before, after) if describe else text)
        self._document = document
        self.before = before
        self.after = after
        self.merge_key = merge_key
        self.describe = describe
        self.run = typing_run()

    def id(self) -> int:
        return -1 if self.merge_key is None else hash(self.merge_key) & 0x7FFFFFFF

    def mergeWith(self, other: QUndoCommand) -> bool:
        """A run of typing in one field is one step (the run ends when the focus moves
        or the field's editing is finished: ``desktop.ui.undo``)."""
        if (not isinstance(other, SnapshotCommand) or other.merge_key != self.merge_key
                or other.run != self.run):
            return False
        self.after = other.after
        self.setText(self.describe(self.before, self.after) if self.describe
                     else other.text())
        return True

    def redo(self) -> None:
        self._document.replace(self.after)

    def undo(self) -> None:
        self._document.replace(self.before)


class CharacterDocument(QObject):
    changed = Signal()
    """The character changed (an edit, undo or redo)."""
    modified_changed = Signal(bool)
    path_changed = Signal()
    edit_rejected = Signal(str)
    """An edit would make the file invalid (e.g. a negative damage): it was not made."""

    def __init__(self, character: BaseModel, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._character = character
        self._path = path
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._derived = None
        self.disk: DiskStamp | None = stamp_of(path) if path is not None else None
        """The file as this document last read or wrote it (None: never on disk)."""

    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    @property
    def character(self) -> BaseModel:
        return self._character

    @property
    def system(self) -> System:
        return system_of(self._character)

    @property
    def derived(self):
        """The derived values of the current character (computed once per change)."""
        if self._derived is None:
            self._derived = self.system.derive(self._character)
        return self._derived

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def title(self) -> str:
        name = getattr(self._character, "name", "") or "Unnamed"
        return name if self._path is None else f"{name} ({self._path.name})"

    def apply(self, text: str, mutate: Callable[[BaseModel], None],
              merge_key: str | None = None, describe: Describe | None = None) -> bool:
        """Make one undoable edit; False (and nothing pushed) if it changes nothing.

        ``text`` (or ``describe(before, after)``, kept right when typing merges) is what
        Edit ▸ Undo will say; edits with one ``merge_key`` in one typing run merge."""
        # A dump/validate round trip copies faster than deepcopy for pydantic models, and
        # the dumps compare faster than the models.
        before = self._character.model_dump()
        after = type(self._character).model_validate(before)
        mutate(after)
        edited = after.model_dump()
        if edited == before:
            return False
        return self._push(text, edited, merge_key, describe)

    def apply_value(self, text: str, path: str, value: Any,
                    mutate: Callable[[BaseModel], None], merge_key: str | None = None,
                    describe: Describe | None = None) -> bool:
        """``apply`` for the commonest edit, the field at the dotted ``path`` set to
        ``value`` (which ``mutate`` does to a character). Only the models, dictionaries
        and lists on the way to the field are copied, as data; the rest of the character
        is handed to pydantic as it is, models included, which takes a valid model as it
        is (``revalidate_instances`` left at "never"). So an edit checks only what it
        changed, the model validators of the models it copies included, and the
        character's other parts stay the same objects from one version to the next: a
        table compares its rows by identity. ``apply`` dumps and validates the whole
        character twice. A path the character does not hold goes through ``apply``."""
        from pydantic import BaseModel

        found = _with_value(self._character, path.split("."), value, BaseModel)
        if found is None:
            return self.apply(text, mutate, merge_key, describe)
        edited, old = found
        if old == value:  # as ``apply`` compares the data before and after
            return False
        return self._push(text, edited, merge_key, describe)

    def _push(self, text: str, edited: dict[str, Any], merge_key: str | None,
              describe: Describe | None) -> bool:
        """Push the edit to the character whose data is ``edited``, once pydantic has
        checked it (an assignment skips its checks: an edit never makes a bad file)."""
        from pydantic import ValidationError

        try:
            after = type(self._character).model_validate(edited)
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(p) for p in error["loc"])
            self.edit_rejected.emit(f"{where}: {error['msg']}")
            self.changed.emit()  # show the stored values again
            return False
        self.undo_stack.push(SnapshotCommand(self, text, self._character, after, merge_key,
                                             describe))
        return True

    def replace(self, character: BaseModel) -> None:
        """Show ``character`` (used by undo/redo; edits go through ``apply``)."""
        self._character = character
        self._derived = None
        self.changed.emit()

    def save(self, path: Path | None = None, *, overwrite: bool = False) -> None:
        """Save atomically to ``path`` (or the current file); raises DocumentError, and
        ChangedOnDisk or GoneFromDisk (``desktop.model.disk_stamp``) when the current
        file is not what this document last read or wrote, unless ``overwrite``."""
        target = path or self._path
        if target is None:
            raise ValueError("no file name to save to")
        from desktop.systems.files import save_character

        if not overwrite and self._path is not None and target == self._path:
            check_unchanged(target, self.disk)
        save_character(target, self._character)
        self.disk = stamp_of(target)
        if target != self._path:
            self._path = target
            self.path_changed.emit()
        self.undo_stack.setClean()

    def reload(self, character: BaseModel, disk: DiskStamp | None) -> None:
        """Take the file's new version as an undoable step ("Reload from disk"), and
        count it as saved: the undo history keeps its place and can go back."""
        self.undo_stack.push(SnapshotCommand(self, "Reload from disk", self._character,
                                             character, None))
        self.disk = disk
        self.undo_stack.setClean()


def _with_value(data: Any, parts: list[str], value: Any,
                model: type[BaseModel]) -> tuple[Any, Any] | None:
    """``data`` with the value at the path ``parts`` (fields, dictionary keys and list
    indices) replaced by ``value``, and the value it held; None if ``data`` holds no
    such place. The models on the way become dictionaries of their fields, and they and
    the dictionaries and lists on the way are copied; everything else is shared."""
    head, *rest = parts
    if isinstance(data, model):
        if head not in type(data).model_fields or data.__pydantic_extra__:
            return None  # (extra keys, which a model may allow, are not in its __dict__)
        key: Any = head
        copy: Any = dict(data.__dict__)  # the fields
    elif isinstance(data, dict):
        if head not in data:
            return None
        key = head
        copy = dict(data)
    elif isinstance(data, list) and head.isdigit() and int(head) < len(data):
        key = int(head)
        copy = list(data)
    else:
        return None
    if not rest:
        old = copy[key]
        copy[key] = value
        return copy, old
    inner = _with_value(copy[key], rest, value, model)
    if inner is None:
        return None
    copy[key] = inner[0]
    return copy, inner[1]
