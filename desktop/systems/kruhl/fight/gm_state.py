"""What the GM screen's encounter keeps for Warlords of Kruhl between operations: the
combatants as the fight has left them, the order of play once the conflict started,
who has had the hour's rest since the last night's sleep, who grapples whom, what was
knocked from whose grasp, the last opposed roll (a plot point's bonus die may still be
added to it) and what the turn being taken ended when it began (given back if the turn
is delayed: a delayed turn is not taken)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from desktop.systems.kruhl.fight.clash import LastRoll
from desktop.systems.kruhl.fight.initiative import Combatant
from desktop.systems.kruhl.fight.order import Rounds
from desktop.systems.kruhl.fight.tracking import CombatError, is_down
from desktop.systems.kruhl.rules.character import KruhlCharacter

Values = Mapping[str, Any]


@dataclass(frozen=True)
class Began:
    """What a combatant's turn ended when it began: conditions that last until its next
    turn, and surges."""

    key: str
    conditions: tuple[str, ...] = ()
    surges: tuple[str, ...] = ()


@dataclass(frozen=True)
class KruhlFight:
    """Before the conflict: who is in it. Once started: the order of play as well."""

    combatants: tuple[Combatant, ...] = ()
    rounds: Rounds | None = None
    rested: frozenset[str] = frozenset()
    """Had the hour's rest: more Endurance only after a night's sleep."""
    surges: tuple[tuple[str, str], ...] = ()
    """(combatant, attribute) raised by a Surge until that combatant's next taken turn."""
    grapples: tuple[tuple[str, str], ...] = ()
    """(grappler, restrained) for each grapple that holds."""
    disarmed: tuple[tuple[str, str], ...] = ()
    """(combatant, piece of equipment) knocked from its grasp or taken: it does not add
    until the combatant has it again."""
    last: LastRoll[KruhlFight] | None = None
    """The opposed roll just made: a plot point's bonus die may still be added to it."""
    began: tuple[Began, ...] = ()
    """What the turn being taken ended when it began."""

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

    def fighting(self, key: str) -> KruhlCharacter:
        """The character as it rolls now: without the equipment knocked from its grasp."""
        character = self.character(key)
        gone = {item for k, item in self.disarmed if k == key}
        if not gone:
            return character
        return character.model_copy(update={"equipment": [
            e for e in character.equipment if e.name not in gone]})

    def held_by(self, key: str) -> tuple[str, ...]:
        """Those whose grapple restrains ``key``."""
        return tuple(g for g, r in self.grapples if r == key)

    def holding(self, key: str) -> tuple[str, ...]:
        """Those ``key`` restrains with a grapple."""
        return tuple(r for g, r in self.grapples if g == key)
