"""Rolling dice: a seeded source and a record of every die thrown.

A ``Roller`` with a seed replays the same rolls, so a test, the CLI's ``--seed`` and the
GM screen's log can all show exactly what happened. Each throw is kept (re-rolls are
further throws), so a UI can show every die, not just the total.
"""

from __future__ import annotations

import random
from typing import NamedTuple


class Throw(NamedTuple):
    """One throw of one or more dice of the same size."""

    sides: int
    faces: tuple[int, ...]
    why: str = ""
    """Why it was thrown: "" for the first throw, else e.g. "doubles" or "tie"."""

    @property
    def total(self) -> int:
        return sum(self.faces)

    def to_json(self) -> dict[str, object]:
        return {"sides": self.sides, "faces": list(self.faces), "why": self.why}

    def __str__(self) -> str:
        return f"{len(self.faces)}d{self.sides} [{', '.join(map(str, self.faces))}]"


class Roller:
    """A random source that remembers its throws. ``seed=None`` draws from the OS."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.throws: list[Throw] = []
        self._random: random.Random | None = None
        """Made at the first throw: an editor's check panel has a roller from the start."""

    def __repr__(self) -> str:
        return f"Roller(seed={self.seed!r}, throws={self.throws!r})"

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        if count < 1 or sides < 1:
            raise ValueError(f"cannot throw {count}d{sides}")
        if self._random is None:
            self._random = random.Random(self.seed)
        source = self._random
        faces = tuple(source.randint(1, sides) for _ in range(count))
        result = Throw(sides, faces, why)
        self.throws.append(result)
        return result

    def take_throws(self) -> list[Throw]:
        """The throws since the last call, for attaching to one roll's record."""
        taken, self.throws = self.throws, []
        return taken
