"""A GM's own tables (the cost table, the Epic Fail table): the shipped file, the user's
copy in the user data folder, export and import — every write atomic, a bad file never
overwritten, a broken user file falling back to the shipped one with a warning.

Pure Python, no Qt. ``costs.py`` and ``epic_fail.py`` each describe their file with a
``TableFile``; this module does the rest the same way for both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from desktop.model import document
from desktop.model.errors import DocumentError
from desktop.model.storage import atomic_write_text
from desktop.paths import resource, user_data_dir

SYSTEM = "powers"
M = TypeVar("M", bound=BaseModel)
Origin = Literal["shipped", "user"]


@dataclass(frozen=True)
class TableFile(Generic[M]):
    """One kind of GM table: its envelope, its model, where it ships and where the
    user's copy lives; ``check`` looks at the raw data before the model does (so an
    error can name the exact key)."""

    kind: document.DocumentKind
    model: type[M]
    file_name: str
    check: Callable[[dict[str, Any], Path], None] | None = None

    @property
    def shipped_path(self) -> Path:
        return resource(SYSTEM, self.file_name)

    @property
    def user_path(self) -> Path:
        return user_data_dir() / SYSTEM / self.file_name


@dataclass(frozen=True)
class Chosen(Generic[M]):
    """The table in use: the user's if it reads, else the shipped one (with why)."""

    table: M
    origin: Origin
    warning: str = ""
    """Why the user's table is not in use (empty when nothing is wrong): for the UI."""


def read_table(spec: TableFile[M], path: Path) -> M:
    """The table in ``path``; DocumentError (one line naming the field) if it is bad."""
    data = document.parse_json(document.read_text(path), path)
    data = document.check_envelope(data, spec.kind, path)
    if data.get("system") != SYSTEM:
        raise DocumentError(path, f"not a Powers table (system is {data['system']!r})",
                            "system")
    if spec.check is not None:
        spec.check(data, path)
    return document.validate(spec.model, data, path)


_shipped: dict[Path, Any] = {}
_user: dict[Path, tuple[tuple[int, int, int], Any]] = {}


def shipped(spec: TableFile[M]) -> M:
    """The shipped table, read once (a broken one is a bug: DocumentError)."""
    path = spec.shipped_path
    if path not in _shipped:
        _shipped[path] = read_table(spec, path)
    return _shipped[path]


def choose(spec: TableFile[M]) -> Chosen[M]:
    """The user's table if there is one and it reads, else the shipped one; a broken
    user file is left as it is and named in ``warning``. The user file is re-read only
    when it changed (derive() calls this on every keystroke)."""
    path = spec.user_path
    try:
        stat = path.stat()
    except FileNotFoundError:
        return Chosen(shipped(spec), "shipped")
    except OSError as exc:
        return Chosen(shipped(spec), "shipped", _warning(spec, f"{path}: {exc.strerror}"))
    stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
    cached = _user.get(path)
    if cached is None or cached[0] != stamp:
        try:
            cached = (stamp, read_table(spec, path))
        except DocumentError as exc:
            cached = (stamp, exc)
        _user[path] = cached
    value = cached[1]
    if isinstance(value, DocumentError):
        return Chosen(shipped(spec), "shipped", _warning(spec, value.message))
    return Chosen(value, "user")


def _warning(spec: TableFile[Any], why: str) -> str:
    return (f"Your {spec.kind.label} could not be read, so Sheetdesk's shipped one is in "
            f"use: {why}")


def write_table(spec: TableFile[M], table: M, path: Path) -> Path:
    """Write ``table`` to ``path`` atomically (the file it replaces kept as ``.bak``)."""
    table = spec.model.model_validate(table.model_dump())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DocumentError(path.parent, f"cannot create it: {exc.strerror or exc}") from None
    atomic_write_text(path, document.to_json_text(table))
    return path


def save_user(spec: TableFile[M], table: M) -> Path:
    """Save ``table`` as the GM's own (it is in use from now on)."""
    return write_table(spec, table, spec.user_path)


def import_table(spec: TableFile[M], path: Path) -> M:
    """Read a table from ``path`` and make it the GM's own; a bad file raises
    DocumentError and the GM's current table stays as it was."""
    table = read_table(spec, Path(path))
    save_user(spec, table)
    return table


def reset_user(spec: TableFile[Any]) -> None:
    """Go back to the shipped table (the GM's file is kept as ``.bak``)."""
    path = spec.user_path
    if path.exists():
        path.replace(path.with_name(path.name + ".bak"))
