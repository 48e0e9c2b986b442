"""Dice as a sheet shows them: each die's size and how it stands in play.

For games whose characters are pools of dice of mixed sizes (Protector's energy, power
and agent pools). A face is a die's sides, its multiplier (a higher step: 1d4×10) and
its mark: ``READY`` in the pool, ``DEPLETED`` on the table showing 1, ``AWARDED`` a
depleted die given for storytelling, ``DAMAGED`` removed from play by damage. The PDF
sheet draws these faces (``desktop.pdf.dice``); the text export writes them. No
drawing here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from desktop.model.dice_pool import Die


class DieMark(StrEnum):
    READY = "ready"
    DEPLETED = "depleted"
    AWARDED = "awarded"
    DAMAGED = "damaged"


@dataclass(frozen=True)
class DieFace:
    """One die to draw: its sides (shape), its multiplier (a higher step) and state."""

    sides: int
    multiplier: int = 1
    mark: DieMark = DieMark.READY

    @property
    def higher(self) -> bool:
        """A higher dice step (1d4×10 …): drawn with a second outline."""
        return self.multiplier > 1

    @property
    def text(self) -> str:
        """What is written in the die: "d8", "d4×10"."""
        return f"d{self.sides}" + (f"×{self.multiplier}" if self.higher else "")

    @classmethod
    def parse(cls, text: str, mark: DieMark = DieMark.READY) -> DieFace:
        """"d8", "1d4x10" or "1d4×100" → a face; a ValueError naming the text otherwise."""
        die = Die.parse(text)  # the model's dice: d4 … d20 and the higher steps
        return cls(die.sides, die.multiplier, mark)


def pool_faces(dice: Sequence[str], depleted: int = 0, damaged: int = 0,
               awarded: int = 0, base: str = "d6") -> list[DieFace]:
    """A pool's faces: its dice best first, then the depleted ones, the awarded ones and
    the damaged ones. ``dice`` is the whole pool, ready and not; the last ``depleted +
    damaged`` of them are the ones out of the pool. A depleted die is drawn as ``base``
    (a stepped-up die that depletes reverts to it: Protector, Depletion); a damaged die
    keeps its size; awarded dice come on top of the pool, as ``base`` dice."""
    depleted = max(min(depleted, len(dice)), 0)
    damaged = max(min(damaged, len(dice) - depleted), 0)
    ready = len(dice) - depleted - damaged
    faces = [DieFace.parse(d) for d in dice[:ready]]
    faces += [DieFace.parse(base, DieMark.DEPLETED)] * depleted
    faces += [DieFace.parse(base, DieMark.AWARDED)] * max(awarded, 0)
    faces += [DieFace.parse(d, DieMark.DAMAGED) for d in dice[ready + depleted:]]
    return faces


def summary(dice: Sequence[str]) -> str:
    """"3d20 2d12 1d4×10": the pool by size, in the order the sizes first come."""
    counts: dict[tuple[int, int], int] = {}
    for die in dice:
        face = DieFace.parse(die)
        counts[face.sides, face.multiplier] = counts.get((face.sides, face.multiplier), 0) + 1
    return " ".join(f"{n}d{sides}" + (f"×{mult}" if mult > 1 else "")
                    for (sides, mult), n in counts.items())
