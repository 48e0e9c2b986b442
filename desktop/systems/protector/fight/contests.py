"""Protector contests for the GM screen: rolls and contests with their damage, groups,
noncharacter challenges, moving together, capacity tests, and the unresolved challenges
that strike before a rest.

Pure Python, nothing mutated: each function takes the combatants by key and returns the
new combatants with the event it logs (``describe()``, or ``lines()`` for several).
Dice come from a ``Roller`` passed in, so a seed replays a fight.

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
* Unresolved challenges roll once when the players rest (Resting and Healing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from desktop.model.dice import Roller
from desktop.model.dice_pool import Die
from desktop.systems.protector.fight.pools import (
    ENERGY,
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
from desktop.systems.protector.rules.combat_tables import (
    capacity_dice,
    challenge_dice,
    damage_dice,
    distance_dice,
    unresolved_points_per_damage,
)
from desktop.systems.protector.rules.dice import Catastrophe, EnergyRoll, pool_die, roll

Combatants = Mapping[str, Combatant]
"""The combatants of a scene by key."""


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
        text = f"{self.side.rollers} rolls{doing}: {self.side.describe().split(': ', 1)[1]}"
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
    """A contest as settled: both rolls, who won and by how much, and the damage."""

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
    """A capacity test: an agent's roll against its load, and any damage to the agent."""

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
    """Two or more moving towards each other, their movement rolls added against the distance."""

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


# --- who may roll -----------------------------------------------------------------------


def member(combatants: Combatants, key: str) -> Combatant:
    """The combatant called ``key``."""
    try:
        return combatants[key]
    except KeyError:
        raise CombatError(f"no combatant called {key!r}") from None


def check_side(combatants: Combatants, side: Side) -> None:
    """Everyone on ``side`` can roll, and a group picks up to half its ready energy dice
    (Groups)."""
    for key in side.keys:
        combatant = member(combatants, key)
        if combatant.out:
            raise CombatError(f"{key} is {combatant.status()}: no dice to roll")
    if len(side.keys) > 1:
        energy = sum(1 for p in side.picks if p.source == ENERGY)
        limit = group_limit(member(combatants, k) for k in side.keys)
        if energy > limit:
            raise CombatError(f"a group rolls up to half its ready energy dice: "
                              f"{limit}, not {energy} (Groups)")


# --- rolls and contests -------------------------------------------------------------------


def roll_side(combatants: Combatants, side: Side, roller: Roller, target: int | None = None,
              what: str = "") -> tuple[dict[str, Combatant], Rolled]:
    """An unopposed roll (a check against a value, a healing roll…)."""
    check_side(combatants, side)
    out, result = throw(combatants, side.keys, side.picks, roller, side.catastrophe)
    return out, Rolled(result, target, what)


def contest(combatants: Combatants, actor: Side, opponent: Side, roller: Roller
            ) -> tuple[dict[str, Combatant], ContestResolved]:
    """Two sides roll against each other; the winner deals damage (see the module)."""
    check_side(combatants, actor)
    check_side(combatants, opponent)
    if set(actor.keys) & set(opponent.keys):
        raise CombatError("a combatant cannot be on both sides of a contest")
    out, a = throw(combatants, actor.keys, actor.picks, roller, actor.catastrophe)
    out, b = throw(out, opponent.keys, opponent.picks, roller, opponent.catastrophe)
    return _settle(out, actor, a, opponent, b, roller)


def challenge_all(combatants: Combatants, challenger: Side, sides: Sequence[Side],
                  roller: Roller) -> tuple[dict[str, Combatant], tuple[ContestResolved, ...]]:
    """A condition affecting the whole party rolls once; every character tries to
    beat that same value (Noncharacter Challenges)."""
    check_side(combatants, challenger)
    out, c = throw(combatants, challenger.keys, challenger.picks, roller,
                   challenger.catastrophe)
    events: list[ContestResolved] = []
    for side in sides:
        check_side(combatants, side)
        if out[challenger.lead].out:
            break
        out, s = throw(out, side.keys, side.picks, roller, side.catastrophe)
        out, event = _settle(out, side, s, challenger, c, roller)
        events.append(event)
    return out, tuple(events)


def move_together(combatants: Combatants, movers: Sequence[Side], obstacle: Side,
                  roller: Roller) -> tuple[dict[str, Combatant], MovedTogether]:
    """Two or more moving towards each other add their movement rolls together
    against the movement challenge (Distance). The sum strictly higher damages the
    challenge; else the challenge's damage is spread over the movers (ours)."""
    if len(movers) < 2:
        raise CombatError("moving together takes two or more")
    check_side(combatants, obstacle)
    out = dict(combatants)
    rolls: list[SideRoll] = []
    for side in movers:
        check_side(combatants, side)
        out, result = throw(out, side.keys, side.picks, roller, side.catastrophe)
        rolls.append(result)
    out, against = throw(out, obstacle.keys, obstacle.picks, roller, obstacle.catastrophe)
    total = sum(r.value for r in rolls)
    dice = damage_dice(abs(total - against.value))
    done: list[DamageDone] = []
    if total > against.value:
        out, hit = damage(out, obstacle.lead, dice)
        done.append(hit)
    elif total < against.value:
        leads = [side.lead for side in movers]
        for key, n in spread_wounds(out, leads, dice).items():
            out, hit = damage(out, key, n, obstacle.harms)
            done.append(hit)
    return out, MovedTogether(tuple(rolls), against, total, tuple(done))


def capacity_test(combatants: Combatants, key: str, agent: str, picks: Sequence[Pick],
                  passengers: int, cargo: int, roller: Roller
                  ) -> tuple[dict[str, Combatant], CapacityTested]:
    """The load (1d4 per passenger, 1d6 per die's worth of cargo) rolls against the
    agent's capacity roll ``picks``; a load strictly higher deals contest damage to
    the agent (Capacity Tests). Ours: the load's dice are not a pool and never
    deplete; a tie or a win for the agent does nothing."""
    if passengers < 0 or cargo < 0 or passengers + cargo == 0:
        raise CombatError("a capacity test needs passengers or cargo")
    member(combatants, key).agent(agent)
    check_side(combatants, Side.of(key, *picks))
    passenger, crate = capacity_dice()
    dice = [pool_die(passenger, no_deplete=True)] * passengers + [
        pool_die(crate, no_deplete=True)] * cargo
    out, vehicle = throw(combatants, [key], picks, roller)
    load = roll(dice, roller)
    dealt = damage_dice(load.value - vehicle.value)
    done = None
    if dealt:
        out, done = damage(out, key, dealt, source=agent)
    return out, CapacityTested(key, agent, vehicle, load, done)


def challenges_strike(combatants: Combatants, challengers: Sequence[Combatant],
                      players: Sequence[str], roller: Roller, as_damage: bool = False,
                      assign: Mapping[str, int] | None = None
                      ) -> tuple[dict[str, Combatant], ChallengesStrike]:
    """Before a rest, each unresolved challenge rolls once with all its ready dice;
    the total depletes that many dice among the ``players``, or with ``as_damage`` one
    die of damage per 3 points and the rest depletes (Resting and Healing). Ours:
    by default the dice fall one at a time on the player with the most ready dice;
    the damage part removes dice."""
    out = dict(combatants)
    sides: list[SideRoll] = []
    done: list[DamageDone] = []
    points = 0
    for c in challengers:
        out, side = throw(out, [c.key], (Pick(c.energy.base, ENERGY, owner=c.key),)
                          * c.energy.ready, roller)
        sides.append(side)
        points += side.value
    removes, depletes = ((points // unresolved_points_per_damage(),
                          points % unresolved_points_per_damage())
                         if as_damage else (0, points))
    for count, remove in ((removes, True), (depletes, False)):
        if not count or not players:
            continue
        share = spread_wounds(out, players, count, assign if not remove else None)
        for key, n in share.items():
            out, hit = damage(out, key, n, remove)
            done.append(hit)
    return out, ChallengesStrike(tuple(sides), as_damage, tuple(done))


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


def _settle(combatants: Combatants, actor: Side, a: SideRoll, opponent: Side,
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
