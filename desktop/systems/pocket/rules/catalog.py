"""Pocket Universe book data (resources/pocket/*.json), typed and read-only.

Pure Python, no Qt. Each file is read once (``BookData``) and validated once into
frozen models; the loaders that hand out character-model items (weapons, armor…)
return fresh copies, so a caller may change what it gets without touching the
catalog. Book entries carry their provenance (``source``, and ``note`` where we chose
a reading of garbled or silent text); those keys are stripped before an entry becomes
a character item. A broken book file is a bug and raises DocumentError.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from desktop.model.errors import DocumentError
from desktop.systems.book_data import BookData, BookEntry, M, row_named
from desktop.systems.pocket.rules.character import (
    Ammunition,
    Armor,
    Attribute,
    ContactTier,
    Helmet,
    Shield,
    Triplet,
    Weapon,
)

SYSTEM = "pocket"
META_KEYS = frozenset({"source", "note"})
"""Keys of a book entry that say where it comes from, not what it is."""

BOOK = BookData(SYSTEM)


# ---------------------------------------------------------------- reading


def _item(model: type[M], row: BaseModel, **extra: Any) -> M:
    """A character-model item made from a catalog row (provenance keys dropped)."""
    data = {k: v for k, v in row.model_dump().items() if k not in META_KEYS}
    return model.model_validate({**data, **extra})


# ---------------------------------------------------------------- attributes


class AttributeRow(BookEntry):
    score: int
    modifier: int
    value: int
    roll: Triplet


class AttributeTable(BookEntry):
    source: str
    text: str
    note: str
    rows: tuple[AttributeRow, ...]

    @property
    def lowest(self) -> int:
        return self.rows[0].score

    @property
    def highest(self) -> int:
        return self.rows[-1].score

    def covers(self, score: int) -> bool:
        return self.lowest <= score <= self.highest

    def row(self, score: int) -> AttributeRow:
        """The row for ``score``; outside the table, the nearest row (RULINGS Pocket 1)."""
        clamped = min(max(score, self.lowest), self.highest)
        return self.rows[clamped - self.lowest]


class PointsRow(BookEntry):
    score: int
    points: int


class PointsTable(BookEntry):
    """Starting EPs by INTL or contact points by WILL (2.4, 2.6)."""

    source: str
    text: str
    note: str = ""
    rows: tuple[PointsRow, ...]

    def covers(self, score: int) -> bool:
        return self.rows[0].score <= score <= self.rows[-1].score

    def points(self, score: int) -> int:
        """Points for ``score``; outside 7-13 the nearest row (an error finding)."""
        clamped = min(max(score, self.rows[0].score), self.rows[-1].score)
        return next(r.points for r in self.rows if r.score == clamped)


class CreationRules(BookEntry):
    source: str
    text: str
    base: int
    points: int
    max_added: int
    average: int
    lackey_points: int
    lackey_source: str


class MoveRule(BookEntry):
    source: str
    text: str
    base: int


class ExperienceRules(BookEntry):
    source: str
    text: str
    award_min: int
    award_max: int
    lackey_award_max: int


class StartingMoney(BookEntry):
    source: str
    text: str
    amount: int


class AttributeTables(BookEntry):
    book: str
    about: str
    creation: CreationRules
    attribute_table: AttributeTable
    starting_eps: PointsTable
    contact_points: PointsTable
    move: MoveRule
    experience: ExperienceRules
    starting_money: StartingMoney


@cache
def tables() -> AttributeTables:
    """The Attribute table and the tables read off Attributes (attributes.json)."""
    return BOOK.load(AttributeTables, "attributes.json")


# ---------------------------------------------------------------- skills


class CostRow(BookEntry):
    level: int
    cost: int
    total: int


class SkillCosts(BookEntry):
    source: str
    text: str
    note: str
    rows: tuple[CostRow, ...]
    creation_max_level: int

    def total(self, level: int) -> int:
        """EPs for a skill at Attribute + ``level`` in all (2.4): 1, 3, 6, 10, 15…

        Past the printed rows each level costs one more than the one before
        ("etc. +1 Cost"), RULINGS Pocket 4.
        """
        if level < 0:
            return 0
        last = self.rows[-1]
        if level <= last.level:
            return self.rows[level].total
        extra = level - last.level
        return last.total + extra * last.cost + extra * (extra + 1) // 2

    def step(self, level: int) -> int:
        """EPs to go from Attribute + ``level`` to + ``level + 1``."""
        return self.total(level + 1) - self.total(level)


class LanguageLevel(BookEntry):
    level: int
    total: int
    name: str
    text: str


class LanguageCosts(BookEntry):
    source: str
    text: str
    note: str
    levels: tuple[LanguageLevel, ...]
    literacy: int

    def level(self, level: int) -> LanguageLevel:
        return next(row for row in self.levels if row.level == level)


class GmSkills(BookEntry):
    source: str
    text: str
    attributes: tuple[Attribute, ...]


class SkillInfo(BookEntry):
    """A skill of the book's list (2.42) with its description's rules (2.43)."""

    name: str
    attribute: Attribute
    penalty: int
    """Unskilled penalty."""
    source: str
    text: str
    specialised: bool = False
    specialisations: tuple[str, ...] = ()
    """The book's examples; others are allowed."""
    defense: tuple[Literal["melee", "missile"], ...] = ()
    defense_condition: str = ""
    """When the skill may defend, if not always."""
    attack_bonus: int = 0
    damage_levels: int = 0
    perception: bool = False
    alternate_penalty: int | None = None
    alternate_when: str = ""
    note: str = ""


class SkillData(BookEntry):
    book: str
    about: str
    costs: SkillCosts
    languages: LanguageCosts
    gm_skills: GmSkills
    skills: tuple[SkillInfo, ...]


@cache
def skill_data() -> SkillData:
    """Skill list, skill EP costs and language costs (skills.json)."""
    return BOOK.load(SkillData, "skills.json")


@cache
def _skills_by_key() -> dict[str, SkillInfo]:
    return {info.name.casefold(): info for info in skill_data().skills}


def skills() -> tuple[SkillInfo, ...]:
    return skill_data().skills


def skill(name: str) -> SkillInfo | None:
    """The book's skill called ``name`` (any case), or None."""
    return _skills_by_key().get(name.strip().casefold())


# ---------------------------------------------------------------- traits


class ByTimes(BookEntry):
    """A value read at the number of takings (Wealth ×2 → $3000)."""

    by_times: dict[int, int]


class TraitEffects(BookEntry):
    """What one taking of a trait does, in numbers the rules apply."""

    attribute: int = 0
    initiative_rows: int = 0
    move: int = 0
    natural_armor: tuple[int, int] = (0, 0)
    starting_eps: int = 0
    contact_points: int = 0
    starting_money: ByTimes | None = None
    monthly_income: ByTimes | None = None
    size: Literal["small", "giant"] | None = None
    defense: int = 0
    appearance: int = 0
    close_actions: int = 0
    """Far-Sighted: physical Actions not performed at range."""
    ranged_actions: int = 0
    """One-Eyed: physical Actions performed at range."""
    ignore_range_penalty: int = 0
    ignore_darkness_penalty: int = 0
    one_handed: bool = False
    ambidextrous: bool = False
    lackey: bool = False


class TraitInfo(BookEntry):
    name: str
    kind: Literal["advantage", "disadvantage"]
    points: int
    points_options: tuple[int, ...] = ()
    max_times: int | None
    per_attribute: bool = False
    forms: bool = False
    source: str
    effects: TraitEffects
    text: str
    note: str = ""


class TraitRules(BookEntry):
    source: str
    text: str
    max_advantages: int
    lackey_max: int


class TraitData(BookEntry):
    book: str
    about: str
    rules: TraitRules
    traits: tuple[TraitInfo, ...]


@cache
def trait_data() -> TraitData:
    """The book's Personal Traits with their effects (traits.json)."""
    return BOOK.load(TraitData, "traits.json")


@cache
def _traits_by_key() -> dict[str, TraitInfo]:
    return {info.name.casefold(): info for info in trait_data().traits}


def traits() -> tuple[TraitInfo, ...]:
    return trait_data().traits


def trait(name: str) -> TraitInfo | None:
    """The book's trait called ``name`` (any case), or None."""
    return _traits_by_key().get(name.strip().casefold())


# ---------------------------------------------------------------- weapons


class WeaponRow(BookEntry):
    name: str
    cost: int
    hit: int
    damage: Triplet
    phys: int
    range: int | None = None


class WeaponGroup(BookEntry):
    """A table of weapons sharing a skill specialisation (3.2, 3.3)."""

    group: str
    kind: Literal["melee", "missile"]
    specialisation: str
    aliases: tuple[str, ...] = ()
    hands: Literal["one", "either", "two"]
    can_balance: bool = False
    source: str
    note: str = ""
    ammunition: str | None = None
    reload_actions: int = 0
    shortfall: Literal["skill", "reload"] = "skill"
    """What a PHYS shortfall costs: skill points, or extra reload Actions (crossbows)."""
    weapons: tuple[WeaponRow, ...]

    def names(self) -> set[str]:
        return {self.specialisation, self.group.casefold(), *self.aliases}


class MeleeRules(BookEntry):
    source: str
    text: str
    two_handed_phys_reduction: int


class ThrownRules(BookEntry):
    source: str
    text: str
    note: str
    base_range: int
    unbalanced_penalty: int
    balanced_cost_factor: float

    def balanced_cost(self, cost: int) -> int:
        return math.ceil(cost * self.balanced_cost_factor)


class MissileRules(BookEntry):
    source: str
    text: str
    point_blank_penalty: int


class OffHandRules(BookEntry):
    source: str
    text: str
    note: str
    hit: int
    phys: int
    both_weapons_hit: int


class WeaponData(BookEntry):
    book: str
    about: str
    melee: MeleeRules
    thrown: ThrownRules
    missile: MissileRules
    off_hand: OffHandRules
    groups: tuple[WeaponGroup, ...]


@cache
def weapon_data() -> WeaponData:
    """Melee and missile weapon tables and their rules (weapons.json)."""
    return BOOK.load(WeaponData, "weapons.json")


@cache
def _groups_by_name() -> dict[str, WeaponGroup]:
    return {name: group for group in weapon_data().groups for name in group.names()}


def specialisation_key(text: str) -> str:
    """A specialisation as compared: "Blades", "blade" and "swords" all give "blade".

    The book spells specialisations both ways (Melee "blade", Throw Weapon "blades",
    Artos's "blades skill"); a known group's name or alias maps to its key.
    """
    key = " ".join(text.split()).casefold()
    group = _groups_by_name().get(key)
    return group.specialisation if group else key


def weapon_group(specialisation: str) -> WeaponGroup | None:
    """The weapon table for a specialisation ("blade", "Bows"…), or None."""
    return _groups_by_name().get(specialisation_key(specialisation))


def weapons() -> list[Weapon]:
    """Every weapon of the tables as a character item, wielded as its group requires."""
    out = []
    for group in weapon_data().groups:
        for row in group.weapons:
            out.append(_item(
                Weapon, row, kind=group.kind, group=group.specialisation, hands=group.hands,
                reload_actions=group.reload_actions,
                wield="two_hands" if group.hands == "two" else "one_hand"))
    return out


def weapon(name: str) -> Weapon:
    """The table weapon called ``name`` (any case); KeyError if there is none."""
    item = row_named(weapons(), name)
    if item is None:
        raise KeyError(name)
    return item


# ---------------------------------------------------------------- armor


class ArmorRow(BookEntry):
    name: str
    cost: int
    phys: int
    energy: int
    deft_limit: int | None
    source: str
    note: str = ""


class ShieldRow(BookEntry):
    name: str
    cost: int
    parry: int
    hits: int
    phys: int
    source: str
    note: str = ""


class HelmetRow(BookEntry):
    name: str
    cost: int
    phys: int
    energy: int
    bonus_phys: int
    bonus_energy: int
    perception_penalty: int
    source: str
    note: str = ""


class RuleText(BookEntry):
    source: str
    text: str
    note: str = ""


class ArmorData(BookEntry):
    book: str
    about: str
    armor_rules: RuleText
    armor: tuple[ArmorRow, ...]
    shield_rules: RuleText
    shields: tuple[ShieldRow, ...]
    helmet_rules: RuleText
    helmets: tuple[HelmetRow, ...]


@cache
def armor_data() -> ArmorData:
    """Armor, shields and helmets (armor.json)."""
    return BOOK.load(ArmorData, "armor.json")


def armor() -> list[Armor]:
    return [_item(Armor, row) for row in armor_data().armor]


def shields() -> list[Shield]:
    return [_item(Shield, row) for row in armor_data().shields]


def helmets() -> list[Helmet]:
    return [_item(Helmet, row) for row in armor_data().helmets]


# ---------------------------------------------------------------- ammunition


class AmmunitionRow(BookEntry):
    name: str
    cost: int
    per: int
    weapons: tuple[str, ...]
    """The weapon groups that shoot it."""
    source: str
    note: str = ""


class AmmunitionData(BookEntry):
    book: str
    source: str
    text: str
    about: str
    ammunition: tuple[AmmunitionRow, ...]


@cache
def ammunition_data() -> AmmunitionData:
    return BOOK.load(AmmunitionData, "ammunition.json")


def ammunition() -> list[Ammunition]:
    """Each kind of ammunition as one lot (``per`` rounds for ``cost``)."""
    return [Ammunition(name=row.name, cost=row.cost, per=row.per, quantity=row.per)
            for row in ammunition_data().ammunition]


# ---------------------------------------------------------------- contacts


class ContactTierRow(BookEntry):
    key: ContactTier
    name: str
    cost: int


class FriendRule(BookEntry):
    extra: int
    text: str


class InsiderRule(BookEntry):
    single: int
    group: int
    text: str
    note: str


class SharingRule(BookEntry):
    min_share: int
    text: str


class DetailsRule(BookEntry):
    text: str


class ContactTable(BookEntry):
    book: str
    source: str
    text: str
    tiers: tuple[ContactTierRow, ...]
    friend: FriendRule
    insider: InsiderRule
    sharing: SharingRule
    details: DetailsRule

    def tier(self, key: str) -> ContactTierRow:
        return next(row for row in self.tiers if row.key == key)


@cache
def contact_table() -> ContactTable:
    """The Contact cost table and its modifiers (contacts.json)."""
    return BOOK.load(ContactTable, "contacts.json")


# ---------------------------------------------------------------- materials, falling


class MaterialRow(BookEntry):
    names: tuple[str, ...]
    strength: int


class MaterialTable(BookEntry):
    book: str
    source: str
    text: str
    materials: tuple[MaterialRow, ...]

    def strength(self, material: str) -> int:
        """Material strength of ``material`` (any case); KeyError if not in the table."""
        key = material.strip().casefold()
        for row in self.materials:
            if key in row.names:
                return row.strength
        raise KeyError(material)


@cache
def materials() -> MaterialTable:
    """Material strength, the armor of objects (materials.json)."""
    return BOOK.load(MaterialTable, "materials.json")


class Surface(BookEntry):
    name: str
    modifier: int


class FallingTable(BookEntry):
    book: str
    source: str
    text: str
    note: str
    damage_per_space: int
    surfaces: tuple[Surface, ...]

    def surface(self, name: str) -> Surface:
        key = name.strip().casefold()
        return next(s for s in self.surfaces if s.name.casefold() == key)


@cache
def falling() -> FallingTable:
    """Falling damage and landing surfaces (falling.json)."""
    return BOOK.load(FallingTable, "falling.json")


# ---------------------------------------------------------------- creatures


class CreatureArmor(BookEntry):
    name: str
    phys: int
    energy: int


class CreatureAttack(BookEntry):
    name: str
    damage: Triplet
    skill: int


class Creature(BookEntry):
    """A creature as the book prints it (6.2): PERC instead of INTL."""

    name: str
    source: str
    phys: int
    deft: int
    perc: int
    will: int
    hits: int
    initiative: Triplet
    move: int
    armor: CreatureArmor
    attacks: tuple[CreatureAttack, ...]
    skills: dict[str, int]
    melee_defense: int
    missile_defense: int
    note: str = ""


class CreatureData(BookEntry):
    book: str
    source: str
    text: str
    perc_as_intl_penalty: int
    creatures: tuple[Creature, ...] = Field(default=())


@cache
def creature_data() -> CreatureData:
    return BOOK.load(CreatureData, "creatures.json")


def creatures() -> tuple[Creature, ...]:
    """The book's creatures (the crocodile)."""
    return creature_data().creatures


def creature(name: str) -> Creature:
    item = row_named(creatures(), name)
    if item is None:
        raise KeyError(name)
    return item


# ---------------------------------------------------------------- examples


def example_characters() -> dict[str, Path]:
    """The example character files, by file stem (e.g. "artos")."""
    return BOOK.example_characters()


def check_book_files() -> None:
    """Load every book file; DocumentError names the first broken one."""
    for loader in (tables, skill_data, trait_data, weapon_data, armor_data,
                   ammunition_data, contact_table, materials, falling, creature_data):
        loader()
    if not example_characters():
        raise DocumentError(BOOK.path("characters"), "no example characters")
