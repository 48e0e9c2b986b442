"""The Contact cost table and its modifiers: Friend/Relative, insiders, sharing (2.6)
(contacts.json)."""


from functools import cache
from typing import NamedTuple

from desktop.systems.pocket.rules import catalog
from desktop.systems.pocket.rules.character import ContactTier


class ContactTierRow(NamedTuple):
    key: ContactTier
    name: str
    cost: int


class FriendRule(NamedTuple):
    extra: int
    text: str


class InsiderRule(NamedTuple):
    single: int
    group: int
    text: str
    note: str


class SharingRule(NamedTuple):
    min_share: int
    text: str


class DetailsRule(NamedTuple):
    text: str


class ContactTable(NamedTuple):
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
    return catalog.BOOK.load(ContactTable, "contacts.json")
