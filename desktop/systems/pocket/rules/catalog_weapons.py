"""The melee and missile weapon tables (3.2, 3.3, RULINGS Pocket 7) with their rules
(two hands, thrown weapons 3.21, point blank, off hand 5.81), and ammunition (3.31) (weapons.json,
ammunition.json)."""


import math
from functools import cache
from typing import Literal, NamedTuple

from desktop.systems.book_data import row_named
from desktop.systems.pocket.rules import catalog
from desktop.systems.pocket.rules.character import Ammunition, Triplet, Weapon


class WeaponRow(NamedTuple):
    name: str
    cost: int
    hit: int
    damage: Triplet
    phys: int
    range: int | None = None


class WeaponGroup(NamedTuple):
    """A table of weapons sharing a skill specialisation (3.2, 3.3)."""

    group: str
    kind: Literal["melee", "missile"]
    specialisation: str
    hands: Literal["one", "either", "two"]
    source: str
    weapons: tuple[WeaponRow, ...]
    aliases: tuple[str, ...] = ()
    can_balance: bool = False
    note: str = ""
    ammunition: str | None = None
    reload_actions: int = 0
    shortfall: Literal["skill", "reload"] = "skill"
    """What a PHYS shortfall costs: skill points, or extra reload Actions (crossbows)."""

    def names(self) -> set[str]:
        return {self.specialisation, self.group.casefold(), *self.aliases}


class MeleeRules(NamedTuple):
    source: str
    text: str
    two_handed_phys_reduction: int


class ThrownRules(NamedTuple):
    source: str
    text: str
    note: str
    base_range: int
    unbalanced_penalty: int
    balanced_cost_factor: float

    def balanced_cost(self, cost: int) -> int:
        return math.ceil(cost * self.balanced_cost_factor)


class MissileRules(NamedTuple):
    source: str
    text: str
    point_blank_penalty: int


class OffHandRules(NamedTuple):
    source: str
    text: str
    note: str
    hit: int
    phys: int
    both_weapons_hit: int


class WeaponData(NamedTuple):
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
    return catalog.BOOK.load(WeaponData, "weapons.json")


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
            out.append(catalog.book_item(
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


class AmmunitionRow(NamedTuple):
    name: str
    cost: int
    per: int
    weapons: tuple[str, ...]
    """The weapon groups that shoot it."""
    source: str
    note: str = ""


class AmmunitionData(NamedTuple):
    book: str
    source: str
    text: str
    about: str
    ammunition: tuple[AmmunitionRow, ...]


@cache
def ammunition_data() -> AmmunitionData:
    return catalog.BOOK.load(AmmunitionData, "ammunition.json")


def ammunition() -> list[Ammunition]:
    """Each kind of ammunition as one lot (``per`` rounds for ``cost``)."""
    return [Ammunition(name=row.name, cost=row.cost, per=row.per, quantity=row.per)
            for row in ammunition_data().ammunition]
