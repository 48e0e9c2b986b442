"""Protector derived values and creation findings: pure functions of a character.

Nothing here is stored. ``derive`` builds the creation ledger (``ledger``), each power's
and agent's pool, the character's traits with all their steps (Decades + bought +
trained), where the life path stands, and the findings, each citing the book section
(or ruling) it rests on and naming the field it concerns.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from desktop.model.dice_pool import Die, Pool
from desktop.model.findings import Finding, Severity
from desktop.systems.protector.rules import catalog, lifepath
from desktop.systems.protector.rules.character import (
    Agent,
    Effect,
    Power,
    ProtectorCharacter,
    Trait,
    TraitType,
)
from desktop.systems.protector.rules.citations import (
    R_AGENTS,
    R_ASSISTANTS,
    R_CONFLICT,
    R_CONSTRUCTION,
    R_CONTINUE,
    R_DAMAGE,
    R_DECADES,
    R_DEPLETION,
    R_EFFECTS,
    R_EQUIPMENT,
    R_EVENTS,
    R_FIRST_TIER,
    R_HIGHER_STEPS,
    R_INVENTIONS,
    R_POWER_POOL,
    R_POWER_STEPS,
    R_POWERS,
    R_PROPERTIES,
    R_START,
    R_STEPS,
    R_TRAIT_TYPES,
    R_TRAITS,
)
from desktop.systems.protector.rules.ledger import (
    AgentPool,
    Ledger,
    PowerPool,
    build_ledger,
)

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
STARTING_POOL = 10
TRADE_STEPS = 3
LIMIT_START = 5
EVENTS_PER_DECADE = (1, 4)
POWER_COUNT = (1, 6)


@dataclass(frozen=True)
class DerivedTrait:
    """A trait with all its steps: from Decades, its own entry and training."""

    name: str
    type: TraitType
    steps: int
    from_decades: int
    own_steps: int
    trained_steps: int
    condition: str = ""
    limit: int | None = None
    dice: tuple[int, ...] = ()
    fields: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"name": self.name, "type": self.type, "steps": self.steps,
                                  "from_decades": self.from_decades}
        if self.condition:
            out["condition"] = self.condition
        if self.limit is not None:
            out["limit"] = self.limit
        return out


@dataclass(frozen=True)
class ProtectorDerived:
    era_name: str
    era_dice_per_die: int
    ledger: Ledger
    energy_dice: int
    """Energy dice left after creation spending (and any change since): the pool in play."""
    energy_ready: int
    """Of those, dice not depleted or removed now."""
    traits: tuple[DerivedTrait, ...]
    powers: tuple[PowerPool, ...]
    agents: tuple[AgentPool, ...]
    next_step: lifepath.Step
    age: str
    findings: list[Finding] = field(default_factory=list)

    @property
    def power_pools(self) -> dict[str, list[str]]:
        """Each power's pool dice, its steps assigned (latent powers: no dice)."""
        return {p.name: [str(d) for d in p.dice] for p in self.powers}

    @property
    def agent_pools(self) -> dict[str, list[str]]:
        """Each agent's pool dice (d6s; its traits step them up where they apply)."""
        return {a.name: [str(d) for d in a.dice] for a in self.agents}

    def to_json(self, character: ProtectorCharacter) -> dict[str, Any]:
        """The ``sheetdesk derive --json`` object (keys fixed by PRODUCT.md, then ours)."""
        return {
            "system": "protector",
            "name": character.name,
            "findings": [f.to_json() for f in self.findings],
            "energy_dice": self.energy_dice,
            "power_pools": self.power_pools,
            "agent_pools": self.agent_pools,
            "era": character.era,
            "era_name": self.era_name,
            "power_dice_per_energy_die": self.era_dice_per_die,
            "npc": character.npc,
            "energy_ready": self.energy_ready,
            "energy_spent": self.ledger.spent,
            "energy_gained": self.ledger.gained,
            "ledger": self.ledger.to_json(),
            "steps": {kind: b.to_json() for kind, b in self.ledger.steps.items()},
            "traits": [t.to_json() for t in self.traits],
            "powers": [p.to_json() for p in self.powers],
            "agents": [a.to_json() for a in self.agents],
            "age": self.age,
            "next_step": self.next_step.kind,
            "next_step_prompt": self.next_step.prompt,
        }

    def energy_pool(self, character: ProtectorCharacter) -> Pool:
        """The energy pool in play as a shared ``Pool`` (ready, depleted, awarded,
        removed), for the dice roller and the GM screen."""
        state = character.energy
        return Pool(ready=max(self.energy_ready, 0), depleted=state.depleted,
                    awarded=state.awarded, removed=state.damaged)


def merged_traits(character: ProtectorCharacter) -> tuple[DerivedTrait, ...]:
    """Every trait once, by name and type: Decade grants + own entries + training."""
    order: list[tuple[str, TraitType]] = []
    decade_steps: Counter[tuple[str, TraitType]] = Counter()
    names: dict[tuple[str, TraitType], str] = {}
    own: dict[tuple[str, TraitType], list[tuple[int, Trait]]] = {}
    for decade in character.decades:
        for grant in decade.traits:
            if not grant.name.strip():
                continue
            key = (grant.name.strip().casefold(), grant.type)
            if key not in names:
                order.append(key)
                names[key] = grant.name.strip()
            decade_steps[key] += grant.steps
    for index, trait in enumerate(character.traits):
        key = (trait.name.strip().casefold(), trait.type)
        if key not in names:
            order.append(key)
            names[key] = trait.name.strip()
        own.setdefault(key, []).append((index, trait))
    out = []
    for key in order:
        entries = own.get(key, [])
        own_steps = sum(t.steps for _, t in entries)
        trained = sum(t.trained_steps for _, t in entries)
        first = entries[0][1] if entries else None
        out.append(DerivedTrait(
            name=names[key], type=key[1], steps=decade_steps[key] + own_steps + trained,
            from_decades=decade_steps[key], own_steps=own_steps, trained_steps=trained,
            condition=first.condition if first else "",
            limit=first.limit if first else None,
            dice=tuple(first.dice) if first else (),
            fields=tuple(f"traits.{i}" for i, _ in entries)))
    return tuple(out)


def age_of(decades: int) -> str:
    """"10-19" for one Decade, "20-29" for two (Character Generation, Decades)."""
    if decades <= 0:
        return "0-9"
    return f"{decades * 10}-{decades * 10 + 9}"


def derive(character: ProtectorCharacter) -> ProtectorDerived:
    era = catalog.era(character.era)
    ledger = build_ledger(character)
    left = ledger.left
    state = character.energy
    derived = ProtectorDerived(
        era_name=era.name,
        era_dice_per_die=era.dice_per_die,
        ledger=ledger,
        energy_dice=left,
        energy_ready=left - state.depleted - state.damaged,
        traits=merged_traits(character),
        powers=ledger.powers,
        agents=ledger.agents,
        next_step=lifepath.next_step(character),
        age=age_of(len(character.decades)),
    )
    derived.findings.extend(findings(character, derived))
    return derived


# ---------------------------------------------------------------- findings


def findings(character: ProtectorCharacter, derived: ProtectorDerived) -> list[Finding]:
    out: list[Finding] = []
    if not character.name.strip():
        out.append(Finding(W, "The character has no Name yet", R_START, "name"))
    out += _energy_findings(character, derived)
    if not character.npc:
        out += _life_path_findings(character, derived)
        out += _budget_findings(derived)
    out += _trait_findings(character, derived)
    out += _power_findings(character, derived)
    out += _agent_findings(character, derived)
    for index, conflict in enumerate(character.conflicts):
        if not conflict.trigger.strip():
            out.append(Finding(W, f"Internal conflict {conflict.conflict!r} needs a trigger "
                                  "broad enough to be commonly encountered", R_CONFLICT,
                               f"conflicts.{index}.trigger"))
    return out


def _energy_findings(character: ProtectorCharacter, derived: ProtectorDerived) -> list[Finding]:
    out: list[Finding] = []
    ledger = derived.ledger
    if not character.npc and character.energy_pool != STARTING_POOL:
        out.append(Finding(I, f"Starting pool of {character.energy_pool} dice set by the GM "
                              f"({STARTING_POOL} recommended)", R_START, "energy_pool"))
    if derived.energy_dice < 0:
        out.append(Finding(E, f"{ledger.spent} energy dice spent of {ledger.gained}: "
                              f"{-derived.energy_dice} over", R_START, "energy_pool"))
    elif derived.energy_dice == 0 and not character.npc:
        out.append(Finding(W, "No energy dice left: the character is out of play until "
                              "dice come back", R_DEPLETION, "energy_pool"))
    state = character.energy
    if state.depleted + state.damaged > max(derived.energy_dice, 0):
        out.append(Finding(E, f"{state.depleted} depleted and {state.damaged} damaged dice, "
                              f"but the pool has {max(derived.energy_dice, 0)}",
                           R_DAMAGE, "energy.depleted"))
    return out


def _life_path_findings(character: ProtectorCharacter,
                        derived: ProtectorDerived) -> list[Finding]:
    out: list[Finding] = []
    step = derived.next_step
    if not character.decades:
        out.append(Finding(E, "Every character starts with at least one Decade (it costs an "
                              "energy die)", R_DECADES, "decades"))
    elif not step.done:
        out.append(Finding(I, f"Life path not finished: {step.prompt}", step.rule,
                           _step_field(step)))
    tables = catalog.lifepath_tables()
    event_names = {row.id: row for row in tables.events.rows}
    decades = character.decades
    for d_index, decade in enumerate(decades):
        where = f"decades.{d_index}"
        label = f"Decade {d_index + 1}"
        tier = 1 if d_index == 0 else 2
        if decade.tier != tier:
            which = "first" if tier == 1 else "second"
            out.append(Finding(E, f"{label} comes from the {which}-tier table", R_FIRST_TIER,
                               f"{where}.tier"))
        table = tables.decades.tier(decade.tier)
        row = table.named(decade.entry) if decade.entry else None
        if decade.entry and row is None:
            out.append(Finding(I, f"{label}: {decade.entry!r} is not on the table (the "
                                  "player's own)", R_DECADES, f"{where}.entry"))
        if decade.roll is not None and row is not None and not (
                row.low <= decade.roll <= row.high):
            rolled = table.for_roll(decade.roll).name
            out.append(Finding(W, f"{label}: a roll of {decade.roll} gives {rolled}, not "
                                  f"{decade.entry}", R_DECADES, f"{where}.roll"))
        if decade.entry and not decade.description.strip():
            out.append(Finding(I, f"{label}: describe what the character was doing",
                               R_DECADES, f"{where}.description"))
        count = decade.event_count
        low, high = EVENTS_PER_DECADE
        if count is not None and not low <= count <= high:
            out.append(Finding(W, f"{label}: {count} Events; the 1d4 gives {low} to {high}",
                               R_EVENTS, f"{where}.event_count"))
        if count is not None and len(decade.events) > count:
            out.append(Finding(W, f"{label} has {len(decade.events)} Events; its roll gave "
                                  f"{count}", R_EVENTS, f"{where}.events"))
        for e_index, event in enumerate(decade.events):
            e_where = f"{where}.events.{e_index}"
            if event.type is not None and not event.description.strip():
                out.append(Finding(W, f"{label}, Event {e_index + 1} "
                                      f"({event_names[event.type].name}) needs a one-sentence "
                                      "description", R_EVENTS, f"{e_where}.description"))
            if event.roll is not None and event.type is not None and (
                    tables.events.for_roll(event.roll).id != event.type):
                out.append(Finding(W, f"{label}, Event {e_index + 1}: a roll of {event.roll} "
                                      f"is {tables.events.for_roll(event.roll).name}",
                                   R_EVENTS, f"{e_where}.roll"))
        out += _continuation_findings(character, d_index)
    if character.power_count is not None:
        low, high = POWER_COUNT
        if not low <= character.power_count <= high:
            out.append(Finding(W, f"{character.power_count} powers: the 1d6 gives {low} to "
                                  f"{high}", R_POWERS, "power_count"))
        if len(character.powers) > character.power_count:
            out.append(Finding(W, f"{len(character.powers)} powers; the life path gave "
                                  f"{character.power_count}", R_POWERS, "powers"))
    return out


def _step_field(step: lifepath.Step) -> str:
    if step.power is not None:
        return f"powers.{step.power}"
    if step.decade is not None:
        return f"decades.{step.decade}"
    return "power_count" if step.kind == "power_count" else "decades"


def _continuation_findings(character: ProtectorCharacter, d_index: int) -> list[Finding]:
    out: list[Finding] = []
    decade = character.decades[d_index]
    where = f"decades.{d_index}.continuation"
    label = f"After Decade {d_index + 1}"
    result = decade.continuation
    has_next = d_index + 1 < len(character.decades)
    if result is not None and result.faces:
        if len(result.faces) != d_index + 1:
            out.append(Finding(E, f"{label}: roll one die per decade held ({d_index + 1}), "
                                  f"not {len(result.faces)}", R_CONTINUE, where))
        if any(not 1 <= face <= 6 for face in result.faces):
            out.append(Finding(E, f"{label}: d6 faces go from 1 to 6", R_CONTINUE, where))
        if result.another != all(face % 2 == 1 for face in result.faces):
            out.append(Finding(E, f"{label}: another Decade comes only if all the dice are "
                                  "odd", R_CONTINUE, where))
    if has_next and (result is None or not result.another):
        said = "no continuation roll was made" if result is None else (
            "the continuation roll went on to powers")
        out.append(Finding(W, f"Decade {d_index + 2} follows, but {said}", R_CONTINUE, where))
    return out


def _budget_findings(derived: ProtectorDerived) -> list[Finding]:
    out: list[Finding] = []
    for kind, budget in derived.ledger.steps.items():
        rule = R_TRAIT_TYPES if kind == "conditional" else R_TRAITS
        if budget.unassigned < 0:
            out.append(Finding(E, f"{budget.assigned} {kind} steps on traits, but "
                                  f"{budget.bought} bought ({budget.dice} dice × "
                                  f"{budget.per_die}"
                                  + (f" + {budget.from_limits} from limits" if
                                     budget.from_limits else "")
                                  + f"): buy another {kind} die", rule, f"trait_dice.{kind}"))
        elif budget.unassigned > 0:
            out.append(Finding(I, f"{budget.unassigned} {kind} step"
                                  f"{'s' if budget.unassigned != 1 else ''} bought, not yet "
                                  "on a trait", rule, f"trait_dice.{kind}"))
    return out


def _trait_findings(character: ProtectorCharacter, derived: ProtectorDerived) -> list[Finding]:
    out: list[Finding] = []
    for index, trait in enumerate(character.traits):
        where = f"traits.{index}"
        if trait.type == "trade" and trait.steps != TRADE_STEPS:
            out.append(Finding(E, f"Trade {trait.name}: a trade gives {TRADE_STEPS} steps, "
                                  f"not {trait.steps}", R_TRAIT_TYPES, f"{where}.steps"))
        if trait.type == "limit":
            if trait.steps:
                out.append(Finding(E, f"Limit {trait.name}: a limit has no steps of its own; "
                                      "it gives skill steps to spend on skills",
                                   R_TRAIT_TYPES, f"{where}.steps"))
            if trait.limit is None:
                out.append(Finding(E, f"Limit {trait.name} needs its value (5 gives nothing, "
                                      "3 gives 2 skill steps)", R_TRAIT_TYPES,
                                   f"{where}.limit"))
        elif trait.limit is not None:
            out.append(Finding(W, f"{trait.name}: only a limit has a limit value",
                               R_TRAIT_TYPES, f"{where}.limit"))
        if trait.type in ("conditional", "limit") and not trait.condition.strip():
            what = "trigger" if trait.type == "conditional" else "tests it caps"
            out.append(Finding(W, f"{trait.type.capitalize()} {trait.name}: define the "
                                  f"{what}", R_TRAIT_TYPES, f"{where}.condition"))
    for trait in derived.traits:
        if trait.dice and sum(trait.dice) > trait.steps:
            out.append(Finding(E, f"{trait.name}: {sum(trait.dice)} steps put on dice, but it "
                                  f"has {trait.steps}", R_STEPS,
                               (trait.fields or ("traits",))[0] + ".dice"))
    return out


def _effect_findings(effects: list[Effect], where: str, label: str, kind: str) -> list[Finding]:
    """Prerequisites, duplicates and names not in the book (powers' effects or equipment
    properties)."""
    out: list[Finding] = []
    rule = R_EFFECTS if kind == "power" else R_PROPERTIES
    names = [e.name.strip().casefold() for e in effects]
    seen: set[str] = set()
    for index, effect in enumerate(effects):
        e_where = f"{where}.{index}"
        row = catalog.effect(effect.name)
        key = effect.name.strip().casefold()
        if row is None:
            out.append(Finding(W, f"{label}: {effect.name!r} is not in the book's list; the "
                                  "GM must approve it (1 die)", rule, e_where))
        elif (row.power if kind == "power" else row.equipment) is None:
            out.append(Finding(W, f"{label}: the book gives {row.name} to "
                                  f"{'equipment' if kind == 'power' else 'powers'} only",
                               rule, e_where))
        if key in seen and key != "limit":
            out.append(Finding(E, f"{label}: {effect.name} taken twice", rule, e_where))
        seen.add(key)
        if row is not None and row.requires and row.requires.casefold() not in names:
            out.append(Finding(E, f"{label}: {row.name} requires {row.requires}", rule,
                               e_where))
        if row is not None and row.name == "Limit" and not effect.note.strip():
            out.append(Finding(W, f"{label}: say how the Limit limits it", rule,
                               f"{e_where}.note"))
        if row is not None and row.name == "No Deplete" and kind == "power" and not (
                effect.note.strip()):
            out.append(Finding(I, f"{label}: No Deplete names a point on the body or a kind "
                                  "of attack that can damage the power", rule,
                               f"{e_where}.note"))
    return out


def _power_findings(character: ProtectorCharacter, derived: ProtectorDerived) -> list[Finding]:
    out: list[Finding] = []
    era = catalog.era(character.era)
    trait_names = {t.name.casefold() for t in derived.traits}
    names = Counter(p.name for p in derived.powers)
    for pool, power in zip(derived.powers, character.powers, strict=True):
        where = f"powers.{pool.index}"
        label = f"Power {pool.name}"
        if names[pool.name] > 1:
            out.append(Finding(W, f"{names[pool.name]} powers are called {pool.name}: name "
                                  "them apart", R_POWERS, f"{where}.name"))
        out += _power_link_findings(character, pool.index, where, label, trait_names)
        if power.active:
            out += _active_power_findings(character, power, pool, where, label, era)
        else:
            if power.energy_dice:
                out.append(Finding(E, f"{label} is latent but has {power.energy_dice} energy "
                                      "dice: latent powers cost nothing and have no pool "
                                      "(activate it, or take the dice back)", R_POWERS,
                                   f"{where}.energy_dice"))
            if power.effects or power.steps:
                out.append(Finding(W, f"{label} is latent: its effects and steps are bought "
                                      "with its pool when it is activated", R_EFFECTS,
                                   f"{where}.effects"))
        out += _effect_findings(power.effects, f"{where}.effects", label, "power")
    return out


def _power_link_findings(character: ProtectorCharacter, index: int, where: str,
                         label: str, trait_names: set[str]) -> list[Finding]:
    out: list[Finding] = []
    power = character.powers[index]
    if power.category is not None and power.application.strip():
        category = catalog.power_tables().category(power.category)
        if power.category == "amplification":
            if power.application.strip().casefold() not in trait_names:
                out.append(Finding(W, f"{label} amplifies {power.application!r}, which is not "
                                      "one of the character's traits", R_POWERS,
                               f"{where}.application"))
        elif category.applications.rows and category.applications.named(
                power.application) is None:
            out.append(Finding(I, f"{label}: {power.application!r} is the player's own "
                                  f"application of {category.name}", R_POWERS,
                               f"{where}.application"))
    link = power.event
    if link is not None:
        if link.decade >= len(character.decades) or (
                link.event >= len(character.decades[link.decade].events)):
            out.append(Finding(E, f"{label} answers Event {link.event + 1} of Decade "
                                  f"{link.decade + 1}, which the character does not have",
                               R_POWERS, f"{where}.event"))
    elif not character.npc and power.category is not None and (
            lifepath.next_step(character).power != index):
        out.append(Finding(W, f"{label} should answer one of the character's Events",
                           R_POWERS, f"{where}.event"))
    return out


def _active_power_findings(character: ProtectorCharacter, power: Power, pool: PowerPool,
                           where: str, label: str, era: catalog.EraRow) -> list[Finding]:
    out: list[Finding] = []
    minimum = catalog.power_tables().activation.minimum_dice
    if power.energy_dice < minimum and not (character.npc and power.gained_dice):
        out.append(Finding(E, f"{label} is active: activating a power costs at least "
                              f"{minimum} energy die", R_POWERS, f"{where}.energy_dice"))
    if power.dice_per_die is not None and power.dice_per_die != era.dice_per_die:
        after = era.id == "coming_menace_after" and power.dice_per_die == 3
        if after:
            out.append(Finding(W, f"{label}: The Visionary has died, so Coming Menace powers "
                                  f"get 3 more dice a die ({era.dice_per_die})", R_POWER_POOL,
                               f"{where}.dice_per_die"))
        else:
            out.append(Finding(I, f"{label}: {power.dice_per_die} pool dice a die, fixed at "
                                  f"activation ({era.name} gives {era.dice_per_die})",
                               R_POWER_POOL, f"{where}.dice_per_die"))
    if pool.pool < 0:
        out.append(Finding(E, f"{label}: its effects and steps cost {-pool.pool} more pool "
                              f"dice than it has ({pool.bought})", R_EFFECTS,
                           f"{where}.effects"))
    elif pool.pool == 0:
        out.append(Finding(W, f"{label} has no dice left in its pool to roll", R_EFFECTS,
                           f"{where}.steps"))
    if pool.spare_steps:
        out.append(Finding(I, f"{label}: steps come 3 for a pool die; {pool.spare_steps} more "
                              "paid for", R_POWER_STEPS, f"{where}.steps"))
    stepped = pool.stepping
    if stepped.extra_dice:
        out.append(Finding(E, f"{label}: steps are put on {stepped.extra_dice} more dice than "
                              "its pool has", R_STEPS, f"{where}.dice"))
    if stepped.unassigned < 0:
        out.append(Finding(E, f"{label}: {power.steps - stepped.unassigned} steps put on dice, "
                              f"but it has {power.steps}", R_STEPS, f"{where}.dice"))
    elif stepped.unassigned > 0 and power.dice:
        out.append(Finding(I, f"{label}: {stepped.unassigned} steps not on any die",
                           R_STEPS, f"{where}.dice"))
    if stepped.unused:
        out.append(Finding(I, f"{label}: {stepped.unused} steps on its dice buy nothing until "
                              "the next die up (after the d20: 1d4x10 at 16)", R_HIGHER_STEPS,
                           f"{where}.dice"))
    if power.depleted + power.damaged > max(pool.pool, 0):
        out.append(Finding(E, f"{label}: {power.depleted + power.damaged} dice depleted or "
                              f"damaged of a pool of {max(pool.pool, 0)}", R_DEPLETION,
                           f"{where}.depleted"))
    return out


def _agent_findings(character: ProtectorCharacter, derived: ProtectorDerived) -> list[Finding]:
    out: list[Finding] = []
    names = Counter(a.name for a in character.agents)
    powers = {p.name: (p, character.powers[p.index]) for p in derived.powers}
    minimum = catalog.agent_rules().minimum_pool.dice
    for pool, agent in zip(derived.agents, character.agents, strict=True):
        where = f"agents.{pool.index}"
        label = f"Agent {agent.name}"
        if names[agent.name] > 1:
            out.append(Finding(W, f"{names[agent.name]} agents are called {agent.name}: name "
                                  "them apart", R_AGENTS, f"{where}.name"))
        if pool.build == 0:
            out.append(Finding(E, f"{label} has no dice: each energy die spent on it gives "
                                  "6", R_AGENTS, f"{where}.energy_dice"))
        elif pool.pool < 0:
            spent = pool.traits_cost + pool.properties_cost
            out.append(Finding(E, f"{label}: its traits and properties cost {spent} "
                                  f"of {pool.build} build dice: {-pool.pool} over", R_AGENTS,
                               f"{where}.traits"))
        elif pool.pool < minimum and agent.kind == "equipment":
            out.append(Finding(E, f"{label}: one build die must go to its pool",
                               R_CONSTRUCTION, f"{where}.traits"))
        out += _invention_findings(agent, where, label, powers)
        out += _agent_trait_findings(agent, where, label)
        if agent.kind == "equipment" or agent.properties:
            out += _effect_findings(agent.properties, f"{where}.properties", label,
                                    "equipment")
        if agent.depleted + agent.damaged > max(pool.pool, 0):
            out.append(Finding(E, f"{label}: {agent.depleted + agent.damaged} dice depleted "
                                  f"or damaged of a pool of {max(pool.pool, 0)}", R_DEPLETION,
                               f"{where}.depleted"))
    return out


def _invention_findings(agent: Agent, where: str, label: str,
                        powers: dict[str, tuple[PowerPool, Power]]) -> list[Finding]:
    if agent.invention_of is None:
        return []
    found = powers.get(agent.invention_of.strip())
    if found is None:
        return [Finding(E, f"{label} is an invention of {agent.invention_of!r}, which the "
                           "character does not have", R_INVENTIONS, f"{where}.invention_of")]
    pool, power = found
    if not power.invention:
        return [Finding(E, f"{label}: {pool.name} is not marked as an invention power",
                        R_INVENTIONS, f"{where}.invention_of")]
    if not power.active and agent.energy_dice:
        return [Finding(E, f"{label}: {pool.name} is latent, so it gives no build dice",
                        R_INVENTIONS, f"{where}.invention_of")]
    return []


def _agent_trait_findings(agent: Agent, where: str, label: str) -> list[Finding]:
    out: list[Finding] = []
    if agent.kind == "equipment" and not agent.types:
        out.append(Finding(W, f"{label}: equipment gets a type (Weapon, Defense, Movement…)",
                           R_EQUIPMENT, f"{where}.types"))
    for index, trait in enumerate(agent.traits):
        t_where = f"{where}.traits.{index}"
        if agent.kind == "assistant" and trait.type not in ("skill", "character"):
            out.append(Finding(W, f"{label}: an assistant's traits are skills",
                               R_ASSISTANTS, t_where))
        elif (agent.kind == "equipment" and trait.type not in ("skill", "character")
              and trait.type not in agent.types):
            type_name = catalog.agent_rules().equipment_type(trait.type).name
            out.append(Finding(I, f"{label}: a {type_name} trait, but it does not have the "
                                  f"{type_name} type", R_EQUIPMENT, t_where))
        if trait.dice and sum(trait.dice) > trait.steps:
            out.append(Finding(E, f"{label}: {sum(trait.dice)} steps put on dice, but "
                                  f"{trait.name or trait.type} has {trait.steps}", R_STEPS,
                               f"{t_where}.dice"))
    return out


def pool_dice(derived: ProtectorDerived, what: str) -> list[Die]:
    """The dice of a power or agent by name (power first); [] if none is so named."""
    for power in derived.powers:
        if power.name == what:
            return list(power.dice)
    for agent in derived.agents:
        if agent.name == what:
            return list(agent.dice)
    return []

