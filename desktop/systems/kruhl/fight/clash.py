"""An opposed roll between two combatants as set up (``Clash``) and as made
(``LastRoll``, kept with the fight as it stood before the roll's outcome so a plot
point's bonus die can still be added to it: ``moves``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from desktop.model.odds import percent
from desktop.systems.kruhl.fight.contest import Side
from desktop.systems.kruhl.rules.catalog import RollKind
from desktop.systems.kruhl.rules.dice import Roll, RollResult, odds

S = TypeVar("S")


@dataclass(frozen=True)
class Clash:
    """An opposed roll set up between two combatants, before the dice."""

    action: str
    actor: str
    target: str
    what: str
    mine: Side
    theirs: Side
    actor_kind: RollKind
    target_kind: RollKind
    penetrating: bool = False
    strict: bool = False
    """Distracting: the actor must roll more than the target."""
    notes: tuple[str, ...] = ()

    def chance(self) -> str:
        if self.mine.fails:
            return "0 % (fails)"
        if self.theirs.fails:
            return "100 % (cannot defend)"
        return percent(odds(self.mine.roll, self.theirs.roll, self.penetrating,
                            self.strict).p_success)


@dataclass(frozen=True)
class LastRoll(Generic[S]):
    """The opposed roll just made, kept so a plot point's bonus die can still be added."""

    clash: Clash
    mine: Roll
    theirs: Roll
    result: RollResult
    before: S
    """The fight after the roll used up its conditions, before its outcome."""
    values: tuple[tuple[str, Any], ...]
