"""Limits on what a file may hold, checked before any work is done with it.

One place per kind of input: the file's size (``read_bounded``), then its JSON
structure (``check_structure``: text length, list length, numbers, valid Unicode), then
each game's pydantic model (the ranges its fields can mean). A file past a limit is a
DocumentError naming the field and the limit; nothing is changed.
"""

from __future__ import annotations

import math
import os
import stat
from pathlib import Path
from typing import Any

from desktop.model.errors import DocumentError

MAX_CHARACTER_BYTES = 10 * 1024 * 1024
"""A character file (and any other small document: tables, libraries): 10 MB."""
MAX_ENCOUNTER_BYTES = 50 * 1024 * 1024
"""An encounter file: 50 MB."""
MAX_TEXT = 20_000
"""Characters in one text value (a name, a note, a description) or key."""
MAX_ITEMS = 10_000
"""Entries in one list or object (specials, items, log lines, operations…)."""
MAX_NUMBER = 2**63
"""Any whole number in a file is at most this in size (each field has its own, narrower
range in the game's model)."""
MAX_FLOAT = 1e15
"""Any other number is finite and at most this in size."""


def read_bounded(path: str | Path, limit: int = MAX_CHARACTER_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    A FIFO, device, socket or folder is refused at once (opened without blocking and
    looked at before reading), and so is a file larger than ``limit``.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise DocumentError(path, "no such file") from None
    except IsADirectoryError:
        raise DocumentError(path, "is a folder, not a file") from None
    except OSError as exc:
        raise DocumentError(path, exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DocumentError(path, "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise DocumentError(path, "is not a regular file (a pipe, device or socket)")
        if info.st_size > limit:
            raise DocumentError(path, f"too large ({info.st_size:,} bytes; at most "
                                      f"{limit:,})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise DocumentError(path, f"too large (more than {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise DocumentError(path, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)


def _text_problem(text: str) -> str:
    if len(text) > MAX_TEXT:
        return f"text of {len(text):,} characters (at most {MAX_TEXT:,})"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(text[exc.start])
        return (f"not valid Unicode text (a lone surrogate \\u{code:04x} at character "
                f"{exc.start + 1})")
    return ""


def check_structure(data: Any, path: str | Path | None = None,
                    max_items: int = MAX_ITEMS) -> None:
    """Refuse texts, lists and numbers past the limits above, naming where they are.

    One pass over the data (linear in its size); keys are checked like values.
    ``max_items`` is larger for an encounter's log.
    """
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, str):
            problem = _text_problem(value)
            if problem:
                raise DocumentError(path, problem, where or "(top level)")
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                raise DocumentError(path, f"number too large (at most {MAX_NUMBER:,} in size)",
                                    where or "(top level)")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise DocumentError(path, f"not a finite number ({value!r})",
                                    where or "(top level)")
            if abs(value) > MAX_FLOAT:
                raise DocumentError(path, f"number too large (at most {MAX_FLOAT:g} in size)",
                                    where or "(top level)")
        elif isinstance(value, list):
            if len(value) > max_items:
                raise DocumentError(path, f"{len(value):,} entries (at most {max_items:,})",
                                    where or "(top level)")
            stack.extend(reversed([(f"{where}.{i}" if where else str(i), v)
                                   for i, v in enumerate(value)]))
        elif isinstance(value, dict):
            if len(value) > max_items:
                raise DocumentError(path, f"{len(value):,} entries (at most {max_items:,})",
                                    where or "(top level)")
            entries = []
            for key, item in value.items():
                key = str(key)
                problem = _text_problem(key)
                if problem:
                    raise DocumentError(path, f"a key: {problem}", where or "(top level)")
                entries.append((f"{where}.{key}" if where else key, item))
            stack.extend(reversed(entries))
