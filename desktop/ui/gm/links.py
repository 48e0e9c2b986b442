"""How the GM screen reaches characters open in the main window, so a character open in
both stays one character: adding takes the open (maybe unsaved) version, and writing
back becomes one undoable edit of the open document instead of a file write."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol


class OpenCharacters(Protocol):
    def open_character(self, path: Path) -> Any | None:
        """The character as open now for ``path``; None if that file is not open."""

    def write_back(self, path: Path, character: Any, text: str) -> bool:
        """Apply ``character`` to the open document of ``path`` as one undoable edit;
        False if that file is not open (the caller then saves the file itself)."""
