"""Damage from the world and to it, in Pocket Universe: falling (4.7) and the Material
Strength of objects (4.8).

* Falling: 1 damage a space (more for large creatures), less the surface's modifier; a
  DEFT roll, −1 a space, negates 1 + its margin; armor counts only against spikes.
* Objects: Material Strength is an object's armor; what gets through makes a hole.

Every function returns new values (frozen dataclasses); nothing is changed in place.
Readings of our own where the book is silent are marked "Ours:". Pure Python, no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from desktop.model.dice import Roller
from desktop.systems.pocket.fight.damage import (
    ArmorCheck,
    CombatError,
    Wound,
    through_armor,
    wound,
)
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.fight.tables import tables
from desktop.systems.pocket.rules.dice import CheckResult, roll_check

if TYPE_CHECKING:
    from desktop.systems.pocket.rules.catalog_world import FallingTable


# --- falling (4.7) ------------------------------------------------------------------------


def _falling_table() -> FallingTable:
    from desktop.systems.pocket.rules import catalog_world

    return catalog_world.falling()


def surface_modifier(surface: str) -> int:
    """Rock 0 … Water −8 (4.7); a clear CombatError for an unknown surface."""
    table = _falling_table()
    try:
        return table.surface(surface).modifier
    except StopIteration:
        known = ", ".join(s.name.lower() for s in table.surfaces)
        raise CombatError(f"unknown surface {surface!r} (known: {known})") from None


def fall_damage(spaces: int, surface: str = "rock", phys: int = 10) -> int:
    """Falling damage before the DEFT roll: 1 a space, +1 a space per 2 PHYS over 10 for
    large creatures, less the surface's modifier, not below 0 (4.7)."""
    if spaces < 0:
        raise CombatError(f"a fall is 0 spaces or more, not {spaces}")
    rules = tables().falling
    per_space = _falling_table().damage_per_space + max(
        0, (phys - rules.large_phys_base) // rules.large_phys_step)
    return max(0, spaces * per_space + surface_modifier(surface))


def fall_target(deft: int, spaces: int, surface: str = "rock") -> int:
    """The DEFT roll to soften a fall: −1 a space, the penalty less the surface's
    modifier, never a bonus (4.7; Tharsh: DEFT 12, 4 spaces onto straw → 10)."""
    rules = tables().falling
    penalty_spaces = max(0, spaces + surface_modifier(surface))
    return deft + rules.check_penalty_per_space * penalty_spaces


@dataclass(frozen=True)
class Fall:
    """A fighter's fall (4.7): its damage, what the DEFT roll negated, and the wound it left."""

    spaces: int
    surface: str
    damage: int
    check: CheckResult | None
    negated: int
    spikes: ArmorCheck | None
    wound: Wound | None
    after: Fighter

    @property
    def taken(self) -> int:
        return max(0, self.damage - self.negated)

    def describe(self) -> str:
        meters = self.spaces * tables().scale.meters_per_space
        text = (f"{self.after.key} falls {self.spaces} spaces ({meters} m) onto "
                f"{self.surface}: {self.damage} damage")
        if self.check is not None:
            text += f"; DEFT {self.check.describe()}"
            if self.check.success:
                text += f", negates {self.negated}"
        elif self.damage:
            text += "; unconscious: no DEFT roll"
        text += f"; takes {self.taken}"
        if self.spikes is not None:
            text += f"; spikes: {self.spikes.describe()}"
        if self.wound is not None and (self.wound.knocked_out or self.wound.died
                                       or self.wound.started_dying):
            text += f"; {self.wound.describe()}"
        return text


def fall(fighter: Fighter, spaces: int, roller: Roller, surface: str = "rock",
         spikes: int = 0) -> Fall:
    """A fall (4.7): the DEFT roll (if conscious) negates 1 + the margin; armor counts
    only against ``spikes``, extra damage the roll does not reduce. Ours: the fall is
    one blow for the unconsciousness rule (5.41)."""
    if spikes < 0:
        raise CombatError(f"spike damage is 0 or more, not {spikes}")
    damage = fall_damage(spaces, surface, fighter.phys)
    check = None
    negated = 0
    if not fighter.unconscious:
        check = roll_check(fall_target(fighter.armored_deft, spaces, surface), roller,
                           label="soften the fall")
        if check.success:
            negated = tables().falling.negates_base + check.margin
    spiked = through_armor(spikes, fighter.armor()) if spikes else None
    points = max(0, damage - negated) + (spiked.through if spiked else 0)
    hurt = wound(fighter, points, "fall") if points else None
    name = surface.strip().lower()
    return Fall(spaces, name, damage, check, min(negated, damage), spiked, hurt,
                hurt.after if hurt else fighter)


# --- objects (4.8) ------------------------------------------------------------------------


def material_strength(material: str) -> int:
    from desktop.systems.pocket.rules import catalog_world

    try:
        return catalog_world.materials().strength(material)
    except KeyError:
        known = ", ".join(n for row in catalog_world.materials().materials for n in row.names)
        raise CombatError(f"unknown material {material!r} (known: {known})") from None


@dataclass(frozen=True)
class ObjectHit:
    """Damage against an object: its Material Strength is its armor (4.8)."""

    armor: ArmorCheck
    desperate: bool = False

    @property
    def doublings(self) -> int:
        """How often the damage doubled from 1: each doubles the hole's width or depth."""
        return max(0, self.armor.through.bit_length() - 1)

    def describe(self) -> str:
        text = f"object: {self.armor.describe()}"
        objects = tables().objects
        if self.armor.through:
            text += (f"; a hole {objects.hole_width_feet} ft wide and about "
                     f"{objects.hole_depth_inches} in deep")
            if self.doublings:
                text += f", doubled in width or depth {self.doublings} time" + (
                    "" if self.doublings == 1 else "s")
        elif self.desperate:
            text += "; desperate and not through: the attacker takes 1 hit or the weapon breaks"
        return text


def damage_object(damage: int, strength: int, desperate: bool = False) -> ObjectHit:
    return ObjectHit(through_armor(damage, strength), desperate)
