"""The Attribute table and the tables read off Attributes, row by row as the book prints
them."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.rules import catalog_attributes

# The Attribute table of 2.3, copied from the book: score: (modifier, value, roll).
BOOK_ATTRIBUTE_TABLE = {
    2: (-8, 1, (0, 0, 0)), 3: (-7, 1, (0, 0, 0)), 4: (-6, 2, (0, 0, 0)),
    5: (-5, 3, (0, 0, 0)), 6: (-4, 4, (0, 0, 1)), 7: (-3, 5, (0, 1, 1)),
    8: (-2, 6, (1, 1, 1)), 9: (-1, 8, (1, 1, 2)), 10: (0, 10, (1, 2, 3)),
    11: (1, 13, (2, 3, 4)), 12: (2, 17, (2, 4, 6)), 13: (3, 22, (3, 5, 7)),
    14: (4, 29, (4, 6, 8)), 15: (5, 37, (5, 7, 9)), 16: (6, 48, (6, 8, 10)),
}


@pytest.mark.parametrize("score", sorted(BOOK_ATTRIBUTE_TABLE))
def test_attribute_table_rows_are_the_books(score: int) -> None:
    row = catalog_attributes.tables().attribute_table.row(score)
    assert (row.score, (row.modifier, row.value, row.roll)) == (score,
                                                                 BOOK_ATTRIBUTE_TABLE[score])


def test_attribute_table_edges_and_outside() -> None:
    table = catalog_attributes.tables().attribute_table
    assert (table.lowest, table.highest) == (2, 16)
    assert len(table.rows) == 15
    assert table.covers(2) and table.covers(16)
    assert not table.covers(1) and not table.covers(17)
    assert table.row(1) == table.row(2) and table.row(-5) == table.row(2)
    assert table.row(17) == table.row(16) and table.row(99) == table.row(16)


def test_starting_eps_and_contact_points_tables() -> None:
    book = {7: 5, 8: 6, 9: 8, 10: 10, 11: 13, 12: 16, 13: 19}
    tables = catalog_attributes.tables()
    for points in (tables.starting_eps, tables.contact_points):
        assert {r.score: r.points for r in points.rows} == book
        assert points.points(7) == 5 and points.points(13) == 19
        assert points.points(6) == 5 and points.points(14) == 19  # nearest row
        assert not points.covers(6) and not points.covers(14)


def test_creation_numbers() -> None:
    rules = catalog_attributes.tables()
    assert (rules.creation.base, rules.creation.points, rules.creation.max_added) == (8, 10, 4)
    assert rules.creation.lackey_points == 8
    assert rules.move.base == 6
    assert rules.starting_money.amount == 500
    assert (rules.experience.award_min, rules.experience.award_max) == (1, 3)
