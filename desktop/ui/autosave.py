"""Autosave and crash recovery.

Every 30 s each changed document is written to the user data dir. A normal save or
close removes its autosave, so files still there at the next start were left by a
crash (or a kill): the app offers to restore them. Autosaves never touch the user's own
files; a broken autosave is reported and left where it is.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.model.errors import DocumentError
from desktop.model.storage import atomic_write_text
from desktop.paths import user_data_dir

if TYPE_CHECKING:
    from pydantic import BaseModel

FORMAT = "sheetdesk.autosave"
INTERVAL_MS = 30_000


def autosave_dir() -> Path:
    folder = user_data_dir() / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass
class Recovered:
    autosave: Path
    character: BaseModel
    original: Path | None
    saved_at: str


class AutosaveSlot:
    """One document's autosave file, named once so repeated saves overwrite it."""

    def __init__(self) -> None:
        self.path = autosave_dir() / f"{os.urandom(8).hex()}.json"

    def write(self, character: BaseModel, original: Path | None) -> None:
        payload = {
            "format": FORMAT,
            "version": 1,
            "original": str(original) if original else None,
            "saved_at": datetime.now().isoformat(timespec="seconds"),
            "character": character.model_dump(mode="json"),
        }
        atomic_write_text(self.path, json.dumps(payload, ensure_ascii=False, indent=1),
                          keep_backup=False)

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)


def leftovers() -> list[Path]:
    return sorted(autosave_dir().glob("*.json"))


def read(path: Path) -> Recovered:
    """A leftover autosave, or a DocumentError if it is unreadable."""
    from desktop.systems.files import character_from_data  # pydantic: only when needed

    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DocumentError(path, f"unreadable autosave ({exc})") from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise DocumentError(path, "not a Sheetdesk autosave")
    character = character_from_data(payload.get("character") or {}, path)
    original = payload.get("original")
    return Recovered(path, character, Path(original) if original else None,
                     str(payload.get("saved_at", "")))
