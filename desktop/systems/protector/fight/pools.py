"""A Protector combatant for the GM screen: its energy pool, its agents' pools, the dice
it puts in a roll, and how a roll, damage or a gift of dice changes those pools.

Pure and immutable (no Qt): every function returns new values. The pools are the
shared ``desktop.model.dice_pool.Pool``; a combatant has one for its energy and one per
agent (Making Agents: "Agents have their own pool of energy dice that can deplete").

Readings of our own where the book and RULINGS.md are silent are marked "Ours:".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from desktop.model.dice import Roller
from desktop.model.dice_pool import BASE, Depletion, Die, Pool, PoolDamage, PoolDie
from desktop.systems.protector.rules.combat_tables import ladder
from desktop.systems.protector.rules.dice import (
    Catastrophe,
    EnergyRoll,
    parse_dice,
    pool_die,
    roll,
)

ENERGY = "energy"
"""The source name of a combatant's own energy dice (agents go by their names)."""

AGENT_TYPES = ("Weapon", "Defense", "Movement", "Capacity", "Awareness", "Medical",
               "Technical", "Tool", "Survival")
"""Equipment types (Making Agents, Equipment; Agents, Equipment)."""


class CombatError(ValueError):
    """An operation the rules do not allow now; the message says why, for the UI."""


NO_STEPS: Mapping[str, int] = MappingProxyType({})
NO_AGENTS: Mapping[str, Agent] = MappingProxyType({})

# The values of a fight are NamedTuples, checked as they are made (``__new__``; their
# ``_replace`` makes a new one): Protector's editor declares them as a character opens,
# and a frozen dataclass compiles its methods then.


class _AgentFields(NamedTuple):
    name: str
    pool: Pool
    kind: str = "equipment"
    """"power", "equipment", "assistant", "money", "relationship" or another."""
    types: frozenset[str] = frozenset()
    """Equipment types: what its dice may be used for (Weapon, Defense, …)."""
    steps: int = 0
    """Trait steps that step up the agent's own dice (damage, protection, speed…)."""
    fast_burn: bool = False
    """May add more than one die to a roll (Fast Burn)."""
    no_deplete: bool = False
    """Its dice do not deplete when a 1 is rolled (No Deplete); damage still takes them."""
    trait_steps: Mapping[str, int] = NO_STEPS
    """Steps of its traits by use ("Weapon": damage, "Defense": protection…), where they
    differ from ``steps``."""


class Agent(_AgentFields):
    """A power, piece of equipment, assistant or other agent with its own pool."""

    __slots__ = ()

    def __new__(cls, name: str, pool: Pool, kind: str = "equipment",
                types: Iterable[str] = frozenset(), steps: int = 0, fast_burn: bool = False,
                no_deplete: bool = False, trait_steps: Mapping[str, int] = NO_STEPS) -> Agent:
        return super().__new__(cls, name, pool, kind, frozenset(types), steps, fast_burn,
                               no_deplete, MappingProxyType(dict(trait_steps)))

    def _replace(self, **changes: object) -> Agent:
        return Agent(**{**self._asdict(), **changes})

    def die(self, use: str = "") -> Die:
        """The die it adds: its pool's die with its steps (for ``use``, if it has a trait
        for that use) on it."""
        steps = self.trait_steps.get(use, self.steps) if use else self.steps
        return ladder().up(self.pool.base, steps) if steps else self.pool.base

    def pool_die(self, die: Die | None = None) -> PoolDie:
        return pool_die(die or self.die(), no_deplete=self.no_deplete)


class _CombatantFields(NamedTuple):
    key: str
    energy: Pool
    agents: Mapping[str, Agent] = NO_AGENTS
    player: bool = True
    """A player character, seated at the table; NPCs and challenges are the GM's."""
    challenge: bool = False
    """A noncharacter challenge (weather, a wall, a puzzle): damage to it removes dice."""
    starting: int = 0
    """Energy dice at the start of the game (0: count them when added)."""


class Combatant(_CombatantFields):
    """One character, NPC or noncharacter challenge in an encounter."""

    __slots__ = ()

    def __new__(cls, key: str, energy: Pool, agents: Mapping[str, Agent] = NO_AGENTS,
                player: bool = True, challenge: bool = False, starting: int = 0) -> Combatant:
        if not key.strip():
            raise CombatError("a combatant needs a name")
        if ENERGY in agents:
            raise CombatError(f"an agent cannot be called {ENERGY!r}")
        return super().__new__(cls, key, energy, MappingProxyType(dict(agents)), player,
                               challenge, starting or energy.in_play)

    def _replace(self, **changes: object) -> Combatant:
        return Combatant(**{**self._asdict(), **changes})

    def pool(self, source: str) -> Pool:
        return self.energy if source == ENERGY else self.agent(source).pool

    def agent(self, name: str) -> Agent:
        try:
            return self.agents[name]
        except KeyError:
            raise CombatError(f"{self.key} has no agent called {name!r}") from None

    def with_pool(self, source: str, pool: Pool) -> Combatant:
        if source == ENERGY:
            return self._replace(energy=pool)
        agents = dict(self.agents)
        agents[source] = self.agent(source)._replace(pool=pool)
        return self._replace(agents=agents)

    @property
    def out(self) -> bool:
        """All energy dice depleted: out of play until recovered (Depletion)."""
        return self.energy.out

    @property
    def gone(self) -> bool:
        """No dice left at all: permanently out of play (Damage)."""
        return self.energy.gone

    def status(self) -> str:
        if self.gone:
            return "defeated" if self.challenge else "permanently out of play"
        if self.out:
            return "defeated" if self.challenge else "out of play until recovered"
        return ""

    def sources(self) -> tuple[str, ...]:
        return (ENERGY, *self.agents)


def challenge(key: str, count: int, die: Die | str = BASE) -> Combatant:
    """A noncharacter challenge: ``count`` dice that roll as ``die`` (a trait on the
    challenge; Challenge Difficulties)."""
    die = Die.parse(die) if isinstance(die, str) else die
    if count < 1:
        raise CombatError(f"a challenge needs at least one die, not {count}")
    return Combatant(key, Pool(count, base=die), player=False, challenge=True)


# --- what goes into a roll ----------------------------------------------------------------


class Pick(NamedTuple):
    """One die put in a roll: where it comes from and the step it is rolled at."""

    die: Die = BASE
    source: str = ENERGY
    trade: bool = False
    """Stepped up by a trade: depletes whatever it shows."""
    owner: str = ""
    """The combatant whose pool it comes from ("" = the side's lead combatant)."""


def picks(text: str, source: str = ENERGY, owner: str = "") -> tuple[Pick, ...]:
    """"d6,d8,d8:trade" → picks from one source (the dice syntax of ``parse_dice``)."""
    return tuple(Pick(d.die, source, d.depletion is Depletion.ALWAYS, owner)
                 for d in parse_dice(text))


def default_picks(combatant: Combatant, count: int | None = None) -> tuple[Pick, ...]:
    """``count`` (default all) ready energy dice at the pool's own die, no steps."""
    ready = combatant.energy.ready
    count = ready if count is None else count
    if not 0 < count <= ready:
        raise CombatError(f"{combatant.key} has {ready} ready dice, not {count}")
    return (Pick(combatant.energy.base, ENERGY, owner=combatant.key),) * count


def _pool_dice(combatants: Mapping[str, Combatant], lead: str,
               chosen: Sequence[Pick]) -> tuple[PoolDie, ...]:
    """Check the picks against the pools and rules; the dice as rolled."""
    if not chosen:
        raise CombatError(f"{lead}: a roll needs at least one die")
    used: dict[tuple[str, str], int] = {}
    dice: list[PoolDie] = []
    for pick in chosen:
        owner = combatants[pick.owner or lead]
        used[(owner.key, pick.source)] = used.get((owner.key, pick.source), 0) + 1
        if pick.source == ENERGY:
            dice.append(pool_die(pick.die, trade=pick.trade))
        else:
            agent = owner.agent(pick.source)
            dice.append(pool_die(pick.die, trade=pick.trade, no_deplete=agent.no_deplete))
    for (key, source), count in used.items():
        owner = combatants[key]
        ready = owner.pool(source).ready
        what = "energy" if source == ENERGY else source
        if source != ENERGY and count > 1 and not owner.agent(source).fast_burn:
            raise CombatError(f"{key}: {source} adds only one die to a roll "
                              "(Agents; Fast Burn lifts this)")
        if count > ready:
            raise CombatError(f"{key}: {count} {what} dice picked, {ready} ready")
    return tuple(dice)


# --- what a roll or damage did to the pools ---------------------------------------------


class PoolChange(NamedTuple):
    """One pool before and after, and why."""

    key: str
    source: str
    before: Pool
    after: Pool
    why: str

    def describe(self) -> str:
        what = self.key if self.source == ENERGY else f"{self.key}'s {self.source}"
        return f"{what} {self.why}: {self.before.describe()} → {self.after.describe()}"


def _change(combatants: dict[str, Combatant], key: str, source: str, pool: Pool,
            why: str, log: list[PoolChange]) -> None:
    before = combatants[key].pool(source)
    if pool != before:
        combatants[key] = combatants[key].with_pool(source, pool)
        log.append(PoolChange(key, source, before, pool, why))


class SideRoll(NamedTuple):
    """One side's roll: who rolled which dice, and what it did to their pools."""

    keys: tuple[str, ...]
    picks: tuple[Pick, ...]
    roll: EnergyRoll
    changes: tuple[PoolChange, ...]

    @property
    def value(self) -> int:
        return self.roll.value

    @property
    def label(self) -> str:
        return " + ".join(self.keys)

    @property
    def rollers(self) -> str:
        """Who put dice in the roll, in the side's order: a group member who rolls its
        own dice is named alone, not as the whole group (the lead when none did)."""
        owners = {p.owner or self.keys[0] for p in self.picks}
        return " + ".join(k for k in self.keys if k in owners) or self.keys[0]

    def describe(self) -> str:
        text = f"{self.rollers}: {self.roll.describe()}"
        return "; ".join([text, *(c.describe() for c in self.changes)])


def throw(combatants: Mapping[str, Combatant], keys: Sequence[str], chosen: Sequence[Pick],
          roller: Roller, catastrophe: Catastrophe = Catastrophe.DEPLETE,
          deplete: bool = True) -> tuple[dict[str, Combatant], SideRoll]:
    """Roll ``chosen`` dice for the combatants ``keys`` (the first leads; a group rolls
    together) and settle the pools: each die that depletes leaves its own pool; a
    multiple returns one depleted die; a catastrophe taken as damage removes one die.

    The table holds the energy dice depleted or awarded of every combatant rolling.
    Ours: an agent's depleted dice stay with the agent and do not add to rolls, and a
    group's table is all its members' depleted dice. ``deplete=False`` for rest-phase
    rolls, which never deplete (RULINGS Protector 6).
    """
    lead = keys[0]
    chosen = tuple(p._replace(owner=p.owner or lead) for p in chosen)
    for pick in chosen:
        if pick.owner not in keys:
            raise CombatError(f"{pick.owner} is not rolling with {', '.join(keys)}")
    dice = _pool_dice(combatants, lead, chosen)
    on_table = sum(combatants[k].energy.on_table for k in keys)
    result = roll(dice, roller, on_table, catastrophe)
    out = dict(combatants)
    log: list[PoolChange] = []
    if deplete:
        gone: dict[tuple[str, str], int] = {}
        for pick, depletes in zip(chosen, result.depletes, strict=True):
            if depletes:
                gone[(pick.owner, pick.source)] = gone.get((pick.owner, pick.source), 0) + 1
        for (key, source), count in gone.items():
            _change(out, key, source, out[key].pool(source).deplete(count),
                    f"depletes {count}", log)
        if result.removed:
            owner, source = chosen[0].owner, chosen[0].source
            _change(out, owner, source, out[owner].pool(source).remove(1),
                    "loses a die to the catastrophe", log)
        if result.returns:
            _return_one(out, keys, chosen, log)
    return out, SideRoll(tuple(keys), chosen, result, tuple(log))


def _return_one(out: dict[str, Combatant], keys: Sequence[str], chosen: Sequence[Pick],
                log: list[PoolChange]) -> None:
    """A multiple returns one depleted die: the lead's energy first, then the other
    pools that rolled (ours: the book says only "one of the depleted die")."""
    order = [(k, ENERGY) for k in keys] + [(p.owner, p.source) for p in chosen]
    for key, source in dict.fromkeys(order):
        pool = out[key].pool(source)
        if pool.on_table:
            _change(out, key, source, pool.restore(1)[0], "multiple returns a die", log)
            return


# --- damage ------------------------------------------------------------------------------


class DamageDone(NamedTuple):
    """Dice of damage to one combatant's energy or one of its agents: depleted or removed."""

    key: str
    source: str
    dice: int
    remove: bool
    taken: PoolDamage
    change: PoolChange | None

    def describe(self) -> str:
        what = self.key if self.source == ENERGY else f"{self.key}'s {self.source}"
        verb = "removed" if self.remove else "depleted"
        parts = [f"{what} takes {self.dice} {'die' if self.dice == 1 else 'dice'} "
                 f"of damage ({verb})"]
        if self.taken.from_table:
            parts.append(f"{self.taken.from_table} taken from the table (pool empty)")
        if self.taken.unabsorbed:
            parts.append(f"{self.taken.unabsorbed} with nothing left to take")
        if self.change:
            parts.append(f"{self.change.before.describe()} → {self.change.after.describe()}")
        return ", ".join(parts)


def damage(combatants: Mapping[str, Combatant], key: str, dice: int, remove: bool = False,
           source: str = ENERGY) -> tuple[dict[str, Combatant], DamageDone]:
    """Deplete (or with a weapon, remove) ``dice`` dice of ``key``'s pool, or of one of
    its agents; with the pool empty, damage takes depleted dice (Damage; RULINGS 5).
    Damage to a noncharacter challenge always removes dice (Noncharacter Challenges)."""
    if dice < 0:
        raise CombatError(f"cannot deal {dice} dice of damage")
    out = dict(combatants)
    target = out[key]
    remove = remove or target.challenge
    pool, taken = target.pool(source).take_damage(dice, remove)
    log: list[PoolChange] = []
    _change(out, key, source, pool, "takes damage", log)
    return out, DamageDone(key, source, dice, remove, taken, log[0] if log else None)


def spread_wounds(combatants: Mapping[str, Combatant], keys: Sequence[str], dice: int,
                  assign: Mapping[str, int] | None = None) -> dict[str, int]:
    """Who in a group takes how many dice of damage: as the roller assigns (Groups), or
    by default one at a time to the member with the most ready dice."""
    if assign is not None:
        if sum(assign.values()) != dice or any(n < 0 for n in assign.values()):
            raise CombatError(f"assign all {dice} dice of damage, no more, no less")
        unknown = set(assign) - set(keys)
        if unknown:
            raise CombatError(f"{', '.join(sorted(unknown))} is not in the group")
        return {k: n for k, n in assign.items() if n}
    ready = {k: combatants[k].energy.ready for k in keys}
    share: dict[str, int] = {}
    for _ in range(dice):
        key = max(keys, key=lambda k: ready[k])
        share[key] = share.get(key, 0) + 1
        ready[key] -= 1
    return share


def group_limit(combatants: Iterable[Combatant]) -> int:
    """Groups roll up to half their total available energy dice (Groups)."""
    return sum(c.energy.ready for c in combatants) // 2
