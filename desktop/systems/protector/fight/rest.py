"""Rest phases and healing help, repairing and restocking equipment, training phases
(Protector: Resting and Healing; Repairing Equipment; Agents, Equipment; Buying Traits
and Agents).

Pure functions over a mapping of combatants (see ``combat_pools``): each returns the new
mapping and a record whose ``describe()`` is the log line. ``combat.Encounter`` calls
them; the GM screen may too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from desktop.model.dice import Roller
from desktop.model.dice_pool import Die, Pool
from desktop.model.findings import Rule
from desktop.systems.protector.fight.pools import (
    ENERGY,
    Agent,
    Combatant,
    CombatError,
    Pick,
    PoolChange,
    SideRoll,
    throw,
)
from desktop.systems.protector.rules.combat_tables import (
    BOOK,
    RestPhase,
    TrainingKind,
    help_points_per_die,
    ladder,
    rest_die,
    rule_of,
)
from desktop.systems.protector.rules.dice import EnergyRoll, pool_die, roll

R_REST = Rule(BOOK, "Resting and Healing")
R_REPAIR = Rule(BOOK, "Repairing Equipment")
R_RESTOCK = Rule(BOOK, "Agents, Equipment")
R_TRAINING = Rule(BOOK, "Buying Traits and Agents")


def rest_returns(faces: Sequence[int]) -> int:
    """Depleted dice a rest roll returns: k − 1 for every group of k equal faces, k ≥ 2
    (a double returns one, a triple two…; RULINGS Protector 6)."""
    return sum(k - 1 for k in Counter(faces).values() if k >= 2)


def full_multiple(faces: Sequence[int]) -> bool:
    """Every die the same (the book's "full multiple")."""
    return len(faces) >= 2 and len(set(faces)) == 1


GROUP_WORDS = {2: "pair", 3: "triple", 4: "quadruple"}


def healing_group(faces: Sequence[int]) -> tuple[int, int] | None:
    """The multiple that heals a damage die at rest, as (face, how many), or None.

    The book says "If a player rolls a full multiple, meaning that all the dice rolled
    get the same result one damage die can be returned", but its own example counts the
    helper's dice and a pair among them: Grace rolls 2 and 3, Aiden adds 4 and 3, and
    "Gracie now has a multiple and can heal a die" (Protector, Resting and Healing).
    RULINGS Protector 9: two or more dice showing the same number heal one damage die,
    the helper's dice included; with only the character's own two d4 this is the same as
    a full multiple. The largest group is named (the highest face on a tie)."""
    groups = [(count, face) for face, count in Counter(faces).items() if count >= 2]
    if not groups:
        return None
    count, face = max(groups)
    return face, count


def group_text(face: int, count: int) -> str:
    """E.g. "pair of 3s", "triple of 4s", "5 × 2s"."""
    word = GROUP_WORDS.get(count)
    return f"{word} of {face}s" if word else f"{count} × {face}s"


def times_exceeded(total: int, score: int) -> int:
    """How many dice a roll gains against a score: none unless it exceeds the score,
    then one per full multiple of it (Repairing Equipment: 12 against 6 repairs two;
    Buying Traits and Agents: 16 against 4 gains four steps). Ours, from those
    examples."""
    if score <= 0:
        raise ValueError(f"a score to beat must be at least 1, not {score}")
    return total // score if total > score else 0


def _label(key: str, source: str) -> str:
    return key if source == ENERGY else f"{key}'s {source}"


# --- rest phases -------------------------------------------------------------------------


@dataclass(frozen=True)
class HealHelp:
    """A helper skips a rest roll to add dice to another's rest roll: one d4 per five
    points of the helper's roll (Resting and Healing)."""

    helper: str
    patient: str
    side: SideRoll
    dice: int

    def describe(self) -> str:
        return (f"{self.helper} helps {self.patient}: {self.side.roll.describe()} → "
                f"{self.dice} extra {rest_die()}{'' if self.dice == 1 else 's'} for "
                f"{self.patient}'s rest roll")


@dataclass(frozen=True)
class RestRoll:
    """One rest roll of one pool: its d4s, the depleted dice back and any damage die healed."""

    key: str
    source: str
    faces: tuple[int, ...]
    bonus: tuple[int, ...]
    """Dice added by a helper."""
    returned: int
    healed: int
    """A damage die back for a multiple (RULINGS Protector 9)."""
    healed_by: tuple[int, int] | None = None
    """The multiple that healed it: (face, how many)."""

    def describe(self) -> str:
        shown = ", ".join(map(str, self.faces))
        if self.bonus:
            shown += " + help " + ", ".join(map(str, self.bonus))
        parts = [f"{_label(self.key, self.source)} rests: "
                 f"{len(self.faces) + len(self.bonus)}{rest_die()} [{shown}]"]
        if self.returned:
            parts.append(f"{self.returned} depleted back")
        elif healing_group(self.faces + self.bonus) is None:
            parts.append("no multiple")
        elif not self.healed:
            parts.append("a multiple, but nothing depleted or damaged to return")
        if self.healed:
            which = group_text(*self.healed_by) if self.healed_by else "a multiple"
            parts.append(f"{which}: a damage die back (Resting and Healing)")
        return ", ".join(parts)


@dataclass(frozen=True)
class RestSkipped:
    """A pool that could not make its rest roll, and why."""

    key: str
    source: str
    why: str

    def describe(self) -> str:
        return f"{_label(self.key, self.source)} cannot roll to rest: {self.why}"


@dataclass(frozen=True)
class RestReport:
    """A whole rest phase: the healing help, every rest roll, the dice restored automatically."""

    phase: RestPhase
    helps: tuple[HealHelp, ...]
    rolls: tuple[RestRoll | RestSkipped, ...]
    restored: tuple[PoolChange, ...]

    def lines(self) -> tuple[str, ...]:
        head = (f"{self.phase.name}: {self.phase.rolls} rest "
                f"roll{'' if self.phase.rolls == 1 else 's'}, {self.phase.restore} "
                f"depleted {'die' if self.phase.restore == 1 else 'dice'} restored "
                f"({rule_of('rest_phases')})")
        return (head, *(h.describe() for h in self.helps),
                *(r.describe() for r in self.rolls), *(c.describe() for c in self.restored))

    def describe(self) -> str:
        return "; ".join(self.lines())


def _rest_pool(pool: Pool, key: str, source: str, rolls: int, bonus: int, skip: int,
               roller: Roller) -> tuple[Pool, list[RestRoll | RestSkipped]]:
    records: list[RestRoll | RestSkipped] = []
    sides = rest_die().sides
    for index in range(rolls):
        extra = bonus if index == 0 else 0
        if index < skip:
            continue
        if not pool.on_table and not pool.removed:
            break
        if pool.ready < 2 and not extra:
            records.append(RestSkipped(key, source, f"{pool.ready} ready "
                                       f"{'die' if pool.ready == 1 else 'dice'} (needs "
                                       "medical attention or the next rest phase)"))
            break
        faces = roller.throw(pool.ready, sides, why="rest").faces if pool.ready else ()
        added = roller.throw(extra, sides, why="healing help").faces if extra else ()
        every = faces + added
        pool, returned = pool.restore(rest_returns(every))
        healed = 0
        group = healing_group(every)
        if group is not None and pool.removed:
            pool, healed = pool.heal(1)
        records.append(RestRoll(key, source, faces, added, returned, healed,
                                group if healed else None))
    return pool, records


def rest(combatants: Mapping[str, Combatant], keys: Sequence[str], phase: RestPhase,
         roller: Roller, helpers: Mapping[str, tuple[str, Sequence[Pick]]] | None = None,
         restore_to: Mapping[str, Sequence[str]] | None = None,
         ) -> tuple[dict[str, Combatant], RestReport]:
    """A Rest, Sleep or Recovery for ``keys`` (Resting and Healing; RULINGS Protector 6).

    ``helpers`` maps a helper to (patient, the dice of its healing roll): it skips its
    own first rest roll, and its roll's value adds one d4 per five points to the
    patient's first energy rest roll. Ours: that roll is part of the rest phase, so it
    never depletes. Each pool (energy, then every agent, powers included) then rolls
    its ready dice as d4s ``phase.rolls`` times while it has something to recover.
    Last, ``phase.restore`` depleted dice come back automatically, to the pools in
    ``restore_to[key]`` order (default: energy, then the agents).
    """
    out = dict(combatants)
    helpers = dict(helpers or {})
    helps: list[HealHelp] = []
    bonus: dict[str, int] = {}
    for helper, (patient, chosen) in helpers.items():
        for who in (helper, patient):
            if who not in keys:
                raise CombatError(f"{who} is not resting")
        if helper == patient:
            raise CombatError(f"{helper} cannot skip a rest roll to help itself")
        out, side = throw(out, [helper], chosen, roller, deplete=False)
        dice = side.value // help_points_per_die()
        bonus[patient] = bonus.get(patient, 0) + dice
        helps.append(HealHelp(helper, patient, side, dice))
    rolls: list[RestRoll | RestSkipped] = []
    for key in keys:
        combatant = out[key]
        for source in combatant.sources():
            extra = bonus.get(key, 0) if source == ENERGY else 0
            skip = 1 if source == ENERGY and key in helpers else 0
            pool, records = _rest_pool(combatant.pool(source), key, source, phase.rolls,
                                       extra, skip, roller)
            combatant = combatant.with_pool(source, pool)
            rolls += records
        out[key] = combatant
    restored: list[PoolChange] = []
    for key in keys:
        left = phase.restore
        for source in (restore_to or {}).get(key) or out[key].sources():
            if not left:
                break
            before = out[key].pool(source)
            after, back = before.restore(left)
            if back:
                left -= back
                out[key] = out[key].with_pool(source, after)
                restored.append(PoolChange(key, source, before, after,
                                           f"restores {back} automatically"))
    return out, RestReport(phase, tuple(helps), tuple(rolls), tuple(restored))


# --- equipment ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Repair:
    """Repairing equipment: the repairer's roll against its damage dice, and the dice it fixed."""

    owner: str
    equipment: str
    damage_dice: tuple[Die, ...]
    damage_roll: EnergyRoll
    repairer: SideRoll
    tool: str
    tool_roll: EnergyRoll | None
    tool_changes: tuple[PoolChange, ...]
    repaired: int
    change: PoolChange | None

    @property
    def total(self) -> int:
        return self.repairer.value + (self.tool_roll.value if self.tool_roll else 0)

    def describe(self) -> str:
        parts = [f"repairing {_label(self.owner, self.equipment)}: damage dice "
                 f"{self.damage_roll.dice_shown()} → {self.damage_roll.value}",
                 self.repairer.describe()]
        if self.tool_roll is not None:
            parts.append(f"{self.tool} adds {self.tool_roll.dice_shown()}: total {self.total}")
        parts += [c.describe() for c in self.tool_changes]
        parts.append(f"{self.repaired} {'die' if self.repaired == 1 else 'dice'} of damage "
                     "repaired")
        return "; ".join(parts)


def damage_dice_of(agent: Agent) -> tuple[Die, ...]:
    """The equipment's damage dice as rolled for a repair: one per removed die, its
    trait steps spread over them (the motorcycle's Fast 3 steps: a d10 and a d8)."""
    base_steps = ladder().cost(agent.pool.base)
    return tuple(ladder().die_for(base_steps + die_steps)
                 for die_steps in _spread_steps(agent.pool.removed, agent.steps))


def _spread_steps(dice: int, steps: int) -> list[int]:
    if dice <= 0:
        return []
    each, extra = divmod(steps, dice)
    return [each + (1 if i < extra else 0) for i in range(dice)]


def repair(combatants: Mapping[str, Combatant], owner: str, equipment: str,
           repairer: Sequence[str], chosen: Sequence[Pick], roller: Roller,
           tool: tuple[str, str] | None = None) -> tuple[dict[str, Combatant], Repair]:
    """Repair damage to a piece of equipment (Repairing Equipment).

    The equipment's damage dice are rolled (they deplete nothing); the repairer rolls
    ``chosen`` dice (an ordinary roll: its dice deplete). If that beats the damage
    roll, a tool (owner, agent) adds one of its dice (Tool: it improves a roll that has
    passed). Each full multiple of the damage roll repairs one die (``times_exceeded``).
    """
    out = dict(combatants)
    agent = out[owner].agent(equipment)
    dice = damage_dice_of(agent)
    if not dice:
        raise CombatError(f"{_label(owner, equipment)} has no damage to repair")
    damage_roll = roll([pool_die(d, no_deplete=True) for d in dice], roller)
    out, side = throw(out, list(repairer), chosen, roller)
    tool_roll = None
    tool_changes: tuple[PoolChange, ...] = ()
    tool_name = ""
    if tool is not None and side.value > damage_roll.value:
        tool_owner, tool_name = tool
        kit = out[tool_owner].agent(tool_name)
        out, tool_side = throw(out, [tool_owner], [Pick(kit.die(), tool_name)], roller)
        tool_roll, tool_changes = tool_side.roll, tool_side.changes
    total = side.value + (tool_roll.value if tool_roll else 0)
    repaired = min(times_exceeded(total, damage_roll.value), len(dice))
    before = out[owner].agent(equipment).pool
    after, _ = before.heal(repaired)
    change = None
    if repaired:
        out[owner] = out[owner].with_pool(equipment, after)
        change = PoolChange(owner, equipment, before, after, f"repaired {repaired}")
    return out, Repair(owner, equipment, dice, damage_roll, side, tool_name, tool_roll,
                       tool_changes, repaired, change)


@dataclass(frozen=True)
class Restocked:
    """Equipment whose depleted dice came back after ten minutes restocking."""

    change: PoolChange

    def describe(self) -> str:
        return f"{self.change.describe()} (ten minutes restocking)"


def restock(combatants: Mapping[str, Combatant], owner: str, equipment: str
            ) -> tuple[dict[str, Combatant], Restocked]:
    """Equipment heals its depletions where its resource can be replenished, after ten
    minutes restocking (Agents, Equipment)."""
    out = dict(combatants)
    before = out[owner].agent(equipment).pool
    if not before.on_table:
        raise CombatError(f"{_label(owner, equipment)} has no depleted dice")
    after = before.restock()
    out[owner] = out[owner].with_pool(equipment, after)
    return out, Restocked(PoolChange(owner, equipment, before, after, "restocks"))


# --- training -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Training:
    """A training phase purchase: spent dice rolled against the difficulty, and what they gained."""

    key: str
    kind: TrainingKind
    target: str
    dice: tuple[Die, ...]
    faces: tuple[int, ...]
    difficulty_faces: tuple[int, ...]
    gains: int
    changes: tuple[PoolChange, ...]

    @property
    def total(self) -> int:
        return sum(f * d.multiplier for f, d in zip(self.faces, self.dice, strict=True))

    @property
    def difficulty(self) -> int:
        return sum(self.difficulty_faces) * self.kind.difficulty.die.multiplier

    def describe(self) -> str:
        shown = ", ".join(f"{d} {f * d.multiplier}"
                          for d, f in zip(self.dice, self.faces, strict=True))
        unit = "step" if self.kind.gains == "steps" else "die"
        plural = "" if self.gains == 1 else ("s" if unit == "step" else "")
        unit = "dice" if unit == "die" and self.gains != 1 else unit
        text = (f"{self.key} trains {self.kind.name} {self.target}: spends "
                f"{len(self.dice)} {'die' if len(self.dice) == 1 else 'dice'} [{shown}] "
                f"= {self.total} against {self.kind.difficulty} "
                f"[{', '.join(map(str, self.difficulty_faces))}] = {self.difficulty}: "
                f"{self.target} gains {self.gains} {unit}{plural}")
        return "; ".join([text, *(c.describe() for c in self.changes)])


def train(combatants: Mapping[str, Combatant], key: str, kind: TrainingKind, target: str,
          spend: int, roller: Roller, steps: int = 0) -> tuple[dict[str, Combatant], Training]:
    """A training phase purchase (Buying Traits and Agents).

    ``spend`` energy dice are lost for good and rolled, stepped up by the ``steps`` of
    related traits; the GM rolls the kind's difficulty dice. Ours: both are totalled
    (the book's 2d8 roll of 16 can only be a total). Each full multiple of the
    difficulty, once exceeded, gains a step of the trait ``target`` (the character's
    traits live in its file: the caller records the steps) or a die for the agent
    ``target``: an existing power, or equipment or an assistant, new or existing.
    """
    out = dict(combatants)
    combatant = out[key]
    if not target.strip():
        raise CombatError("name the trait or agent being trained")
    if not 0 < spend <= combatant.energy.ready:
        raise CombatError(f"{key} can spend 1 to {combatant.energy.ready} ready dice, "
                          f"not {spend}")
    if steps < 0:
        raise CombatError(f"related traits give 0 or more steps, not {steps}")
    agent = combatant.agents.get(target)
    if kind.gains == "dice" and kind.name.lower() == "power" and (
            agent is None or agent.kind != "power"):
        raise CombatError(f"{target!r} is not one of {key}'s powers: new powers cannot "
                          "be bought, only existing powers can have dice added")
    dice = ladder().spread(spend, steps)
    faces = tuple(roller.throw(1, d.sides, why="training").faces[0] for d in dice)
    hard = kind.difficulty
    difficulty_faces = roller.throw(hard.count, hard.die.sides, why="training difficulty").faces
    changes: list[PoolChange] = []
    before = combatant.energy
    combatant = combatant._replace(energy=before.spend(spend))
    changes.append(PoolChange(key, ENERGY, before, combatant.energy,
                              f"spends {spend} for good"))
    result = Training(key, kind, target, dice, faces, difficulty_faces, 0, ())
    gains = times_exceeded(result.total, result.difficulty)
    if kind.gains == "dice" and gains:
        if agent is None:
            agent = Agent(target, Pool(0), kind=kind.name.lower())
            combatant = combatant._replace(agents={**combatant.agents, target: agent})
        pool_before = agent.pool
        combatant = combatant.with_pool(target, pool_before.add(gains))
        changes.append(PoolChange(key, target, pool_before, combatant.pool(target),
                                  f"gains {gains}"))
    out[key] = combatant
    return out, replace(result, gains=gains, changes=tuple(changes))
