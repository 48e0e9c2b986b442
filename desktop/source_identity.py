"""Sheetdesk's source files named as a .pyc file names its source: by path, size and
modification time.

What a cache keeps between runs for code (a model's fields, its schema, a book table
validated into it) is used only while the files it was made from keep their names.
Each file and folder is looked at once in a process: the process runs the modules it
imported, whatever becomes of their files, and the keys of one start share most of
them. No pydantic, no Qt: the launcher's caches use it before either is imported.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import cache

Identity = tuple[str, int, int]


def identity(path: str | os.PathLike[str]) -> Identity:
    """``path``'s name, size and modification time (OSError if it cannot be looked at)."""
    stat = os.stat(path)
    return str(path), stat.st_size, stat.st_mtime_ns


@cache
def module_identity(path: str) -> Identity:
    """``identity`` of a module's source file, looked at once in a process."""
    return identity(path)


@cache
def folder_identities(folder: str) -> tuple[Identity, ...]:
    """``identity`` of every module (``*.py``) in ``folder``, sorted by name, looked at
    once in a process."""
    with os.scandir(folder) as entries:
        paths = sorted(entry.path for entry in entries if entry.name.endswith(".py"))
    return tuple(module_identity(path) for path in paths)


def beside(files: Iterable[str]) -> list[Identity]:
    """The identity of every module in the folders of ``files``: the modules themselves
    and the helpers beside them."""
    return in_folders({os.path.dirname(file) for file in files})


def in_folders(folders: Iterable[str]) -> list[Identity]:
    """The identity of every module in ``folders``, sorted."""
    return sorted(found for folder in set(folders) for found in folder_identities(folder))


def forget() -> None:
    """Look at the files again (tests that change one, as a later process would)."""
    module_identity.cache_clear()
    folder_identities.cache_clear()
