"""Dataclass methods compiled once and kept between runs, as .pyc files keep modules.

Python 3.11 writes each dataclass's methods (``__init__``, ``__repr__``, ``__eq__``, and
for a frozen one ``__setattr__``, ``__delattr__`` and ``__hash__``) as source text and
compiles it, with ``exec``, while the class is created: 0.3 ms for a frozen class, the
largest single cost of importing our modules. Opening a character file creates 75 to
100 dataclasses (ours and pydantic's), a party export 135: 25 to 35 ms each time.

``install`` hands the ``dataclasses`` module an ``exec`` that keeps the code compiled
from each text, in one file in the user's cache folder, and reuses it on later runs.
The text is the key, and one text always compiles to the same code, so an entry may go
unused (a class changed) but is never wrong. The file is per bytecode version (Python's
own ``MAGIC_NUMBER``), read once at start, and written again, atomically, only by a run
that compiled something new (``save``; at the latest when the interpreter exits). A
cache that cannot be read or written is no error: the methods compile as before.

Only the ``sheetdesk`` process installs it (``desktop.launch``), before it imports
anything that creates a dataclass; tests and other programs importing ``desktop`` are
left as they are.
"""

from __future__ import annotations

import atexit
import dataclasses
import marshal
import os
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

from desktop.paths import user_cache_dir

FORMAT = 1
"""Bumped when the file's layout changes."""
MAX_ENTRIES = 20_000
"""Beyond this many texts (classes changed over many versions) the file starts over
with what this run used."""

_stored: dict[str, bytes] = {}
"""The file's entries: each text's code, marshalled (loaded when a class needs it, so a
run pays only for the classes it creates)."""
_compiled: dict[str, CodeType] = {}
_used: set[str] = set()
_new: set[str] = set()
_path: Path | None = None


def cache_file() -> Path:
    return user_cache_dir() / f"dataclass-methods-{MAGIC_NUMBER.hex()}.marshal"


def install(path: Path | None = None) -> None:
    """Read the cache (``path``, by default ``cache_file()``) and route the dataclass
    methods' compiling through it. Once per process; a second call changes nothing."""
    global _path
    if _path is not None:
        return
    _path = path or cache_file()
    _stored.update(_read(_path))
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # shadows the builtin there
    atexit.register(save)


def _exec(source: Any, globals: dict[str, Any] | None = None,
          locals: dict[str, Any] | None = None, /) -> None:
    """``exec`` as ``dataclasses`` calls it, with the code of a text compiled once."""
    if isinstance(source, str):
        code = _compiled.get(source) or _unmarshal(_stored.get(source))
        if code is None:
            # dont_inherit: compiled as exec() in dataclasses compiles it, without this
            # module's ``from __future__ import annotations`` (which would turn the
            # methods' annotations into strings).
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _new.add(source)
        _compiled[source] = code
        _used.add(source)
        source = code
    exec(source, globals, locals)


def _unmarshal(blob: bytes | None) -> CodeType | None:
    if blob is None:
        return None
    try:
        code = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):  # a damaged entry: compiled again
        return None
    return code if isinstance(code, CodeType) else None


def _read(path: Path) -> dict[str, bytes]:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        _note("not readable", path, exc)
        return {}
    try:
        form, entries = marshal.loads(data)
        if form != FORMAT or not isinstance(entries, dict):
            raise ValueError(f"format {form!r}, not {FORMAT}")
        if not all(isinstance(k, str) and isinstance(v, bytes) for k, v in entries.items()):
            raise ValueError("not texts and their code")
    except Exception as exc:  # damaged, cut short or foreign: compile as before
        _note("not usable, compiling again", path, exc)
        return {}
    return entries


def _note(what: str, path: Path, exc: Exception) -> None:
    import logging  # only when something is wrong: the process starts without it

    logging.getLogger(__name__).info("method cache %s %s: %s", path, what, exc)


def save() -> None:
    """Write the cache if this run compiled a text it did not hold."""
    if _path is None or not _new:
        return
    stored = _stored if len(_stored) + len(_new) <= MAX_ENTRIES else {
        text: blob for text, blob in _stored.items() if text in _used}
    keep = {**stored, **{text: marshal.dumps(_compiled[text]) for text in _new}}
    temporary: str | None = None
    try:
        import tempfile  # only a run with something new to write pays for it

        _path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=_path.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            marshal.dump((FORMAT, keep), out)
        os.replace(temporary, _path)  # whole or not at all, for a run reading it now
        temporary = None
        _stored.clear()
        _stored.update(keep)
        _new.clear()
    except (OSError, ValueError) as exc:
        _note("not written", _path, exc)
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
