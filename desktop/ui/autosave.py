"""Autosave and crash recovery.

Every 30 s each changed document is written to the user data dir (and an autosave of a
document undone back to its saved state is removed). A normal save or close removes its
autosave, so files still there at the next start were left by a crash (or a kill): the
app offers to restore them. Autosaves never touch the user's own files; a broken
autosave is reported and left where it is.

Autosaves belong to one running instance: each instance holds a lock file
(``PID-TAG.lock``, locked with ``flock`` while it lives, else refreshed as a heartbeat)
and names its autosaves after it, so a second instance never offers or deletes a live
one's autosaves. A restored autosave is adopted by the instance that restored it and
kept until the document is saved or closed, so a second crash loses nothing.
"""

from __future__ import annotations

import atexit
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from desktop.model.errors import DocumentError
from desktop.model.storage import atomic_write_text
from desktop.paths import user_data_dir

if TYPE_CHECKING:
    from pydantic import BaseModel

FORMAT = "sheetdesk.autosave"
INTERVAL_MS = 30_000


def autosave_dir(kind: str = "") -> Path:
    """The folder of this kind's autosaves: characters at the top, the GM screen's
    encounters in ``encounters`` (each window offers back only its own kind)."""
    folder = user_data_dir() / "autosave"
    if kind:
        folder = folder / kind
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Recovered(NamedTuple):
    """A leftover autosave as read back: its character and the file it was a copy of, if any."""

    autosave: Path
    character: BaseModel
    original: Path | None
    saved_at: str


try:
    import fcntl
except ImportError:  # Windows: the lock file's heartbeat tells a live instance
    fcntl = None  # type: ignore[assignment]

HEARTBEAT_S = 3 * INTERVAL_MS / 1000
"""Without flock: a lock file touched this recently belongs to a live instance."""


class Owner:
    """This running instance's claim on its autosaves in one folder."""

    def __init__(self, folder: Path) -> None:
        self.id = f"{os.getpid()}x{os.urandom(3).hex()}"
        self.lock = folder / f"{self.id}.lock"
        self._handle = open(self.lock, "a+")  # noqa: SIM115 - held for the process's life
        self._handle.write(f"{os.getpid()}\n")
        self._handle.flush()
        if fcntl is not None:
            fcntl.flock(self._handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def beat(self) -> None:
        if not self._handle.closed:
            os.utime(self.lock)

    def release(self, *, remove: bool = True) -> None:
        """Give the claim up (``remove=False``: as a crash would, the file left)."""
        if not self._handle.closed:
            self._handle.close()  # closing drops the flock
        if remove:
            self.lock.unlink(missing_ok=True)
        _OWNERS.pop(self.lock.parent, None)


_OWNERS: dict[Path, Owner] = {}


def owner(folder: Path | None = None) -> Owner:
    """This instance's owner in an autosave folder (claimed on first use)."""
    folder = folder or autosave_dir()
    found = _OWNERS.get(folder)
    if found is None:
        if not _OWNERS:
            atexit.register(release_all)
        found = _OWNERS[folder] = Owner(folder)
    return found


def release_all() -> None:
    """Give up every claim (at exit: the lock files go, the autosaves stay)."""
    for claim in list(_OWNERS.values()):
        claim.release()


def _alive(owner_id: str, folder: Path) -> bool:
    """True while the instance ``owner_id`` runs (it holds its lock)."""
    lock = folder / f"{owner_id}.lock"
    mine = _OWNERS.get(folder)
    if mine is not None and mine.id == owner_id:
        return not mine._handle.closed
    if not lock.exists():
        return False
    if fcntl is None:
        try:
            return time.time() - lock.stat().st_mtime < HEARTBEAT_S
        except OSError:
            return False
    try:
        with open(lock, "a") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


class AutosaveSlot:
    """One document's autosave file, named once so repeated saves overwrite it."""

    def __init__(self, folder: Path | None = None) -> None:
        folder = folder or autosave_dir()
        self._folder = folder
        self.path = folder / f"{owner(folder).id}-{os.urandom(8).hex()}.json"

    def adopt(self, leftover: Path) -> None:
        """Take over a restored leftover: it stays until the document is saved again."""
        try:
            os.replace(leftover, self.path)
        except OSError:
            self.path = leftover

    def keep(self, character: BaseModel, original: Path | None, modified: bool) -> None:
        """Autosave a changed document; an unchanged one (saved, or undone back to its
        saved state) has none, so undone edits never come back after a crash."""
        if modified:
            self.write(character, original)
        else:
            self.discard()

    def write(self, character: BaseModel, original: Path | None) -> None:
        self.write_data("character", character.model_dump(mode="json"), original)

    def write_data(self, key: str, data: object, original: Path | None) -> None:
        """Write ``data`` under ``key`` ("character", "encounter") with where it came from."""
        import json  # json and datetime: not before the first window (start-up)
        from datetime import datetime

        payload = {
            "format": FORMAT,
            "version": 1,
            "original": str(original) if original else None,
            "saved_at": datetime.now().isoformat(timespec="seconds"),
            key: data,
        }
        atomic_write_text(self.path, json.dumps(payload, ensure_ascii=False, indent=1),
                          keep_backup=False)
        owner(self._folder).beat()

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)


def leftovers(folder: Path | None = None) -> list[Path]:
    """Autosaves of instances that no longer run (older ones named without an owner)."""
    folder = folder or autosave_dir()
    found = []
    for path in sorted(folder.glob("*.json")):
        owner_id, dash, _rest = path.stem.partition("-")
        if not dash or not _alive(owner_id, folder):
            found.append(path)
    return found


def read_payload(path: Path) -> dict:
    """A leftover autosave's contents, or a DocumentError if it is unreadable."""
    import json

    from desktop.model.limits import read_bounded

    try:
        payload = json.loads(read_bounded(path).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise DocumentError(path, f"unreadable autosave ({exc})") from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise DocumentError(path, "not a Sheetdesk autosave")
    return payload


def read(path: Path) -> Recovered:
    """A leftover character autosave, or a DocumentError if it is unreadable."""
    from desktop.systems.files import character_from_data  # pydantic: only when needed

    payload = read_payload(path)
    character = character_from_data(payload.get("character") or {}, path)
    original = payload.get("original")
    return Recovered(path, character, Path(original) if original else None,
                     str(payload.get("saved_at", "")))
