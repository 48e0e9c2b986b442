"""Protector encounters for the GM screen: who is in the scene, the play order, declared
actions and reactions, and the scene's operations (contests, damage, rest, repair,
training, awards) as steps from one snapshot to the next.

Pure Python, no Qt, nothing mutated: ``Encounter`` is a frozen snapshot and every
operation returns a ``Step`` (the next snapshot and the events it logged, each with
``describe()``). Dice come from a ``Roller`` passed in, so a seed replays a fight. The
rolls and contests themselves are ``contests``'s; rest, repair and training ``rest``'s.

* Play order (Play Order): the GM sets the scene, then the players take turns clockwise
  from the GM. The seating order is the GM's to edit, never rolled. Ours: NPCs and
  challenges are the GM's and act on the GM's turn.
* One declared action per turn, any number of reactions (Play Order).
* Storytelling: a depleted die awarded by the GM or another player; awarded dice not
  recovered are lost at the end of the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Protocol

from desktop.model.dice import Roller
from desktop.systems.protector.fight import contests
from desktop.systems.protector.fight.contests import Side
from desktop.systems.protector.fight.pools import (
    ENERGY,
    Combatant,
    CombatError,
    Pick,
    damage,
)
from desktop.systems.protector.fight.rest import (
    repair,
    rest,
    restock,
    train,
)
from desktop.systems.protector.rules.combat_tables import rest_phase, training_kind

GM = "GM"


class Event(Protocol):
    def describe(self) -> str: ...


@dataclass(frozen=True)
class Note:
    """A plain log line (seating, declarations, reactions, awards)."""

    text: str

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class Step:
    """One operation's outcome: the next snapshot and what to log."""

    encounter: Encounter
    events: tuple[Event, ...]

    def lines(self) -> tuple[str, ...]:
        out: list[str] = []
        for event in self.events:
            lines = getattr(event, "lines", None)
            out += list(lines()) if callable(lines) else [event.describe()]
        return tuple(out)


# --- the play order's events ------------------------------------------------------------


@dataclass(frozen=True)
class RoundStarted:
    """A new round: the GM sets the scene, then the players take turns clockwise."""

    round: int
    seating: tuple[str, ...]

    def describe(self) -> str:
        order = " → ".join((GM, *self.seating))
        return f"Round {self.round}: the GM sets the scene; then clockwise: {order}"


@dataclass(frozen=True)
class TurnStarted:
    """A turn begun: the GM's (for NPCs and challenges) or one player's."""

    round: int
    actor: str

    def describe(self) -> str:
        if self.actor == GM:
            return f"Round {self.round}: the GM's turn (NPCs and challenges)"
        return f"Round {self.round}: {self.actor}'s turn"


# --- the encounter ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Encounter:
    """A snapshot of a Protector scene. Never mutated: operations return a ``Step``."""

    combatants: Mapping[str, Combatant] = field(default_factory=dict)
    seating: tuple[str, ...] = ()
    """The players clockwise from the GM: the order of their turns."""
    round: int = 0
    """0 before play starts."""
    turn: int = 0
    """0: the GM's turn; i ≥ 1: ``seating[i - 1]``'s turn."""
    declared: Mapping[str, str] = field(default_factory=dict)
    """Who has declared their one action this round, and what."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "combatants", MappingProxyType(dict(self.combatants)))
        object.__setattr__(self, "declared", MappingProxyType(dict(self.declared)))

    # --- building and seating

    @classmethod
    def of(cls, combatants: Iterable[Combatant], seating: Sequence[str] | None = None
           ) -> Encounter:
        """An encounter not yet started; players are seated in the order given."""
        people: dict[str, Combatant] = {}
        for c in combatants:
            if c.key in people or c.key == GM:
                raise CombatError(f"two combatants are called {c.key!r}" if c.key in people
                                  else f"{GM!r} is the game master's seat")
            people[c.key] = c
        encounter = cls(people)
        order = [c.key for c in people.values() if c.player] if seating is None else seating
        return encounter._seated(tuple(order))

    def _seated(self, order: tuple[str, ...]) -> Encounter:
        if len(set(order)) != len(order):
            raise CombatError("someone is seated twice")
        for key in order:
            if not self.get(key).player:
                raise CombatError(f"{key} is not a player character: NPCs and challenges "
                                  "act on the GM's turn")
        missing = [c.key for c in self.combatants.values() if c.player and c.key not in order]
        if missing:
            raise CombatError(f"seat every player: {', '.join(missing)} has no seat")
        return replace(self, seating=order)

    def get(self, key: str) -> Combatant:
        return contests.member(self.combatants, key)

    def add(self, combatant: Combatant, seat: int | None = None) -> Step:
        """Join the scene; a player takes ``seat`` (0 = next to the GM; default last)."""
        if combatant.key in self.combatants or combatant.key == GM:
            raise CombatError(f"{combatant.key!r} is already in the encounter")
        seating = list(self.seating)
        if combatant.player:
            seating.insert(len(seating) if seat is None else seat, combatant.key)
        current = self.current
        moved = replace(self, combatants={**self.combatants, combatant.key: combatant},
                        seating=tuple(seating))
        moved = moved._keep_turn(current)
        where = f", seat {moved.seating.index(combatant.key) + 1}" if combatant.player else ""
        return Step(moved, (Note(f"{combatant.key} joins ({combatant.energy.describe()}"
                                 f"{where})"),))

    def remove(self, key: str) -> Step:
        self.get(key)
        current = self.current
        combatants = {k: c for k, c in self.combatants.items() if k != key}
        declared = {k: v for k, v in self.declared.items() if k != key}
        moved = replace(self, combatants=combatants, declared=declared,
                        seating=tuple(k for k in self.seating if k != key))
        return Step(moved._keep_turn(current if current != key else None), (
            Note(f"{key} leaves the scene"),))

    def reseat(self, order: Sequence[str]) -> Step:
        """The GM edits the seating order (never rolled)."""
        current = self.current
        moved = self._seated(tuple(order))._keep_turn(current)
        return Step(moved, (Note("seating clockwise from the GM: " + ", ".join(order)),))

    def _keep_turn(self, current: str | None) -> Encounter:
        if not self.round or current is None or current == GM:
            return self if current is not None else replace(
                self, turn=min(self.turn, len(self.seating)))
        return replace(self, turn=self.seating.index(current) + 1)

    # --- play order

    @property
    def started(self) -> bool:
        return self.round > 0

    @property
    def current(self) -> str | None:
        """GM, a player's key, or None before play starts."""
        if not self.started:
            return None
        return GM if self.turn == 0 else self.seating[self.turn - 1]

    def gm_keys(self) -> tuple[str, ...]:
        """Those who act on the GM's turn: NPCs and challenges."""
        return tuple(k for k, c in self.combatants.items() if not c.player)

    def start(self) -> Step:
        if self.started:
            raise CombatError("play has already started")
        if not self.combatants:
            raise CombatError("an encounter needs someone in it")
        opened = replace(self, round=1, turn=0, declared={})
        return Step(opened, (RoundStarted(1, opened.seating), TurnStarted(1, GM)))

    def advance(self) -> Step:
        """The next turn clockwise; after the last player, a new round."""
        if not self.started:
            raise CombatError("start play first")
        if self.turn < len(self.seating):
            moved = replace(self, turn=self.turn + 1)
            return Step(moved, (TurnStarted(moved.round, moved.current or GM),))
        opened = replace(self, round=self.round + 1, turn=0, declared={})
        return Step(opened, (RoundStarted(opened.round, opened.seating),
                             TurnStarted(opened.round, GM)))

    def why_not_declare(self, key: str) -> str | None:
        combatant = self.get(key)
        if not self.started:
            return "play has not started"
        if key in self.declared:
            return f"{key} has already declared an action this round: only reactions now"
        if combatant.out:
            return f"{key} is {combatant.status()}"
        mine = (self.current == GM and not combatant.player) or self.current == key
        if not mine:
            return f"it is {self.current}'s turn; {key} may only react"
        return None

    def declare(self, key: str, what: str) -> Step:
        """The one declared action of ``key``'s turn (Play Order)."""
        reason = self.why_not_declare(key)
        if reason:
            raise CombatError(reason)
        moved = replace(self, declared={**self.declared, key: what})
        return Step(moved, (Note(f"{key} declares: {what}"),))

    def react(self, key: str, what: str) -> Step:
        """A reaction or defence: any number per turn, depleted dice still count."""
        combatant = self.get(key)
        if combatant.out:
            raise CombatError(f"{key} is {combatant.status()}")
        return Step(self, (Note(f"{key} reacts: {what}"),))

    # --- rolls and contests

    def _with(self, combatants: Mapping[str, Combatant]) -> Encounter:
        return replace(self, combatants=combatants)

    def roll(self, side: Side, roller: Roller, target: int | None = None,
             what: str = "") -> Step:
        """An unopposed roll (a check against a value, a healing roll…)."""
        combatants, event = contests.roll_side(self.combatants, side, roller, target, what)
        return Step(self._with(combatants), (event,))

    def contest(self, actor: Side, opponent: Side, roller: Roller) -> Step:
        """Two sides roll against each other; the winner deals damage (``contests``)."""
        combatants, event = contests.contest(self.combatants, actor, opponent, roller)
        return Step(self._with(combatants), (event,))

    def challenge_all(self, challenger: Side, sides: Sequence[Side], roller: Roller) -> Step:
        """A condition affecting the whole party rolls once; every character tries to
        beat that same value (Noncharacter Challenges)."""
        combatants, events = contests.challenge_all(self.combatants, challenger, sides,
                                                    roller)
        return Step(self._with(combatants), events)

    def move_together(self, movers: Sequence[Side], obstacle: Side, roller: Roller) -> Step:
        """Two or more moving towards each other add their movement rolls together
        against the movement challenge (Distance; see ``contests.move_together``)."""
        combatants, event = contests.move_together(self.combatants, movers, obstacle, roller)
        return Step(self._with(combatants), (event,))

    def damage(self, key: str, dice: int, remove: bool = False, source: str = ENERGY) -> Step:
        """Damage by the GM's hand (a trap, a fall): deplete or remove dice."""
        combatants, done = damage(self.combatants, key, dice, remove, source)
        return Step(self._with(combatants), (done,))

    def capacity_test(self, key: str, agent: str, picks: Sequence[Pick], passengers: int,
                      cargo: int, roller: Roller) -> Step:
        """The load rolls against the agent's capacity roll ``picks`` (Capacity Tests;
        see ``contests.capacity_test``)."""
        combatants, event = contests.capacity_test(self.combatants, key, agent, picks,
                                                   passengers, cargo, roller)
        return Step(self._with(combatants), (event,))

    # --- between scenes

    def challenges_strike(self, roller: Roller, as_damage: bool = False,
                          assign: Mapping[str, int] | None = None) -> Step:
        """Before a rest, each unresolved challenge rolls once against the seated players
        who are still here (Resting and Healing; see ``contests.challenges_strike``)."""
        challengers = [c for c in self.combatants.values() if c.challenge and not c.out]
        players = [k for k in self.seating if not self.get(k).gone]
        if not challengers:
            return Step(self, (Note("no unresolved challenges: a safe rest"),))
        combatants, event = contests.challenges_strike(self.combatants, challengers, players,
                                                       roller, as_damage, assign)
        return Step(self._with(combatants), (event,))

    def rest(self, phase: str, roller: Roller, keys: Sequence[str] | None = None,
             helpers: Mapping[str, tuple[str, Sequence[Pick]]] | None = None,
             restore_to: Mapping[str, Sequence[str]] | None = None) -> Step:
        """A Rest, Sleep or Recovery (default: for every combatant who is not a
        challenge). See ``combat_rest.rest``."""
        chosen = tuple(keys if keys is not None else
                       [k for k, c in self.combatants.items() if not c.challenge])
        for key in chosen:
            self.get(key)
        combatants, report = rest(self.combatants, chosen, rest_phase(phase), roller,
                                  helpers, restore_to)
        return Step(self._with(combatants), (report,))

    def repair(self, owner: str, equipment: str, repairer: Sequence[str],
               picks: Sequence[Pick], roller: Roller,
               tool: tuple[str, str] | None = None) -> Step:
        combatants, report = repair(self.combatants, owner, equipment, repairer, picks,
                                    roller, tool)
        return Step(self._with(combatants), (report,))

    def restock(self, owner: str, equipment: str) -> Step:
        combatants, report = restock(self.combatants, owner, equipment)
        return Step(self._with(combatants), (report,))

    def train(self, key: str, kind: str, target: str, spend: int, roller: Roller,
              steps: int = 0) -> Step:
        combatants, report = train(self.combatants, key, training_kind(kind), target,
                                   spend, roller, steps)
        return Step(self._with(combatants), (report,))

    def award(self, key: str, giver: str | None = None) -> Step:
        """A depleted die for good storytelling: from the GM at the end of a round, or
        from another player's own depleted dice (Storytelling)."""
        combatants = dict(self.combatants)
        target = self.get(key)
        if giver is not None:
            if giver == key:
                raise CombatError("a player cannot award a die to themselves")
            donor = self.get(giver)
            if not donor.energy.on_table:
                raise CombatError(f"{giver} has no depleted dice to give")
            pool = donor.energy
            given = (pool._replace(depleted=pool.depleted - 1) if pool.depleted
                     else pool._replace(awarded=pool.awarded - 1))
            combatants[giver] = donor._replace(energy=given)
        combatants[key] = target._replace(energy=target.energy.award(1))
        who = "the GM" if giver is None else giver
        return Step(self._with(combatants), (Note(
            f"{who} awards {key} a depleted die for good storytelling "
            f"({combatants[key].energy.describe()})"),))

    def end_game(self) -> Step:
        """Awarded dice not recovered are lost; a player ending with more dice than at
        the start keeps the new number (Storytelling)."""
        combatants = dict(self.combatants)
        events: list[Event] = []
        for key, c in self.combatants.items():
            pool = c.energy.end_game()
            combatants[key] = c._replace(energy=pool)
            if c.energy.awarded:
                events.append(Note(f"{key} loses {c.energy.awarded} unrecovered "
                                   "awarded dice"))
            if c.player and pool.in_play > c.starting:
                events.append(Note(f"{key} ends with {pool.in_play} dice: the new pool "
                                   f"(was {c.starting})"))
        return Step(self._with(combatants), tuple(events) or (Note("the game ends"),))
