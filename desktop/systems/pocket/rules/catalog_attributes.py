"""The Attribute table and the tables read off the Attributes (attributes.json):
Modifier, Value and Roll (2.3), creation points (2.1), starting EPs by INTL (2.4),
contact points by WILL (2.6), Move (2.34), EP awards (6.3) and starting money (3.1)."""


from functools import cache
from typing import NamedTuple

from desktop.systems.pocket.rules import catalog
from desktop.systems.pocket.rules.character import Triplet


class AttributeRow(NamedTuple):
    score: int
    modifier: int
    value: int
    roll: Triplet


class AttributeTable(NamedTuple):
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


class PointsRow(NamedTuple):
    score: int
    points: int


class PointsTable(NamedTuple):
    """Starting EPs by INTL or contact points by WILL (2.4, 2.6)."""

    source: str
    text: str
    rows: tuple[PointsRow, ...]
    note: str = ""

    def covers(self, score: int) -> bool:
        return self.rows[0].score <= score <= self.rows[-1].score

    def points(self, score: int) -> int:
        """Points for ``score``; outside 7-13 the nearest row (an error finding)."""
        clamped = min(max(score, self.rows[0].score), self.rows[-1].score)
        return next(r.points for r in self.rows if r.score == clamped)


class CreationRules(NamedTuple):
    source: str
    text: str
    base: int
    points: int
    max_added: int
    average: int
    lackey_points: int
    lackey_source: str


class MoveRule(NamedTuple):
    source: str
    text: str
    base: int


class ExperienceRules(NamedTuple):
    source: str
    text: str
    award_min: int
    award_max: int
    lackey_award_max: int


class StartingMoney(NamedTuple):
    source: str
    text: str
    amount: int


class AttributeTables(NamedTuple):
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
    return catalog.BOOK.load(AttributeTables, "attributes.json")
