"""A fighter's Endurance, the bottom of Kruhl's fight engine (Actions, Endurance And
Recovery; Stunning): read it and write it into a copy, never in place, so the encounter
can keep the old snapshot for undo.

``CombatError`` is the refusal every fight module raises. The file keeps current
Endurance before stunning damage (``tracking.endurance``, None = at its maximum) and the
stunning damage apart (``tracking.stun``); what the table sees is their difference.
"""

from __future__ import annotations

from desktop.systems.kruhl.rules.character import KruhlCharacter


class CombatError(ValueError):
    """An operation the rules do not allow now; the message says why, for the GM."""


def maximum(character: KruhlCharacter) -> int:
    return character.attributes.endurance


def lasting(character: KruhlCharacter) -> int:
    """Current Endurance before stunning damage is taken off."""
    raw = character.tracking.endurance
    return maximum(character) if raw is None else min(raw, maximum(character))


def lost(character: KruhlCharacter) -> int:
    """Endurance lost to lasting (not stunning) damage."""
    return maximum(character) - lasting(character)


def is_down(character: KruhlCharacter) -> bool:
    """Endurance 0: defeated, out of the fight and probably unconscious."""
    return character.current_endurance() <= 0


def with_endurance(character: KruhlCharacter, endurance: int | None = None,
                   stun: int | None = None) -> KruhlCharacter:
    """A deep copy with new lasting Endurance and/or stunning damage. Endurance at its
    maximum is stored as None (the file's "absent means full")."""
    new = character.model_copy(deep=True)
    if endurance is not None:
        value = max(0, min(endurance, maximum(new)))
        new.tracking.endurance = None if value == maximum(new) else value
    if stun is not None:
        new.tracking.stun = max(0, stun)
    return new


def endurance_text(character: KruhlCharacter) -> str:
    """"3/5", with the stunning damage: "2/5 (1 stun)"."""
    text = f"{character.current_endurance()}/{maximum(character)}"
    stun = character.tracking.stun
    return f"{text} ({stun} stun)" if stun else text
