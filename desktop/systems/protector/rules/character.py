"""A Protector character as saved: the life path and what the energy dice bought.

Protector has no stats (``attributes`` is always ``{}``): a character is a pool of
energy dice (10 to start, Character Generation) spent on Decades, traits, powers and
agents. The file keeps the player's inputs only; every pool, the creation ledger and
the findings are computed by ``rules.derive``, so a file can never disagree with the
rules. Rolled life-path results keep the die that picked them (``roll``; None = chosen),
so the sheet and the editor can show how the character came about.

Stored names of table entries are ids (``"golden_age"``, ``"trauma"``, ``"weapon"``); the
book's labels and texts are in ``resources/protector`` (see ``catalog``).
"""


import re
from typing import Annotated, Literal

from pydantic import Field, model_validator

from desktop.model.defaults import empty_list
from desktop.model.document import require_in_files
from desktop.model.portrait import Portrait, portrait_field
from desktop.model.strict import StrictModel as _Strict

Era = Literal["wwi", "golden_age", "wwii", "misfits", "coming_menace", "coming_menace_after"]
ERAS: tuple[Era, ...] = (
    "wwi", "golden_age", "wwii", "misfits", "coming_menace", "coming_menace_after")

TraitType = Literal["skill", "attribute", "trade", "conditional", "limit"]
TRAIT_TYPES: tuple[TraitType, ...] = ("skill", "attribute", "trade", "conditional", "limit")
BoughtType = Literal["attribute", "skill", "conditional"]
BOUGHT_TYPES: tuple[BoughtType, ...] = ("attribute", "skill", "conditional")
"""Trait types whose steps are bought with energy dice (trades and limits are free)."""

EventType = Literal[
    "trauma", "obsession", "loss", "rejection", "triumph", "safety", "neglect", "healing"]
EVENT_TYPES: tuple[EventType, ...] = (
    "trauma", "obsession", "loss", "rejection", "triumph", "safety", "neglect", "healing")

PowerCategory = Literal[
    "amplification", "control", "escape", "freedom", "generate", "harm", "heal", "impair",
    "perception", "protection"]
POWER_CATEGORIES: tuple[PowerCategory, ...] = (
    "amplification", "control", "escape", "freedom", "generate", "harm", "heal", "impair",
    "perception", "protection")

AgentKind = Literal["equipment", "assistant", "money", "relationship", "other"]
AGENT_KINDS: tuple[AgentKind, ...] = ("equipment", "assistant", "money", "relationship", "other")

EquipmentType = Literal[
    "weapon", "defense", "movement", "capacity", "awareness", "medical", "technical", "tool",
    "survival"]
EQUIPMENT_TYPES: tuple[EquipmentType, ...] = (
    "weapon", "defense", "movement", "capacity", "awareness", "medical", "technical", "tool",
    "survival")

AgentTraitType = Literal[
    "weapon", "defense", "movement", "capacity", "awareness", "medical", "technical", "tool",
    "survival", "skill", "character"]
AGENT_TRAIT_TYPES: tuple[AgentTraitType, ...] = (*EQUIPMENT_TYPES, "skill", "character")
"""An agent trait steps up the agent's own dice (an equipment type, or an assistant's
skill) or, type "character", the character's energy dice (Making Agents)."""

# Wide enough for anything a GM might set (The Visionary has 112-step powers); the
# creation rules are findings, never validation errors. Narrow enough that no pool
# grows past what a sheet can show: at most 99 energy dice in one power or
# agent, at most 99 pool dice each.
Count = Field(default=0, ge=0, le=999)
StepsOnDie = Annotated[int, Field(ge=0, le=999)]
Invested = Field(default=0, ge=0, le=99)
MAX_DICE_PER_DIE = 99


class NoAttributes(_Strict):
    """Protector has no stats: the file's ``attributes`` is always ``{}`` (PRODUCT.md)."""


class TraitGrant(_Strict):
    """A trait that a Decade gives, as its table prints it ("Skill Math 1 Step")."""

    type: Literal["skill", "attribute"]
    name: str = ""
    """The trait's name; "" until the player makes the choice the table leaves open."""
    steps: int = Field(default=1, ge=0, le=99)
    options: list[str] = Field(default_factory=empty_list)
    """The table's alternatives ("Strength", "Agility"): the name must be one of them."""
    prompt: str = ""
    """What the player names when the table says "(choose one)", e.g. "a trade"."""


class Event(_Strict):
    """A pivotal Event of a Decade: its type from the d8 table and one sentence on it."""

    type: EventType | None = None
    roll: int | None = Field(default=None, ge=1, le=8)
    """The d8 that picked the type; None when the player chose it."""
    description: str = ""
    """One sentence: what happened and its consequences (Character Generation, Events)."""


class Continuation(_Strict):
    """The roll after a Decade's events: one d6 per decade held; all odd → another decade."""

    faces: list[int] = Field(default_factory=empty_list)
    """The d6 faces; [] when the player chose instead of rolling."""
    another: bool
    """Whether another Decade follows (all faces odd, or the player's choice)."""


class Decade(_Strict):
    """Ten years of the character's life: a table entry, its traits and its Events."""

    tier: Literal[1, 2]
    """1: the first-tier table (the first Decade); 2: the second-tier table (the rest)."""
    entry: str = ""
    """The table entry's name ("School"); a name of the player's own is allowed."""
    roll: int | None = Field(default=None, ge=1, le=20)
    """The d20 that picked the entry; None when chosen."""
    description: str = ""
    """What the character was doing during the decade."""
    traits: list[TraitGrant] = Field(default_factory=empty_list)
    event_count: int | None = Field(default=None, ge=0, le=99)
    """How many Events this decade has (the 1d4); None until rolled or chosen."""
    events: list[Event] = Field(default_factory=empty_list)
    continuation: Continuation | None = None
    """The roll made after this decade's events; None until made."""


class Trait(_Strict):
    """A trait (Character Generation, Different Trait Types).

    ``steps`` are the steps this entry was created with: bought with energy dice for
    skills, attributes and conditionals; exactly 3 for a trade (free); 0 for a limit,
    which instead gives 5 − ``limit`` skill steps to spend on skills. Steps from Decades
    add to a trait of the same name and type (see ``rules``).
    """

    name: str = Field(min_length=1)
    type: TraitType
    steps: int = Field(default=0, ge=0, le=999)
    condition: str = ""
    """A conditional's trigger, or the tests a limit caps."""
    limit: int | None = Field(default=None, ge=0, le=5)
    """A limit's cap, from 5 down (5 gives nothing, 3 gives 2 skill steps)."""
    trained_steps: int = Count
    """Steps gained after creation in training phases (Buying Traits and Agents)."""
    dice: list[StepsOnDie] = Field(default_factory=empty_list)
    """The player's usual split of the steps over dice, steps per die (e.g. [2, 1]); [] =
    decide at each roll (The Energy System, Traits)."""
    notes: str = ""


class TraitDice(_Strict):
    """Energy dice spent on steps, per trait type: attribute 2, skill 4, conditional 3
    steps a die (RULINGS Protector 2)."""

    attribute: int = Count
    skill: int = Count
    conditional: int = Count


class Effect(_Strict):
    """A power's effect or an equipment property, by the book's name ("Fast Burn")."""

    name: str = Field(min_length=1)
    note: str = ""
    """What a Limit allows, the weak spot of No Deplete, and the like."""


class EventLink(_Strict):
    """Which Event a power answers: indexes into ``decades`` and that decade's ``events``."""

    decade: int = Field(ge=0)
    event: int = Field(ge=0)


class Power(_Strict):
    """A power: a category and application tied to an Event; latent until activated.

    Its pool is ``energy_dice`` × ``dice_per_die`` (+ ``gained_dice``), less a die per
    effect (Single Use and Limit add one) and a die per 3 steps (Character Generation,
    Powers). ``rules`` computes it.
    """

    name: str = ""
    category: PowerCategory | None = None
    category_roll: int | None = Field(default=None, ge=1, le=10)
    application: str = ""
    """The category table's entry ("Flight"), the trait an Amplification boosts, or the
    player's own words."""
    application_roll: int | None = Field(default=None, ge=1, le=20)
    event: EventLink | None = None
    description: str = ""
    active: bool = False
    """Latent (False) powers cost nothing and have no pool."""
    energy_dice: int = Invested
    """Energy dice spent to activate it (at least one)."""
    dice_per_die: int | None = Field(default=None, ge=0, le=MAX_DICE_PER_DIE)
    """Pool dice per energy die, fixed at activation by the era; None: the era's number."""
    gained_dice: int = Count
    """Pool dice from outside creation: training phases, or an NPC's as the GM sets them."""
    effects: list[Effect] = Field(default_factory=empty_list)
    steps: int = Count
    """Dice steps bought for the pool (one pool die for three)."""
    dice: list[StepsOnDie] = Field(default_factory=empty_list)
    """Steps per pool die (e.g. [4, 4, 4] makes 3d20); [] spreads the steps evenly."""
    invention: bool = False
    """An invention power: its pool gives build dice to the inventions (Super Inventions)."""
    depleted: int = Count
    damaged: int = Count
    notes: str = ""


class AgentTrait(_Strict):
    """A trait bought with an agent's dice: 1 die a step, 2 for a character trait."""

    name: str = ""
    type: AgentTraitType
    steps: int = Field(default=1, ge=0, le=999)
    dice: list[StepsOnDie] = Field(default_factory=empty_list)
    """Steps per die, as for a character's trait; [] = decide at each roll."""


class Agent(_Strict):
    """Equipment, an assistant, money or a relationship, with its own pool of dice.

    Build dice: 6 per energy die (or an invention power's pool per die) + ``gained_dice``;
    its traits and properties are paid from them and the rest is its pool (Making Agents).
    """

    name: str = Field(min_length=1)
    kind: AgentKind = "equipment"
    types: list[EquipmentType] = Field(default_factory=empty_list)
    description: str = ""
    energy_dice: int = Invested
    invention_of: str | None = None
    """The invention power (by name) that built it: its pool per energy die, not 6."""
    gained_dice: int = Count
    """Build dice from outside creation: training phases, money, or an NPC's as set."""
    traits: list[AgentTrait] = Field(default_factory=empty_list)
    properties: list[Effect] = Field(default_factory=empty_list)
    depleted: int = Count
    damaged: int = Count
    notes: str = ""
    printed_cost: int | None = Field(default=None, ge=0, le=999)
    """For the book's equipment: the printed Cost in build dice. Its traits, properties
    and printed System Pool take exactly that, so build dice beyond it stay out of the
    pool (RULINGS Protector 10: the Pistol's pool is the printed 1d, not 4d6)."""

    @model_validator(mode="before")
    @classmethod
    def _printed_from_notes(cls, data: object) -> object:
        """Files from before ``printed_cost`` carry the book's Cost in the note the
        catalog wrote ("From the book's equipment (…): Cost 3d, System Pool 1d.")."""
        if isinstance(data, dict) and "printed_cost" not in data:
            found = _PRINTED.match(str(data.get("notes", "")))
            if found and data.get("kind", "equipment") == "equipment":
                return {**data, "printed_cost": int(found.group(1))}
        return data


_PRINTED = re.compile(r"From the book's equipment \([^)]*\): Cost (\d+)d, System Pool \d+d\.")


class InternalConflict(_Strict):
    """An internal conflict: +1 energy die; its trigger lets the GM challenge it (2d8)."""

    conflict: str = Field(min_length=1)
    trigger: str = ""


class EnergyState(_Strict):
    """The energy pool in play (The Energy System; Damage; Storytelling)."""

    depleted: int = Count
    """Dice left on the table showing 1."""
    damaged: int = Count
    """Dice removed by damage (weapons, catastrophes): out of the pool, not on the table."""
    awarded: int = Count
    """Depleted dice awarded for storytelling, on the table until a multiple brings them in."""


class ProtectorCharacter(_Strict):
    _complete = model_validator(mode="before")(
        require_in_files("name", "attributes", "era", "energy_pool"))

    format: Literal["sheetdesk.character"] = "sheetdesk.character"
    version: Literal[1] = 1
    system: Literal["protector"] = "protector"
    name: str = ""
    player: str = ""
    description: str = ""
    picture: Portrait | None = portrait_field()
    """The character's picture (``desktop.model.portrait``); none: the blank frame."""
    attributes: NoAttributes = Field(default_factory=NoAttributes)
    era: Era = "wwi"
    energy_pool: int = Field(default=10, ge=0, le=999)
    """Energy dice to start with: 10 recommended, the GM may change it."""
    energy_change: int = Field(default=0, ge=-999, le=999)
    """Dice gained (awards kept at a game's end) or lost (training phases) since creation."""
    npc: bool = False
    """A non-player character: no life path; its dice are as the GM sets them."""
    decades: list[Decade] = Field(default_factory=empty_list)
    power_count: int | None = Field(default=None, ge=0, le=99)
    """How many powers the life path gave (the 1d6); None until rolled or chosen."""
    traits: list[Trait] = Field(default_factory=empty_list)
    trait_dice: TraitDice = Field(default_factory=TraitDice)
    powers: list[Power] = Field(default_factory=empty_list)
    agents: list[Agent] = Field(default_factory=empty_list)
    conflicts: list[InternalConflict] = Field(default_factory=empty_list)
    energy: EnergyState = Field(default_factory=EnergyState)
    notes: str = ""


CHARACTER_MODEL = ProtectorCharacter


def new_character(name: str = "") -> ProtectorCharacter:
    """A character at birth: 10 energy dice, no Decades yet (Character Generation)."""
    return ProtectorCharacter(name=name)
