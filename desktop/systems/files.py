"""Character files: read with a one-line reason when they are bad, saved atomically."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from desktop.model import document
from desktop.model.errors import DocumentError
from desktop.model.storage import atomic_write_text
from desktop.systems import CHARACTER_SUFFIX, SYSTEMS, UnknownSystem, get

__all__ = ["CHARACTER_SUFFIX", "load_character", "save_character"]


def character_from_data(data: dict[str, Any], path: str | Path | None = None) -> BaseModel:
    data = document.check_envelope(data, document.CHARACTER, path)
    try:
        system = get(data["system"])
    except UnknownSystem:
        raise DocumentError(
            path, f"unknown game {data['system']!r} (this Sheetdesk knows "
                  f"{', '.join(SYSTEMS)})", "system") from None
    model = system.character_model
    return document.validate(model, data, path)


def character_from_text(text: str | bytes, path: str | Path | None = None) -> BaseModel:
    return character_from_data(document.parse_json(text, path), path)


def load_character(path: str | Path) -> BaseModel:
    """The character in ``path``; a DocumentError (never a partial character) if bad."""
    return character_from_text(document.read_text(path), path)


def import_games_of(paths: Iterable[str | Path]) -> None:
    """Import the model and rules of the games ``paths`` name, and the Qt-free modules
    their editors use (the optional "editor_engine" part), before Qt is imported:
    PySide's import hook reads the source of every module imported after it, ~14 ms of
    a double-click for pydantic and one game. The character model's validator is built
    here too (pydantic builds it on first use): the first build imports pydantic's
    plugin lookup (importlib.metadata, email, …), ~13 ms more once Qt is in. A file
    that cannot be read is skipped here and reported when it is really opened."""
    for path in paths:
        try:
            data = document.parse_json(document.read_text(path), path)
            system = get(data["system"]) if isinstance(data, dict) else None
        except (DocumentError, UnknownSystem, KeyError, TypeError):
            continue
        if system is not None:
            system.part("character")
            system.part("rules")
            system.optional_part("editor_engine")
            system.character_model.model_rebuild()


def character_to_text(character: BaseModel) -> str:
    return document.to_json_text(character)


def save_character(path: str | Path, character: BaseModel) -> None:
    """Save atomically, keeping the previous file as ``NAME.bak``."""
    atomic_write_text(path, character_to_text(character))


DOCUMENT_SUFFIXES = (CHARACTER_SUFFIX, ".encounter")


def refuse_document_output(output: str | Path, inputs: list[str], kind: str = "a PDF") -> None:
    """A DocumentError if writing ``output`` (``kind``, e.g. "a PDF") would replace one of
    the ``inputs`` or any character or encounter file (by its suffix or first bytes)."""
    out = Path(output)
    if out.suffix.lower() in DOCUMENT_SUFFIXES:
        raise DocumentError(out, f"is a character or encounter file, not {kind}: not replaced")
    if not out.exists():
        return
    for name in inputs:
        try:
            if out.samefile(name):
                raise DocumentError(out, "is one of the input files: not replaced")
        except OSError:
            continue
    try:
        with out.open("rb") as handle:
            start = handle.read(4096) if out.is_file() else b""
    except OSError:
        return
    if b'"sheetdesk.' in start and start.lstrip().startswith(b"{"):
        raise DocumentError(out, f"is a Sheetdesk file, not {kind}: not replaced")
