"""The Protector sheet's view: a character and its derived values (``derive``) flattened
into the strings, numbers and dice the sheet and the ID card print
(``ProtectorSheetView``). No drawing here; the dice are ``desktop.pdf.dice`` faces.

It keeps the book's sheet's order (the page after the Powers Appendix: Name, Energy Die,
Depleted Dice, Damage Dice, Traits, Character Description, Decades, Events, Agents with
their Pool and Depleted Die, the RISKED box) and adds what that sheet leaves to the
margins: the powers (category, application, pool dice, effects; Character Generation,
Powers list powers as agents), the internal conflicts, and the lines of the ID card's
back (each power and agent, the key traits).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from desktop.model.dice_faces import DieFace, pool_faces, summary
from desktop.systems.protector.rules import catalog, combat_tables
from desktop.systems.protector.rules.character import Agent, Effect, Power, ProtectorCharacter
from desktop.systems.protector.rules.derived import ProtectorDerived, age_of, derive
from desktop.systems.protector.rules.ledger import AgentPool, Ledger, PowerPool
from desktop.systems.protector.rules.traits import LIMIT_START

BASE_DIE = "d6"
"""Every energy and agent die is a d6 until a trait steps it up (The Dice Pool)."""


@dataclass(frozen=True)
class TraitRow:
    """One trait's row on the sheet, already worded."""

    name: str
    kind: str
    steps: str
    note: str


@dataclass(frozen=True)
class DecadeRow:
    """One Decade of the life path, as the sheet prints it."""

    age: str
    entry: str
    traits: str
    description: str


@dataclass(frozen=True)
class EventRow:
    """One life path Event, as the sheet prints it, with the powers that answer it."""

    decade: str
    kind: str
    description: str
    powers: str


@dataclass(frozen=True)
class PoolRow:
    """A power or an agent: what it is, how its pool was built, and its dice."""

    name: str
    kind: str
    details: str
    build: str
    dice: tuple[DieFace, ...]
    depleted: str


@dataclass(frozen=True)
class ConflictRow:
    """One internal conflict and what triggers it, as the sheet prints it."""

    conflict: str
    trigger: str


@dataclass(frozen=True)
class RiskedRow:
    """One entry of the sheet's RISKED box: a reason a die depleted."""

    letter: str
    name: str
    text: str


@dataclass(frozen=True)
class ProtectorSheetView:
    """Everything the sheet and the ID card print, already worded and computed."""

    name: str
    player: str
    era: str
    era_note: str
    age: str
    npc: bool
    description: str
    notes: str
    energy_dice: tuple[DieFace, ...]
    energy_total: int
    energy_ready: int
    depleted: int
    damaged: int
    awarded: int
    energy_note: str
    traits: tuple[TraitRow, ...]
    steps_note: str
    decades: tuple[DecadeRow, ...]
    events: tuple[EventRow, ...]
    powers: tuple[PoolRow, ...]
    agents: tuple[PoolRow, ...]
    conflicts: tuple[ConflictRow, ...]
    conflict_note: str
    risked: tuple[RiskedRow, ...]
    life_path: str
    power_cards: tuple[tuple[str, str], ...]
    """(name, "3d8 4d6 · No Deplete") for the ID card's back."""
    agent_cards: tuple[tuple[str, str], ...]
    key_traits: tuple[tuple[str, str], ...]
    picture: bytes | None = None
    """The character's picture (PNG or JPEG), beside the header's fields."""


def plural(n: int, one: str, many: str | None = None) -> str:
    """"1 die", "3 dice"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _energy_note(character: ProtectorCharacter, ledger: Ledger, total: int) -> str:
    """"10 to start + 1 conflict − 2 decades − 2 traits − 2 powers − 2 agents = 3"."""
    if character.npc:
        return f"{character.energy_pool} as the GM sets them (NPC)" + (
            f", {character.energy_change:+d} since" if character.energy_change else "")
    groups = (("conflicts", "conflict"), ("decades", "decade"), ("trait_dice", "trait die"),
              ("powers", "power"), ("agents", "agent"))
    parts = [f"{character.energy_pool} to start"]
    for prefix, word in groups:
        dice = sum(line.dice for line in ledger.lines if line.field.startswith(prefix + "."))
        if dice:
            sign = "+" if dice > 0 else "−"
            many = "trait dice" if word == "trait die" else None
            parts.append(f"{sign} {abs(dice)} {word if abs(dice) == 1 else many or word + 's'}")
    if character.energy_change:
        sign = "+" if character.energy_change > 0 else "−"
        parts.append(f"{sign} {abs(character.energy_change)} since creation")
    return " ".join(parts) + f" = {total}"


def _trait_rows(derived: ProtectorDerived) -> tuple[TraitRow, ...]:
    table = catalog.trait_table()
    out = []
    for trait in derived.traits:
        notes = []
        if trait.type == "limit":
            limit = trait.limit if trait.limit is not None else LIMIT_START
            gives = LIMIT_START - limit
            steps = f"limit {limit}"
            notes.append(f"gives {plural(gives, 'skill step')}")
        else:
            steps = str(trait.steps)
        if trait.from_decades and trait.from_decades != trait.steps:
            bits = [f"{trait.from_decades} from Decades"]
            if trait.own_steps:
                bits.append(f"{trait.own_steps} bought" if trait.type != "trade"
                            else f"{trait.own_steps} trade")
            if trait.trained_steps:
                bits.append(f"{trait.trained_steps} trained")
            notes.append(" + ".join(bits))
        elif trait.from_decades:
            notes.append("from Decades")
        elif trait.trained_steps:
            notes.append(f"{trait.trained_steps} trained")
        if trait.type == "trade":
            notes.append("dice it steps up deplete after the roll")
        if trait.condition:
            notes.append(("caps: " if trait.type == "limit" else "when: ") + trait.condition)
        if trait.dice:
            notes.append("dice " + " + ".join(str(s) for s in trait.dice))
        out.append(TraitRow(trait.name, table.type(trait.type).name, steps, "; ".join(notes)))
    return tuple(out)


def _steps_note(derived: ProtectorDerived) -> str:
    open_steps = [f"{b.unassigned} {kind}" for kind, b in derived.ledger.steps.items()
                  if b.unassigned > 0]
    return f"steps bought, not on a trait yet: {', '.join(open_steps)}" if open_steps else ""


def _decade_rows(character: ProtectorCharacter) -> tuple[DecadeRow, ...]:
    tiers = {1: "first tier", 2: "second tier"}
    out = []
    for index, decade in enumerate(character.decades):
        how = tiers[decade.tier] + (f", d20 {decade.roll}" if decade.roll else ", chosen")
        grants = ", ".join(f"{g.name or g.prompt or '/'.join(g.options) or g.type} {g.steps}"
                           for g in decade.traits)
        out.append(DecadeRow(age_of(index + 1), f"{decade.entry or '—'} ({how})", grants,
                             decade.description))
    return tuple(out)


def _event_rows(character: ProtectorCharacter,
                derived: ProtectorDerived) -> tuple[EventRow, ...]:
    names = {row.id: row.name for row in catalog.lifepath_tables().events.rows}
    linked: dict[tuple[int, int], list[str]] = {}
    for pool, power in zip(derived.powers, character.powers, strict=True):
        if power.event is not None:
            linked.setdefault((power.event.decade, power.event.event), []).append(pool.name)
    out = []
    for d_index, decade in enumerate(character.decades):
        for e_index, event in enumerate(decade.events):
            kind = names[event.type] if event.type else "—"
            if event.roll:
                kind += f" (d8 {event.roll})"
            out.append(EventRow(f"{d_index + 1}.{e_index + 1}", kind, event.description,
                                ", ".join(linked.get((d_index, e_index), []))))
    return tuple(out)


def _effects_text(effects: Sequence[Effect]) -> str:
    return ", ".join(f"{e.name} ({e.note})" if e.note else e.name for e in effects)


def _build(parts: list[str], pool: int) -> str:
    return " ".join(parts) + f" = {plural(pool, 'die', 'dice')}"


def _power_row(character: ProtectorCharacter, power: Power, pool: PowerPool) -> PoolRow:
    tables = catalog.power_tables()
    category = tables.category(power.category).name if power.category else "—"
    kind = category + (f" · {power.application}" if power.application else "")
    if power.invention:
        kind += " (invention)"
    details = []
    if power.effects:
        details.append(_effects_text(power.effects))
    if power.event is not None:
        link = power.event
        details.append(f"Answers Event {link.decade + 1}.{link.event + 1}")
    details += [t for t in (power.description, power.notes) if t]
    dice = tuple(str(d) for d in pool.dice)
    if not pool.active:
        build = "latent: no pool until activated (1 energy die or more)"
        depleted = "—"
    else:
        era = catalog.era(character.era).name
        parts = []
        if pool.energy_dice:
            parts.append(f"{pool.energy_dice}×{pool.dice_per_die} ({era})")
        if pool.gained:
            parts.append(("+ " if parts else "") + f"{pool.gained} "
                         + ("as printed" if character.npc else "gained"))
        if pool.effects_cost:
            sign = "−" if pool.effects_cost > 0 else "+"
            parts.append(f"{sign} {plural(abs(pool.effects_cost), 'effect')}")
        if pool.step_dice:
            parts.append(f"− {pool.step_dice} for {pool.steps} steps")
        build = _build(parts or ["0"], pool.pool) + (f": {summary(dice)}" if dice else "")
        depleted = _tally(power.depleted, power.damaged)
    faces = tuple(pool_faces(dice, power.depleted, power.damaged)) if pool.active else ()
    return PoolRow(pool.name, kind, ". ".join(details), build, faces, depleted)


def _tally(depleted: int, damaged: int) -> str:
    return str(depleted) + (f" (+{damaged} damaged)" if damaged else "")


def _agent_row(character: ProtectorCharacter, agent: Agent, pool: AgentPool) -> PoolRow:
    rules_ = catalog.agent_rules()
    kinds = {row.id: row.name for row in rules_.kinds}
    kind = kinds.get(agent.kind, agent.kind.capitalize())
    if agent.types:
        kind += ": " + ", ".join(rules_.equipment_type(t).name for t in agent.types)
    details = []
    for trait in agent.traits:
        if trait.type in ("skill", "character"):
            label = trait.name or trait.type.capitalize()
        else:
            label = trait.name or rules_.equipment_type(trait.type).name
        where = "character's dice" if trait.type == "character" else trait.type
        details.append(f"{label} {plural(trait.steps, 'step')} ({where})")
    if agent.properties:
        details.append(_effects_text(agent.properties))
    text = "; ".join(details)
    extra = [t for t in (agent.description, agent.notes) if t]
    if extra:
        text = ". ".join([text, *extra]) if text else ". ".join(extra)
    parts = []
    if agent.printed_cost is not None and pool.energy_dice:
        # The book's item: its printed Cost, no more (RULINGS Protector 10).
        parts.append(f"Cost {min(agent.printed_cost, pool.energy_dice * pool.dice_per_die)}"
                     " as printed")
    elif pool.energy_dice:
        source = f"{agent.invention_of}'s pool" if agent.invention_of else "build"
        parts.append(f"{pool.energy_dice}×{pool.dice_per_die} ({source})")
    if pool.gained:
        parts.append(("+ " if parts else "") + f"{pool.gained} "
                     + ("as printed" if character.npc else "gained"))
    if pool.traits_cost:
        parts.append(f"− {pool.traits_cost} for traits")
    if pool.properties_cost:
        sign = "−" if pool.properties_cost > 0 else "+"
        parts.append(f"{sign} {abs(pool.properties_cost)} for "
                     + ("properties" if pool.properties_cost != 1 else "a property"))
    dice = tuple(str(d) for d in pool.dice)
    build = _build(parts or ["0"], pool.pool) + (f": {summary(dice)}" if dice else "")
    if pool.unspent:
        build += f" ({pool.unspent} of {pool.energy_dice}×{pool.dice_per_die} left over)"
    faces = tuple(pool_faces(dice, agent.depleted, agent.damaged))
    return PoolRow(pool.name, kind, text, build, faces, _tally(agent.depleted, agent.damaged))


def _card_lines(character: ProtectorCharacter, derived: ProtectorDerived
                ) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """(name, what it has) for each power and agent, for the ID card's back."""
    powers = []
    for pool, power in zip(derived.powers, character.powers, strict=True):
        if not pool.active:
            powers.append((pool.name, "latent"))
            continue
        dice = [str(d) for d in pool.dice]
        text = summary(dice) if dice else "no dice"
        if power.depleted or power.damaged:
            text += f" ({_tally(power.depleted, power.damaged)} depleted)"
        if power.effects:
            text += " · " + ", ".join(e.name for e in power.effects)
        powers.append((pool.name, text))
    agents = []
    for pool, agent in zip(derived.agents, character.agents, strict=True):
        text = f"{max(pool.pool, 0)}d6" if pool.pool > 0 else "no dice"
        if agent.depleted or agent.damaged:
            text += f" ({_tally(agent.depleted, agent.damaged)} depleted)"
        steps = [f"{t.name or t.type} {t.steps}" for t in agent.traits]
        props = [p.name for p in agent.properties]
        if steps or props:
            text += " · " + ", ".join(steps + props)
        agents.append((pool.name, text))
    return tuple(powers), tuple(agents)


def _key_traits(traits: Sequence[TraitRow]) -> tuple[tuple[str, str], ...]:
    """Traits with the most steps first (limits last): what a GM asks about."""
    def order(row: TraitRow) -> tuple[int, int]:
        return (1, 0) if row.steps.startswith("limit") else (0, -int(row.steps or 0))

    return tuple((row.name, f"{row.steps} {row.kind.lower()}") if not row.steps.startswith(
        "limit") else (row.name, row.steps) for row in sorted(traits, key=order))


def sheet_view(character: ProtectorCharacter) -> ProtectorSheetView:
    """The character as the sheet and the ID card print it."""
    d = derive(character)
    era = catalog.era(character.era)
    total = max(d.energy_dice, 0)
    state = character.energy
    energy_faces = tuple(pool_faces([BASE_DIE] * total, state.depleted, state.damaged,
                                    state.awarded))
    traits = _trait_rows(d)
    powers = tuple(_power_row(character, p, pool)
                   for p, pool in zip(character.powers, d.powers, strict=True))
    agents = tuple(_agent_row(character, a, pool)
                   for a, pool in zip(character.agents, d.agents, strict=True))
    power_cards, agent_cards = _card_lines(character, d)
    conflicts = catalog.conflict_table()
    if character.npc:
        life_path = "NPC: no life path"
    elif d.next_step.done:
        life_path = f"{d.age} · life path complete"
    else:  # the prompt itself is the editor's; the sheet only says where things stand
        life_path = f"{d.age} · life path not finished"
    return ProtectorSheetView(
        picture=character.picture.image_bytes() if character.picture else None,
        name=character.name, player=character.player, era=era.name,
        era_note=f"{era.years} · {plural(era.dice_per_die, 'power die', 'power dice')} "
                 "per energy die",
        age="NPC" if character.npc else d.age, npc=character.npc,
        description=character.description, notes=character.notes,
        energy_dice=energy_faces, energy_total=d.energy_dice,
        energy_ready=max(d.energy_ready, 0), depleted=state.depleted, damaged=state.damaged,
        awarded=state.awarded, energy_note=_energy_note(character, d.ledger, d.energy_dice),
        traits=traits, steps_note=_steps_note(d), decades=_decade_rows(character),
        events=_event_rows(character, d), powers=powers, agents=agents,
        conflicts=tuple(ConflictRow(c.conflict, c.trigger) for c in character.conflicts),
        conflict_note=f"+{conflicts.dice_added} die each · difficulty {conflicts.difficulty}",
        risked=tuple(RiskedRow(r.letter, r.name, r.text) for r in combat_tables.risked()),
        life_path=life_path, power_cards=power_cards, agent_cards=agent_cards,
        key_traits=_key_traits(traits))
