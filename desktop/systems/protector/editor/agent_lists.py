"""Protector's "Add agent…", "Add agent trait…" and "Add conflict…" from a list (issue
15, item 3), as "Add power…" and "Add trait…" are (``add_lists``): the book's
equipment, its example heroes' and NPCs' agents and their traits, and its internal
conflicts; then the user's own agents; a blank entry last. Imported when one of their
buttons is first pressed (``list_buttons``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from desktop.systems.protector.editor.add_lists import (
    USER_LIST,
    examples,
    warn_to,
)
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import Agent, AgentTrait, InternalConflict
from desktop.ui.rich_text import escape
from desktop.ui.widgets.catalog_chooser import CatalogChooser, Entry
from desktop.ui.widgets.my_list import mine, save_selected

BLANK = "fill it in yourself"
BLANK_HTML = "<p>An empty row to fill in.</p>"


def _rows(pairs: list[tuple[str, str]]) -> str:
    return "".join(f"<p><b>{escape(k)}:</b> {escape(v)}</p>" for k, v in pairs if v)


def _trait_words(traits: list[AgentTrait] | tuple[AgentTrait, ...]) -> str:
    return ", ".join(f"{t.name or t.type} {t.steps} step{'s' * (t.steps != 1)}"
                     for t in traits)


def _agent_entry(agent: Agent, source: str) -> Entry:
    details = (f"<h3>{escape(agent.name)}</h3><p><i>{escape(source)}</i></p>" + _rows([
        ("Kind", agent.kind), ("Types", ", ".join(agent.types)),
        ("Traits", _trait_words(agent.traits)),
        ("Properties", ", ".join(p.name for p in agent.properties)),
        ("Description", agent.description), ("Notes", agent.notes)]))
    return Entry(agent.name, source, details, agent,
                 f"{agent.kind} {' '.join(agent.types)} {agent.description}")


def agent_entries() -> list[Entry]:
    """The book's equipment (as the Equipment list adds it), then the agents of its
    example heroes and NPCs not already listed."""
    entries = [_agent_entry(catalog.equipment_agent(item.name),
                            f"book: equipment, {item.section}")
               for item in catalog.equipment_catalog().equipment]
    seen = {e.name.casefold() for e in entries}
    for hero in examples():
        for agent in hero.agents:
            if agent.name.casefold() not in seen:
                seen.add(agent.name.casefold())
                clean = agent.model_copy(deep=True, update={"depleted": 0, "damaged": 0})
                entries.append(_agent_entry(clean, f"book: {hero.name}'s"))
    return entries


def agent_trait_entries() -> list[Entry]:
    """Every distinct trait the book's equipment and example agents carry."""
    found: dict[tuple[str, str, int], str] = {}
    for item in catalog.equipment_catalog().equipment:
        for trait in item.traits:
            found.setdefault((trait.name, trait.type, trait.steps), f"book: {item.name}")
    for hero in examples():
        for agent in hero.agents:
            for trait in agent.traits:
                found.setdefault((trait.name, trait.type, trait.steps),
                                 f"book: {hero.name}'s {agent.name}")
    entries = []
    for (name, kind, steps), source in sorted(found.items()):
        title = f"{name or kind.capitalize()} ({kind}, {steps} step{'s' * (steps != 1)})"
        trait = AgentTrait(name=name, type=kind, steps=steps)  # type: ignore[arg-type]
        entries.append(Entry(title, source, f"<h3>{escape(title)}</h3><p><i>"
                             f"{escape(source)}</i></p>", trait, f"{name} {kind}"))
    return entries


def conflict_entries() -> list[Entry]:
    table = catalog.conflict_table()
    return [Entry(row.conflict, f"book: {table.source}, {row.roll}",
                  f"<h3>{escape(row.conflict)}</h3><p><i>book: {escape(table.source)}, "
                  f"roll {row.roll}</i></p>" + _rows([("Trigger", row.trigger)]),
                  InternalConflict(conflict=row.conflict, trigger=row.trigger), row.trigger)
            for row in table.examples]


def agent_chooser(parent: QWidget | None = None) -> CatalogChooser:
    entries = agent_entries() + mine(USER_LIST, "agents", warn_to(parent), _agent_entry)
    return CatalogChooser("Add an agent", entries, Entry(
        "Blank agent", BLANK, BLANK_HTML, Agent(name="New agent")), "protector", parent)


def agent_trait_chooser(parent: QWidget | None = None) -> CatalogChooser:
    return CatalogChooser("Add an agent trait", agent_trait_entries(), Entry(
        "Blank agent trait", BLANK, BLANK_HTML, AgentTrait(type="skill")), "protector",
        parent)


def conflict_chooser(parent: QWidget | None = None) -> CatalogChooser:
    return CatalogChooser("Add an internal conflict", conflict_entries(), Entry(
        "Blank conflict", BLANK, BLANK_HTML, InternalConflict(conflict="New conflict")),
        "protector", parent)


def _clean_agent(agent: Any) -> Agent:
    """What an agent is, without this character's spent and damaged dice."""
    return agent.model_copy(deep=True, update={"depleted": 0, "damaged": 0})




def save_to_my_list(editor: Any, key: str) -> str:
    """Keep the selected agent in the user's own list, without this character's spent
    and damaged dice; what happened, in one line."""
    return save_selected(editor.tables[key], USER_LIST, key, _clean_agent)
