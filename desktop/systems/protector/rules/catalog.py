"""Protector book data (``resources/protector/*.json``): tables, equipment, NPCs.

Pure Python, no Qt. Each file is read once (``BookData``) into plain NamedTuple records
(``book_records``): cheap to declare while a character opens, and read as strictly as a
model would be (no unknown key, none missing, every value of its type; the ranges of
rolls and costs are checked by the tests). A row that holds a piece of a character
(trait grants, equipment traits) holds the character model's own objects; loaders that
hand those out (trait grants, agents, NPCs) give fresh copies, so a caller may edit
what it gets. Book entries carry their provenance (``source``, ``note``; NPCs also
``ours``). A broken book file is a bug in Sheetdesk and raises DocumentError like any
other file.

The Higher Dice Steps table and the training difficulties live in ``combat.json``
(read by ``combat_tables``), beside the rest of the Energy System's play tables.
"""


import math
from functools import cache
from pathlib import Path
from typing import Annotated, NamedTuple

from annotated_types import Ge, Interval

from desktop.systems.book_data import BookData, row_named, row_where
from desktop.systems.protector.rules.character import (
    Agent,
    AgentTrait,
    Effect,
    EquipmentType,
    Era,
    EventType,
    PowerCategory,
    TraitGrant,
    TraitType,
)

SYSTEM = "protector"
BOOK = BookData(SYSTEM)


# ---------------------------------------------------------------- eras


class EraRow(NamedTuple):
    id: Era
    name: str
    years: str
    dice_per_die: Annotated[int, Ge(0)]
    """Pool dice a power gets for each energy die spent on it."""
    text: str
    note: str = ""


class EraTable(NamedTuple):
    book: str
    about: str
    source: str
    power_dice_text: str
    note: str
    eras: tuple[EraRow, ...]


@cache
def era_table() -> EraTable:
    return BOOK.load(EraTable, "eras.json")


def era(era_id: Era) -> EraRow:
    return row_where(era_table().eras, "id", era_id)


# ---------------------------------------------------------------- life path

D20 = Annotated[int, Interval(ge=1, le=20)]


class DecadeRow(NamedTuple):
    low: D20
    """The lowest d20 roll for this entry (the tables cover the d20 once)."""
    high: D20
    name: str
    printed: str
    traits: tuple[TraitGrant, ...]
    note: str = ""

    def grants(self) -> list[TraitGrant]:
        """Fresh copies of the traits this entry gives, for a character's Decade."""
        return [grant.model_copy(deep=True) for grant in self.traits]


class DecadeTable(NamedTuple):
    source: str
    dice: str
    text: str
    rows: tuple[DecadeRow, ...]

    def for_roll(self, roll: int) -> DecadeRow:
        for row in self.rows:
            if row.low <= roll <= row.high:
                return row
        raise KeyError(roll)

    def named(self, name: str) -> DecadeRow | None:
        return row_named(self.rows, name)


class Decades(NamedTuple):
    first_tier: DecadeTable
    second_tier: DecadeTable

    def tier(self, tier: int) -> DecadeTable:
        return self.first_tier if tier == 1 else self.second_tier


class EventRow(NamedTuple):
    roll: Annotated[int, Interval(ge=1, le=8)]
    """Its d8 roll."""
    id: EventType
    name: str
    text: str
    note: str = ""


class EventTable(NamedTuple):
    source: str
    dice: str
    text: str
    rows: tuple[EventRow, ...]

    def for_roll(self, roll: int) -> EventRow:
        return row_where(self.rows, "roll", roll)

    def by_id(self, event_id: str) -> EventRow:
        return row_where(self.rows, "id", event_id)


class RollText(NamedTuple):
    dice: str
    source: str
    text: str


class DiceText(NamedTuple):
    dice: int
    source: str
    text: str


class ContinuationRule(NamedTuple):
    die: int
    source: str
    text: str
    note: str


class AgesText(NamedTuple):
    source: str
    text: str


class LifePathTables(NamedTuple):
    book: str
    about: str
    starting_pool: DiceText
    decade_cost: DiceText
    decades: Decades
    event_count: RollText
    events: EventTable
    continuation: ContinuationRule
    power_count: RollText
    ages: AgesText


@cache
def lifepath_tables() -> LifePathTables:
    return BOOK.load(LifePathTables, "lifepath.json")


# ---------------------------------------------------------------- powers


class ApplicationRow(NamedTuple):
    roll: Annotated[int, Ge(1)]
    """Its roll on the category's die."""
    name: str
    text: str
    note: str = ""


class ApplicationTable(NamedTuple):
    dice: str | None
    """"1d10" etc.; None when the category has no table (Amplification, Heal)."""
    rows: tuple[ApplicationRow, ...]
    note: str = ""

    def for_roll(self, roll: int) -> ApplicationRow:
        return row_where(self.rows, "roll", roll)

    def named(self, name: str) -> ApplicationRow | None:
        return row_named(self.rows, name)


class CategoryRow(NamedTuple):
    roll: Annotated[int, Interval(ge=1, le=10)]
    """Its d10 roll."""
    id: PowerCategory
    name: str
    text: str
    appendix: str
    applications: ApplicationTable


class Activation(NamedTuple):
    source: str
    text: str
    minimum_dice: int


class PowerSteps(NamedTuple):
    source: str
    text: str
    pool_dice: int
    steps: int


class PowerTables(NamedTuple):
    book: str
    about: str
    source: str
    category_dice: str
    activation: Activation
    steps: PowerSteps
    effects_text: str
    categories: tuple[CategoryRow, ...]

    def for_roll(self, roll: int) -> CategoryRow:
        return row_where(self.categories, "roll", roll)

    def category(self, category_id: str) -> CategoryRow:
        return row_where(self.categories, "id", category_id)


@cache
def power_tables() -> PowerTables:
    return BOOK.load(PowerTables, "powers.json")


# ---------------------------------------------------------------- effects


class EffectRow(NamedTuple):
    name: str
    cost: int
    """Pool or build dice it costs: 1, or −1 for Single Use and Limit (they add a die)."""
    requires: str | None
    power: str | None
    """The book's wording for powers; None: not a power effect."""
    equipment: str | None
    """The book's wording for equipment; None: not an equipment property."""
    note: str = ""


class EffectTable(NamedTuple):
    book: str
    about: str
    source: str
    effects: tuple[EffectRow, ...]


@cache
def effect_table() -> EffectTable:
    return BOOK.load(EffectTable, "effects.json")


def effect(name: str) -> EffectRow | None:
    """The book's effect or property of that name (any case); None if not the book's."""
    return row_named(effect_table().effects, name)


def power_effects() -> tuple[EffectRow, ...]:
    return tuple(row for row in effect_table().effects if row.power is not None)


def equipment_properties() -> tuple[EffectRow, ...]:
    return tuple(row for row in effect_table().effects if row.equipment is not None)


# ---------------------------------------------------------------- traits


class TraitTypeRow(NamedTuple):
    id: TraitType
    name: str
    steps_per_die: int | None
    """Steps an energy die buys; None: not bought (trade, limit)."""
    free_steps: int | None
    """Steps it comes with at no cost (a trade's 3)."""
    text: str
    limit_start: int | None = None


class TraitTable(NamedTuple):
    book: str
    about: str
    source: str
    note: str
    types: tuple[TraitTypeRow, ...]

    def type(self, trait_type: str) -> TraitTypeRow:
        return row_where(self.types, "id", trait_type)


@cache
def trait_table() -> TraitTable:
    return BOOK.load(TraitTable, "traits.json")


# ---------------------------------------------------------------- agents


class TraitCost(NamedTuple):
    agent: int
    character: int
    text: str
    note: str


class SourcedRule(NamedTuple):
    dice: int
    source: str
    text: str


class SourcedNote(NamedTuple):
    source: str
    text: str
    note: str


class AgentKindRow(NamedTuple):
    id: str
    name: str
    source: str
    text: str


class EquipmentTypeRow(NamedTuple):
    id: EquipmentType
    name: str
    text: str
    source: str = ""


class AgentRules(NamedTuple):
    book: str
    about: str
    source: str
    dice_per_energy_die: int
    dice_per_energy_die_text: str
    trait_cost: TraitCost
    minimum_pool: SourcedRule
    inventions: SourcedNote
    kinds: tuple[AgentKindRow, ...]
    equipment_types: tuple[EquipmentTypeRow, ...]
    equipment_types_note: str

    def equipment_type(self, type_id: str) -> EquipmentTypeRow:
        return row_where(self.equipment_types, "id", type_id)


@cache
def agent_rules() -> AgentRules:
    return BOOK.load(AgentRules, "agents.json")


# ---------------------------------------------------------------- internal conflicts


class ConflictRow(NamedTuple):
    roll: int
    conflict: str
    trigger: str


class ConflictTable(NamedTuple):
    book: str
    about: str
    source: str
    text: str
    dice_added: int
    difficulty: str
    examples: tuple[ConflictRow, ...]


@cache
def conflict_table() -> ConflictTable:
    return BOOK.load(ConflictTable, "conflicts.json")


# ---------------------------------------------------------------- equipment


class EquipmentItem(NamedTuple):
    name: str
    section: str
    types: tuple[EquipmentType, ...]
    cost: Annotated[int, Ge(0)]
    """The printed Cost, in build dice."""
    pool: Annotated[int, Ge(0)]
    """The printed System Pool."""
    traits: tuple[AgentTrait, ...]
    properties: tuple[str, ...]
    description: str
    note: str = ""


class EquipmentCatalog(NamedTuple):
    book: str
    about: str
    source: str
    text: str
    equipment: tuple[EquipmentItem, ...]


@cache
def equipment_catalog() -> EquipmentCatalog:
    return BOOK.load(EquipmentCatalog, "equipment.json")


def equipment_item(name: str) -> EquipmentItem:
    item = row_named(equipment_catalog().equipment, name)
    if item is not None:
        return item
    known = ", ".join(item.name for item in equipment_catalog().equipment)
    raise KeyError(f"no equipment named {name!r} in the book (it has {known})")


def equipment_agent(name: str, energy_dice: int | None = None) -> Agent:
    """The book's equipment as a new agent bought at creation.

    ``energy_dice`` defaults to the fewest whole energy dice whose build dice (6 each)
    cover the printed Cost. The agent keeps the printed Cost (``printed_cost``), so its
    pool is the printed System Pool (RULINGS Protector 10); build dice beyond the Cost
    are shown as left over, not added to the pool.
    """
    item = equipment_item(name)
    per_die = agent_rules().dice_per_energy_die
    dice = math.ceil(item.cost / per_die) if energy_dice is None else energy_dice
    return Agent(
        name=item.name,
        kind="equipment",
        types=list(item.types),
        description=item.description,
        energy_dice=dice,
        traits=[trait.model_copy(deep=True) for trait in item.traits],
        properties=[Effect(name=prop) for prop in item.properties],
        printed_cost=item.cost,
        notes=f"From the book's equipment ({item.section}): Cost {item.cost}d, "
              f"System Pool {item.pool}d.",
    )


# ---------------------------------------------------------------- examples


def example_characters() -> dict[str, Path]:
    """The example character files, by file stem."""
    return BOOK.example_characters()
