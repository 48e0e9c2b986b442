"""The Contact cost table."""

from __future__ import annotations

from desktop.systems.pocket.rules import catalog_contacts


def test_contact_table() -> None:
    table = catalog_contacts.contact_table()
    assert [(t.name, t.cost) for t in table.tiers] == [
        ('A "Nobody"', 1), ("Average Citizen", 3), ("Locally Influential", 5),
        ("Local Authority", 7), ("Regional Authority", 9), ("National Authority", 11),
        ("National Leader", 13)]
    assert (table.friend.extra, table.insider.single, table.insider.group) == (2, 4, 2)
    assert table.sharing.min_share == 1
