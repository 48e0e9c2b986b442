"""The world's hard things: Material Strength, the armor of objects (4.8), and falling
damage with its landing surfaces (4.7) (materials.json, falling.json)."""


from functools import cache
from typing import NamedTuple

from desktop.systems.pocket.rules import catalog


class MaterialRow(NamedTuple):
    names: tuple[str, ...]
    strength: int


class MaterialTable(NamedTuple):
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
    return catalog.BOOK.load(MaterialTable, "materials.json")


class Surface(NamedTuple):
    name: str
    modifier: int


class FallingTable(NamedTuple):
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
    return catalog.BOOK.load(FallingTable, "falling.json")
