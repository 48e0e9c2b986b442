"""Atomic saving: a crash or a full disk never leaves a half-written file behind."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from pathlib import Path

from desktop.model.errors import DocumentError


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def atomic_write_text(path: str | Path, text: str, *, keep_backup: bool = True,
                      replace_read_only: bool = False) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the new one, whole.

    The text goes to a temporary file in the same folder (so the final rename stays on
    one file system), is flushed and fsynced, then replaces the target. The file it
    replaces is kept as ``NAME.bak`` when ``keep_backup`` is set.
    """
    # UTF-8 with "\n" line ends on every platform, as the text-mode write did before.
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate, e.g. from a "\ud800" escape
        raise DocumentError(
            path, f"could not save: not valid Unicode text ({exc.reason} at {exc.start})"
        ) from None
    atomic_write_bytes(path, data, keep_backup=keep_backup,
                       replace_read_only=replace_read_only)


def is_read_only(path: Path) -> bool:
    """True for an existing file its owner may not write (0444), even for root."""
    try:
        info = path.stat()
    except OSError:
        return False
    return not info.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK)


def atomic_write_bytes(path: str | Path, data: bytes, *, keep_backup: bool = True,
                       replace_read_only: bool = False) -> None:
    """``atomic_write_text`` for binary files (PDFs): same temp file, fsync and rename.

    A read-only file is refused (DocumentError) unless ``replace_read_only`` says the
    user agreed. The backup, too, is written to a temporary file and renamed, so a full
    disk never truncates the older backup.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not replace_read_only and is_read_only(path):
        raise DocumentError(path, "is read-only: not replaced (save under another name)")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise DocumentError(path, f"cannot write here: {exc.strerror or exc}") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            with contextlib.suppress(OSError):
                shutil.copymode(path, tmp)
            if keep_backup:
                _write_backup(path, folder)
        else:  # mkstemp makes 0600 files; a new document gets the user's usual mode
            with contextlib.suppress(OSError):
                os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
        _fsync_folder(folder)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise DocumentError(path, f"could not save: {exc.strerror or exc}") from None


def _write_backup(path: Path, folder: Path) -> None:
    """``path`` copied to ``NAME.bak`` through a temporary file and a rename."""
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.bak.", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        shutil.copy2(path, tmp_name)
        with open(tmp_name, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp_name, backup_path(path))
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
