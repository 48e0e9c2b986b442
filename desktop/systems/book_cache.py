"""Book tables kept between runs, validated, as a .pyc file keeps a module.

Opening a character validates the book tables its sheet shows (Pocket Universe's skills,
traits, weapons and checks; Protector's eras, life path and powers): pydantic builds
each table's validator on first use and checks every row, 3-9 ms of a double-click
(issue 17). ``load`` keeps the validated table, pickled, in the compile cache's file
(``desktop.compile_cache``) and reads it back on later runs.

A kept table is used only for the same book file and the same model: the key names the
file's path, size and modification time, and those of every module that defines a
model the table is made of (a changed model is validated afresh), with pydantic's and
Python's versions. What cannot be read back, or is not the model asked for, is
validated again. Only the ``sheetdesk`` process keeps anything (tests and other
programs importing ``desktop`` validate every time).
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pydantic
from pydantic import BaseModel

from desktop import compile_cache
from desktop.source_identity import identity, module_identity
from desktop.systems.model_sources import model_files

M = TypeVar("M", bound=BaseModel)

FORMAT = 1
"""Bumped when what is kept changes, so older entries are validated again."""


def load(model: type[M], path: Path, validate: Callable[[], M]) -> M:
    """``validate()`` (book file ``path`` made into ``model``), or what an earlier run
    kept of it."""
    if not compile_cache.installed():
        return validate()
    key = _key(model, path)
    if key is None:
        return validate()
    kept = compile_cache.recall_pickled(key)
    if type(kept) is model:
        return kept
    found = validate()
    compile_cache.keep(key, pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL))
    return found


def _key(model: type[BaseModel], path: Path) -> str | None:
    """What the validated table depends on; None if a file cannot be looked at."""
    try:
        modules = sorted(module_identity(module) for module in model_files(model))
        files = [identity(Path(path)), *modules]
    except (OSError, TypeError):
        return None
    return (f"book:{FORMAT}:{model.__module__}.{model.__qualname__}:{pydantic.VERSION}:"
            f"{sys.version_info[:2]}:{files}")
