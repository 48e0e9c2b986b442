"""Body armor (3.4), shields (3.41) and helmets (3.42) as the book lists them
(armor.json)."""


from functools import cache
from typing import NamedTuple

from desktop.systems.pocket.rules import catalog
from desktop.systems.pocket.rules.character import Armor, Helmet, Shield


class ArmorRow(NamedTuple):
    name: str
    cost: int
    phys: int
    energy: int
    deft_limit: int | None
    source: str
    note: str = ""


class ShieldRow(NamedTuple):
    name: str
    cost: int
    parry: int
    hits: int
    phys: int
    source: str
    note: str = ""


class HelmetRow(NamedTuple):
    name: str
    cost: int
    phys: int
    energy: int
    bonus_phys: int
    bonus_energy: int
    perception_penalty: int
    source: str
    note: str = ""


class RuleText(NamedTuple):
    source: str
    text: str
    note: str = ""


class ArmorData(NamedTuple):
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
    return catalog.BOOK.load(ArmorData, "armor.json")


def armor() -> list[Armor]:
    return [catalog.book_item(Armor, row) for row in armor_data().armor]


def shields() -> list[Shield]:
    return [catalog.book_item(Shield, row) for row in armor_data().shields]


def helmets() -> list[Helmet]:
    return [catalog.book_item(Helmet, row) for row in armor_data().helmets]
