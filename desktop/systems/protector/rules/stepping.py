"""Dice steps on a pool: which dice a number of steps makes (The Energy System, Traits;
Higher Dice Steps).

Steps raise one die d6 → d8 → d10 → d12 → d20 (one step each), then jump to the
higher steps at their costs (1d4x10 at 16, … 1d4x1000 at 784; the ladder comes from
``combat_tables``). Steps on a die between two rungs buy nothing until the next rung
(RULINGS Protector 8): The Visionary's "3d 96 Steps (3d8x10)" is 32 steps a die.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from desktop.model.dice_pool import Die, StepLadder
from desktop.systems.protector.rules import combat_tables


def ladder() -> StepLadder:
    return combat_tables.ladder()


class Stepped(NamedTuple):
    """A pool's dice with its steps assigned."""

    dice: tuple[Die, ...]
    steps_on_dice: tuple[int, ...]
    unassigned: int
    """Steps not put on any die (negative: more assigned than there are)."""
    unused: int
    """Steps on dice that buy nothing until the die's next rung."""
    extra_dice: int
    """Dice the assignment names beyond the pool's size."""


def die_for(steps: int) -> Die:
    return ladder().die_for(steps)


def step_dice(count: int, steps: int, assignment: Sequence[int] = ()) -> Stepped:
    """``count`` d6s with ``steps`` on them: by ``assignment`` (steps per die, in order)
    or, if it is empty, spread as evenly as they go (best die first)."""
    if assignment:
        on_dice = [int(s) for s in assignment[:count]] + [0] * max(count - len(assignment), 0)
        extra = max(len(assignment) - count, 0)
        unassigned = steps - sum(assignment)
    else:
        each, rest = divmod(steps, count) if count else (0, 0)
        on_dice = [each + (1 if i < rest else 0) for i in range(count)]
        extra = 0
        unassigned = 0 if count else steps
    lad = ladder()
    dice = tuple(lad.die_for(s) for s in on_dice)
    unused = sum(s - lad.cost(d) for s, d in zip(on_dice, dice, strict=True))
    return Stepped(dice, tuple(on_dice), unassigned, unused, extra)
