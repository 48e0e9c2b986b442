"""Step 4, Contacts: each Contact's cost, and the contact points to pay them, read at the
creation WILL (2.6, RULINGS Pocket 3)."""

from __future__ import annotations

from desktop.systems.pocket.rules.attributes import attribute_values
from desktop.systems.pocket.rules.character import (
    Attributes,
    Contact,
    Experience,
    PocketCharacter,
    Trait,
)
from desktop.systems.pocket.rules.contacts import contact_values
from desktop.systems.pocket.rules.traits import trait_values

COACHMAN = Contact(name="Coachman", tier="national_leader", insider="single")
MET = Contact(name="Innkeeper", acquired="play")


def values(role: str = "character", **kw: object):
    character = PocketCharacter(name="Test", role=role, contacts=[COACHMAN, MET],
                                attributes=Attributes(phys=10, deft=12, intl=10, will=11),
                                **kw)
    return contact_values(character, trait_values(character, attribute_values(character)))


def test_points_spent_on_contacts_bought_at_creation() -> None:
    contacts = values()
    assert [c.cost for c in contacts.lines] == [9, 3]
    assert (contacts.points, contacts.spent, contacts.left) == (13, 9, 4)


def test_points_are_read_at_the_creation_will_plus_connected() -> None:
    raised = values(experience=Experience(attribute_raises={"will": 1}),
                    traits=[Trait(name="Connected")])
    assert raised.points == 10 + 3
    assert values(role="lackey").points == 0
