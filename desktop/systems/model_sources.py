"""The source files a pydantic model is made of: what a value kept between runs for it
(``desktop.systems.book_cache``, ``desktop.systems.schema_cache``) depends on, named by
path, size and modification time, as a .pyc file names its source."""

from __future__ import annotations

import os
import sys
import typing
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from pydantic import BaseModel


def identity(path: Path) -> tuple[str, int, int]:
    """``path``'s name, size and modification time (OSError if it cannot be looked at)."""
    stat = os.stat(path)
    return str(path), stat.st_size, stat.st_mtime_ns


@cache
def module_identity(path: Path) -> tuple[str, int, int]:
    """``identity`` of a module's source, looked at once in a process: the process runs
    the modules it imported, whatever becomes of their files, and the keys of one
    opening share most of them."""
    return identity(path)


@cache
def model_files(model: type[BaseModel]) -> frozenset[str]:
    """The source files of ``model``, its bases and every model its fields hold."""
    files: set[str] = set()
    seen: set[type] = set()
    todo: list[type] = [model]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        for base in cls.__mro__:
            if issubclass(base, BaseModel) and base.__module__.startswith("desktop."):
                files.add(sys.modules[base.__module__].__file__ or "")
        for field in cls.model_fields.values():  # type: ignore[attr-defined]
            todo.extend(_models_in(field.annotation))
    return frozenset(files)


def folder_identities(files: Iterable[str]) -> list[tuple[str, int, int]]:
    """The identity of every module in the folders of ``files``: the models' own modules
    and the helpers beside them that shape their fields (limits, validators)."""
    folders = {Path(file).parent for file in files}
    return sorted(module_identity(path) for folder in folders for path in folder.glob("*.py"))


def _models_in(annotation: object) -> Iterator[type]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for argument in typing.get_args(annotation):
        yield from _models_in(argument)
