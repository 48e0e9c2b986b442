"""The book's creatures as printed (6.2 Creatures: PERC instead of INTL)
(creatures.json)."""


from functools import cache

from pydantic import Field

from desktop.systems.book_data import BookEntry, row_named
from desktop.systems.pocket.rules import catalog
from desktop.systems.pocket.rules.character import Triplet


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
    return catalog.BOOK.load(CreatureData, "creatures.json")


def creatures() -> tuple[Creature, ...]:
    """The book's creatures (the crocodile)."""
    return creature_data().creatures


def creature(name: str) -> Creature:
    item = row_named(creatures(), name)
    if item is None:
        raise KeyError(name)
    return item
