"""The Qt-free modules Pocket Universe's editor uses, imported with the game's rules before Qt
(the registry's "editor_engine" part, ``desktop.systems.files.import_games_of``): PySide's
import hook slows every module imported after Qt is. No Qt here."""

from __future__ import annotations

from desktop.model import odds
from desktop.systems.pocket.editor import text
from desktop.systems.pocket.rules import dice

__all__ = ["dice", "odds", "text"]
