"""What a successful attack does (Actions, Endurance And Recovery; Stunning; Rabble;
RULINGS.md Kruhl 6): one point of current Endurance, never below 0, and 0 is defeated.
Stunning damage is recorded apart and all comes back after the fight; rabble fall to
any successful attack.

Each function takes a ``KruhlCharacter`` and returns a result holding a deep copy and
what happened (``describe()`` gives the log line).
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.systems.kruhl.fight.tracking import (
    CombatError,
    endurance_text,
    lasting,
    with_endurance,
)
from desktop.systems.kruhl.rules.character import KruhlCharacter


@dataclass(frozen=True)
class Hit:
    """Successful attacks on one character, and the character after them."""

    character: KruhlCharacter
    hits: int
    stunning: bool
    before: str
    """Endurance before, as shown ("5/5", "3/5 (1 stun)")."""
    rabble: bool
    wasted: int
    """Hits that found the character already at 0."""

    @property
    def defeated(self) -> bool:
        return self.character.current_endurance() <= 0

    def describe(self) -> str:
        kind = "stunning " if self.stunning else ""
        head = (f"{self.hits} successful {kind}attack" + ("" if self.hits == 1 else "s"))
        if self.rabble:
            return f"{head}: rabble, defeated (Rabble)"
        text = f"{head}: Endurance {self.before} → {endurance_text(self.character)}"
        if self.wasted:
            text += " (Endurance may not go below 0)"
        return text + (": defeated, out of the fight" if self.defeated else "")


def hit(character: KruhlCharacter, hits: int = 1, stunning: bool = False) -> Hit:
    """``hits`` successful attacks, each −1 current Endurance (a stunning one goes to
    ``tracking.stun``). Rabble: defeated by the first (lasting Endurance 0; ours: even a
    stunning attack, since the chapter makes no exception)."""
    if hits < 1:
        raise CombatError(f"give 1 or more successful attacks, not {hits}")
    before = endurance_text(character)
    if character.rabble:
        return Hit(with_endurance(character, endurance=0), hits, stunning, before, True, 0)
    now = character.current_endurance()
    taken = min(hits, now)
    if stunning:
        new = with_endurance(character, stun=character.tracking.stun + taken)
    else:
        new = with_endurance(character, endurance=lasting(character) - taken)
    return Hit(new, hits, stunning, before, False, hits - taken)
