"""Protector's "Add power…" and "Add trait…" from a list: the
book's power tables (every category's applications) and its example heroes' and NPCs'
powers; the traits its life path and examples name; then the user's own (saved with
"Save to my list", ``USER_LIST``). A blank entry stays at hand.

The editor's buttons import this module (and ``agent_lists``) when first pressed
(``list_buttons``): opening a character never needs the lists."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtWidgets import QDialog, QWidget

from desktop.systems.protector.rules import catalog, npcs
from desktop.systems.protector.rules.character import Agent, Power, ProtectorCharacter, Trait
from desktop.systems.user_catalog import UserCatalog
from desktop.ui.list_table import ListTableBinding
from desktop.ui.rich_text import escape
from desktop.ui.widgets.catalog_chooser import CatalogChooser, Entry
from desktop.ui.widgets.my_list import mine, save_selected

USER_LIST = UserCatalog("protector", {"powers": Power, "traits": Trait, "agents": Agent},
                        label="powers, traits and agents list")


def examples() -> list[ProtectorCharacter]:
    """The book's example heroes and NPCs, in the book's order."""
    heroes = []
    from desktop.systems.files import load_character

    for path in catalog.example_characters().values():
        heroes.append(load_character(path))
    return [*heroes, *npcs.npcs()]


def _html(title: str, source: str, text: str) -> str:
    body = "".join(f"<p>{escape(p)}</p>" for p in text.split("\n\n") if p.strip())
    return f"<h3>{escape(title)}</h3><p><i>{escape(source)}</i></p>{body}"


def power_entries() -> list[Entry]:
    entries = []
    for category in catalog.power_tables().categories:
        rows = category.applications.rows
        if not rows:  # Amplification, Heal: no table, the player says what it does
            source = f"book: {category.name} (no table)"
            entries.append(Entry(category.name, source, _html(category.name, source,
                                                              category.text),
                                 Power(name=category.name, category=category.id,
                                       category_roll=category.roll), category.text))
        for row in rows:
            source = f"book: {category.name} table, {row.roll}"
            entries.append(Entry(row.name, source, _html(row.name, source, row.text),
                                 Power(name=row.name, category=category.id,
                                       category_roll=category.roll, application=row.name,
                                       application_roll=row.roll),
                                 f"{category.name} {row.text}"))
    seen = {e.name.casefold() for e in entries}
    for hero in examples():
        for power in hero.powers:
            if power.name and power.name.casefold() not in seen:
                seen.add(power.name.casefold())
                source = f"book: {hero.name}'s"
                entries.append(Entry(power.name, source, _html(
                    power.name, source, power.description or power.application),
                    Power(name=power.name, category=power.category,
                          application=power.application, description=power.description),
                    f"{power.category or ''} {power.application} {power.description}"))
    return entries


def _trait_entry(name: str, kind: str, source: str) -> Entry:
    info = catalog.trait_table().type(kind)
    trait = Trait(name=name, type=kind, steps=info.free_steps or 0)  # type: ignore[arg-type]
    return Entry(name, f"{info.name} · {source}", _html(name, f"{info.name} · {source}",
                                                        info.text), trait, kind)


def trait_entries() -> list[Entry]:
    found: dict[tuple[str, str], str] = {}

    def note(names: Iterable[tuple[str, str]], source: str) -> None:
        for name, kind in names:
            found.setdefault((name, kind), source)

    tables = catalog.lifepath_tables().decades
    for tier in (1, 2):
        for row in tables.tier(tier).rows:
            note(((g.name, g.type) for g in row.traits if g.name), "book: life path")
            note(((o, g.type) for g in row.traits for o in g.options), "book: life path")
    for hero in examples():
        note(((t.name, t.type) for t in hero.traits if t.type != "limit"),
             f"book: {hero.name}")
    return [_trait_entry(name, kind, source)
            for (name, kind), source in sorted(found.items(), key=lambda i: i[0][0])]


def warn_to(parent: QWidget | None) -> Callable[[str], None] | None:
    """Where a broken user list is reported: the editor's status line, if any."""
    message = getattr(parent, "message", None)
    return getattr(message, "emit", None)


def _my_power(power: Power, source: str) -> Entry:
    return Entry(power.name, source, _html(power.name, source, power.description
                                           or power.application), power,
                 f"{power.category or ''} {power.application} {power.description}")


def _my_trait(trait: Trait, source: str) -> Entry:
    label = f"{catalog.trait_table().type(trait.type).name} · {source}"
    return Entry(trait.name, label, _html(trait.name, label, trait.condition or trait.notes),
                 trait, trait.type)


def power_chooser(parent: QWidget | None = None) -> CatalogChooser:
    entries = power_entries() + mine(USER_LIST, "powers", warn_to(parent), _my_power)
    return CatalogChooser("Add a power", entries, Entry(
        "Blank power", "fill it in yourself", "<p>An empty row to fill in.</p>", Power()),
        "protector", parent)


def trait_chooser(parent: QWidget | None = None) -> CatalogChooser:
    entries = trait_entries() + mine(USER_LIST, "traits", warn_to(parent), _my_trait)
    return CatalogChooser("Add a trait", entries, Entry(
        "Blank trait", "fill it in yourself", "<p>An empty row to fill in.</p>",
        Trait(name="New trait", type="skill")), "protector", parent)


def _clean_power(power: Any) -> Power:
    """What a power is, without this character's Event, activation, dice and damage."""
    return Power(name=power.name, category=power.category,
                 category_roll=power.category_roll, application=power.application,
                 application_roll=power.application_roll, description=power.description,
                 effects=[e.model_copy() for e in power.effects],
                 invention=power.invention, notes=power.notes)


def _clean_trait(trait: Any) -> Trait:
    return trait.model_copy(deep=True, update={"trained_steps": 0})


CLEAN = {"traits": _clean_trait, "powers": _clean_power}


def save_to_my_list(editor: Any, key: str) -> str:
    """Keep the selected row of the editor's list ``key`` in the user's own list, without
    what belongs to this character alone; what happened, in one line."""
    return save_selected(editor.tables[key], USER_LIST, key, CLEAN[key])


def add_chosen(chooser: Callable[[QWidget | None], CatalogChooser], table: ListTableBinding,
               parent: QWidget | None = None) -> bool:
    """Ask with ``chooser`` and add the chosen entry to ``table`` (one undo step)."""
    dialog = chooser(parent)
    if dialog.exec() != QDialog.DialogCode.Accepted or dialog.chosen() is None:
        return False
    item = dialog.chosen().model_copy(deep=True)
    name = getattr(item, "name", "") or getattr(item, "conflict", "")
    table.add(item, f"Add {name or table.item_label}")
    return True
