"""Code compiled while classes are created, kept between runs as .pyc files keep modules.

Creating our classes compiles source text that no .pyc file holds:

- a dataclass's methods (``__init__``, ``__repr__``, ``__eq__``, and for a frozen one
  ``__setattr__``, ``__delattr__`` and ``__hash__``) are written as text and compiled
  with ``exec``: 0.3 ms for a frozen class;
- pydantic reads each field's annotation (a string, under ``from __future__ import
  annotations``) through ``typing.ForwardRef``, which compiles it: 6 µs each, 1,400
  of them (350 different) in a party export.

Opening a character file creates 75 to 100 dataclasses, a party export 135: 25 to 45 ms
of compiling each time. ``install`` gives the ``dataclasses`` module an ``exec`` and the
``typing`` module a ``compile`` that keep the code of each text, in one file in the
user's cache folder, and reuse it on later runs.

Starting Qt compiles source too: PySide6 ships the Python half of its signature support
(14 modules, 130 KB) as text inside libshiboken, and compiles it with the builtin
``compile`` at every start, about 15 ms. While a window command imports Qt
(``qt_start``), the builtin ``compile`` keeps the code of those files alone.

The text is the key, and one text always compiles to the same code, so an entry may go
unused (a class changed) but is never wrong. The file is per bytecode version (Python's
own ``MAGIC_NUMBER``) and per Sheetdesk version, its index read at start (each entry
is taken from the file and unmarshalled only when a class needs it:
``desktop.cache_entries``), and written again, atomically, only by a run
that compiled something new (``save``; at the latest when the interpreter exits). What
an earlier version kept is never used again: the first save of a new version removes
its file, and a file that outgrows ``MAX_BYTES`` (a checkout whose classes keep
changing) starts over with what its run used, so that its index stays small. A cache
that cannot be read or written is no error: the code compiles as before. Like a .pyc
file, what it holds is run: it lives in the user's own cache folder, written readable by
the user alone.

Other keepers store what they make in the same file (``recall``, ``keep``): the
regular expressions of ``desktop.regex_cache``, PySide's answers of
``desktop.pyside_scan``, the forms cut into tab pages of ``desktop.ui.form_pages``, the
validated book tables of ``desktop.systems.book_cache``, the models' schemas of
``desktop.systems.schema_cache`` and their fields of ``desktop.model_fields_cache``.

Only the ``sheetdesk`` process installs it (``desktop.launch``), before it imports
anything that creates a dataclass; tests and other programs importing ``desktop`` are
left as they are.
"""

from __future__ import annotations
import __future__

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
import typing
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

from desktop import __version__, cache_entries, pyside_support
from desktop.cache_entries import Entries
from desktop.paths import user_cache_dir

MAX_BYTES = 6_000_000
"""Beyond this size (keys and code; every window and command of one version keep about
2.5 MB) the file starts over with what this run used."""

_stored: Entries = Entries.of({})
"""The file's entries, "<mode>:<text>" to the code marshalled (taken from the file and
loaded when a class needs it, so a run pays only for the classes it creates:
``desktop.cache_entries``), and other keepers' values (``recall``/``keep``: "re:…" for
``desktop.regex_cache``)."""
_compiled: dict[str, Any] = {}
_used: set[str] = set()
_new: dict[str, bytes] = {}
"""What this run made that the file did not hold, marshalled when made."""
_write_due = False
"""Whether something in ``_new`` is worth writing the file for (``keep``'s ``write``)."""
_path: Path | None = None

_builtin_compile = builtins.compile
"""The real builtin: ``qt_start`` replaces the name in ``builtins`` for a while."""


def _future_flags() -> int:
    flags = 0
    for name in __future__.all_feature_names:
        flags |= getattr(__future__, name).compiler_flag
    return flags


FUTURE_FLAGS = _future_flags()
"""The ``from __future__`` flags a compiling frame passes on to ``compile``."""
QT_SUPPORT_FILES = ("signature_bootstrap.py", "shibokensupport/")
"""The file names shiboken compiles its embedded support modules under."""


def cache_file() -> Path:
    return user_cache_dir() / f"{_FILE_STEM}-{__version__}.marshal"


_FILE_STEM = f"compiled-{MAGIC_NUMBER.hex()}"
"""The name every version's file of this bytecode version begins with."""


def install(path: Path | None = None) -> None:
    """Read the cache (``path``, by default ``cache_file()``) and route the compiling
    through it. Once per process; a second call changes nothing."""
    global _path, _stored
    if _path is not None:
        return
    _path = path or cache_file()
    _stored = _read(_path)
    # Module globals shadow the builtins of the same name, for those modules alone.
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    typing.compile = _compile  # type: ignore[attr-defined]
    atexit.register(save)


def installed() -> bool:
    """Whether this process keeps what it makes (the ``sheetdesk`` process)."""
    return _path is not None


def code(source: str, mode: str) -> CodeType:
    """``source`` compiled in ``mode`` ("exec" or "eval") as ``exec`` or ``compile``
    in a module without ``from __future__`` imports compiles it (as ``dataclasses`` and
    ``typing`` are): from this run, from the file, or compiled now and kept."""
    return _kept(f"{mode}:{source}", source, "<string>", mode, 0)


def file_code(source: bytes, filename: str, mode: str, flags: int) -> CodeType:
    """``source`` (a file's bytes) compiled as ``compile(source, filename, mode, flags,
    dont_inherit=True)`` compiles it. Its key begins "file:", which no key of ``code``
    does (those begin with the mode)."""
    key = f"file:{mode}:{flags}:{filename}\n{source.decode('latin-1')}"  # bytes as is
    return _kept(key, source, filename, mode, flags)


def _kept(key: str, source: str | bytes, filename: str, mode: str, flags: int) -> CodeType:
    found = recall(key, CodeType)
    if found is None:
        # dont_inherit: not with this module's ``from __future__ import annotations``,
        # which would turn a dataclass's annotations into strings.
        found = _builtin_compile(source, filename, mode, flags, dont_inherit=True)
        keep(key, found)
    return found


def recall(key: str, kind: type) -> Any:
    """The ``kind`` kept under ``key``, by this run or an earlier one; None if there is
    none (or what is there is no ``kind``: a damaged entry)."""
    found = _compiled.get(key)
    if found is None:
        found = _unmarshal(_stored.get(key), kind)
        if found is None:
            return None
        _compiled[key] = found
    _used.add(key)
    return found


def recall_pickled(key: str) -> Any:
    """What a keeper kept under ``key`` pickled (``desktop.systems.book_cache``,
    ``desktop.systems.schema_cache``); None if there is nothing, or nothing that unpickles
    (damaged, or made of classes that are gone: the keeper makes it again)."""
    blob = recall(key, bytes)
    if blob is None:
        return None
    import pickle  # by the keepers, which import it anyway

    try:
        return pickle.loads(blob)  # our own cache file, written by the keepers
    except Exception:
        return None


def keep(key: str, value: Any, *, write: bool = True) -> None:
    """Keep ``value`` under ``key`` for later runs (unless ``marshal`` cannot write it).
    A key names what its value was made from, whole, so that it is never wrong.

    Without ``write``, the value alone is no reason to write the file: it is written
    with the next run that has something else new (a keeper whose keys may differ
    from run to run, so that it never rewrites the file at every start)."""
    global _write_due
    with suppress(ValueError):  # a value marshal cannot write is this run's alone
        _new[key] = marshal.dumps(value)
        _write_due = _write_due or write
    _compiled[key] = value
    _used.add(key)


@contextmanager
def qt_start() -> Iterator[None]:
    """While Qt is imported: shiboken's support modules compiled from the cache, and
    the bodies of those a window may never use held back until something uses them
    (``desktop.pyside_support``).

    Nothing changes unless ``install`` has run (the ``sheetdesk`` process)."""
    if _path is None or builtins.compile is not _builtin_compile:
        yield
        return
    builtins.compile = _compile_qt_support
    try:
        yield
    finally:
        builtins.compile = _builtin_compile


def _compile_qt_support(source: Any, filename: Any, mode: str, flags: int = 0,
                        dont_inherit: bool = False, optimize: int = -1, **options: Any) -> Any:
    """The builtin ``compile``, keeping the code of shiboken's support files. A call
    inherits the future imports of the calling code, as the builtin's own does (shiboken's
    loader has ``from __future__ import annotations``, so its modules are compiled
    with it)."""
    flags = _with_callers_futures(flags, dont_inherit)
    if (isinstance(source, bytes) and isinstance(filename, str)
            and filename.startswith(QT_SUPPORT_FILES) and mode == "exec"
            and not flags & ~FUTURE_FLAGS and optimize == -1 and not options):
        if filename in pyside_support.HELD:  # support a window may never use: held back
            return pyside_support.code(source, filename, flags, file_code)
        if filename == pyside_support.FEATURE:  # its question answered from the cache
            return pyside_support.feature_code(source, filename, flags, file_code)
        if filename == pyside_support.BOOTSTRAP:  # its archive's files from the cache
            return pyside_support.bootstrap_code(source, filename, flags, file_code)
        return file_code(source, filename, mode, flags)
    return _builtin_compile(source, filename, mode, flags, True, optimize, **options)


def _with_callers_futures(flags: int, dont_inherit: bool) -> int:
    """``flags`` and, unless ``dont_inherit``, the future imports of the code that called
    the wrapper of ``compile`` calling this: what the builtin itself would add."""
    return flags if dont_inherit else flags | sys._getframe(2).f_code.co_flags & FUTURE_FLAGS


def _exec(source: Any, globals: dict[str, Any] | None = None,
          locals: dict[str, Any] | None = None, /) -> None:
    """``exec`` as ``dataclasses`` calls it."""
    exec(code(source, "exec") if isinstance(source, str) else source, globals, locals)


def _compile(source: Any, filename: Any, mode: str, flags: int = 0,
             dont_inherit: bool = False, optimize: int = -1) -> Any:
    """``compile`` as ``typing.ForwardRef`` calls it; any other call as it was. A text
    that is no expression raises SyntaxError as before (and is not kept)."""
    if isinstance(source, str) and filename == "<string>" and flags == 0 and optimize == -1:
        return code(source, mode)
    flags = _with_callers_futures(flags, dont_inherit)
    return _builtin_compile(source, filename, mode, flags, True, optimize)


def _unmarshal(blob: bytes | memoryview | None, kind: type) -> Any:
    if blob is None:
        return None
    try:
        found = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):  # a damaged entry: made again
        return None
    return found if isinstance(found, kind) else None


def _read(path: Path) -> Entries:
    try:
        return cache_entries.read(path)
    except FileNotFoundError:
        return Entries.of({})
    except OSError as exc:
        _note("not readable", path, exc)
    except ValueError as exc:  # damaged, cut short or foreign: compile as before
        _note("not usable, compiling again", path, exc)
    return Entries.of({})


def _note(what: str, path: Path, exc: Exception) -> None:
    import logging  # only when something is wrong: the process starts without it

    logging.getLogger(__name__).info("compile cache %s %s: %s", path, what, exc)


def _size(entries: dict[str, bytes]) -> int:
    return sum(len(key) + len(blob) for key, blob in entries.items())


def _remove_other_versions(path: Path) -> None:
    """Remove the files other Sheetdesk versions kept for this bytecode version (and the
    one of versions before files were named by version) beside ``path``."""
    if not path.name.startswith(_FILE_STEM):
        return  # a file named by its caller (tests): nothing of ours beside it
    for other in path.parent.glob(f"{_FILE_STEM}*.marshal"):
        if other != path:
            with suppress(OSError):
                other.unlink()


def save() -> None:
    """Write the cache if this run made something worth writing that it did not hold."""
    global _stored, _write_due
    if _path is None or not _write_due:
        return
    # Only a run with something new to write pays for tempfile (held back until then:
    # desktop.held_modules). Run first, so that PySide's answers about it and what it
    # imports, asked after Qt, are written with the rest (desktop.pyside_scan).
    from tempfile import mkstemp

    entries = {**_stored, **_new}
    if _size(entries) > MAX_BYTES:
        entries = {key: blob for key, blob in entries.items() if key in _used}
    temporary: str | None = None
    try:
        _path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = mkstemp(dir=_path.parent, suffix=".tmp")
        with open(handle, "wb") as out:  # not os.fdopen, whose import of io PySide asks of
            cache_entries.write(out, entries)
        os.replace(temporary, _path)  # whole or not at all, for a run reading it now
        temporary = None
        _remove_other_versions(_path)
        _stored = Entries.of(entries)
        _new.clear()
        _write_due = False
    except (OSError, ValueError) as exc:
        _note("not written", _path, exc)
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
