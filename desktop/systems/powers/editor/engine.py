"""The Qt-free modules Powers's editor uses, imported with the game's rules before Qt
(the registry's "editor_engine" part, ``desktop.systems.files.import_games_of``): PySide's
import hook slows every module imported after Qt is. No Qt here."""

from __future__ import annotations

from desktop.model import odds
from desktop.systems.powers.rules import catalog, cost_words, epic_fail

__all__ = ["catalog", "cost_words", "epic_fail", "odds"]
