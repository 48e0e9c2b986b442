"""Dice of mixed sizes, as pools that step up and down: "d6", "d20", "1d4x10".

Games whose characters are pools of dice (Protector) store each die as its text form,
so a file stays readable; the engine works with ``Die`` values. A die is a number of
sides and a multiplier (1 for the ordinary ladder, 10/100/1000 for the higher steps).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LADDER = (4, 6, 8, 10, 12, 20)
"""The ordinary dice in step order."""

_TEXT = re.compile(r"^(?:1?d)(\d+)(?:\s*[x×]\s*(\d+))?$", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class Die:
    sides: int
    multiplier: int = 1

    def __post_init__(self) -> None:
        if self.sides not in LADDER:
            raise ValueError(f"no d{self.sides} in the dice ladder {LADDER}")
        if self.multiplier not in (1, 10, 100, 1000):
            raise ValueError(f"multiplier {self.multiplier} is not 1, 10, 100 or 1000")

    @classmethod
    def parse(cls, text: str) -> Die:
        """"d6", "D8", "1d4x10", "1d4×100" → Die; a clear ValueError otherwise."""
        match = _TEXT.match(text.strip())
        if not match:
            raise ValueError(f"{text!r} is not a die (write d4, d6, … d20 or 1d4x10)")
        return cls(int(match[1]), int(match[2] or 1))

    @property
    def higher(self) -> bool:
        return self.multiplier > 1

    def __str__(self) -> str:
        return f"1d{self.sides}x{self.multiplier}" if self.higher else f"d{self.sides}"

    def face_values(self) -> tuple[int, ...]:
        """What each face reads, equally likely: 1..sides times the multiplier."""
        return tuple(face * self.multiplier for face in range(1, self.sides + 1))
