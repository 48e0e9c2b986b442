"""What the games' GM-screen adapters (``systems/<game>/gm.py``) share: dice the table
rolled by hand, log lines without a second round stamp, and choice lists.

Pure Python, no Qt: the adapters are engine code (see ``combat_rules``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from desktop.model.combat_rules import Action, Row
from desktop.model.dice import Roller, Throw


class RelayRoller(Roller):
    """A roller in front of the encounter's seeded one: ``serve`` hands out the faces the
    table rolled by hand, ``fallback`` rolls everything else.

    Every throw it returns is recorded here as well as (when rolled) in ``fallback``, so
    a subclass only decides which faces it serves. Rolled dice come from the seeded
    fallback, so a fight replays the same whether or not a face was typed for them.
    """

    def __init__(self, fallback: Roller) -> None:
        super().__init__(seed=0)
        self.fallback = fallback

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        if count < 1 or sides < 1:
            raise ValueError(f"cannot throw {count}d{sides}")
        faces = self.serve(count, sides, why)
        result = (self.fallback.throw(count, sides, why) if faces is None
                  else Throw(sides, faces, why))
        self.throws.append(result)
        return result

    def serve(self, count: int, sides: int, why: str) -> tuple[int, ...] | None:
        """The faces for this throw, or None to let ``fallback`` roll all of it."""
        return None


def unstamped(lines: Iterable[str], round_word: str, number: int) -> tuple[str, ...]:
    """``lines`` without a leading "Round 2: ": the encounter log stamps every line with
    the round already (``Encounter.apply``), and the games' own texts often start so."""
    stamp = f"{round_word} {number}: "
    return tuple(line.removeprefix(stamp) for line in lines)


def counted(count: int, noun: str, plural_noun: str = "") -> str:
    """"no combatants yet", "1 combatant", "5 combatants": counts as people say them."""
    many = plural_noun or f"{noun}s"
    if count == 0:
        return f"no {many} yet"
    return f"{count} {noun if count == 1 else many}"


def setup_label(count: int) -> str:
    """The turn label before the fight: "Setup: 1 combatant"."""
    return f"Setup: {counted(count, 'combatant')}"


def choices_of(values: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """(value, label) pairs for a "choice" ``Param`` whose labels are the values
    themselves (combatant keys, condition names)."""
    return tuple((value, value) for value in values)


_TOTAL = re.compile(r"^\s*(.+?)\s*[:=]?\s*(-?\d+)\s*$")


def parse_totals(text: str) -> dict[str, int]:
    """"Sparky 12, Lizard-men: 13" → {"Sparky": 12, "Lizard-men": 13} (what the table
    rolled, or seat numbers); ValueError if a part has no number at its end."""
    totals: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in re.split(r"[,;\n]", text))):
        match = _TOTAL.match(part)
        if match is None:
            raise ValueError(f"{part!r}: write a name and a total, e.g. Sparky 12")
        totals[match[1]] = int(match[2])
    return totals


# --- a combatant's health at a glance, and typing hit points into the roster -----------

HEALTH_HEADERS = ("hits", "hp", "hit points", "endurance", "health", "damage", "body",
                  "wounds")
"""Column headings that hold a combatant's hit points (``rules.health_column`` wins)."""
DAMAGE_ACTIONS = ("damage", "hit")
HEAL_ACTIONS = ("heal", "heal_power", "recover")
_FRACTION = re.compile(r"(-?\d+)\s*/\s*(\d+)")
STATE_WORDS = {
    "dead": ("dead", "killed"),
    "dying": ("dying", "close to death", "bleeding out"),
    "down": ("unconscious", "knocked out", "out cold", "fled"),
    "held": ("holds", "held", "delay"),
}


def health_column(rules: Any) -> int | None:
    """Index in ``rules.columns`` of the hit points, or None if the game shows none."""
    columns = [c.lower() for c in rules.columns]
    named = getattr(rules, "health_column", None)
    if named:
        return columns.index(named.lower()) if named.lower() in columns else None
    return next((i for i, c in enumerate(columns) if c in HEALTH_HEADERS), None)


def health_of(cell: str) -> tuple[int, int] | None:
    """The last "current/max" in a cell ("13/13", "2 · 4/9" → (4, 9)), or None."""
    found = _FRACTION.findall(cell)
    return (int(found[-1][0]), int(found[-1][1])) if found else None


def health_state(row: Row, health: int | None) -> str:
    """"dead", "dying", "down", "held", "hurt" or "" from the game's row: its status
    words, whether it is out, and its hit points below their maximum."""
    cell = row.cells[health] if health is not None and health < len(row.cells) else ""
    return _state(row.status, row.out, cell)


@lru_cache(maxsize=4096)
def _state(status: str, out: bool, cell: str) -> str:
    # Kept: the roster and the player view ask for every combatant after every turn,
    # and from one turn to the next nearly all of them read the same.
    status = status.lower()
    for state in ("dead", "dying"):
        if any(word in status for word in STATE_WORDS[state]):
            return state
    if out or any(word in status for word in STATE_WORDS["down"]):
        return "down"
    numbers = health_of(cell)
    if numbers is not None and numbers[0] < numbers[1]:
        return "hurt"
    if any(word in status for word in STATE_WORDS["held"]):
        return "held"
    return ""


def health_word(state: str) -> str:
    """A vague word for players: no numbers."""
    return {"dead": "dead", "dying": "dying", "down": "down", "hurt": "hurt"}.get(
        state, "fine")


def cell_edit(actions: Sequence[Action], cell: str, text: str) -> tuple[str, dict[str, Any]]:
    """The action that typing ``text`` into a hit-point cell showing ``cell`` means:
    "-5" is 5 damage, "+3" 3 healing, "8" the damage or healing that leaves 8.
    ValueError with the reason if it cannot be done."""
    text = text.strip().replace("−", "-")
    if not re.fullmatch(r"[+-]?\d+", text):
        raise ValueError(f"type a number of hit points (8), or -5 for damage, +3 for "
                         f"healing, not {text!r}")
    if text[0] in "+-":
        change = int(text)
    else:
        numbers = health_of(cell)
        if numbers is None:
            raise ValueError("write -5 for damage or +3 for healing here")
        change = int(text) - numbers[0]
    if change == 0:
        raise ValueError("no change")
    offered = {a.id: a for a in actions}
    ids = DAMAGE_ACTIONS if change < 0 else HEAL_ACTIONS
    action = next((offered[i] for i in ids if i in offered), None)
    if action is None:
        raise ValueError("this game offers no " + ("damage" if change < 0 else "healing")
                         + " action here")
    if not action.enabled:
        raise ValueError(f"{action.label}: {action.why_not}")
    number = next((p for p in action.params if p.kind == "int"), None)
    if number is None:
        raise ValueError(f"{action.label} takes no number")
    values: dict[str, Any] = {p.name: p.default for p in action.params
                              if p.default is not None}
    values[number.name] = abs(change)
    return action.id, values
