"""The Protector editor's list tables: Decades and their Events, traits, powers and their
effects, agents with their traits and properties, internal conflicts.

Each table is a ``ListTableBinding`` (one undo step per cell edit, added or removed
row); a ``ChildTable`` edits the list inside the row selected in its parent table (the
Events of the selected Decade). Derived columns show what the rules make of a row: a
power's pool dice, an agent's build dice and pool, what an effect or trait costs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtWidgets import QTableWidget, QWidget

from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import (
    AGENT_KINDS,
    AGENT_TRAIT_TYPES,
    EVENT_TYPES,
    TRAIT_TYPES,
    Agent,
    AgentTrait,
    Decade,
    Effect,
    Event,
    InternalConflict,
    Power,
    ProtectorCharacter,
    Trait,
)
from desktop.systems.protector.rules.derived import ProtectorDerived
from desktop.systems.protector.rules.ledger import effect_cost
from desktop.ui.binding import get_path
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.lazy_pages import BoundOnUse, WhenBuilt
from desktop.ui.list_table import Column, ListTableBinding
from desktop.ui.widgets.dice_pool import dice_list

CHILDREN: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("decades", ("events",)), ("powers", ("effects",)),
    ("agents", ("agent_traits", "properties")))
"""Parent tables and the tables that show lists inside their selected row."""


def event_name(event_type: str | None) -> str:
    if event_type is None:
        return "—"
    return catalog.lifepath_tables().events.by_id(event_type).name


def label_of(text: str) -> str:
    return text.replace("_", " ").capitalize()


class ChildTable(ListTableBinding):
    """A list table over a list inside the row selected in another table (the Events of
    the selected Decade, the effects of the selected power…). The shared binding walks
    attribute paths only, so the edits here index the parent's list themselves."""

    def __init__(self, document: CharacterDocument, table: QTableWidget,
                 parent: ListTableBinding, field: str, columns: list[Column],
                 item_label: str, new_item: Callable[[], object]) -> None:
        self.parent = parent
        self.field = field
        super().__init__(document, table, "", columns, item_label, new_item)  # type: ignore[arg-type]

    @property  # type: ignore[override]
    def list_path(self) -> str:
        row = self._row()
        return f"{self.parent.list_path}.{row}.{self.field}" if row >= 0 else ""

    @list_path.setter
    def list_path(self, _value: str) -> None:  # the base class sets it; ours is computed
        pass

    def _row(self) -> int:
        row = self.parent.selected_row()
        return row if 0 <= row < len(self.parent.items) else -1

    def _list(self, character: object, row: int) -> list:
        return getattr(get_path(character, self.parent.list_path)[row], self.field)

    @property
    def items(self) -> list:  # type: ignore[override]
        row = self._row()
        return self._list(self.document.character, row) if row >= 0 else []

    def add(self, item=None, text: str | None = None) -> None:  # type: ignore[override]
        row = self._row()
        if row < 0:
            return
        new = item if item is not None else self.new_item()
        self.document.apply(text or f"Add {self.item_label}",
                            lambda c: self._list(c, row).append(new))
        self.table.selectRow(len(self.items) - 1)

    def remove_selected(self) -> None:
        row, index = self._row(), self.selected_row()
        if row < 0 or index < 0:
            return
        name = getattr(self.items[index], "name", self.item_label)
        self.document.apply(f"Remove {name}", lambda c: self._list(c, row).pop(index))

    def set_value(self, index: int, field: str, value) -> None:  # type: ignore[override]
        row = self._row()
        if row < 0:
            return
        header = next((c.header for c in self.columns if c.field == field), field)
        self.document.apply(
            f"Change {self.item_label} {header}",
            lambda c: setattr(self._list(c, row)[index], field, value),
            merge_key=f"{self.list_path}.{index}.{field}" if isinstance(value, str) else None,
            describe=lambda before, after: self.describe(
                self._list(before, row)[index], self._list(after, row)[index], field, header))


WIDGETS = {"decades": "decadesTable", "events": "eventsTable", "traits": "traitsTable",
           "powers": "powersTable", "effects": "effectsTable", "agents": "agentsTable",
           "agent_traits": "agentTraitsTable", "properties": "propertiesTable",
           "conflicts": "conflictsTable"}
"""Each list's table in the form."""

Tables = dict[str, ListTableBinding]

def bind_tables(doc: CharacterDocument, form: QWidget, when_built: WhenBuilt) -> Tables:
    """Every list table of the form, bound to its list (one undo step per edit) when its
    tab page is loaded (``when_built``) and added to the dict returned then (asking it
    for one not loaded yet loads it)."""
    tables: Tables = BoundOnUse(lambda key: key in WIDGETS
                                and child(form, QTableWidget, WIDGETS[key]))
    for key, bind in (("decades", _bind_life_path), ("traits", _bind_traits),
                      ("powers", _bind_powers), ("agents", _bind_agents),
                      ("conflicts", _bind_conflicts)):
        when_built(WIDGETS[key], partial(bind, doc, form, tables))
    return tables


def _bind_life_path(doc: CharacterDocument, form: QWidget, tables: Tables) -> None:
    events = catalog.lifepath_tables().events
    decades = ListTableBinding(doc, child(form, QTableWidget, "decadesTable"), "decades", [
        Column("entry", "Entry", tooltip="The table's entry, or a name of your own"),
        Column("tier", "Tier", "derived", derived=_tier_text,
               tooltip="First tier for the first Decade, second tier after"),
        Column("roll", "d20", "optional_int", tooltip="The d20 that picked it (empty: "
               "chosen)"),
        Column("event_count", "Events", "optional_int", tooltip="The 1d4 for its Events"),
        Column("continuation", "Then", "derived", derived=_continuation_text,
               tooltip="The continuation roll: one d6 per decade held; all odd → "
                       "another Decade"),
        Column("description", "What the character was doing", stretch=True),
    ], "Decade", lambda: Decade(tier=1 if not doc.character.decades else 2))
    event_rows = ChildTable(doc, child(form, QTableWidget, "eventsTable"), decades, "events", [
        Column("type", "Event", "choice",
               [("—", None)] + [(events.by_id(t).name, t) for t in EVENT_TYPES]),
        Column("roll", "d8", "optional_int", tooltip="The d8 that picked it (empty: "
               "chosen)"),
        Column("description", "One sentence: what happened and its consequences",
               stretch=True),
    ], "Event", Event)
    tables.update(decades=decades, events=event_rows)


def _bind_traits(doc: CharacterDocument, form: QWidget, tables: Tables) -> None:
    traits = ListTableBinding(doc, child(form, QTableWidget, "traitsTable"), "traits", [
        Column("name", "Trait", stretch=True),
        Column("type", "Type", "choice", [(label_of(t), t) for t in TRAIT_TYPES]),
        Column("steps", "Steps", "int", tooltip="Steps bought (a trade: 3; a limit: 0)"),
        Column("limit", "Limit", "optional_int",
               tooltip="A limit's cap, from 5 down: 5 − limit skill steps"),
        Column("condition", "Condition / trigger",
               tooltip="A conditional's trigger, or the tests a limit caps"),
        Column("trained_steps", "Trained", "int", tooltip="Steps from training phases"),
        Column("notes", "Notes"),
    ], "trait", lambda: Trait(name="New trait", type="skill"))
    tables["traits"] = traits


def _bind_powers(doc: CharacterDocument, form: QWidget, tables: Tables) -> None:
    categories = catalog.power_tables().categories
    powers = ListTableBinding(doc, child(form, QTableWidget, "powersTable"), "powers", [
        Column("name", "Power"),
        Column("category", "Category", "choice",
               [("—", None)] + [(row.name, row.id) for row in categories]),
        Column("application", "Application", stretch=True),
        Column("active", "Active", "bool", tooltip="Latent powers cost nothing and have "
               "no pool"),
        Column("energy_dice", "Energy dice", "int"),
        Column("dice_per_die", "Dice/die", "optional_int",
               tooltip="Pool dice per energy die, fixed at activation (empty: the "
                       "era's number)"),
        Column("steps", "Steps", "int", tooltip="Dice steps: one pool die buys 3"),
        Column("gained_dice", "Gained", "int", tooltip="Pool dice from training"),
        Column("invention", "Invention", "bool",
               tooltip="An invention power: its pool builds inventions"),
        Column("pool", "Pool", "derived", derived=_power_pool_text),
    ], "power", Power)
    effects = ChildTable(doc, child(form, QTableWidget, "effectsTable"), powers, "effects", [
        Column("name", "Effect"),
        Column("note", "Note (what a Limit allows, No Deplete's weak spot…)",
               stretch=True),
        Column("cost", "Cost", "derived",
               derived=lambda d, c, r: _effect_cost(c, powers.selected_row(), r)),
    ], "effect", lambda: Effect(name="Fast Burn"))
    tables.update(powers=powers, effects=effects)


def _bind_agents(doc: CharacterDocument, form: QWidget, tables: Tables) -> None:
    agents = ListTableBinding(doc, child(form, QTableWidget, "agentsTable"), "agents", [
        Column("name", "Agent", stretch=True),
        Column("kind", "Kind", "choice", [(label_of(k), k) for k in AGENT_KINDS]),
        Column("types", "Types", "names", tooltip="Equipment types, separated by "
               "commas: " + ", ".join(r.id for r in catalog.agent_rules().equipment_types)),
        Column("energy_dice", "Energy dice", "int", tooltip="6 build dice each"),
        Column("gained_dice", "Gained", "int"),
        Column("build", "Build", "derived", derived=lambda d, c, r: str(d.agents[r].build),
               tooltip="Build dice: energy dice × 6 (an invention: its power's pool, its "
                       "dice steps included; the app's reading: traits and properties "
                       "take the plain dice first, so the stepped dice stay)"),
        Column("pool", "Pool", "derived", derived=_agent_pool_text),
    ], "agent", lambda: Agent(name="New agent"))
    agent_traits = ChildTable(doc, child(form, QTableWidget, "agentTraitsTable"), agents,
                              "traits", [
        Column("name", "Trait", stretch=True),
        Column("type", "Steps up", "choice", [(label_of(t), t) for t in AGENT_TRAIT_TYPES]),
        Column("steps", "Steps", "int"),
        Column("cost", "Cost", "derived",
               derived=lambda d, c, r: _agent_trait_cost(c, agents.selected_row(), r),
               tooltip="1 build die a step; 2 for a trait that steps up the character"),
    ], "agent trait", lambda: AgentTrait(type="skill"))
    properties = ChildTable(doc, child(form, QTableWidget, "propertiesTable"), agents,
                            "properties", [
        Column("name", "Property"),
        Column("note", "Note", stretch=True),
        Column("cost", "Cost", "derived",
               derived=lambda d, c, r: _property_cost(c, agents.selected_row(), r)),
    ], "property", lambda: Effect(name="No Deplete"))
    tables.update(agents=agents, agent_traits=agent_traits, properties=properties)


def _bind_conflicts(doc: CharacterDocument, form: QWidget, tables: Tables) -> None:
    conflicts = ListTableBinding(doc, child(form, QTableWidget, "conflictsTable"),
                                 "conflicts", [
        Column("conflict", "Conflict"),
        Column("trigger", "Trigger", stretch=True),
    ], "conflict", lambda: InternalConflict(conflict="New conflict"))
    tables["conflicts"] = conflicts


# ---------------------------------------------------------------- derived cells


def _effect_cost(character: ProtectorCharacter, power: int, row: int) -> str:
    effects = character.powers[power].effects if 0 <= power < len(character.powers) else []
    if row >= len(effects):
        return ""
    cost = effect_cost(effects[row])
    return "adds 1" if cost < 0 else str(cost)


def _agent_trait_cost(character: ProtectorCharacter, agent: int, row: int) -> str:
    if not 0 <= agent < len(character.agents) or row >= len(character.agents[agent].traits):
        return ""
    trait = character.agents[agent].traits[row]
    rules = catalog.agent_rules().trait_cost
    per = rules.character if trait.type == "character" else rules.agent
    return str(trait.steps * per)


def _property_cost(character: ProtectorCharacter, agent: int, row: int) -> str:
    if not 0 <= agent < len(character.agents) or (
            row >= len(character.agents[agent].properties)):
        return ""
    cost = effect_cost(character.agents[agent].properties[row])
    return "adds 1" if cost < 0 else str(cost)


def _tier_text(derived: ProtectorDerived, character: ProtectorCharacter, row: int) -> str:
    return "first" if character.decades[row].tier == 1 else "second"


def _continuation_text(derived: ProtectorDerived, character: ProtectorCharacter,
                       row: int) -> str:
    result = character.decades[row].continuation
    if result is None:
        return ""
    then = "another Decade" if result.another else "powers"
    faces = ", ".join(map(str, result.faces))
    return f"[{faces}] → {then}" if faces else f"chose {then}"


def _power_pool_text(derived: ProtectorDerived, character: ProtectorCharacter,
                     row: int) -> str:
    pool = derived.powers[row]
    if not pool.active:
        return "latent"
    return dice_list(list(pool.dice)) or str(pool.pool)


def _agent_pool_text(derived: ProtectorDerived, character: ProtectorCharacter,
                     row: int) -> str:
    pool = derived.agents[row].pool
    return f"{pool}d6" if pool > 0 else str(pool)
