"""Protector's GM-screen state: the combat snapshot (``combat.Encounter``) and what the
screen keeps beside it — characters as they joined, groups, helpers, awards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from desktop.systems.protector.fight.combat import Encounter, Step
from desktop.systems.protector.fight.pools import Combatant, CombatError
from desktop.systems.protector.rules.character import ProtectorCharacter

Values = Mapping[str, Any]
"""What the GM typed for an action."""


@dataclass(frozen=True)
class ProtectorFight:
    """The combat snapshot and what the GM screen keeps beside it."""

    scene: Encounter = field(default_factory=Encounter)
    characters: Mapping[str, ProtectorCharacter] = field(default_factory=dict)
    """Each combatant's character as it joined (written back with the fight's pools)."""
    groups: Mapping[str, str] = field(default_factory=dict)
    """Group members: key → group name."""
    harms: frozenset[str] = frozenset()
    """Noncharacter challenges the GM lets do damage (they remove dice)."""
    helpers: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """Helper → (patient, dice): skips its next rest roll to help heal (Resting and
    Healing)."""
    rolled: frozenset[tuple[int, str]] = frozenset()
    """(round, key): the declared action of that round has been rolled."""
    gm_awards: frozenset[int] = frozenset()
    """Rounds in which the GM has awarded a die."""

    def combatant(self, key: str) -> Combatant:
        return self.scene.get(key)

    def members(self, group: str) -> tuple[str, ...]:
        return tuple(k for k in self.scene.combatants if self.groups.get(k) == group)

    def with_scene(self, step: Step) -> tuple[ProtectorFight, list[str]]:
        return replace(self, scene=step.encounter), list(step.lines())


Done = tuple[ProtectorFight, list[str]]
"""A handler's result: the next state and its log lines."""



def out_reason(c: Combatant) -> str | None:
    return f"{c.key} is {c.status()}" if c.out else None


def forget(state: ProtectorFight, key: str) -> ProtectorFight:
    """Nobody helps or is helped by ``key``, and it does no damage as a challenge."""
    return replace(state, harms=state.harms - {key},
                   helpers={h: v for h, v in state.helpers.items() if key not in (h, v[0])})


def need_play(state: ProtectorFight) -> None:
    if not state.scene.started:
        raise CombatError("play has not started: start the scene first")
