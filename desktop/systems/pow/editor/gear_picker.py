"""Adding a weapon or armor from a list: the book's few, then our
own clearly labelled examples for a generic modern and fantasy setting (the book leaves
gear to the Worldbook), then the user's own (``rules.user_gear``), then a blank one."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtWidgets import QWidget

from desktop.systems.pow.rules import catalog
from desktop.systems.pow.rules.character import Armor, Weapon
from desktop.systems.pow.rules.user_gear import USER_GEAR
from desktop.ui.rich_text import escape
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


def _chooser(title: str, kind: str, book: Iterable[Any], examples: Iterable[tuple[str, Any]],
             details: Callable[[Any, str], str], note: Callable[[Any], str], blank: Any,
             blank_name: str, parent: QWidget | None,
             warn: Callable[[str], None] | None) -> CatalogChooser:
    """The book's entries, then our labelled examples, then the user's own ``kind``."""
    entries = [Entry(g.name, BOOK, details(g, "POW! Core Rules"), g, note(g)) for g in book]
    for setting, g in examples:
        source = OURS.format(setting=setting)
        entries.append(Entry(g.name, source, details(g, source), g, note(g)))
    for g in USER_GEAR.entries(kind, warn):
        entries.append(Entry(g.name, MINE, details(g, MINE), g, note(g)))
    return CatalogChooser(title, entries, Entry(
        blank_name, "fill it in yourself", "<p>An empty row to fill in.</p>", blank),
        "pow", parent)


def weapon_chooser(parent: QWidget | None = None,
                   warn: Callable[[str], None] | None = None) -> CatalogChooser:
    return _chooser("Add a weapon", "weapons", catalog.weapons(), catalog.example_weapons(),
                    _weapon_details, lambda w: w.notes, Weapon(name="New weapon"),
                    "Blank weapon", parent, warn)


def armor_chooser(parent: QWidget | None = None,
                  warn: Callable[[str], None] | None = None) -> CatalogChooser:
    return _chooser("Add armor", "armor", catalog.armor(), catalog.example_armor(),
                    _armor_details, lambda a: a.description, Armor(name="New armor"),
                    "Blank armor", parent, warn)
