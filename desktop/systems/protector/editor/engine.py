"""The Qt-free modules Protector's editor uses, imported with the game's rules before Qt
(the registry's "editor_engine" part, ``desktop.systems.files.import_games_of``): PySide's
import hook slows every module imported after Qt is. No Qt here."""

from __future__ import annotations

from desktop.model import odds, pool_odds
from desktop.systems.protector.fight import fighter, pools
from desktop.systems.protector.rules import dice, edits, lifepath

__all__ = ["dice", "edits", "fighter", "lifepath", "odds", "pool_odds", "pools"]
