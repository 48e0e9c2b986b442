"""The Protector character sheet (reportlab), after the book's own sheet.

The book's sheet (the page after the Powers Appendix) has Name, Energy Die, Depleted
Dice, Damage Dice, Traits, Character Description, Decades, Events, Agents with their
Pool and Depleted Die, and the RISKED box ("Why did a die deplete? Pick from RISKED.").
This sheet keeps that order and adds what the book's sheet leaves to the margins: the
powers (category, application, pool dice, effects; Character Generation, Powers list
powers as agents) and the internal conflicts.

``sheet_view`` flattens a character and ``rules.derive`` into strings, numbers and dice
to draw (``ProtectorSheetView``); the drawing reads only that view. Sections grow with
what they hold; text that does not fit even at the smallest size ends in "…" and is
printed in full on a continuation page, and table rows that do not fit move there too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import boxes, fonts, style
from desktop.pdf.dice import (
    DiceRow,
    DieFace,
    column_widths,
    dice_table,
    draw_dice,
    pool_faces,
    row_heights,
    summary,
    table_size,
)
from desktop.pdf.page import Page, Rect
from desktop.pdf.sheet_parts import (
    BODY,
    GAP,
    ROW_MIN,
    SMALL,
    Overflow,
    continuation,
    footer,
    number_cell,
    table,
    take_bottom,
)
from desktop.pdf.text import Fitted, draw, draw_fitted, fit_and_draw, fit_text
from desktop.systems import SYSTEMS
from desktop.systems.protector.rules import catalog, combat_tables
from desktop.systems.protector.rules import derived as rules
from desktop.systems.protector.rules.character import Agent, Effect, Power, ProtectorCharacter
from desktop.systems.protector.rules.ledger import AgentPool, Ledger, PowerPool
from desktop.systems.protector.rules.traits import LIMIT_START

BOOK_TITLE = SYSTEMS["protector"].name
BASE_DIE = "d6"
"""Every energy and agent die is a d6 until a trait steps it up (The Dice Pool)."""
RISKED_TITLE = "Why did a die deplete? Pick from RISKED."
# ----------------------------------------------------------------------------- view

@dataclass(frozen=True)
class TraitRow:
    name: str
    kind: str
    steps: str
    note: str


@dataclass(frozen=True)
class DecadeRow:
    age: str
    entry: str
    traits: str
    description: str


@dataclass(frozen=True)
class EventRow:
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

    def row(self) -> DiceRow:
        return DiceRow((self.name, self.kind, self.details, self.build, "", self.depleted),
                       self.dice)


@dataclass(frozen=True)
class ConflictRow:
    conflict: str
    trigger: str


@dataclass(frozen=True)
class RiskedRow:
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


def _plural(n: int, one: str, many: str | None = None) -> str:
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


def _trait_rows(derived: rules.ProtectorDerived) -> tuple[TraitRow, ...]:
    table = catalog.trait_table()
    out = []
    for trait in derived.traits:
        notes = []
        if trait.type == "limit":
            limit = trait.limit if trait.limit is not None else LIMIT_START
            gives = LIMIT_START - limit
            steps = f"limit {limit}"
            notes.append(f"gives {_plural(gives, 'skill step')}")
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


def _steps_note(derived: rules.ProtectorDerived) -> str:
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
        out.append(DecadeRow(rules.age_of(index + 1), f"{decade.entry or '—'} ({how})", grants,
                             decade.description))
    return tuple(out)


def _event_rows(character: ProtectorCharacter,
                derived: rules.ProtectorDerived) -> tuple[EventRow, ...]:
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
    return " ".join(parts) + f" = {_plural(pool, 'die', 'dice')}"


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
            parts.append(f"{sign} {_plural(abs(pool.effects_cost), 'effect')}")
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
        details.append(f"{label} {_plural(trait.steps, 'step')} ({where})")
    if agent.properties:
        details.append(_effects_text(agent.properties))
    text = "; ".join(details)
    extra = [t for t in (agent.description, agent.notes) if t]
    if extra:
        text = ". ".join([text, *extra]) if text else ". ".join(extra)
    parts = []
    if pool.energy_dice:
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
    faces = tuple(pool_faces(dice, agent.depleted, agent.damaged))
    return PoolRow(pool.name, kind, text, build, faces, _tally(agent.depleted, agent.damaged))


def _card_lines(character: ProtectorCharacter, derived: rules.ProtectorDerived
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
    d = rules.derive(character)
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
        name=character.name, player=character.player, era=era.name,
        era_note=f"{era.years} · {_plural(era.dice_per_die, 'power die', 'power dice')} "
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


# --------------------------------------------------------------------- the sheet

def draw_sheet(canvas: Canvas, character: ProtectorCharacter, page: Page) -> None:
    """The book's sheet on one page (plus continuation pages only if text overflowed)."""
    fonts.register_fonts()
    view = sheet_view(character)
    overflow = Overflow()
    render_sheet(canvas, view, page, overflow)
    if overflow.entries:
        continuation(canvas, view.name, page, overflow.entries)


TRAIT_COLUMNS = (["Trait", "Type", "Steps", "Notes"], [34, 17, 12, 37])
DECADE_COLUMNS = (["Age", "Decade (table)", "Traits", "What they did"], [12, 27, 24, 37])
EVENT_COLUMNS = (["#", "Event", "One sentence: what happened", "Powers"], [8, 22, 52, 18])
POWER_COLUMNS = (["Power", "Category · application", "Effects, event, notes", "Pool dice",
                  "Pool", "Depleted Die"], [13, 15, 25, 18, 19, 10])
AGENT_COLUMNS = (["Agent", "Type", "Traits, properties, notes", "Pool dice", "Pool",
                  "Depleted Die"], [13, 13, 27, 18, 19, 10])
CONFLICT_COLUMNS = (["Conflict", "Trigger"], [48, 52])
DICE_COLUMN = 4
HEADER_H = 13.0
PAD = 4.0


def _table_need(rows: list[list[str]], weights: list[float], w: float,
                size: float = BODY, blank: float = ROW_MIN, bold_first: bool = True) -> float:
    """Height a table section needs at ``size``, with a ``blank`` row to write on."""
    widths = column_widths(w - 2 * PAD, weights)
    heights = row_heights([DiceRow(tuple(r)) for r in rows], widths, size,
                          bold_first=bold_first)
    return HEADER_H + 2 * PAD + 10 + sum(heights) + blank


def _pool_need(rows: Sequence[PoolRow], weights: list[float], w: float,
               size: float = BODY, blank: float = ROW_MIN) -> float:
    widths = column_widths(w - 2 * PAD, weights)
    heights = row_heights([r.row() for r in rows], widths, size, DICE_COLUMN)
    return HEADER_H + 2 * PAD + 10 + sum(heights) + blank


def _text_need(text: str, w: float, size: float = BODY) -> float:
    fitted = fit_text(text, w - 2 * PAD, 1e6, fonts.REGULAR, size, size, wrap_first=True)
    return HEADER_H + 2 * PAD + fitted.height + 2


@dataclass(frozen=True)
class _Needs:
    """What the flexible sections need at one font size."""

    traits: float
    description: float
    conflicts: float
    life: float
    powers: float
    agents: float

    @property
    def conflicts_left(self) -> bool:
        """Whether the conflicts go under Traits (else under the Description)."""
        return self._with_left < self._with_right

    @property
    def _with_left(self) -> float:
        return max(self.traits + self.conflicts, self.description)

    @property
    def _with_right(self) -> float:
        return max(self.traits, self.description + self.conflicts)

    @property
    def rows(self) -> tuple[float, float, float, float]:
        return (min(self._with_left, self._with_right) + GAP, self.life, self.powers,
                self.agents)


LIFE_WEIGHTS = [44, 56]
"""Decades and Events side by side; the Events' sentences get the wider half."""


def _needs(view: ProtectorSheetView, w: float, size: float, blank: float) -> _Needs:
    half = (w - GAP) / 2
    decades_w, events_w = (c.w for c in Rect(0, 0, w, 1).columns(LIFE_WEIGHTS, GAP))
    return _Needs(
        traits=_table_need(_trait_rows_text(view), TRAIT_COLUMNS[1], half, size, blank),
        description=_text_need(_description_text(view), half, size),
        conflicts=max(_table_need(_conflict_rows_text(view), CONFLICT_COLUMNS[1], half,
                                  size, blank), 50),
        life=max(_table_need(_decade_rows_text(view), DECADE_COLUMNS[1], decades_w, size,
                             blank, bold_first=False),
                 _table_need(_event_rows_text(view), EVENT_COLUMNS[1], events_w, size,
                             blank, bold_first=False)),
        powers=_pool_need(view.powers, POWER_COLUMNS[1], w, size, blank),
        agents=_pool_need(view.agents, AGENT_COLUMNS[1], w, size, blank))


def _trait_rows_text(view: ProtectorSheetView) -> list[list[str]]:
    return [[t.name, t.kind, t.steps, t.note] for t in view.traits]


def _conflict_rows_text(view: ProtectorSheetView) -> list[list[str]]:
    return [[c.conflict, c.trigger] for c in view.conflicts]


def _decade_rows_text(view: ProtectorSheetView) -> list[list[str]]:
    return [[d.age, d.entry, d.traits, d.description] for d in view.decades]


def _event_rows_text(view: ProtectorSheetView) -> list[list[str]]:
    return [[e.decade, e.kind, e.description, e.powers] for e in view.events]


def layout_needs(view: ProtectorSheetView, w: float, total: float,
                 mins: Sequence[float]) -> _Needs:
    """The needs at the largest font size at which every section fits the page, each
    table with a blank row to write on if there is room for it (at the smallest size,
    if none fits: then the sections share the room and the rest overflows)."""
    size = BODY
    while True:
        for blank in (ROW_MIN, 0.0):
            needs = _needs(view, w, size, blank)
            if sum(max(n, m) for n, m in zip(needs.rows, mins, strict=True)) <= total:
                return needs
        if size <= SMALL:
            return needs
        size = max(size - 0.5, SMALL)


def share(total: float, mins: Sequence[float], needs: Sequence[float],
          weights: Sequence[float]) -> list[float]:
    """Heights for stacked sections: each its minimum, then what each needs (in
    proportion when there is not room for all), then what is left by ``weights``."""
    heights = list(mins)
    extra = total - sum(mins)
    wants = [max(n - m, 0.0) for n, m in zip(needs, mins, strict=True)]
    if extra <= 0:
        return heights
    if sum(wants) >= extra:
        return [h + extra * w / sum(wants) for h, w in zip(heights, wants, strict=True)]
    heights = [h + w for h, w in zip(heights, wants, strict=True)]
    left = extra - sum(wants)
    return [h + left * w / sum(weights) for h, w in zip(heights, weights, strict=True)]


def _description_text(view: ProtectorSheetView) -> str:
    return "\n\n".join(t for t in (view.description, f"Notes: {view.notes}"
                                   if view.notes else "") if t)


def render_sheet(canvas: Canvas, view: ProtectorSheetView, page: Page,
                 overflow: Overflow) -> None:
    area = page.content
    footer_box, area = take_bottom(area, 9, GAP)
    header, area = area.take_top(42, GAP)
    energy, area = area.take_top(56, GAP)
    risked_box, area = take_bottom(area, 88, GAP)
    desc_text = _description_text(view)
    conflict_rows = _conflict_rows_text(view)
    decade_rows = _decade_rows_text(view)
    event_rows = _event_rows_text(view)
    # An NPC has no life path: its Decades and Events keep only a line to write on.
    no_life = view.npc and not (decade_rows or event_rows)
    life_min = 52 if no_life else 70
    mins = (130, life_min, 62, 62)
    total = area.h - 3 * GAP
    needs = layout_needs(view, area.w, total, mins)
    heights = share(total, mins, needs.rows, weights=(3, 0.5 if no_life else 2, 2, 2))
    top_row, area = area.take_top(heights[0], GAP)
    life_row, area = area.take_top(heights[1], GAP)
    powers_box, agents_box = area.take_top(heights[2], GAP)

    _header(canvas, header, view, overflow)
    _energy(canvas, energy, view)
    left, right = top_row.columns(2, GAP)
    split = left if needs.conflicts_left else right
    conflicts_h = min(needs.conflicts, split.h - 60)
    main_box, conflicts_box = split.take_top(split.h - conflicts_h - GAP, GAP)
    traits_box, desc_box = (main_box, right) if needs.conflicts_left else (left, main_box)
    _traits(canvas, traits_box, view, overflow)
    room = boxes.section(canvas, desc_box, "Character Description")
    overflow.check(fit_and_draw(canvas, desc_text, room, fonts.REGULAR, BODY, SMALL,
                                wrap_first=True), "Character Description")
    room = boxes.section(canvas, conflicts_box, "Internal Conflicts", note=view.conflict_note)
    table(canvas, room, *CONFLICT_COLUMNS, conflict_rows, True, overflow, "Internal conflict")
    _life_path(canvas, life_row, view, overflow)
    room = boxes.section(canvas, powers_box, "Powers",
                         note="pool dice with their steps · filled: depleted, crossed: damaged")
    dice_table(canvas, room, *POWER_COLUMNS, [p.row() for p in view.powers], overflow,
               "Power", dice_col=DICE_COLUMN)
    room = boxes.section(canvas, agents_box, "Agents",
                         note="6 build dice per energy die · traits step the pool's d6s")
    dice_table(canvas, room, *AGENT_COLUMNS, [a.row() for a in view.agents], overflow,
               "Agent", dice_col=DICE_COLUMN)
    _risked(canvas, risked_box, view)
    footer(canvas, footer_box, f"{view.era} {view.era_note}", BOOK_TITLE,
           bool(overflow.entries))


def _life_path(canvas: Canvas, box: Rect, view: ProtectorSheetView,
               overflow: Overflow) -> None:
    """Decades and Events side by side, in one type size (the smaller one's)."""
    decades_box, events_box = box.columns(LIFE_WEIGHTS, GAP)
    decades_room = boxes.section(canvas, decades_box, "Decades", note=view.life_path)
    events_room = boxes.section(canvas, events_box, "Events",
                                note="Decade.Event · powers answer events")
    tables = ((decades_room, DECADE_COLUMNS, _decade_rows_text(view), "Decade"),
              (events_room, EVENT_COLUMNS, _event_rows_text(view), "Event"))
    size = min(table_size([DiceRow(tuple(r)) for r in rows], column_widths(room.w, cols[1]),
                          room.h - 10, bold_first=False) for room, cols, rows, _ in tables)
    for room, (titles, weights), rows, what in tables:
        dice_table(canvas, room, titles, weights, [DiceRow(tuple(r)) for r in rows],
                   overflow, what, bold_first=False, max_size=size)


def _header(canvas: Canvas, box: Rect, view: ProtectorSheetView, overflow: Overflow) -> None:
    logo, fields = box.take_left(150, GAP)
    word, caption = logo.rows([72, 28])
    canvas.setFillColor(style.ACCENT)
    draw_fitted(canvas, fit_text("PROTECTOR", word.w, word.h, fonts.BOLD, 26, 10), word,
                valign="bottom")
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, "CHARACTER SHEET · THE ENERGY SYSTEM", caption, fonts.BOLD, 7, 4,
                 valign="middle")
    canvas.setFillColor(style.INK)
    name_box, player_box, era_box, age_box = fields.columns([46, 20, 22, 12], 4)
    overflow.check(boxes.field(canvas, name_box, "Name", view.name, max_size=15,
                               font=fonts.BOLD), "Name")
    overflow.check(boxes.field(canvas, player_box, "Player", view.player), "Player")
    overflow.check(boxes.field(canvas, era_box, "Age (era)", view.era, max_size=10),
                   "Age (era)")
    overflow.check(boxes.field(canvas, age_box, "Years", view.age, max_size=10), "Years")


def _energy(canvas: Canvas, box: Rect, view: ProtectorSheetView) -> None:
    pool_box, depleted_box, damage_box = box.columns([64, 18, 18], GAP)
    note = (f"{_plural(view.energy_total, 'die', 'dice')} · {view.energy_ready} ready"
            + (" · overspent" if view.energy_total < 0 else ""))
    room = boxes.section(canvas, pool_box, "Energy Die", note=note)
    dice_box, ledger_box = room.take_left(room.w * 0.64, GAP)
    if view.energy_dice:
        draw_dice(canvas, dice_box, view.energy_dice, max_r=10)
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, view.energy_note, ledger_box, fonts.REGULAR, 7, 4.5,
                 valign="middle", wrap_first=True)
    canvas.setFillColor(style.INK)
    awarded = f" · {view.awarded} awarded" if view.awarded else ""
    number_cell(canvas, depleted_box, "Depleted Dice", str(view.depleted),
                f"on the table, 1 each{awarded}")
    number_cell(canvas, damage_box, "Damage Dice", str(view.damaged), "removed from play")


def _traits(canvas: Canvas, box: Rect, view: ProtectorSheetView, overflow: Overflow) -> None:
    room = boxes.section(canvas, box, "Traits", note=view.steps_note)
    table(canvas, room, *TRAIT_COLUMNS, _trait_rows_text(view), True, overflow, "Trait")


def _risked(canvas: Canvas, box: Rect, view: ProtectorSheetView) -> None:
    room = boxes.section(canvas, box, "RISKED", note=RISKED_TITLE)
    entries, notes = room.take_top(room.h * 0.7, GAP / 2)
    per_column = (len(view.risked) + 1) // 2
    cells: list[tuple[Rect, RiskedRow]] = []
    for index, column in enumerate(entries.columns(2, GAP * 2)):
        chunk = view.risked[index * per_column:(index + 1) * per_column]
        if chunk:
            cells += list(zip(column.rows(len(chunk)), chunk, strict=True))
    texts = [(cell.take_left(12, 4)[1], row) for cell, row in cells]
    size = min((_lead_size(text, row.name, row.text) for text, row in texts), default=7.0)
    for (cell, row), (text, _) in zip(cells, texts, strict=True):
        badge = min(12.0, cell.h) - 1
        boxes.frame(canvas, Rect(cell.x, cell.top - badge, badge, badge), fill=style.INK,
                    stroke=None, radius=2)
        canvas.setFillColor(style.PAPER)
        draw(canvas, cell.x + badge / 2, cell.top - badge / 2 - 2.6, row.letter,
             fonts.BOLD, 7.5, "center")
        canvas.setFillColor(style.INK)
        _draw_lead(canvas, text, row.name, row.text, size)
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, "\n".join(combat_tables.risked_closing()), notes, fonts.OBLIQUE, 6.5, 4.5,
                 wrap_first=True)
    canvas.setFillColor(style.INK)


def _lead_fit(box: Rect, lead: str, text: str, size: float) -> Fitted:
    # The bold name is wider than the regular one that the wrapping measures.
    extra = (fonts.string_width(lead, fonts.BOLD, size)
             - fonts.string_width(lead, fonts.REGULAR, size))
    return fit_text(f"{lead} – {text}", box.w - extra, box.h, fonts.REGULAR, size, size,
                    wrap_first=True)


def _lead_size(box: Rect, lead: str, text: str) -> float:
    size = 7.0
    while size > 4.5 and _lead_fit(box, lead, text, size).truncated:
        size -= 0.25
    return size


def _draw_lead(canvas: Canvas, box: Rect, lead: str, text: str, size: float) -> None:
    """"Reduce – Something tried…": the name in bold, the text after it, wrapped."""
    fitted = _lead_fit(box, lead, text, size)
    baseline = box.top - fitted.size * 1.03
    for index, line in enumerate(fitted.lines):
        if index == 0 and line.startswith(lead):
            draw(canvas, box.x, baseline, lead, fonts.BOLD, fitted.size)
            draw(canvas, box.x + fonts.string_width(lead, fonts.BOLD, fitted.size), baseline,
                 line[len(lead):], fonts.REGULAR, fitted.size)
        else:
            draw(canvas, box.x, baseline, line, fonts.REGULAR, fitted.size)
        baseline -= fitted.leading


# ----------------------------------------------------------------------- ID card
