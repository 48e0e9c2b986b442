"""What the GM screen's encounter keeps for a Powers fight between operations, as one
frozen snapshot (Combat, Basics; Close to Death (CTD); Component Listing, Damage).

Before the fight: who is in it. Once started: the combat turn's number (the draft's
"Combat Turn", the GM screen's round), this turn's initiative order and whose turn it
is, what each has used this turn (one move and one power: Combat, Basics), the timers
still running, the Close to Death and phantom rolls made this turn, the dead, the
powers switched on or used whose resistances count (``durations``), the Delayed and
Build Up powers still to land, who is tied up building up or down, and the table's
rules for this fight: Epic Fail on or off (off by default: "Epic Fail is an optional
rule") and the concentration roll's attribute and hits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from desktop.systems.powers.fight.durations import Active, Busy, Pending, always, rating_at, timing
from desktop.systems.powers.fight.initiative import Combatant, Slot
from desktop.systems.powers.fight.timers import Timer
from desktop.systems.powers.fight.tracking import (
    CombatError,
    ctd_target,
    unconscious,
)
from desktop.systems.powers.rules.character import Power, PowersCharacter
from desktop.systems.powers.rules.components import Resistance

Values = Mapping[str, Any]
MOVE, POWER = "move", "power"


@dataclass(frozen=True)
class PowersFight:
    """A Powers fight between the GM screen's operations, as one frozen snapshot."""

    combatants: tuple[Combatant, ...] = ()
    round: int = 0
    """The combat turn; 0 before the fight starts."""
    order: tuple[Slot, ...] = ()
    cursor: int = 0
    """Index in ``order`` of the place whose turn it is."""
    used: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """This combat turn: "move" and/or "power" per combatant."""
    timers: tuple[Timer, ...] = ()
    ctd_rolled: Mapping[str, int] = field(default_factory=dict)
    """The combat turn of each combatant's last Close to Death roll."""
    phantom_tested: Mapping[str, int] = field(default_factory=dict)
    """The combat turn of each combatant's last Willpower test against phantom damage."""
    phantom_rating: Mapping[str, int] = field(default_factory=dict)
    """The Phantom (rating) the Willpower test is against. Ours: the highest rating of
    the phantom damage taken."""
    dead: frozenset[str] = frozenset()
    active: tuple[Active, ...] = ()
    pending: tuple[Pending, ...] = ()
    busy: tuple[Busy, ...] = ()
    epic_fail: bool = False
    """The optional Epic Fail rule, off by default."""
    concentration: str = "willpower"
    """Ours: the attribute of the concentration roll Build Up and Build Down call for
    (the draft names the roll, not its attribute); the GM sets it."""
    concentration_hits: int = 1
    """Ours: the hits that concentration roll needs; the GM sets it."""

    # --- reading

    @property
    def started(self) -> bool:
        return self.round > 0

    def get(self, key: str) -> Combatant:
        for c in self.combatants:
            if c.key == key:
                return c
        raise CombatError(f"no combatant called {key!r}")

    def character(self, key: str) -> PowersCharacter:
        return self.get(key).character

    def all_keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.combatants)

    def others(self, key: str) -> tuple[str, ...]:
        return tuple(k for k in self.all_keys() if k != key)

    def close_to_death(self, key: str) -> bool:
        return key not in self.dead and ctd_target(self.character(key)) is not None

    def ctd_due(self, key: str) -> bool:
        """At 0 or fewer hit points, alive, and no roll yet this combat turn (when it
        happens, and on every combat turn after: Close to Death (CTD))."""
        return (self.started and self.close_to_death(key)
                and self.ctd_rolled.get(key) != self.round)

    def passed_over(self, key: str) -> bool:
        """Dead, or unconscious and not Close to Death (who still rolls on its turn)."""
        return key in self.dead or (unconscious(self.character(key))
                                    and not self.close_to_death(key))

    def can_act(self, key: str) -> str | None:
        """Why ``key`` cannot move or use a power now, or None."""
        character = self.character(key)
        if key in self.dead:
            return "dead (failed the Close to Death roll)"
        if self.close_to_death(key):
            return "Close to Death: only the roll to stay alive (ours)"
        if unconscious(character):
            return "unconscious: stun and normal damage reach Health (Damage, Stun)"
        return None

    @property
    def current(self) -> Slot | None:
        if not self.started or not 0 <= self.cursor < len(self.order):
            return None
        return self.order[self.cursor]

    def actors(self) -> tuple[str, ...]:
        slot = self.current
        if slot is None:
            return ()
        return tuple(m for m in slot.members if not self.passed_over(m))

    def slot_of(self, key: str) -> Slot | None:
        return next((s for s in self.order if key in s.members), None)

    def whose_turn(self, key: str) -> str | None:
        """Why it is not ``key``'s turn, or None (one move and one power on its own turn:
        Combat, Basics)."""
        if not self.started:
            return "start the fight first"
        if key not in self.actors():
            return f"not {key}'s turn"
        return None

    def has_used(self, key: str, what: str) -> bool:
        return what in self.used.get(key, frozenset())

    def timers_on(self, key: str) -> tuple[Timer, ...]:
        return tuple(t for t in self.timers if t.target == key)

    def resistance_now(self, key: str, power: Power, component: Resistance) -> int:
        """What one of ``key``'s resistances counts this combat turn (0: nothing), by
        its power's Duration and RoT modifiers (``durations``)."""
        duration, _turns = timing(power)
        if always(component, duration):
            return component.rating
        return max((rating_at(component, a, self.round) for a in self.active
                    if a.owner == key and a.power == power.name), default=0)

    def counts(self, key: str) -> Callable[[Power, Resistance], int]:
        """``resistance_now`` for ``key``, as the attack rolls take it."""
        return lambda power, component: self.resistance_now(key, power, component)

    def busy_with(self, key: str) -> Busy | None:
        """The Build Up or Build Down tying ``key`` up this combat turn, if any."""
        return next((b for b in self.busy if b.owner == key and b.covers(self.round)), None)

    def active_text(self, key: str) -> str:
        """Powers on, used, fading, building or delayed: "Mind Shield (on)"."""
        parts = [a.describe(self.round) for a in self.active if a.owner == key]
        parts += [p.describe() for p in self.pending if p.owner == key]
        return "; ".join(parts)

    # --- writing (copies)

    def with_character(self, key: str, character: PowersCharacter) -> PowersFight:
        self.get(key)
        return replace(self, combatants=tuple(
            replace(c, character=character) if c.key == key else c
            for c in self.combatants))

    def with_combatant(self, key: str, **changes: Any) -> PowersFight:
        self.get(key)
        return replace(self, combatants=tuple(
            replace(c, **changes) if c.key == key else c for c in self.combatants))

    def using(self, key: str, what: str) -> PowersFight:
        """Mark ``what`` (move or power) used this combat turn; refused if it was."""
        if self.has_used(key, what):
            raise CombatError(f"{key} has used its {what} this turn: one move and one "
                              "power per turn (Combat, Basics)")
        return replace(self, used={**self.used,
                                   key: self.used.get(key, frozenset()) | {what}})
