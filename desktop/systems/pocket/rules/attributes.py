"""Reading the Attribute table (Pocket Universe, 2.3 Other Characteristics).

Every number derived from an Attribute comes through here: Modifier (Move), Value
(hit points), Roll (unarmed damage, initiative). A "level" or "row" shift moves along
the Roll column one score at a time (RULINGS Pocket 2: Acute Reflexes at DEFT 11 turns
2/3/4 into DEFT 12's 2/4/6); the table stops at 2 and 16, and so does a shift.
"""

from __future__ import annotations

from desktop.systems.pocket.rules import catalog_attributes
from desktop.systems.pocket.rules.catalog_attributes import AttributeRow
from desktop.systems.pocket.rules.character import Triplet


def row(score: int) -> AttributeRow:
    """The table row of ``score`` (the nearest row outside 2-16)."""
    return catalog_attributes.tables().attribute_table.row(score)


def in_table(score: int) -> bool:
    return catalog_attributes.tables().attribute_table.covers(score)


def modifier(score: int) -> int:
    return row(score).modifier


def value(score: int) -> int:
    return row(score).value


def roll(score: int, levels: int = 0) -> Triplet:
    """The Roll column at ``score`` moved ``levels`` rows (+ up, - down)."""
    return row(score + levels).roll


def shift_in_table(score: int, levels: int) -> bool:
    """Whether ``score`` moved ``levels`` rows is still on the table."""
    return in_table(score + levels)
