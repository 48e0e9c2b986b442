"""Step 4 of ``derive``: Contacts and contact points (Pocket Universe, 2.6 Contacts).

Base cost from the table (or as the GM set it), less 4 for an insider of one Contact
or 2 for an insider of a group (the King's Coachman, insider for the King, a National
Leader at 13, costs 9); never below 1 (ours: every sharer pays at least 1). A shared
Contact's base cost is split between the characters; each pays the +2 of a Friend or
Relative on their own. Contacts made in play cost no contact points.

``contact_values`` reads the character and step 2 (``traits``): contact points are read
at the creation WILL (RULINGS Pocket 3), plus Connected; a Lackey has none.
"""

from __future__ import annotations

from typing import NamedTuple

from desktop.systems.pocket.rules import catalog_attributes, catalog_contacts
from desktop.systems.pocket.rules.character import Contact, PocketCharacter
from desktop.systems.pocket.rules.traits import TraitValues, is_lackey


class ContactLine(NamedTuple):
    """One Contact with what it costs this character in contact points (2.6)."""

    index: int
    contact: Contact
    tier_name: str
    table_cost: int
    """The table's guide cost, or the GM's."""
    insider_reduction: int
    base_cost: int
    """What the Contact costs as an Acquaintance, after the insider reduction."""
    share: int
    """This character's part of the base cost (all of it when not shared)."""
    friend_extra: int
    cost: int
    """Contact points this character pays: share + Friend/Relative extra."""
    shares_total: int
    """Everybody's parts of the base cost together."""

    @property
    def shared(self) -> bool:
        return self.contact.my_share is not None

    @property
    def counted(self) -> bool:
        """Paid from this character's contact points (bought at creation)."""
        return self.contact.acquired == "creation"


def base_cost(contact: Contact) -> tuple[int, int, int]:
    """(table or GM cost, insider reduction, base cost)."""
    table = catalog_contacts.contact_table()
    listed = contact.cost if contact.cost is not None else table.tier(contact.tier).cost
    reduction = {"none": 0, "single": table.insider.single,
                 "group": table.insider.group}[contact.insider]
    return listed, reduction, max(listed - reduction, table.sharing.min_share)


def contact_line(index: int, contact: Contact) -> ContactLine:
    table = catalog_contacts.contact_table()
    listed, reduction, base = base_cost(contact)
    share = base if contact.my_share is None else contact.my_share
    extra = table.friend.extra if contact.friend else 0
    others = sum(s.points for s in contact.shared_with)
    return ContactLine(index, contact, table.tier(contact.tier).name, listed, reduction, base,
                       share, extra, share + extra, share + others)


def contact_lines(character: PocketCharacter) -> tuple[ContactLine, ...]:
    return tuple(contact_line(i, c) for i, c in enumerate(character.contacts))


class ContactValues(NamedTuple):
    """Step 4: the Contacts with their costs, and the contact points to pay them."""

    lines: tuple[ContactLine, ...]
    points: int
    spent: int
    """Points paid for Contacts bought at creation."""

    @property
    def left(self) -> int:
        return self.points - self.spent


def contact_values(character: PocketCharacter, traits: TraitValues) -> ContactValues:
    lines = contact_lines(character)
    points = 0 if is_lackey(character) else (
        catalog_attributes.tables().contact_points.points(traits.creation_scores["will"])
        + traits.summary.contact_points)
    return ContactValues(lines, points, sum(c.cost for c in lines if c.counted))
