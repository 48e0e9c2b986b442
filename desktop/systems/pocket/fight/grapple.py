"""Grappling after the grab (5.82): squeezing, breaking free and letting go. The grab
itself is an attack (``attack.resolve_attack`` with a grapple or full hold). Pure Python, no Qt."""

from __future__ import annotations

from dataclasses import dataclass, replace

from desktop.model.dice import Roller
from desktop.systems.pocket.fight.damage import CombatError, through_armor, wound
from desktop.systems.pocket.fight.events import Armored, Changed, Event, Picked, Wounded
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.rules import dice


@dataclass(frozen=True)
class GrappleOutcome:
    """A squeeze, break-free try or release (5.82): both fighters after it, and the events."""

    holder: Fighter
    held: Fighter
    events: tuple[Event, ...]


def squeeze(holder: Fighter, held: Fighter, roller: Roller) -> GrappleOutcome:
    """The grappler squeezes for its PHYS roll in damage; a full turn (5.82). Ours: the
    victim's armor counts, as against any damage (5.4)."""
    if held.held_by != holder.key:
        raise CombatError(f"{holder.key} is not holding {held.key}")
    if not holder.can_act:
        raise CombatError(f"{holder.key} cannot act")
    pick = dice.roll_triplet(holder.phys_roll, roller, why="squeeze")
    check = through_armor(pick.value, held.armor())
    events: list[Event] = [Picked(holder.key, f"squeezes {held.key} (a full turn)", pick),
                           Armored(held.key, check)]
    if check.through:
        result = wound(held, check.through, "squeezed")
        held = result.after
        events.append(Wounded(result))
    return GrappleOutcome(holder, held, tuple(events))


def break_free(held: Fighter, holder: Fighter, roller: Roller) -> GrappleOutcome:
    """Both roll their PHYS roll; strictly higher escapes (5.82). Takes the Action."""
    if held.held_by != holder.key:
        raise CombatError(f"{held.key} is not held by {holder.key}")
    if not held.can_act:
        raise CombatError(f"{held.key} cannot act")
    mine = dice.roll_triplet(held.phys_roll, roller, why="break free")
    theirs = dice.roll_triplet(holder.phys_roll, roller, why="hold on")
    events: list[Event] = [Picked(held.key, "tries to break free", mine),
                           Picked(holder.key, "holds on", theirs)]
    if mine.value > theirs.value:
        held = replace(held, held_by="", full_hold=False)
        events.append(Changed(held.key, f"breaks free of {holder.key}"))
    else:
        events.append(Changed(held.key, f"is still held by {holder.key}"))
    return GrappleOutcome(holder, held, tuple(events))


def release(holder: Fighter, held: Fighter) -> GrappleOutcome:
    if held.held_by != holder.key:
        raise CombatError(f"{holder.key} is not holding {held.key}")
    held = replace(held, held_by="", full_hold=False)
    return GrappleOutcome(holder, held, (Changed(held.key, f"released by {holder.key}"),))
