"""The book's creatures as printed (6.2 Creatures: PERC instead of INTL)
(creatures.json)."""


from functools import cache
from typing import NamedTuple

from desktop.systems.book_data import row_named
from desktop.systems.pocket.rules import catalog
from desktop.systems.pocket.rules.character import Triplet


class CreatureArmor(NamedTuple):
    name: str
    phys: int
    energy: int


class CreatureAttack(NamedTuple):
    name: str
    damage: Triplet
    skill: int


class Creature(NamedTuple):
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


class CreatureData(NamedTuple):
    book: str
    source: str
    text: str
    perc_as_intl_penalty: int
    creatures: tuple[Creature, ...] = ()


@cache
def creature_data() -> CreatureData:
    return catalog.BOOK.load(CreatureData, "creatures.json")


def creatures() -> tuple[Creature, ...]:
    """The book's creatures (the crocodile)."""
    return creature_data().creatures


def creature(name: str) -> Creature:
    item = row_named(creatures(), name)
    if item is None:
        raise KeyError(name)
    return item
