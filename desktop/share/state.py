"""What the shared page shows, as JSON, built from the player view's lines alone
(``desktop.model.player_lines``): so an NPC's numbers, which those lines never hold,
cannot reach a player's browser.

The state: the round ("Frame 2"), whose turn (the names of the lines marked acting),
the order (each line's shown name, its health text, a state word for colour, whether
it acts or has acted, and, for a player character, the id of its own page) and each
player character's live values for its page. Player characters get short ids
("1", "2"…) in the order they are first seen, so a page keeps its address while the
fight goes on.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from desktop.model.combat_rules import Row
from desktop.model.encounter import Encounter
from desktop.model.player_lines import PlayerLine, player_lines
from desktop.systems import SYSTEMS

MAX_LINES = 300
"""Lines sent at the most (a quick group of hundreds is cut, with "and N more")."""


class ShareState:
    """The latest state as bytes ready to send; ``update`` says whether it changed."""

    def __init__(self) -> None:
        self._ids: dict[str, str] = {}
        self.data = encode(empty_state())

    def update(self, encounter: Encounter, names: bool = True,
               rows: Sequence[Row] | None = None) -> bool:
        """Rebuild from the encounter's player lines; True if what players see changed."""
        data = encode(self.build(encounter, player_lines(encounter, names, rows)))
        if data == self.data:
            return False
        self.data = data
        return True

    def build(self, encounter: Encounter, lines: Sequence[PlayerLine]) -> dict[str, Any]:
        turn = encounter.turn
        rules = encounter.rules
        for line in lines:
            if line.player and line.key not in self._ids:
                self._ids[line.key] = str(len(self._ids) + 1)
        shown = lines[:MAX_LINES]
        order = [{
            "name": line.name, "health": line.health, "state": line.state or "fine",
            "acting": line.acting, "acted": line.acted,
            "pc": self._ids[line.key] if line.player else None,
        } for line in shown]
        pcs = {self._ids[line.key]: {
            "name": line.name, "health": line.health, "state": line.state or "fine",
            "acting": line.acting, "acted": line.acted,
            "values": [[label, value] for label, value in line.details],
        } for line in lines if line.player}
        return {
            "game": SYSTEMS[rules.system].name if rules.system in SYSTEMS else "",
            "started": turn.started,
            "round": f"{rules.round_word} {turn.round}" if turn.started else "",
            "turn": [line.name for line in lines if line.acting],
            "order": order,
            "more": max(len(lines) - MAX_LINES, 0),
            "pcs": pcs,
        }


def empty_state() -> dict[str, Any]:
    """Before the GM's first update: nothing to show yet."""
    return {"game": "", "started": False, "round": "", "turn": [], "order": [], "more": 0,
            "pcs": {}}


def encode(state: dict[str, Any]) -> bytes:
    return json.dumps(state, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
