"""What a file on disk was when a document last read or wrote it, so that a save never
replaces a file someone else changed (a sync folder, another device) without asking.

A stamp is the file's size, modification time and a hash of its bytes: the time alone
misses a change made within the file system's clock step, and a sync tool may restore
an old time on new bytes.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NamedTuple

from desktop.model.errors import DocumentError


class DiskStamp(NamedTuple):
    """A file's size, modification time and SHA-256 of its bytes, at one moment."""

    size: int
    mtime_ns: int
    digest: str


def stamp_of(path: str | Path) -> DiskStamp | None:
    """The file's stamp now; None if there is no file there (deleted or renamed)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
            info = Path(path).stat()
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None
    return DiskStamp(info.st_size, info.st_mtime_ns, hashlib.sha256(data).hexdigest())


def same_content(a: DiskStamp | None, b: DiskStamp | None) -> bool:
    """Whether two stamps are of the same bytes (a touched file is not a changed one)."""
    return a is not None and b is not None and (a.size, a.digest) == (b.size, b.digest)


class ChangedOnDisk(DocumentError):
    """The file changed on disk since the document read or wrote it."""


class GoneFromDisk(DocumentError):
    """The file the document was read from is no longer there (deleted or renamed)."""


def check_unchanged(path: Path, known: DiskStamp | None) -> None:
    """ChangedOnDisk or GoneFromDisk if the file at ``path`` is not the one ``known``
    describes; nothing if the document never had a file there (``known`` is None)."""
    if known is None:
        return
    now = stamp_of(path)
    if now is None:
        raise GoneFromDisk(path, "was deleted or renamed on disk since it was opened")
    if not same_content(now, known):
        raise ChangedOnDisk(path, "changed on disk since it was opened (another device or "
                                  "program saved it)")
