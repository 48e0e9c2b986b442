"""The creation ledger: every energy die spent or gained, on what, and what is left.

A Protector character starts with a pool of energy dice (10, Character Generation) and
spends them on its life path and purchases (RULINGS Protector 2 and 3):

* each Decade costs one die, the first included (Decades);
* steps are bought in whole dice per trait type: attribute 2, skill 4, conditional 3
  steps a die; trades (3 steps) and limits (5 − limit skill steps) are free;
* each activated power costs at least one die and gets its era's pool dice per die
  (fixed at activation); latent powers cost nothing and have no pool;
* each agent gets 6 build dice per energy die (an invention, its power's pool per die,
  its dice steps included);
* each internal conflict adds one die.

Each power and agent has a pool ledger of its own: the dice it got, what its effects,
steps, traits and properties cost, and the pool that is left. An NPC's dice are as the
GM sets them (The Dice Pool: "Non-player characters may start with any number of
dice"): its lines are listed but not charged to its printed Energy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from desktop.model.dice_pool import BASE, Die
from desktop.model.findings import Rule
from desktop.systems.protector.rules import catalog, stepping
from desktop.systems.protector.rules.character import (
    BOUGHT_TYPES,
    MAX_DICE_PER_DIE,
    Agent,
    BoughtType,
    Effect,
    Power,
    ProtectorCharacter,
)
from desktop.systems.protector.rules.citations import (
    R_AGENTS,
    R_AWARDS,
    R_CONFLICT,
    R_DECADES,
    R_EFFECTS,
    R_EQUIPMENT,
    R_EQUIPMENT_LIST,
    R_INVENTIONS,
    R_POWER_POOL,
    R_POWER_STEPS,
    R_PROPERTIES,
    R_START,
    R_TRAINING,
    R_TRAIT_TYPES,
    R_TRAITS,
)

UNKNOWN_EFFECT_COST = 1
"""A property the GM approves that the book does not list costs one die, like the book's
(Making Agents, Equipment, Properties: "Each property costs one energy die")."""


class Line(NamedTuple):
    """One entry of a ledger: dice gained (+) or spent (−), on what, and why."""

    dice: int
    what: str
    field: str
    rule: Rule
    charged: bool = True
    """False for an NPC's purchases: listed, not taken from its printed Energy."""

    def to_json(self) -> dict[str, object]:
        return {"dice": self.dice, "what": self.what, "field": self.field,
                "rule": str(self.rule), "charged": self.charged}


class StepBudget(NamedTuple):
    """Steps of one bought trait type: bought with energy dice, and assigned to traits."""

    type: BoughtType
    dice: int
    per_die: int
    from_limits: int
    assigned: int

    @property
    def bought(self) -> int:
        return self.dice * self.per_die + self.from_limits

    @property
    def unassigned(self) -> int:
        """Steps bought but not on any trait yet (negative: assigned more than bought)."""
        return self.bought - self.assigned

    def to_json(self) -> dict[str, int]:
        return {"dice": self.dice, "bought": self.bought, "from_limits": self.from_limits,
                "assigned": self.assigned, "unassigned": self.unassigned}


class PowerPool(NamedTuple):
    """A power's pool: dice bought (energy dice × era) less effects and steps."""

    index: int
    name: str
    active: bool
    energy_dice: int
    dice_per_die: int
    gained: int
    effects_cost: int
    """Pool dice spent on effects, less those Single Use and Limit add."""
    step_dice: int
    steps: int
    spare_steps: int
    """Steps paid for by the last step die but not taken (steps come three a die)."""
    pool: int
    """Dice left in the pool (negative: overspent)."""
    dice: tuple[Die, ...]
    stepping: stepping.Stepped
    lines: tuple[Line, ...]

    @property
    def bought(self) -> int:
        return self.energy_dice * self.dice_per_die + self.gained if self.active else 0

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "active": self.active, "energy_dice": self.energy_dice,
                "dice_per_die": self.dice_per_die, "pool": self.pool, "steps": self.steps,
                "dice": [str(d) for d in self.dice],
                "ledger": [line.to_json() for line in self.lines]}


class AgentPool(NamedTuple):
    """An agent's build dice, what its traits and properties cost, and its pool."""

    index: int
    name: str
    energy_dice: int
    dice_per_die: int
    gained: int
    traits_cost: int
    properties_cost: int
    pool: int
    lines: tuple[Line, ...]
    unspent: int = 0
    """Build dice beyond a book item's printed Cost: not in its pool (RULINGS Protector
    10)."""
    steps_on_dice: tuple[int, ...] = ()
    """An invention's dice steps, die by die, from its invention power (Super
    Inventions); () for an agent built from plain d6s."""

    @property
    def build(self) -> int:
        return self.energy_dice * self.dice_per_die + self.gained

    @property
    def cost(self) -> int:
        """Build dice its traits, properties and pool take: the book's "Cost"."""
        return self.traits_cost + self.properties_cost + max(self.pool, 0)

    @property
    def dice(self) -> tuple[Die, ...]:
        """Its pool: plain d6s, or an invention's power dice with their steps; its traits
        step them up in the rolls they apply to."""
        count = max(self.pool, 0)
        steps = (*self.steps_on_dice[:count], *(0,) * max(count - len(self.steps_on_dice), 0))
        return tuple(stepping.die_for(n) if n else BASE for n in steps)

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "energy_dice": self.energy_dice,
                "dice_per_die": self.dice_per_die, "build_dice": self.build,
                "cost": self.cost, "pool": self.pool,
                "ledger": [line.to_json() for line in self.lines]}


class Ledger(NamedTuple):
    """A character's creation ledger: energy dice gained and spent, steps bought, each pool."""

    lines: tuple[Line, ...]
    steps: dict[BoughtType, StepBudget]
    powers: tuple[PowerPool, ...]
    agents: tuple[AgentPool, ...]
    npc: bool = False
    start: int = 0

    @property
    def left(self) -> int:
        """Energy dice left after creation: the character's pool in play."""
        return sum(line.dice for line in self.lines if line.charged)

    @property
    def spent(self) -> int:
        return -sum(line.dice for line in self.lines if line.charged and line.dice < 0)

    @property
    def gained(self) -> int:
        return sum(line.dice for line in self.lines if line.charged and line.dice > 0)

    def to_json(self) -> list[dict[str, object]]:
        return [line.to_json() for line in self.lines]


@dataclass
class _Lines:
    """A ledger's lines as they are written; ``charged`` is their default (False for an NPC)."""

    charged: bool
    out: list[Line] = field(default_factory=list)

    def add(self, dice: int, what: str, where: str, rule: Rule,
            charged: bool | None = None) -> None:
        self.out.append(Line(dice, what, where, rule,
                             self.charged if charged is None else charged))


def n_dice(n: int, what: str = "dice") -> str:
    """"1 energy die", "2 energy dice"."""
    return f"{n} {what.removesuffix('dice')}{'die' if n == 1 else 'dice'}".replace("  ", " ")


def power_label(power: Power, index: int) -> str:
    """How a power is named on the sheet and in ``power_pools``."""
    if power.name.strip():
        return power.name.strip()
    if power.application.strip():
        return power.application.strip()
    if power.category:
        return catalog.power_tables().category(power.category).name
    return f"Power {index + 1}"


def effect_cost(effect: Effect) -> int:
    row = catalog.effect(effect.name)
    return row.cost if row is not None else UNKNOWN_EFFECT_COST


def dice_per_die(character: ProtectorCharacter, power: Power) -> int:
    """Pool dice per energy die: as fixed at activation, else the era's number."""
    if power.dice_per_die is not None:
        return power.dice_per_die
    return catalog.era(character.era).dice_per_die


def _effect_lines(effects: Sequence[Effect], base: str, rule: Rule) -> tuple[int, list[Line]]:
    total, lines = 0, []
    for index, effect in enumerate(effects):
        cost = effect_cost(effect)
        total += cost
        verb = "adds" if cost < 0 else "costs"
        lines.append(Line(-cost, f"{effect.name} {verb} {abs(cost)}", f"{base}.{index}", rule))
    return total, lines


def power_pool(character: ProtectorCharacter, power: Power, index: int) -> PowerPool:
    """The pool of one power (Character Generation, Powers)."""
    where = f"powers.{index}"
    per_die = dice_per_die(character, power)
    name = power_label(power, index)
    era_name = catalog.era(character.era).name
    lines: list[Line] = []
    if not power.active:
        empty = stepping.step_dice(0, 0, ())
        return PowerPool(index, name, False, power.energy_dice, per_die, 0, 0, 0,
                         power.steps, 0, 0, (), empty, ())
    if power.energy_dice:
        fixed = "" if power.dice_per_die is None else " (fixed at activation)"
        spent = n_dice(power.energy_dice, "energy dice")
        lines.append(Line(power.energy_dice * per_die,
                          f"{spent} × {per_die} ({era_name}){fixed}",
                          f"{where}.energy_dice", R_POWER_POOL))
    if power.gained_dice:
        lines.append(Line(power.gained_dice, "gained outside creation",
                          f"{where}.gained_dice", R_TRAINING))
    effects_cost, effect_lines = _effect_lines(power.effects, f"{where}.effects", R_EFFECTS)
    lines += effect_lines
    rate = catalog.power_tables().steps
    step_dice = math.ceil(power.steps / rate.steps) * rate.pool_dice
    spare = step_dice // rate.pool_dice * rate.steps - power.steps
    if step_dice:
        lines.append(Line(-step_dice, f"{power.steps} steps ({rate.steps} a die)",
                          f"{where}.steps", R_POWER_STEPS))
    pool = power.energy_dice * per_die + power.gained_dice - effects_cost - step_dice
    stepped = stepping.step_dice(max(pool, 0), power.steps, power.dice)
    return PowerPool(index, name, True, power.energy_dice, per_die, power.gained_dice,
                     effects_cost, step_dice, power.steps, spare, pool, stepped.dice, stepped,
                     tuple(lines))


def invention_power(agent: Agent, powers: Sequence[PowerPool],
                    character: ProtectorCharacter) -> PowerPool | None:
    """The invention power an agent is an invention of, or None."""
    if agent.invention_of is None:
        return None
    return next((pool for pool in powers if pool.name == agent.invention_of.strip()
                 and character.powers[pool.index].invention), None)


def agent_dice_per_die(agent: Agent, powers: Sequence[PowerPool],
                       character: ProtectorCharacter) -> int:
    """Build dice per energy die: 6, or the invention power's pool (Super Inventions)."""
    if agent.invention_of is None:
        return catalog.agent_rules().dice_per_energy_die
    pool = invention_power(agent, powers, character)
    return 0 if pool is None else min(max(pool.pool, 0), MAX_DICE_PER_DIE)


def invention_steps(agent: Agent, powers: Sequence[PowerPool],
                    character: ProtectorCharacter, pool: int) -> tuple[int, ...]:
    """The steps on an invention's dice: "a number of dice equal to the super power's
    pool plus any dice steps" (Super Inventions; an 11-dice Invention with 3 steps makes
    an invention of those 11 dice, 3 of them stepped). Each energy die brings the power's
    dice once more, steps and all. Ours: the dice its traits and properties take are
    its plain dice first, so the stepped dice stay in its pool (best first)."""
    power = invention_power(agent, powers, character)
    if power is None or pool <= 0:
        return ()
    per_die = min(max(power.pool, 0), MAX_DICE_PER_DIE)
    each = (*power.stepping.steps_on_dice[:per_die],
            *(0,) * max(per_die - len(power.stepping.steps_on_dice), 0))
    steps = sorted(each * agent.energy_dice, reverse=True)[:pool]
    return tuple(steps) if any(steps) else ()


def agent_pool(character: ProtectorCharacter, agent: Agent, index: int,
               powers: Sequence[PowerPool]) -> AgentPool:
    """The pool of one agent (Making Agents; Equipment; Super Inventions)."""
    where = f"agents.{index}"
    rules = catalog.agent_rules()
    per_die = agent_dice_per_die(agent, powers, character)
    lines: list[Line] = []
    counted = agent.energy_dice * per_die
    unspent = 0
    if agent.printed_cost is not None and counted > agent.printed_cost:
        # The book's item takes its printed Cost, no more: the Pistol (Cost 3d) keeps its
        # System Pool 1d, not 1d + 3 left over (RULINGS Protector 10).
        unspent, counted = counted - agent.printed_cost, agent.printed_cost
    if agent.energy_dice:
        source = (f"{agent.invention_of}'s pool" if agent.invention_of else "build dice")
        what = f"{n_dice(agent.energy_dice, 'energy dice')} × {per_die} ({source})"
        if agent.printed_cost is not None:
            what += f", the book's Cost {agent.printed_cost}d"
            if unspent:
                what += f" ({unspent} left over, not in the pool)"
        lines.append(Line(counted, what, f"{where}.energy_dice",
                          R_INVENTIONS if agent.invention_of else (
                              R_EQUIPMENT_LIST if agent.printed_cost is not None
                              else R_AGENTS)))
    if agent.gained_dice:
        lines.append(Line(agent.gained_dice, "gained outside creation",
                          f"{where}.gained_dice", R_TRAINING))
    traits_cost = 0
    for t_index, trait in enumerate(agent.traits):
        per_step = rules.trait_cost.character if trait.type == "character" else (
            rules.trait_cost.agent)
        cost = trait.steps * per_step
        traits_cost += cost
        label = trait.name or trait.type
        steps = f"{trait.steps} step{'s' if trait.steps != 1 else ''}"
        lines.append(Line(-cost, f"{label}: {steps} × {per_step}",
                          f"{where}.traits.{t_index}", R_AGENTS))
    properties_cost, property_lines = _effect_lines(
        agent.properties, f"{where}.properties", R_PROPERTIES)
    lines += property_lines
    pool = counted + agent.gained_dice - traits_cost - properties_cost
    return AgentPool(index, agent.name, agent.energy_dice, per_die, agent.gained_dice,
                     traits_cost, properties_cost, pool, tuple(lines), unspent,
                     invention_steps(agent, powers, character, pool))


def step_budgets(character: ProtectorCharacter) -> dict[BoughtType, StepBudget]:
    """Steps bought per trait type and how many are on traits (RULINGS Protector 2)."""
    table = catalog.trait_table()
    from_limits = sum(5 - (t.limit if t.limit is not None else 5)
                      for t in character.traits if t.type == "limit")
    out: dict[BoughtType, StepBudget] = {}
    for kind in BOUGHT_TYPES:
        per_die = table.type(kind).steps_per_die or 0
        assigned = sum(t.steps for t in character.traits if t.type == kind)
        out[kind] = StepBudget(kind, getattr(character.trait_dice, kind), per_die,
                               from_limits if kind == "skill" else 0, assigned)
    return out


def build_ledger(character: ProtectorCharacter) -> Ledger:
    """The whole creation ledger of a character."""
    charge = not character.npc
    lines = _Lines(charged=charge)
    lines.add(character.energy_pool, "starting energy pool", "energy_pool", R_START, True)
    for index, conflict in enumerate(character.conflicts):
        lines.add(1, f"internal conflict: {conflict.conflict}", f"conflicts.{index}",
                  R_CONFLICT)
    tiers = {1: "first tier", 2: "second tier"}
    for index, decade in enumerate(character.decades):
        entry = decade.entry or "(no entry yet)"
        lines.add(-1, f"Decade {index + 1} ({tiers[decade.tier]}): {entry}",
                  f"decades.{index}", R_DECADES)
    budgets = step_budgets(character)
    for kind, budget in budgets.items():
        if budget.dice:
            lines.add(-budget.dice, f"{kind} steps: {n_dice(budget.dice)} × {budget.per_die}",
                      f"trait_dice.{kind}", R_TRAITS if kind != "conditional" else R_TRAIT_TYPES)
    powers = tuple(power_pool(character, p, i) for i, p in enumerate(character.powers))
    for pool in powers:
        if pool.active and pool.energy_dice:
            lines.add(-pool.energy_dice, f"power {pool.name}: activated",
                      f"powers.{pool.index}.energy_dice", R_POWER_POOL)
    agents = tuple(agent_pool(character, a, i, powers) for i, a in enumerate(character.agents))
    for pool in agents:
        if pool.energy_dice:
            agent = character.agents[pool.index]
            rule = R_INVENTIONS if agent.invention_of else (
                R_EQUIPMENT if agent.kind == "equipment" else R_AGENTS)
            lines.add(-pool.energy_dice, f"agent {pool.name}",
                      f"agents.{pool.index}.energy_dice", rule)
    if character.energy_change:
        verb = "gained" if character.energy_change > 0 else "spent"
        lines.add(character.energy_change, f"{verb} since creation (awards, training)",
                  "energy_change", R_AWARDS if character.energy_change > 0 else R_TRAINING,
                  True)
    return Ledger(tuple(lines.out), budgets, powers, agents, character.npc,
                  character.energy_pool)
