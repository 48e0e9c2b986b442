"""The Qt-free modules POW!'s editor uses, imported with the game's rules before Qt
(the registry's "editor_engine" part, ``desktop.systems.files.import_games_of``): PySide's
import hook slows every module imported after Qt is. No Qt here."""

from __future__ import annotations

from desktop.model import odds, pools
from desktop.systems.pow.rules import catalog, dice, modifiers

__all__ = ["catalog", "dice", "modifiers", "odds", "pools"]
