"""Protector encounters for the GM screen: play order, declared actions and reactions,
rolls and contests with damage, groups, noncharacter challenges, rest, repair, training.

Pure Python, no Qt, nothing mutated: ``Encounter`` is a frozen snapshot and every
operation returns a ``Step`` (the next snapshot and the events it logged, each with
``describe()``). Dice come from a ``Roller`` passed in, so a seed replays a fight.

* Play order (Play Order): the GM sets the scene, then the players take turns clockwise
  from the GM. The seating order is the GM's to edit, never rolled. Ours: NPCs and
  challenges are the GM's and act on the GM's turn.
* One declared action per turn, any number of reactions (Play Order).
* Contests (The Energy System, Damage; RULINGS Protector 5): strictly higher wins and
  depletes one die of the loser, plus one per full 3 points of difference. A weapon
  adds one of its damage dice to the winner's value after the contest and removes dice
  instead of depleting them; protection adds one of its dice to the loser's value
  after it lost (Agents, Equipment). The winner may damage one of the loser's agents
  instead (ibid.). Ours: if protection brings the loser level or ahead, no damage.
* Groups (Groups) roll up to half their total ready energy dice; the one rolling for
  them spreads the wounds.
* Noncharacter challenges (Noncharacter Challenges; Challenge Difficulties; Distance;
  Capacity Tests) are combatants with their own pool; damage to them removes dice.
  Two moving towards each other add their movement rolls (Distance).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Protocol

from desktop.model.dice import Roller
from desktop.model.dice_pool import Die
from desktop.systems.protector.fight.pools import (
    ENERGY,
    Agent,
    Combatant,
    CombatError,
    DamageDone,
    Pick,
    SideRoll,
    challenge,
    damage,
    group_limit,
    spread_wounds,
    throw,
)
from desktop.systems.protector.fight.rest import (
    repair,
    rest,
    restock,
    train,
)
from desktop.systems.protector.rules.combat_tables import (
    capacity_dice,
    challenge_dice,
    damage_dice,
    distance_dice,
    rest_phase,
    training_kind,
    unresolved_points_per_damage,
)
from desktop.systems.protector.rules.dice import Catastrophe, EnergyRoll, pool_die, roll

__all__ = [
    "ENERGY", "Agent", "CombatError", "Combatant", "Encounter", "Pick", "Side", "Step",
    "challenge", "challenge_from_table", "distance_challenge",
]

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


# --- a side of a contest --------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """Who rolls what in a contest: one combatant or a group rolling together.

    ``weapon`` and ``protection`` name agents of the lead combatant; ``target`` names
    an agent of the *other* side's lead to damage instead of its energy.
    """

    keys: tuple[str, ...]
    picks: tuple[Pick, ...]
    weapon: str = ""
    protection: str = ""
    target: str = ""
    catastrophe: Catastrophe = Catastrophe.DEPLETE
    wounds: Mapping[str, int] | None = None
    """For a group: who takes how many dice of damage if it loses (default: spread)."""
    harms: bool = False
    """Its damage removes dice as a weapon's does: a noncharacter challenge the GM lets
    do damage (Noncharacter Challenges)."""

    @classmethod
    def of(cls, key: str, *picks: Pick, **options: object) -> Side:
        return cls((key,), tuple(picks), **options)  # type: ignore[arg-type]

    @property
    def lead(self) -> str:
        return self.keys[0]


# --- events -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Rolled:
    """An unopposed roll, against a target value or none."""

    side: SideRoll
    target: int | None = None
    what: str = ""

    @property
    def success(self) -> bool | None:
        return None if self.target is None else self.side.value >= self.target

    def describe(self) -> str:
        doing = f" ({self.what})" if self.what else ""
        text = f"{self.side.label} rolls{doing}: {self.side.describe().split(': ', 1)[1]}"
        if self.target is not None:
            text += f" — {'success' if self.success else 'failure'} against {self.target}"
        return text


@dataclass(frozen=True)
class ExtraDie:
    """A weapon or protection die added after the contest (Agents, Equipment)."""

    key: str
    agent: str
    role: str
    """"weapon" or "protection"."""
    side: SideRoll

    @property
    def value(self) -> int:
        return max(self.side.roll.values)

    def describe(self) -> str:
        text = (f"{self.key}'s {self.agent} adds {self.side.roll.dice_shown()} "
                f"({self.role})")
        return "; ".join([text, *(c.describe() for c in self.side.changes)])


@dataclass(frozen=True)
class ContestResolved:
    actor: SideRoll
    opponent: SideRoll
    extras: tuple[ExtraDie, ...]
    winner: str | None
    """"actor", "opponent" or None for a tie."""
    difference: int
    """Winner's value − loser's, weapon and protection dice included."""
    dice: int
    damage: tuple[DamageDone, ...]

    def lines(self) -> tuple[str, ...]:
        lines = [self.actor.describe(), self.opponent.describe(),
                 *(e.describe() for e in self.extras)]
        if self.winner is None:
            lines.append(f"tie at {self.actor.value}: no damage")
        else:
            win, lose = ((self.actor, self.opponent) if self.winner == "actor"
                         else (self.opponent, self.actor))
            if self.dice:
                lines.append(f"{win.label} wins by {self.difference}: {self.dice} "
                             f"{'die' if self.dice == 1 else 'dice'} of damage to "
                             f"{lose.label}")
            else:
                lines.append(f"{win.label} wins, but {lose.label}'s protection holds: "
                             "no damage")
            lines += [d.describe() for d in self.damage]
        return tuple(lines)

    def describe(self) -> str:
        return "; ".join(self.lines())


@dataclass(frozen=True)
class CapacityTested:
    key: str
    agent: str
    vehicle: SideRoll
    load: EnergyRoll
    damage: DamageDone | None

    def describe(self) -> str:
        parts = [f"capacity test of {self.key}'s {self.agent}: {self.vehicle.describe()}",
                 f"load: {self.load.describe()}"]
        parts.append(self.damage.describe() if self.damage else f"the {self.agent} holds")
        return "; ".join(parts)


@dataclass(frozen=True)
class MovedTogether:
    movers: tuple[SideRoll, ...]
    obstacle: SideRoll
    total: int
    damage: tuple[DamageDone, ...]

    def lines(self) -> tuple[str, ...]:
        verdict = ("they make it" if self.total > self.obstacle.value else
                   "a tie: no damage" if self.total == self.obstacle.value else
                   "the distance wins")
        return (*(m.describe() for m in self.movers), self.obstacle.describe(),
                f"together {self.total} against {self.obstacle.value}: {verdict}",
                *(d.describe() for d in self.damage))

    def describe(self) -> str:
        return "; ".join(self.lines())


@dataclass(frozen=True)
class RoundStarted:
    round: int
    seating: tuple[str, ...]

    def describe(self) -> str:
        order = " → ".join((GM, *self.seating))
        return f"Round {self.round}: the GM sets the scene; then clockwise: {order}"


@dataclass(frozen=True)
class TurnStarted:
    round: int
    actor: str

    def describe(self) -> str:
        if self.actor == GM:
            return f"Round {self.round}: the GM's turn (NPCs and challenges)"
        return f"Round {self.round}: {self.actor}'s turn"


@dataclass(frozen=True)
class ChallengesStrike:
    """Unresolved challenges roll once when the players rest (Resting and Healing)."""

    sides: tuple[SideRoll, ...]
    as_damage: bool
    damage: tuple[DamageDone, ...]

    def lines(self) -> tuple[str, ...]:
        how = ("one die of damage per 3 points, the rest depletes" if self.as_damage
               else "one die depleted per point")
        return (f"unresolved challenges strike before the rest ({how})",
                *(s.describe() for s in self.sides), *(d.describe() for d in self.damage))

    def describe(self) -> str:
        return "; ".join(self.lines())


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
        try:
            return self.combatants[key]
        except KeyError:
            raise CombatError(f"no combatant called {key!r}") from None

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

    def _side_keys(self, side: Side) -> None:
        for key in side.keys:
            combatant = self.get(key)
            if combatant.out:
                raise CombatError(f"{key} is {combatant.status()}: no dice to roll")
        if len(side.keys) > 1:
            energy = sum(1 for p in side.picks if p.source == ENERGY)
            limit = group_limit(self.get(k) for k in side.keys)
            if energy > limit:
                raise CombatError(f"a group rolls up to half its ready energy dice: "
                                  f"{limit}, not {energy} (Groups)")

    def roll(self, side: Side, roller: Roller, target: int | None = None,
             what: str = "") -> Step:
        """An unopposed roll (a check against a value, a healing roll…)."""
        self._side_keys(side)
        combatants, result = throw(self.combatants, side.keys, side.picks, roller,
                                   side.catastrophe)
        return Step(self._with(combatants), (Rolled(result, target, what),))

    def contest(self, actor: Side, opponent: Side, roller: Roller) -> Step:
        """Two sides roll against each other; the winner deals damage (see module)."""
        self._side_keys(actor)
        self._side_keys(opponent)
        if set(actor.keys) & set(opponent.keys):
            raise CombatError("a combatant cannot be on both sides of a contest")
        combatants, a = throw(self.combatants, actor.keys, actor.picks, roller,
                              actor.catastrophe)
        combatants, b = throw(combatants, opponent.keys, opponent.picks, roller,
                              opponent.catastrophe)
        combatants, event = _settle(combatants, actor, a, opponent, b, roller)
        return Step(self._with(combatants), (event,))

    def challenge_all(self, challenger: Side, sides: Sequence[Side], roller: Roller) -> Step:
        """A condition affecting the whole party rolls once; every character tries to
        beat that same value (Noncharacter Challenges)."""
        self._side_keys(challenger)
        combatants, c = throw(self.combatants, challenger.keys, challenger.picks, roller,
                              challenger.catastrophe)
        events: list[Event] = []
        for side in sides:
            self._side_keys(side)
            if combatants[challenger.lead].out:
                break
            combatants, s = throw(combatants, side.keys, side.picks, roller, side.catastrophe)
            combatants, event = _settle(combatants, side, s, challenger, c, roller)
            events.append(event)
        return Step(self._with(combatants), tuple(events))

    def move_together(self, movers: Sequence[Side], obstacle: Side, roller: Roller) -> Step:
        """Two or more moving towards each other add their movement rolls together
        against the movement challenge (Distance). The sum strictly higher damages the
        challenge; else the challenge's damage is spread over the movers (ours)."""
        if len(movers) < 2:
            raise CombatError("moving together takes two or more")
        self._side_keys(obstacle)
        combatants = dict(self.combatants)
        rolls: list[SideRoll] = []
        for side in movers:
            self._side_keys(side)
            combatants, result = throw(combatants, side.keys, side.picks, roller,
                                       side.catastrophe)
            rolls.append(result)
        combatants, against = throw(combatants, obstacle.keys, obstacle.picks, roller,
                                    obstacle.catastrophe)
        total = sum(r.value for r in rolls)
        dice = damage_dice(abs(total - against.value))
        done: list[DamageDone] = []
        if total > against.value:
            combatants, hit = damage(combatants, obstacle.lead, dice)
            done.append(hit)
        elif total < against.value:
            leads = [side.lead for side in movers]
            for key, n in spread_wounds(combatants, leads, dice).items():
                combatants, hit = damage(combatants, key, n, obstacle.harms)
                done.append(hit)
        return Step(self._with(combatants),
                    (MovedTogether(tuple(rolls), against, total, tuple(done)),))

    def damage(self, key: str, dice: int, remove: bool = False, source: str = ENERGY) -> Step:
        """Damage by the GM's hand (a trap, a fall): deplete or remove dice."""
        combatants, done = damage(self.combatants, key, dice, remove, source)
        return Step(self._with(combatants), (done,))

    def capacity_test(self, key: str, agent: str, picks: Sequence[Pick], passengers: int,
                      cargo: int, roller: Roller) -> Step:
        """The load (1d4 per passenger, 1d6 per die's worth of cargo) rolls against the
        agent's capacity roll ``picks``; a load strictly higher deals contest damage to
        the agent (Capacity Tests). Ours: the load's dice are not a pool and never
        deplete; a tie or a win for the agent does nothing."""
        if passengers < 0 or cargo < 0 or passengers + cargo == 0:
            raise CombatError("a capacity test needs passengers or cargo")
        self.get(key).agent(agent)
        self._side_keys(Side.of(key, *picks))
        passenger, crate = capacity_dice()
        dice = [pool_die(passenger, no_deplete=True)] * passengers + [
            pool_die(crate, no_deplete=True)] * cargo
        combatants, vehicle = throw(self.combatants, [key], picks, roller)
        load = roll(dice, roller)
        dealt = damage_dice(load.value - vehicle.value)
        done = None
        if dealt:
            combatants, done = damage(combatants, key, dealt, source=agent)
        return Step(self._with(combatants), (CapacityTested(key, agent, vehicle, load, done),))

    # --- between scenes

    def challenges_strike(self, roller: Roller, as_damage: bool = False,
                          assign: Mapping[str, int] | None = None) -> Step:
        """Before a rest, each unresolved challenge rolls once with all its ready dice;
        the total depletes that many dice among the players, or with ``as_damage`` one
        die of damage per 3 points and the rest depletes (Resting and Healing). Ours:
        by default the dice fall one at a time on the player with the most ready dice;
        the damage part removes dice."""
        challengers = [c for c in self.combatants.values() if c.challenge and not c.out]
        players = [k for k in self.seating if not self.get(k).gone]
        if not challengers:
            return Step(self, (Note("no unresolved challenges: a safe rest"),))
        combatants = dict(self.combatants)
        sides: list[SideRoll] = []
        done: list[DamageDone] = []
        points = 0
        for c in challengers:
            combatants, side = throw(combatants, [c.key],
                                     (Pick(c.energy.base, ENERGY, owner=c.key),)
                                     * c.energy.ready, roller)
            sides.append(side)
            points += side.value
        removes, depletes = ((points // unresolved_points_per_damage(),
                              points % unresolved_points_per_damage())
                             if as_damage else (0, points))
        for count, remove in ((removes, True), (depletes, False)):
            if not count or not players:
                continue
            share = spread_wounds(combatants, players, count, assign if not remove else None)
            for key, n in share.items():
                combatants, hit = damage(combatants, key, n, remove)
                done.append(hit)
        return Step(self._with(combatants), (ChallengesStrike(tuple(sides), as_damage,
                                                              tuple(done)),))

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
            given = (replace(pool, depleted=pool.depleted - 1) if pool.depleted
                     else replace(pool, awarded=pool.awarded - 1))
            combatants[giver] = replace(donor, energy=given)
        combatants[key] = replace(target, energy=target.energy.award(1))
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
            combatants[key] = replace(c, energy=pool)
            if c.energy.awarded:
                events.append(Note(f"{key} loses {c.energy.awarded} unrecovered "
                                   "awarded dice"))
            if c.player and pool.in_play > c.starting:
                events.append(Note(f"{key} ends with {pool.in_play} dice: the new pool "
                                   f"(was {c.starting})"))
        return Step(self._with(combatants), tuple(events) or (Note("the game ends"),))


def _extra(combatants: dict[str, Combatant], key: str, name: str, role: str,
           wanted: str, roller: Roller) -> tuple[dict[str, Combatant], ExtraDie | None]:
    """One die of a weapon or protection agent, rolled after the contest."""
    if not name:
        return combatants, None
    agent = combatants[key].agent(name)
    if wanted not in agent.types:
        raise CombatError(f"{key}'s {name} is not {wanted} equipment "
                          f"({', '.join(sorted(agent.types)) or 'no type'})")
    if agent.pool.out:
        return combatants, None
    out, side = throw(combatants, [key], [Pick(agent.die(wanted), name)], roller)
    return out, ExtraDie(key, name, role, side)


def _settle(combatants: Mapping[str, Combatant], actor: Side, a: SideRoll, opponent: Side,
            b: SideRoll, roller: Roller) -> tuple[dict[str, Combatant], ContestResolved]:
    """Who won, the weapon and protection dice, and the damage (see the module)."""
    out = dict(combatants)
    if a.value == b.value:
        return out, ContestResolved(a, b, (), None, 0, 0, ())
    won = "actor" if a.value > b.value else "opponent"
    win_side, lose_side = (actor, opponent) if won == "actor" else (opponent, actor)
    win_roll, lose_roll = (a, b) if won == "actor" else (b, a)
    extras: list[ExtraDie] = []
    out, weapon = _extra(out, win_side.lead, win_side.weapon, "weapon", "Weapon", roller)
    out, guard = _extra(out, lose_side.lead, lose_side.protection, "protection", "Defense",
                        roller)
    extras += [e for e in (weapon, guard) if e is not None]
    difference = (win_roll.value + (weapon.value if weapon else 0)
                  - lose_roll.value - (guard.value if guard else 0))
    dice = damage_dice(difference)
    remove = weapon is not None or win_side.harms
    done: list[DamageDone] = []
    if dice:
        if win_side.target:
            out, hit = damage(out, lose_side.lead, dice, remove, source=win_side.target)
            done.append(hit)
        else:
            share = spread_wounds(out, lose_side.keys, dice, lose_side.wounds)
            for key, n in share.items():
                out, hit = damage(out, key, n, remove)
                done.append(hit)
    return out, ContestResolved(a, b, tuple(extras), won, difference, dice, tuple(done))


# --- challenges from the tables -----------------------------------------------------------


def challenge_from_table(key: str, difficulty: str, die: Die | str = "d6") -> Combatant:
    """A noncharacter challenge sized by the Challenge Difficulties table."""
    dice = challenge_dice(difficulty, die)
    return challenge(key, dice.count, dice.die)


def distance_challenge(key: str, start: str, goal: str) -> Combatant:
    """The movement challenge for closing from one range to another (Distance)."""
    dice = distance_dice(start, goal)
    return challenge(key, dice.count, dice.die)
