"""The Stat Save (POW!, Taking Damage, Stat Saves; RULINGS POW! 1): the save a blow below
0 leaves pending, and the d6 that settles it (at or below the old stat: stays at 0;
higher: falls to minus the excess).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from desktop.model.dice import Roller, Throw
from desktop.systems.pow.fight.tracking import CombatError, with_tracking
from desktop.systems.pow.rules.character import STAT_LABELS, PowCharacter, Stat
from desktop.systems.pow.rules.dice import stat_save_odds


@dataclass(frozen=True)
class PendingSave:
    """A Stat Save the caller must resolve with a d6 (RULINGS POW! 1).

    While it is pending the stat stands at 0; a d6 at or below ``score`` keeps it
    there, a higher one drops it to ``-excess``.
    """

    stat: Stat
    score: int
    """The stat before the blow: the most the d6 may show."""
    excess: int
    """Points beyond 0: how far below 0 a failed save leaves the stat."""

    @property
    def odds(self) -> Fraction:
        return stat_save_odds(self.score)

    @property
    def fail_value(self) -> int:
        return -self.excess

    def describe(self) -> str:
        label = STAT_LABELS[self.stat]
        return (f"Stat Save due: 1d6 ≤ {self.score} keeps {label} at 0, "
                f"else {label} {self.fail_value}")


@dataclass(frozen=True)
class SaveResult:
    """A Stat Save settled by its d6: whether the stat held at 0, and the character after."""

    character: PowCharacter
    save: PendingSave
    die: int
    throw: Throw | None
    """The recorded throw when the d6 was rolled here; None when it was given."""

    @property
    def success(self) -> bool:
        return self.die <= self.save.score

    @property
    def stat_after(self) -> int:
        return 0 if self.success else self.save.fail_value

    def describe(self) -> str:
        label = STAT_LABELS[self.save.stat]
        if self.success:
            return f"Stat Save {self.die} ≤ {self.save.score}: {label} stays at 0"
        return (f"Stat Save {self.die} > {self.save.score}: {label} "
                f"{self.save.score}→{self.stat_after}")


def resolve_save(
    character: PowCharacter, save: PendingSave, die: int, throw: Throw | None = None
) -> SaveResult:
    """Settle a pending Stat Save with the d6 shown (rolled at the table or here)."""
    if not 1 <= die <= 6:
        raise CombatError(f"a d6 shows 1 to 6, not {die}")
    result = SaveResult(character, save, die, throw)
    new = with_tracking(character, {save.stat: result.stat_after}, {save.stat: 0})
    return replace(result, character=new)


def roll_save(character: PowCharacter, save: PendingSave, roller: Roller) -> SaveResult:
    throw = roller.throw(1, 6, why="stat save")
    return resolve_save(character, save, throw.total, throw)
