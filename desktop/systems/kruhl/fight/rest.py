"""Recovery (Actions, Endurance And Recovery; Stunning; Spending Plot Points, Rally):
an hour's rest gives back half of the lost Endurance, rounded up, and every point of
stunning damage; after that only a night's sleep gives more, and it gives all.

Rally: "immediately recover half of the Endurance they have lost, as though they'd had
a half-hour's worth of rest": half of the lasting damage and half of the stunning
damage, each rounded up as the hour's rest rounds (ours: the chapter gives no rounding
for a rally); the rest of the stunning damage still comes back after the fight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from desktop.systems.kruhl.fight.tracking import (
    endurance_text,
    lasting,
    lost,
    maximum,
    with_endurance,
)
from desktop.systems.kruhl.rules.character import KruhlCharacter

Kind = Literal["hour", "night", "rally", "fight over"]
WORDS: dict[Kind, str] = {
    "hour": "rests about an hour", "night": "gets a good night's sleep",
    "rally": "rallies", "fight over": "the fight is over: stunning damage comes back",
}


@dataclass(frozen=True)
class Recovery:
    """Endurance a character got back from rest, sleep, a rally or the end of the fight."""

    character: KruhlCharacter
    kind: Kind
    before: str
    regained: int
    """Lasting Endurance back."""
    stun: int
    """Stunning damage cleared."""

    def describe(self) -> str:
        after = endurance_text(self.character)
        if not self.regained and not self.stun:
            return f"{WORDS[self.kind]}: nothing to recover (Endurance {after})"
        parts = []
        if self.regained:
            parts.append(f"{self.regained} Endurance back")
        if self.stun:
            parts.append(f"{self.stun} stunning back")
        return f"{WORDS[self.kind]}: {', '.join(parts)}, Endurance {self.before} → {after}"


def half_back(character: KruhlCharacter) -> int:
    """Half of the lost Endurance, rounded up."""
    return (lost(character) + 1) // 2


def rest_hour(character: KruhlCharacter, kind: Kind = "hour") -> Recovery:
    """About an hour's rest: stunning damage all back, and half of the lost Endurance,
    rounded up."""
    back = half_back(character)
    new = with_endurance(character, endurance=lasting(character) + back, stun=0)
    return Recovery(new, kind, endurance_text(character), back, character.tracking.stun)


def rally(character: KruhlCharacter) -> Recovery:
    """A rally (a plot point): half of the lasting and half of the stunning damage
    back, each rounded up."""
    back = half_back(character)
    stun = character.tracking.stun
    stun_regained = (stun + 1) // 2
    new = with_endurance(character, endurance=lasting(character) + back,
                         stun=stun - stun_regained)
    return Recovery(new, "rally", endurance_text(character), back, stun_regained)


def rest_night(character: KruhlCharacter) -> Recovery:
    """A good night's sleep: Endurance completely replenished."""
    new = with_endurance(character, endurance=maximum(character), stun=0)
    return Recovery(new, "night", endurance_text(character), lost(character),
                    character.tracking.stun)


def stun_back(character: KruhlCharacter) -> Recovery:
    """After the fight: stunning damage all comes back (Stunning)."""
    new = with_endurance(character, stun=0)
    return Recovery(new, "fight over", endurance_text(character), 0,
                    character.tracking.stun)
