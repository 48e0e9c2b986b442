"""What the games' GM-screen adapters (``systems/<game>/gm.py``) share: dice the table
rolled by hand, log lines without a second round stamp, and choice lists.

Pure Python, no Qt: the adapters are engine code (see ``combat_rules``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

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
