"""Movement in a fight: the spaces a fighter moves a turn (2.34, 5.24, 5.72) and zones of
control (5.25). Pure Python, no Qt."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from desktop.model.dice import Roller
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.events import Rolled
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.fight.tables import tables
from desktop.systems.pocket.fight.to_hit import defense_of
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.dice import Modifier, roll_check


def zone_of_control(mover: Fighter, blocker: Fighter, roller: Roller,
                    modifiers: Iterable[Modifier] = ()) -> Rolled:
    """Passing within 1 space of a blocker: a Dodge check minus the blocker's Melee
    Defense; failure ends the movement for the turn (5.25)."""
    if not blocker.can_act or blocker.immobile:
        raise CombatError(f"{blocker.key} cannot block")
    mods = (*defense_of(blocker, ranged=False), *modifiers)
    mods = tuple(Modifier(m.why.replace("Defense", "Defense (blocking)"), m.value)
                 for m in mods)
    check = roll_check(dice.target_of(mover.dodge, mods), roller,
                       label=f"Dodge past {blocker.key}", modifiers=mods)
    return Rolled(mover.key, check,
                  "passes" if check.success else "is blocked: its movement ends")


MoveMode = Literal["normal", "stealth", "swim"]


def move_rate(fighter: Fighter, mode: MoveMode = "normal") -> int:
    """Spaces per turn (2.34, 5.24): Move; half (rounded down) sneaking (Stealth);
    the swim rate (Swim − 9, min 0) swimming; doubled while desperate (5.72)."""
    rules = tables().movement
    if mode == "normal":
        rate = fighter.move
    elif mode == "stealth":
        rate = fighter.move // rules.stealth_divisor
    elif mode == "swim":
        rate = fighter.swim_rate
    else:
        raise CombatError(f"unknown movement {mode!r} (normal, stealth or swim)")
    rate = max(0, rate)
    return rate * tables().stances.desperation.move_factor if fighter.desperate else rate
