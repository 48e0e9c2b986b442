"""What the Pocket Universe GM types for an action: whole numbers, and the d10s the
table rolled by hand, served to the rules' own throws (the to-hit 2d10, the damage d10,
a wake-up 2d10, next round's initiative d10 …) while the rest are rolled here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from desktop.model.combat_helpers import RelayRoller
from desktop.model.combat_rules import Param
from desktop.model.dice import Roller
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.rules import dice


def whole(values: Mapping[str, Any], name: str, default: int = 0) -> int:
    """``values[name]`` as a whole number (blank: ``default``), else a one-line
    CombatError naming the input."""
    value = values.get(name, default)
    try:
        return int(value if value not in (None, "") else default)
    except (TypeError, ValueError):
        raise CombatError(f"{name}: not a whole number: {value!r}") from None


@dataclass(frozen=True)
class Given:
    """Faces the table rolled for one throw of the rules: the first throw of ``count``
    d``sides`` (with reason ``why``, when set) gets them."""

    label: str
    count: int
    faces: tuple[int, ...]
    why: tuple[str, ...] = ()
    """The throws' reasons it may serve; () = any."""
    sides: int = dice.SIDES

    def matches(self, count: int, sides: int, why: str) -> bool:
        return (count, sides) == (self.count, self.sides) and (not self.why or why in self.why)


class TableDice(RelayRoller):
    """A roller that hands out the table's dice to the throws they were rolled for and
    rolls the rest with ``base`` (so a fight replays the same either way)."""

    def __init__(self, base: Roller, given: Iterable[Given] = ()) -> None:
        super().__init__(base)
        self.waiting = list(given)

    def serve(self, count: int, sides: int, why: str) -> tuple[int, ...] | None:
        for index, given in enumerate(self.waiting):
            if given.matches(count, sides, why):
                del self.waiting[index]
                return given.faces
        return None


def given_dice(values: Mapping[str, Any], label: str, names: Sequence[str],
               *why: str) -> list[Given]:
    """The d10s typed into ``names`` (0 = roll): all of them or none."""
    faces = tuple(whole(values, n) for n in names)
    if not any(faces):
        return []
    if not all(faces):
        raise CombatError(f"{label}: give every d10 or none (then the app rolls them)")
    for face in faces:
        if not 1 <= face <= dice.SIDES:
            raise CombatError(f"{label}: a d10 shows 1 to {dice.SIDES}, not {face}")
    return [Given(label, len(faces), faces, why)]


def dice_params(label: str, count: int, prefix: str = "die") -> tuple[Param, ...]:
    """Optional d10 inputs for dice rolled at the table: left at "roll", the app rolls."""
    return tuple(Param(n, f"{label} d10" if i == 0 else "+", default=0, minimum=0,
                       maximum=dice.SIDES, blank="roll")
                 for i, n in enumerate(dice_names(count, prefix)))


def die_param(name: str, label: str) -> Param:
    return Param(name, label, default=0, minimum=0, maximum=dice.SIDES, blank="roll")


def dice_names(count: int, prefix: str = "die") -> list[str]:
    return [f"{prefix}{i + 1}" for i in range(count)]


def table_lines(key: str, given: Sequence[Given], roller: TableDice
                ) -> tuple[list[str], list[str]]:
    """Lines before and after the rules' own: which of the table's dice they used, and
    which they had no use for (a damage die after a miss)."""
    if not given:
        return [], []
    unused = set(map(id, roller.waiting))
    used = [g for g in given if id(g) not in unused]

    def listed(dice_given: Sequence[Given]) -> str:
        return ", ".join(f"{g.label} {'+'.join(map(str, g.faces))}" for g in dice_given)

    before = [f"{key}: dice rolled at the table: {listed(used)}"] if used else []
    after = [f"{key}: not used: {listed(roller.waiting)}"] if roller.waiting else []
    return before, after
