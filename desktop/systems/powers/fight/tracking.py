"""A Powers fighter's damage, the bottom of the fight room (Combat, Damaging a Target;
Close to Death (CTD); Component Listing, Damage: Stun, Phantom; RULINGS.md Powers 5).

The character file keeps the damage taken by kind, kept apart (``tracking.damage``:
normal, stun, phantom). Hit points left are Health less normal and phantom damage; stun
is tracked apart and knocks out when stun + normal damage reach Health. Everything here
reads a character or writes a deep copy, never in place, so the encounter keeps the old
snapshot for undo. ``CombatError`` is the refusal every fight module raises.
"""

from __future__ import annotations

from desktop.systems.powers.rules import damage as rules
from desktop.systems.powers.rules.character import (
    DAMAGE_KINDS,
    MAX_DAMAGE,
    DamageKind,
    DamageTaken,
    PowersCharacter,
)


class CombatError(ValueError):
    """An operation the rules do not allow now; the message says why, for the GM."""


def health(character: PowersCharacter) -> int:
    """Hit points at full: Health (Attributes)."""
    return character.attributes.health


def damage(character: PowersCharacter) -> DamageTaken:
    return character.tracking.damage


def hit_points(character: PowersCharacter) -> int:
    """Hit points left: Health less normal and phantom damage (stun kept apart)."""
    return rules.hit_points_left(health(character), damage(character))


def ctd_target(character: PowersCharacter) -> int | None:
    """Hits the Close to Death roll needs (the amount below 0; 0 at exactly 0 hit
    points: RULINGS.md Powers 5), None above 0 hit points."""
    return rules.close_to_death_target(health(character), damage(character))


def unconscious(character: PowersCharacter) -> bool:
    """Stun and normal damage together reach Health (Damage, Stun)."""
    return rules.knocked_out(health(character), damage(character))


def with_damage(character: PowersCharacter, kind: DamageKind, change: int
                ) -> tuple[PowersCharacter, int]:
    """A deep copy with ``change`` more (or, negative, fewer) points of ``kind``; damage
    never goes below 0 (Healing cannot be negative). Returns the copy and the points
    actually moved."""
    if kind not in DAMAGE_KINDS:
        raise CombatError(f"no damage kind {kind!r}: normal, stun or phantom")
    new = character.model_copy(deep=True)
    before = getattr(new.tracking.damage, kind)
    after = max(0, min(before + change, MAX_DAMAGE))
    setattr(new.tracking.damage, kind, after)
    return new, after - before


def damage_text(character: PowersCharacter) -> str:
    """"3 normal · 1 stun", or "—" when unhurt."""
    d = damage(character)
    parts = [f"{getattr(d, kind)} {kind}" for kind in DAMAGE_KINDS if getattr(d, kind)]
    return " · ".join(parts) or "—"


def hit_points_text(character: PowersCharacter) -> str:
    """"7/10": hit points left of Health."""
    return f"{hit_points(character)}/{health(character)}"
