"""The one error a user sees when a document cannot be read or written."""

from __future__ import annotations

from pathlib import Path


class DocumentError(Exception):
    """A file that cannot be used, said in one line: file, where in it, what is wrong."""

    def __init__(self, path: str | Path | None, what: str, where: str = "") -> None:
        self.path = str(path) if path is not None else None
        self.where = where
        self.what = what
        super().__init__(self.message)

    @property
    def message(self) -> str:
        parts = [p for p in (self.path, self.where) if p]
        return ": ".join([*parts, self.what])
