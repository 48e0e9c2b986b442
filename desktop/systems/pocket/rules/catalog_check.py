"""Every Pocket Universe book file loaded at once: the check that the book data is whole
(a broken or missing file raises DocumentError naming it)."""

from __future__ import annotations

from desktop.model.errors import DocumentError
from desktop.systems.pocket.rules import (
    catalog,
    catalog_armor,
    catalog_attributes,
    catalog_contacts,
    catalog_creatures,
    catalog_skills,
    catalog_traits,
    catalog_weapons,
    catalog_world,
)


def check_book_files() -> None:
    """Load every book file; DocumentError names the first broken one."""
    for loader in (catalog_attributes.tables, catalog_skills.skill_data,
                   catalog_traits.trait_data, catalog_weapons.weapon_data,
                   catalog_armor.armor_data, catalog_weapons.ammunition_data,
                   catalog_contacts.contact_table, catalog_world.materials,
                   catalog_world.falling, catalog_creatures.creature_data):
        loader()
    if not catalog.example_characters():
        raise DocumentError(catalog.BOOK.path("characters"), "no example characters")
