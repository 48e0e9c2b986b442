"""What the players see of a fight: one line per combatant in the game's order.

The player view on a second screen paints these lines, and the page shared with the
players' phones is built from them alone, so this is the one place that decides what
leaves the GM's eyes: a player character (from a character file) shows its hit points
and, for its own page, its live numbers and conditions; anyone else shows a vague word
("fine", "hurt", "down", "dying", "dead") and, unless the GM hides names, its name.
An NPC's numbers never appear. Pure: no Qt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from desktop.model.combat_helpers import health_column, health_state, health_word
from desktop.model.combat_rules import Row
from desktop.model.encounter import Encounter


class PlayerLine(NamedTuple):
    """One line of the order (a tuple: 200 are made and compared on every turn)."""

    text: str
    """As the player view shows it: "▶ Sparky — Hits 13/16, hurt"."""
    acting: bool
    state: str
    acted: bool = False
    name: str = ""
    """The name shown ("Foe 2" for a hidden NPC)."""
    health: str = ""
    """The hit points of a player character ("Hits 13/16, hurt"), a word for anyone else."""
    player: bool = False
    key: str = ""
    """A player character's key in the encounter; "" for anyone else."""
    details: tuple[tuple[str, str], ...] = ()
    """A player character's live numbers, its status and its conditions and timers, as
    (label, value); () for anyone else."""


def player_lines(encounter: Encounter, names: bool = True,
                 rows: Sequence[Row] | None = None) -> list[PlayerLine]:
    """What the players see, in the game's order. NPC numbers never appear: a player
    character shows its hit points, anyone else a word; with ``names`` False an NPC is
    "Foe 1", "Foe 2"… (numbered in the order shown). ``rows``: the game's rows if the
    caller has them already (the roster does)."""
    rules = encounter.rules
    acting = set(encounter.turn.actors)
    acted = encounter.acted
    column = health_column(rules)
    out: list[PlayerLine] = []
    foes = 0
    for row in rules.rows(encounter.state) if rows is None else rows:
        fighter = encounter.fighters.get(row.key)
        player = fighter is not None and fighter.origin == "file"
        state = health_state(row, column)
        word = health_word(state)
        details: tuple[tuple[str, str], ...] = ()
        if player:
            shown = row.key
            if column is not None and column < len(row.cells):
                word = f"{rules.columns[column]} {row.cells[column]}" + (
                    f", {word}" if state else "")
            details = _details(encounter, row)
        else:
            foes += 1
            shown = row.key if names else f"Foe {foes}"
        mark = "▶ " if row.key in acting else "✓ " if row.key in acted else ""
        out.append(PlayerLine(f"{mark}{shown} — {word}", row.key in acting, state,
                              row.key in acted, shown, word, player,
                              row.key if player else "", details))
    return out


def _details(encounter: Encounter, row: Row) -> tuple[tuple[str, str], ...]:
    """A player character's own numbers: every column of its row, its status, and each
    condition or timer with the rounds it has left."""
    rules = encounter.rules
    out = [(label, cell) for label, cell in zip(rules.columns, row.cells, strict=False)
           if cell.strip()]
    if row.status.strip():
        out.append(("Status", row.status))
    now = encounter.turn.round
    out += [("Condition", c.describe(rules.round_word, now))
            for c in encounter.conditions_of(row.key)]
    return tuple(out)
