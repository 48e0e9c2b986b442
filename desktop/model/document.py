"""The document envelope (format, version, system), its migrations, and parsing.

Every Sheetdesk file is a JSON object that starts with the same three keys. Reading a
file goes: bytes → JSON object → envelope checked → migrated to the current version →
validated by the game's pydantic model. Each step that fails raises a DocumentError
whose one-line message names the file, where in it, and what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

# pydantic.fields (and with it pydantic.types and pydantic's validators) comes in with
# BaseModel, never on its own later. A pydantic imported only in part before Qt (its
# BaseModel, for a file that then failed to open) and completed after it cannot load a
# game's models: PySide's import hook reads each module imported after Qt, asks it for
# ``__wrapped__``, and pydantic's module ``__getattr__`` answers by importing its
# validators, which are half imported at that moment (ImportError; tests/test_launch.py).
import pydantic.fields  # noqa: F401
from pydantic import BaseModel, ValidationError, ValidationInfo

from desktop.model.errors import DocumentError
from desktop.model.limits import (
    MAX_CHARACTER_BYTES,
    MAX_ITEMS,
    check_structure,
    read_bounded,
)

Migration = Callable[[dict[str, Any]], dict[str, Any]]
M = TypeVar("M", bound=BaseModel)


class DocumentKind(NamedTuple):
    """One kind of file: its ``format`` tag, current version and upgrade steps.

    ``migrations[n]`` turns a version-n document into a version-(n+1) one.
    """

    format: str
    current_version: int
    migrations: Mapping[int, Migration] = MappingProxyType({})
    label: str = "document"

    def migrate(self, data: dict[str, Any], path: str | Path | None = None) -> dict[str, Any]:
        version = data["version"]
        while version < self.current_version:
            step = self.migrations.get(version)
            if step is None:
                raise DocumentError(path, f"no upgrade from version {version}", "version")
            data = step(dict(data))
            version += 1
            data["version"] = version
        return data


CHARACTER = DocumentKind(format="sheetdesk.character", current_version=1, label="character")


def parse_json(text: str | bytes, path: str | Path | None = None,
               max_items: int = MAX_ITEMS, limits: bool = True) -> dict[str, Any]:
    """The JSON object in ``text``, or a DocumentError saying why it is not one.

    With ``limits`` the object is within those of ``desktop.model.limits`` (text and
    list lengths, finite numbers, valid Unicode): past one, a DocumentError names the
    field.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")  # Windows editors may start with a BOM
        except UnicodeDecodeError as exc:
            raise DocumentError(path, f"not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DocumentError(path, f"not JSON: {exc.msg}", f"line {exc.lineno}") from None
    except (ValueError, RecursionError) as exc:
        # Valid JSON syntax Python still refuses: a number too long, nesting too deep.
        raise DocumentError(path, f"not usable JSON: {str(exc).split(':')[0]}") from None
    if not isinstance(data, dict):
        raise DocumentError(path, "not a Sheetdesk file (expected a JSON object)")
    if limits:
        check_structure(data, path, max_items)
    return data


def check_envelope(
    data: dict[str, Any], kind: DocumentKind, path: str | Path | None = None
) -> dict[str, Any]:
    """Check format and version, migrate to the current version, return the data."""
    fmt = data.get("format")
    if fmt != kind.format:
        shown = "no 'format' key" if fmt is None else f"format is {fmt!r}"
        raise DocumentError(path, f"not a Sheetdesk {kind.label} file ({shown})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DocumentError(path, f"version must be a whole number ≥ 1, not {version!r}", "version")
    if version > kind.current_version:
        raise DocumentError(
            path,
            f"made by a newer Sheetdesk (file version {version}, this one reads up to "
            f"{kind.current_version})",
            "version",
        )
    if not isinstance(data.get("system"), str):
        raise DocumentError(path, "missing the game id", "system")
    return kind.migrate(data, path)


FILE_CONTEXT = {"file": True}
"""Validation context for data read from a file: see ``require_in_files``."""


def require_in_files(*keys: str):
    """A before-validator: in a file these keys must be present, not defaulted.

    Code may build a model from a few fields and let the rest default; a file that
    lacks one is incomplete and is refused, never silently filled in.
    """
    return classmethod(RequiredInFiles(keys))


class RequiredInFiles(NamedTuple):
    """The check ``require_in_files`` makes: which keys a file must give."""

    keys: tuple[str, ...]

    def __call__(self, cls: type, data: Any, info: ValidationInfo) -> Any:
        if info.context and info.context.get("file") and isinstance(data, dict):
            missing = [key for key in self.keys if key not in data]
            if missing:
                raise ValueError(f"missing {', '.join(repr(k) for k in missing)}")
        return data


def validate(
    model: type[M], data: dict[str, Any], path: str | Path | None = None
) -> M:
    """``model`` built from ``data``; the first validation error as a DocumentError."""
    try:
        return model.model_validate(data, context=FILE_CONTEXT)
    except ValidationError as exc:
        error = exc.errors()[0]
        # pydantic marks a bad dict key with a "[key]" part after it: the path ends at the key.
        parts = [str(part) for part in error["loc"] if part != "[key]"]
        where = ".".join(parts) or "(top level)"
        what = error["msg"].removeprefix("Value error, ")  # our own validators' messages
        raise DocumentError(path, what, where) from None


def read_text(path: str | Path, limit: int = MAX_CHARACTER_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (see ``read_bounded``)."""
    return read_bounded(path, limit)


def to_json_text(model: BaseModel) -> str:
    """The file text of a document: stable key order, UTF-8, trailing newline."""
    return json.dumps(model.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
