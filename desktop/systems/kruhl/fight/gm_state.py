"""What the GM screen's encounter keeps for Warlords of Kruhl between operations: the
combatants as the fight has left them, the order of play once the conflict started,
and who has had the hour's rest since the last night's sleep."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from desktop.systems.kruhl.fight.initiative import Combatant
from desktop.systems.kruhl.fight.order import Rounds
from desktop.systems.kruhl.fight.tracking import CombatError, is_down
from desktop.systems.kruhl.rules.character import KruhlCharacter

Values = Mapping[str, Any]


@dataclass(frozen=True)
class KruhlFight:
    """Before the conflict: who is in it. Once started: the order of play as well."""

    combatants: tuple[Combatant, ...] = ()
    rounds: Rounds | None = None
    rested: frozenset[str] = frozenset()
    """Had the hour's rest: more Endurance only after a night's sleep."""
    surges: tuple[tuple[str, str], ...] = ()
    """(combatant, attribute) raised by a Surge until that combatant's next turn."""

    def get(self, key: str) -> Combatant:
        for c in self.combatants:
            if c.key == key:
                return c
        raise CombatError(f"no combatant called {key!r}")

    def character(self, key: str) -> KruhlCharacter:
        return self.get(key).character

    def with_character(self, key: str, character: KruhlCharacter) -> KruhlFight:
        self.get(key)
        return replace(self, combatants=tuple(
            replace(c, character=character) if c.key == key else c
            for c in self.combatants))

    def started_rounds(self) -> Rounds:
        if self.rounds is None:
            raise CombatError("the conflict has not started")
        return self.rounds

    def slot_name(self, key: str) -> str:
        if self.rounds is not None:
            return self.rounds.slot_of(key).name
        return self.get(key).slot

    def out(self) -> frozenset[str]:
        """Places whose every member is defeated: they are passed over."""
        if self.rounds is None:
            return frozenset()
        characters = {c.key: c.character for c in self.combatants}
        return frozenset(s.name for s in self.rounds.order
                         if all(is_down(characters[m]) for m in s.members if m in characters))

    def actors(self) -> tuple[str, ...]:
        rounds = self.rounds
        if rounds is None or rounds.current is None:
            return ()
        members = rounds.slot(rounds.current).members
        return tuple(m for m in members if not is_down(self.character(m)))

    def others(self, key: str) -> tuple[str, ...]:
        return tuple(c.key for c in self.combatants if c.key != key)
