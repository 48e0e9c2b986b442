"""Pocket Universe combat for the GM screen: rounds, initiative, turns, holds, and every
change to a combatant through the rules (chapter 5).

``Encounter`` is a frozen snapshot of a fight. Each operation returns a ``Step``: the
next snapshot and the events that explain it (``describe()`` gives the log lines), so a
UI keeps old snapshots for undo. Dice come from the ``Roller`` passed in.

* Initiative (5.2, ``turn_order``): at the start of every round each combatant rolls
  1d10 to pick the low (1–2), middle (3–8) or high (9–10) number of its initiative range;
  the GM counts down from the highest; ties go to the lower (armored) DEFT, then a 1d10
  dice-off.
* Hold (5.2): instead of its turn a combatant may hold it and take it at any later
  point, interrupting; simultaneous held turns go oldest hold first; one held turn at a
  time, and no new initiative while holding.
* A turn is a move and an Action (5.2); stances end when the next turn begins (5.7); a
  fallen combatant spends its next turn getting up (5.35); an unconscious one makes its
  wake-up roll on its turn (5.41); blood loss ticks with the rounds (5.1, 5.41, 5.65).

Attacks (``attack``, ``grapple``, ``stances``, ``movement``), damage and healing
(``damage``) live in modules of their own; the Encounter applies them to its
combatants. Readings of our own are marked "Ours:". Pure Python, no Qt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from desktop.model.dice import Roller
from desktop.systems.pocket.fight import damage as damage_rules
from desktop.systems.pocket.fight import world_damage
from desktop.systems.pocket.fight.attack import resolve_attack
from desktop.systems.pocket.fight.damage import CombatError, Healing, WakeUp, Wound
from desktop.systems.pocket.fight.events import Armored, Changed, Event, Note, Wounded
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.fight.grapple import break_free, release, squeeze
from desktop.systems.pocket.fight.movement import MoveMode, move_rate, zone_of_control
from desktop.systems.pocket.fight.stances import Stance, morale, take_stance
from desktop.systems.pocket.fight.to_hit import AttackPlan
from desktop.systems.pocket.fight.turn_order import (
    Held,
    HeldTaken,
    Hold,
    RoundStarted,
    Turn,
    TurnStarted,
    roll_initiative,
)
from desktop.systems.pocket.fight.world_damage import Fall
from desktop.systems.pocket.rules.dice import Modifier

if TYPE_CHECKING:
    from desktop.systems.pocket.fight.damage import Treatment


@dataclass(frozen=True)
class Joined:
    """A newcomer joins the fight, as a line of the log."""

    fighter: Fighter

    def describe(self) -> str:
        return f"{self.fighter.key} joins the fight (initiative from next round)"


@dataclass(frozen=True)
class Left:
    """A combatant leaves the fight, as a line of the log."""

    key: str

    def describe(self) -> str:
        return f"{self.key} leaves the fight"


@dataclass(frozen=True)
class Detail:
    """A result of the damage rules that describes itself (fall, healing, wake-up)."""

    detail: Fall | Healing | WakeUp | Wound

    def describe(self) -> str:
        return self.detail.describe()


@dataclass(frozen=True)
class Step:
    """One operation's outcome: the next snapshot and what to log."""

    encounter: Encounter
    events: tuple[Event, ...]

    def describe(self) -> list[str]:
        return [event.describe() for event in self.events]


# --- the encounter --------------------------------------------------------------------------


@dataclass(frozen=True)
class Encounter:
    """A snapshot of a Pocket Universe fight. Never mutated: operations return a Step."""

    fighters: Mapping[str, Fighter]
    round: int
    turns: tuple[Turn, ...]
    """This round's count-down."""
    position: int
    """Index in ``turns`` of the current regular turn; ``len(turns)`` once all have come."""
    holds: tuple[Hold, ...] = ()
    """Held turns, oldest first."""
    interrupts: tuple[str, ...] = ()
    """Held turns being taken now, before the regular turn resumes."""
    wake_tried: frozenset[str] = frozenset()
    """Who has made this round's own wake-up roll."""
    hold_seq: int = 0
    treated_today: frozenset[str] = field(default=frozenset())
    """Patients who had their daily point of medical healing (Medicine)."""

    # --- building

    @classmethod
    def start(cls, fighters: Iterable[Fighter], roller: Roller | None,
              given: Mapping[str, int] | None = None) -> Step:
        """Open round 1: everyone rolls initiative (or takes the GM's ``given`` number)."""
        roster: dict[str, Fighter] = {}
        for fighter in fighters:
            if fighter.key in roster:
                raise CombatError(f"two combatants are called {fighter.key!r}")
            roster[fighter.key] = fighter
        if not roster:
            raise CombatError("an encounter needs at least one combatant")
        base = cls(roster, 0, (), 0)
        return base._new_round(roller, given, ())

    # --- reading

    def fighter(self, key: str) -> Fighter:
        try:
            return self.fighters[key]
        except KeyError:
            raise CombatError(f"no combatant called {key!r}") from None

    @property
    def current(self) -> str | None:
        """Whose turn it is (a held turn being taken first); None once all have come."""
        if self.interrupts:
            return self.interrupts[0]
        return self.turns[self.position].key if self.position < len(self.turns) else None

    @property
    def round_over(self) -> bool:
        return self.current is None

    def holding(self, key: str) -> Hold | None:
        return next((h for h in self.holds if h.key == key), None)

    def still_to_act(self) -> tuple[str, ...]:
        """Regular turns not yet come this round (the current one included)."""
        return tuple(t.key for t in self.turns[self.position:])

    # --- rounds and turns

    def _eligible(self) -> list[Fighter]:
        held = {h.key for h in self.holds}
        return [f for f in self.fighters.values() if not f.out_of_fight and f.key not in held]

    def _new_round(self, roller: Roller | None, given: Mapping[str, int] | None,
                   lost: tuple[str, ...]) -> Step:
        events: list[Event] = []
        fighters = dict(self.fighters)
        if self.round:  # blood flows between rounds (5.41, 5.65)
            for key, fighter in self.fighters.items():
                after, bled = damage_rules.bleed(fighter)
                fighters[key] = after
                if bled is not None:
                    events.append(Wounded(bled))
        holds = tuple(h for h in self.holds if fighters[h.key].can_act)
        moved = replace(self, fighters=fighters, holds=holds, interrupts=(),
                        wake_tried=frozenset())
        turns = roll_initiative(moved._eligible(), roller, given)
        opened = replace(moved, round=self.round + 1, turns=turns, position=0)
        events.insert(0, RoundStarted(opened.round, turns, holds, lost))
        return opened._begin(events)

    def _begin(self, events: list[Event]) -> Step:
        """Start whoever's turn is now: skip the dead and fled, end stances, get up."""
        encounter = self
        while True:
            key = encounter.current
            if key is None:
                events.append(TurnStarted(encounter.round, None))
                return Step(encounter, tuple(events))
            fighter = encounter.fighters[key]
            if fighter.out_of_fight:
                encounter = encounter._advanced()
                continue
            notes: list[str] = []
            ended = fighter.conditions & {"defensive", "desperate"}
            if ended:
                notes.append(f"{' and '.join(sorted(ended))} stance ends")
            if "prone" in fighter.conditions:
                notes.append("gets up: that takes the whole turn")
            if fighter.unconscious:
                notes.append("unconscious: rolls to wake up")
            if fighter.held_by:
                notes.append(f"held by {fighter.held_by}: may break free"
                             + ("" if fighter.full_hold else " or counter-grapple"))
            fighter = fighter.with_conditions(remove=ended | {"prone"})
            encounter = encounter._put(fighter)
            held = bool(encounter.interrupts)
            number = None if held else encounter.turns[encounter.position].number
            events.append(TurnStarted(encounter.round, key, number, held, tuple(notes)))
            return Step(encounter, tuple(events))

    def _advanced(self) -> Encounter:
        if self.interrupts:
            return replace(self, interrupts=self.interrupts[1:])
        return replace(self, position=min(self.position + 1, len(self.turns)))

    def end_turn(self) -> Step:
        """The current combatant is done; the next turn begins."""
        if self.current is None:
            raise CombatError(f"every turn of round {self.round} has come: start the next")
        return self._advanced()._begin([])

    def hold(self) -> Step:
        """The current combatant holds its turn instead of taking it (5.2)."""
        key = self.current
        if key is None:
            raise CombatError("no turn to hold: every turn of the round has come")
        if self.interrupts:
            raise CombatError(f"{key} is taking a held turn: it cannot hold it again")
        if self.holding(key):
            raise CombatError(f"{key} already holds a turn")
        fighter = self.fighters[key]
        if not fighter.can_act:
            raise CombatError(f"{key} cannot act, so it cannot hold")
        hold = Hold(key, self.round, self.turns[self.position].number, self.hold_seq + 1)
        held = replace(self, holds=(*self.holds, hold), hold_seq=hold.seq)
        return held._advanced()._begin([Held(hold)])

    def take_held(self, *keys: str) -> Step:
        """Held turns taken now, interrupting whoever acts; several at once go oldest
        hold first (5.2)."""
        if not keys:
            raise CombatError("say whose held turn is taken")
        chosen: list[Hold] = []
        for key in keys:
            self.fighter(key)
            hold = self.holding(key)
            if hold is None:
                raise CombatError(f"{key} holds no turn")
            if not self.fighters[key].can_act:
                raise CombatError(f"{key} cannot act")
            if hold not in chosen:
                chosen.append(hold)
        chosen.sort(key=lambda h: h.seq)
        interrupted = self.current
        moved = replace(self, holds=tuple(h for h in self.holds if h not in chosen),
                        interrupts=(*(h.key for h in chosen), *self.interrupts))
        return moved._begin([HeldTaken(tuple(chosen), interrupted)])

    def next_round(self, roller: Roller | None, given: Mapping[str, int] | None = None,
                   force: bool = False) -> Step:
        """Start the next round: blood loss, then fresh initiative for all but holders.
        With turns still to come this needs ``force`` (those turns are lost)."""
        left = (*self.interrupts, *self.still_to_act())
        if left and not force:
            raise CombatError(f"{', '.join(left)} still to act this round (or force the "
                              "next round)")
        return self._new_round(roller, given, tuple(left))

    # --- the roster

    def _put(self, *fighters: Fighter) -> Encounter:
        roster = dict(self.fighters)
        for fighter in fighters:
            roster[fighter.key] = fighter
        holds = tuple(h for h in self.holds if roster[h.key].can_act)
        return replace(self, fighters=roster, holds=holds)

    def join(self, fighter: Fighter) -> Step:
        """A newcomer; ours: it rolls initiative from the next round on."""
        if fighter.key in self.fighters:
            raise CombatError(f"two combatants are called {fighter.key!r}")
        return Step(self._put(fighter), (Joined(fighter),))

    def remove(self, key: str) -> Step:
        self.fighter(key)
        roster = {k: f for k, f in self.fighters.items() if k != key}
        position = self.position
        index = next((i for i, t in enumerate(self.turns) if t.key == key), None)
        turns = tuple(t for t in self.turns if t.key != key)
        if index is not None and index < position:
            position -= 1
        moved = replace(self, fighters=roster, turns=turns, position=position,
                        holds=tuple(h for h in self.holds if h.key != key),
                        interrupts=tuple(k for k in self.interrupts if k != key))
        if self.current == key:
            return moved._begin([Left(key)])
        return Step(moved, (Left(key),))

    def _after(self, events: Iterable[Event], *fighters: Fighter) -> Step:
        return Step(self._put(*fighters), tuple(events))

    # --- attacks and the like

    def attack(self, attacker: str, target: str, roller: Roller,
               plan: AttackPlan | None = None) -> Step:
        """An attack with everything that follows it (``attack.resolve_attack``)."""
        outcome = resolve_attack(self.fighter(attacker), self.fighter(target),
                                 plan or AttackPlan(), roller)
        return self._after(outcome.events, outcome.attacker, outcome.target)

    def stance(self, key: str, stance: Stance) -> Step:
        fighter, event = take_stance(self.fighter(key), stance)
        return self._after((event,), fighter)

    def morale(self, key: str, roller: Roller, modifiers: Iterable[Modifier] = ()) -> Step:
        fighter, event = morale(self.fighter(key), roller, modifiers)
        return self._after((event,), fighter)

    def zone_of_control(self, mover: str, blocker: str, roller: Roller,
                        modifiers: Iterable[Modifier] = ()) -> Step:
        event = zone_of_control(self.fighter(mover), self.fighter(blocker), roller, modifiers)
        return Step(self, (event,))

    def move_rate(self, key: str, mode: MoveMode = "normal") -> int:
        return move_rate(self.fighter(key), mode)

    def squeeze(self, holder: str, held: str, roller: Roller) -> Step:
        out = squeeze(self.fighter(holder), self.fighter(held), roller)
        return self._after(out.events, out.holder, out.held)

    def break_free(self, held: str, roller: Roller) -> Step:
        fighter = self.fighter(held)
        if not fighter.held_by:
            raise CombatError(f"{held} is not held")
        out = break_free(fighter, self.fighter(fighter.held_by), roller)
        return self._after(out.events, out.holder, out.held)

    def release(self, holder: str, held: str) -> Step:
        out = release(self.fighter(holder), self.fighter(held))
        return self._after(out.events, out.holder, out.held)

    # --- damage, consciousness, healing

    def damage(self, key: str, points: int, energy: bool = False, armor: bool = True,
               cause: str = "damage") -> Step:
        """Damage the GM applies (a trap, a fire): through armor unless ``armor=False``."""
        fighter = self.fighter(key)
        events: list[Event] = []
        if armor:
            check = damage_rules.through_armor(points, fighter.armor(energy))
            events.append(Armored(key, check))
            points = check.through
        if not points:
            return Step(self, tuple(events) or (Note(f"{key} takes no damage"),))
        result = damage_rules.wound(fighter, points, cause)
        events.append(Wounded(result))
        return self._after(events, result.after)

    def wake_up(self, key: str, roller: Roller) -> Step:
        """The unconscious combatant's own wake-up roll, on its turn, once a round (5.41)."""
        if self.current != key:
            raise CombatError(f"{key} rolls to wake up on its own turn")
        if key in self.wake_tried:
            raise CombatError(f"{key} has already rolled to wake up this round")
        result = damage_rules.wake_up(self.fighter(key), roller)
        moved = replace(self._put(result.after), wake_tried=self.wake_tried | {key})
        return Step(moved, (Detail(result),))

    def rouse(self, key: str, helper: str, roller: Roller) -> Step:
        """``helper`` spends an Action to wake ``key``: an extra roll at +2 (5.41)."""
        if not self.fighter(helper).can_act:
            raise CombatError(f"{helper} cannot act")
        result = damage_rules.wake_up(self.fighter(key), roller, roused_by=helper)
        return self._after((Detail(result),), result.after)

    def fall(self, key: str, spaces: int, roller: Roller, surface: str = "rock",
             spikes: int = 0) -> Step:
        result = world_damage.fall(self.fighter(key), spaces, roller, surface, spikes)
        return self._after((Detail(result),), result.after)

    def treat(self, patient: str, medicine_score: int, roller: Roller,
              treatment: Treatment = "bind") -> Step:
        """A Medicine roll (1 minute): bind the bleeding or heal a hit (one a day)."""
        today = patient in self.treated_today
        result = damage_rules.treat(self.fighter(patient), medicine_score, roller,
                                    treatment, today)
        moved = self._put(result.after)
        if treatment == "heal" and result.check is not None and result.check.success:
            moved = replace(moved, treated_today=self.treated_today | {patient})
        return Step(moved, (Detail(result),))

    def rest(self, key: str, days: int = 1) -> Step:
        """Days of rest (5.42): 1 hit a day; a new day also renews medical healing."""
        result = damage_rules.rest(self.fighter(key), days)
        moved = self._put(result.after)
        if days:
            moved = replace(moved, treated_today=self.treated_today - {key})
        return Step(moved, (Detail(result),))

    def set_conditions(self, key: str, add: Sequence[str] = (), remove: Sequence[str] = (),
                       why: str = "GM") -> Step:
        """The GM marks or clears conditions (unaware, off guard, immobile …)."""
        fighter = self.fighter(key)
        try:
            after = fighter.with_conditions(set(add), set(remove))
        except ValueError as exc:
            raise CombatError(str(exc)) from None
        parts = [f"+{c}" for c in add] + [f"−{c}" for c in remove]
        return self._after((Changed(key, f"{why}: {', '.join(parts)}"),), after)
