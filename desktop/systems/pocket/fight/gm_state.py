"""Pocket Universe's GM-screen state: the combat snapshot (``combat.Encounter``, round 0
before the start) and what the screen keeps beside it (chapter 5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from desktop.systems.pocket.fight.combat import Encounter
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.rules.character import PocketCharacter

NOT_STARTED = "the fight has not started"


@dataclass(frozen=True)
class PocketFight:
    """The combat snapshot (round 0 before the start) and what the GM screen adds."""

    fight: Encounter = field(default_factory=lambda: Encounter({}, 0, (), 0))
    characters: Mapping[str, PocketCharacter] = field(default_factory=dict)
    """Each combatant's character as it joined: written back with the fight's changes."""
    joined: Mapping[str, Fighter] = field(default_factory=dict)
    """Each fighter as it joined, to tell what the fight changed."""
    groups: Mapping[str, str] = field(default_factory=dict)
    medicine: Mapping[str, int] = field(default_factory=dict)
    """Each combatant's Medicine score (skill, else unskilled) for treating others."""
    pending: Mapping[str, int] = field(default_factory=dict)
    """Initiative d10s rolled at the table for the next round."""

    @property
    def started(self) -> bool:
        return self.fight.round > 0

    def fighter(self, key: str) -> Fighter:
        return self.fight.fighter(key)

