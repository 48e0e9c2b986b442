"""The user's own catalog entries, saved from a character and offered again by every
"Add …" of that game: one store for every game, no Qt.

A game declares one ``UserCatalog``: its file in the user data folder
(``<data>/<game>/<file>``), the file's format tag and its lists, each a list of one
pydantic model (a weapon, a power, a trait…). The file is an envelope like every
Sheetdesk file, then one key per list::

    {"format": "sheetdesk.catalog", "version": 1, "system": "protector",
     "powers": [...], "traits": [...]}

A broken file raises DocumentError when read; ``load_or_warn`` reports it in one line
and carries on with empty lists, and the file is left as it is for the user to mend.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from desktop.model import document
from desktop.model.defaults import empty_list
from desktop.model.errors import DocumentError
from desktop.model.storage import atomic_write_text
from desktop.paths import user_data_dir

MAX_ENTRIES = 1000
"""Per list: far more than anyone keeps, small enough to read at every "Add …"."""


@dataclass(frozen=True)
class UserCatalog:
    """One game's file of the user's own catalog entries: where it is kept and its lists."""

    system: str
    lists: Mapping[str, type[BaseModel]]
    """List key → the model of its entries, in the order the file writes them."""
    label: str = "own list"
    """What the user calls the file in a message ("weapons and armor list")."""
    file: str = "catalog.json"
    format: str = "sheetdesk.catalog"
    names: Mapping[str, str] = field(default_factory=dict)
    """List key → the field naming an entry (default ``name``): saving an entry replaces
    the one of the same name."""

    @cached_property
    def kind(self) -> document.DocumentKind:
        return document.DocumentKind(format=self.format, current_version=1, label=self.label)

    @cached_property
    def model(self) -> type[BaseModel]:
        """The file's model: the envelope, then every list (unknown keys refused)."""
        fields: dict[str, Any] = {
            "format": (Literal[self.format], self.format),  # type: ignore[valid-type]
            "version": (Literal[1], 1),
            "system": (Literal[self.system], self.system),  # type: ignore[valid-type]
        }
        for key, item in self.lists.items():
            fields[key] = (list[item], Field(default_factory=empty_list,  # type: ignore[valid-type]
                                             max_length=MAX_ENTRIES))
        return create_model(f"UserCatalog_{self.system}_{self.file.split('.')[0]}",
                            __config__=ConfigDict(extra="forbid"), **fields)

    def path(self) -> Path:
        return user_data_dir() / self.system / self.file

    def empty(self) -> BaseModel:
        return self.model()

    def load(self) -> BaseModel:
        """The user's lists (empty if there is no file yet); DocumentError if broken."""
        path = self.path()
        if not path.exists():
            return self.empty()
        data = document.parse_json(document.read_text(path), path)
        data = document.check_envelope(data, self.kind, path)
        return document.validate(self.model, data, path)

    def load_or_warn(self, warn: Callable[[str], None] | None = None) -> BaseModel:
        """The user's lists; a broken file is reported through ``warn`` and skipped."""
        try:
            return self.load()
        except DocumentError as exc:
            if warn is not None:
                warn(f"Your {self.label} was skipped: {exc.message}")
            return self.empty()

    def entries(self, key: str, warn: Callable[[str], None] | None = None) -> list[Any]:
        """One list of the user's entries (none if the file is broken: reported)."""
        return list(getattr(self.load_or_warn(warn), key))

    def save(self, key: str, item: BaseModel) -> Path:
        """Add ``item`` to list ``key``, replacing one of the same name; the file's path.
        DocumentError if the file is broken (never overwritten) or cannot be written."""
        catalog = self.load()
        named = self.names.get(key, "name")
        name = getattr(item, named)
        kept = [e for e in getattr(catalog, key) if getattr(e, named) != name]
        setattr(catalog, key, [*kept, item])
        path = self.path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DocumentError(path.parent, f"cannot create it: {exc.strerror or exc}") from None
        # Validated again so an entry past a list's limits is refused, not written.
        text = document.to_json_text(document.validate(self.model, catalog.model_dump(), path))
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            raise DocumentError(path, f"cannot write it: {exc.strerror or exc}") from None
        return path
