"""Adding a weapon or armor from a list (issue 15, item 3): the book's few, then our
own clearly labelled examples for a generic modern and fantasy setting (the book leaves
gear to the Worldbook), then the user's own (``rules.user_gear``), then a blank one."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtWidgets import QWidget

from desktop.systems.pow.rules import catalog
from desktop.systems.pow.rules.character import Armor, Weapon
from desktop.systems.pow.rules.user_gear import USER_GEAR
from desktop.ui.widgets.catalog_chooser import CatalogChooser, Entry

BOOK = "book"
OURS = "Sheetdesk example ({setting}), not the book's"
MINE = "your own list"


def _weapon_details(weapon: Weapon, source: str) -> str:
    kind = ("melee or thrown" if weapon.ranged and weapon.adds_brawn else
            "ranged" if weapon.ranged else "melee")
    damage = f"{weapon.damage} + Brawn" if weapon.adds_brawn else str(weapon.damage)
    rows = [("Damage", damage), ("Kind", kind)]
    if weapon.base_range_ft:
        rows.append(("Base range", f"{weapon.base_range_ft:g} ft"))
    if weapon.notes:
        rows.append(("Notes", weapon.notes))
    body = "".join(f"<p><b>{escape(k)}:</b> {escape(v)}</p>" for k, v in rows)
    return f"<h3>{escape(weapon.name)}</h3><p><i>{escape(source)}</i></p>{body}"


def _armor_details(armor: Armor, source: str) -> str:
    rows = [("Frame Rating", str(armor.frame_rating)),
            ("Damage Rating", str(armor.damage_rating))]
    if armor.cost:
        rows.append(("Cost", armor.cost))
    if armor.description:
        rows.append(("Description", armor.description))
    body = "".join(f"<p><b>{escape(k)}:</b> {escape(v)}</p>" for k, v in rows)
    return f"<h3>{escape(armor.name)}</h3><p><i>{escape(source)}</i></p>{body}"


def weapon_chooser(parent: QWidget | None = None,
                   warn: Callable[[str], None] | None = None) -> CatalogChooser:
    entries = [Entry(w.name, BOOK, _weapon_details(w, "POW! Core Rules"), w, w.notes)
               for w in catalog.weapons()]
    for setting, w in catalog.example_weapons():
        source = OURS.format(setting=setting)
        entries.append(Entry(w.name, source, _weapon_details(w, source), w, w.notes))
    for w in USER_GEAR.entries("weapons", warn):
        entries.append(Entry(w.name, MINE, _weapon_details(w, MINE), w, w.notes))
    blank = Weapon(name="New weapon")
    return CatalogChooser("Add a weapon", entries, Entry(
        "Blank weapon", "fill it in yourself", "<p>An empty row to fill in.</p>", blank),
        "pow", parent)


def armor_chooser(parent: QWidget | None = None,
                  warn: Callable[[str], None] | None = None) -> CatalogChooser:
    entries = [Entry(a.name, BOOK, _armor_details(a, "POW! Core Rules"), a, a.description)
               for a in catalog.armor()]
    for setting, a in catalog.example_armor():
        source = OURS.format(setting=setting)
        entries.append(Entry(a.name, source, _armor_details(a, source), a, a.description))
    for a in USER_GEAR.entries("armor", warn):
        entries.append(Entry(a.name, MINE, _armor_details(a, MINE), a, a.description))
    blank = Armor(name="New armor")
    return CatalogChooser("Add armor", entries, Entry(
        "Blank armor", "fill it in yourself", "<p>An empty row to fill in.</p>", blank),
        "pow", parent)
