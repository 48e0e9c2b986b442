"""The Protector character editor: forms/protector_editor.ui bound to a ProtectorCharacter.

Generic pieces come from desktop.ui (field bindings, list tables, row details, findings,
undo); this module says which widget edits which Protector field, shows each pool as
dice (``DicePoolView``) and the creation ledger live, and hosts the life-path generator
(``lifepath_panel``) and the Energy System roll (``roll_panel``). Edits the rules tie
together (activating a power, The Visionary's death, the book's equipment, removing an
Event or Decade that powers answer) go through the pure ``edits`` helpers, each one
undoable step.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.systems.protector import catalog, combat_tables, edits
from desktop.systems.protector.character import (
    AGENT_KINDS,
    AGENT_TRAIT_TYPES,
    EVENT_TYPES,
    TRAIT_TYPES,
    Agent,
    AgentTrait,
    Decade,
    Effect,
    Event,
    EventLink,
    InternalConflict,
    Power,
    ProtectorCharacter,
    Trait,
)
from desktop.systems.protector.ledger import Line, n_dice
from desktop.systems.protector.lifepath_panel import LifePathPanel
from desktop.systems.protector.roll_panel import ProtectorRollPanel
from desktop.systems.protector.rules import ProtectorDerived
from desktop.ui.binding import Binder, get_path
from desktop.ui.document import CharacterDocument
from desktop.ui.editor import CharacterEditor, reveal
from desktop.ui.forms import child, load_form
from desktop.ui.list_table import Column, ListTableBinding
from desktop.ui.widgets.dice_pool import DicePoolView
from desktop.ui.widgets.findings import FindingsList
from desktop.ui.widgets.row_details import RowDetails

NO_LINK = ""
"""The power-event combo's "answers no Event yet"."""


def _event_name(event_type: str | None) -> str:
    if event_type is None:
        return "—"
    return catalog.lifepath_tables().events.by_id(event_type).name


def _label(text: str) -> str:
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
            merge_key=f"{self.list_path}.{index}.{field}" if isinstance(value, str) else None)


class ProtectorEditor(CharacterEditor):
    message = Signal(str)
    """Something to tell the user in the status bar."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.form = load_form("protector_editor.ui", self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.form)
        self.binder = Binder(document)
        self._bind_identity()
        self.energy_view = self._pool_view("energyDice", self._mark_energy)
        self._bind_steps()
        self.tables = self._bind_tables()
        self.details = self._bind_details()
        self.power_view = self._pool_view("powerPool", self._mark_power)
        self.power_view.set_empty_text("latent: no pool until activated")
        self.agent_view = self._pool_view("agentPool", self._mark_agent)
        self._bind_buttons()
        self._fill_reference()
        self.lifepath = LifePathPanel(self.form, document)
        self.lifepath.step_taken.connect(self.message)
        self.roll_panel = ProtectorRollPanel(self.form, document)
        self.findings = FindingsList(self._w(QListWidget, "findingsList"))
        self.findings.field_chosen.connect(self.focus_field)
        self.ledger_list = self._w(QListWidget, "ledgerList")
        self.ledger_list.itemActivated.connect(self._ledger_chosen)
        left = self._w(QLabel, "energyLeftValue")
        font = left.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        left.setFont(font)
        self.splitter = self._w(QSplitter, "editorSplitter")
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self._sized = False
        self.merged = self._w(QTableWidget, "mergedTable")
        self._setup_merged()
        self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._sized:  # the side panel takes a third, so small screens keep the sheet
            self._sized = True
            total = self.splitter.width()
            side = max(350, min(420, total // 3))
            self.splitter.setSizes([total - side, side])

    # -- helpers -----------------------------------------------------------------------
    def _w(self, kind, name):
        return child(self.form, kind, name)

    @property
    def character(self) -> ProtectorCharacter:
        return self.document.character  # type: ignore[return-value]

    def _replace(self, text: str, new: ProtectorCharacter) -> bool:
        """One undoable edit that makes the character ``new`` (from a pure edit)."""
        def take(target: ProtectorCharacter) -> None:
            for name in type(target).model_fields:
                setattr(target, name, getattr(new, name))
        return self.document.apply(text, take)  # type: ignore[arg-type]

    def _pure(self, text: str, edit: Callable[[ProtectorCharacter], ProtectorCharacter]
              ) -> bool:
        try:
            new = edit(self.character)
        except edits.EditError as exc:
            self.message.emit(str(exc))
            return False
        return self._replace(text, new)

    def _pool_view(self, holder: str, marked: Callable[[int, int], None]) -> DicePoolView:
        view = DicePoolView()
        view.setObjectName(f"{holder}View")
        self._w(QWidget, holder).layout().addWidget(view)
        self._w(QWidget, holder).layout().addStretch(1)
        view.marked.connect(marked)
        return view

    # -- bindings ----------------------------------------------------------------------
    def _bind_identity(self) -> None:
        b = self.binder
        b.field(self._w(QLineEdit, "nameEdit"), "name", "Name")
        b.field(self._w(QLineEdit, "playerEdit"), "player", "Player")
        era = self._w(QComboBox, "eraCombo")
        for row in catalog.era_table().eras:
            era.addItem(f"{row.name} ({row.years}) — {row.dice_per_die} pool dice a die",
                        row.id)
            era.setItemData(era.count() - 1, row.text, Qt.ItemDataRole.ToolTipRole)
        b.field(era, "era", "Age")
        b.field(self._w(QSpinBox, "energyPoolSpin"), "energy_pool", "Starting pool")
        b.field(self._w(QCheckBox, "npcCheck"), "npc", "NPC")
        b.field(self._w(QPlainTextEdit, "descriptionEdit"), "description", "Description")
        b.field(self._w(QPlainTextEdit, "notesEdit"), "notes", "Notes")
        b.field(self._w(QSpinBox, "energyDepletedSpin"), "energy.depleted", "depleted dice")
        b.field(self._w(QSpinBox, "energyDamagedSpin"), "energy.damaged", "damaged dice")
        b.field(self._w(QSpinBox, "energyAwardedSpin"), "energy.awarded", "awarded dice")
        b.field(self._w(QSpinBox, "energyChangeSpin"), "energy_change",
                "energy since creation")
        b.derived(self._w(QLabel, "ageValue"), _age_text)
        b.derived(self._w(QLabel, "energyLeftValue"), _left_text,
                  lambda d, c: "Energy dice left after creation spending: the pool in play "
                               "(Character Generation)")

    def _bind_steps(self) -> None:
        for kind in ("attribute", "skill", "conditional"):
            self.binder.field(self._w(QSpinBox, f"{kind}DiceSpin"), f"trait_dice.{kind}",
                              f"{kind} dice")
            self.binder.derived(self._w(QLabel, f"{kind}StepsValue"),
                                lambda d, c, k=kind: _steps_text(d, k))

    def _bind_tables(self) -> dict[str, ListTableBinding]:
        doc = self.document
        events = catalog.lifepath_tables().events
        categories = catalog.power_tables().categories
        decades = ListTableBinding(doc, self._w(QTableWidget, "decadesTable"), "decades", [
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
        ], "Decade", lambda: Decade(tier=1 if not self.character.decades else 2))
        event_rows = ChildTable(doc, self._w(QTableWidget, "eventsTable"), decades, "events", [
            Column("type", "Event", "choice",
                   [("—", None)] + [(events.by_id(t).name, t) for t in EVENT_TYPES]),
            Column("roll", "d8", "optional_int", tooltip="The d8 that picked it (empty: "
                   "chosen)"),
            Column("description", "One sentence: what happened and its consequences",
                   stretch=True),
        ], "Event", Event)
        traits = ListTableBinding(doc, self._w(QTableWidget, "traitsTable"), "traits", [
            Column("name", "Trait", stretch=True),
            Column("type", "Type", "choice", [(_label(t), t) for t in TRAIT_TYPES]),
            Column("steps", "Steps", "int", tooltip="Steps bought (a trade: 3; a limit: 0)"),
            Column("limit", "Limit", "optional_int",
                   tooltip="A limit's cap, from 5 down: 5 − limit skill steps"),
            Column("condition", "Condition / trigger",
                   tooltip="A conditional's trigger, or the tests a limit caps"),
            Column("trained_steps", "Trained", "int", tooltip="Steps from training phases"),
            Column("notes", "Notes"),
        ], "trait", lambda: Trait(name="New trait", type="skill"))
        powers = ListTableBinding(doc, self._w(QTableWidget, "powersTable"), "powers", [
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
        effects = ChildTable(doc, self._w(QTableWidget, "effectsTable"), powers, "effects", [
            Column("name", "Effect"),
            Column("note", "Note (what a Limit allows, No Deplete's weak spot…)",
                   stretch=True),
            Column("cost", "Cost", "derived", derived=self._effect_cost),
        ], "effect", lambda: Effect(name="Fast Burn"))
        agents = ListTableBinding(doc, self._w(QTableWidget, "agentsTable"), "agents", [
            Column("name", "Agent", stretch=True),
            Column("kind", "Kind", "choice", [(_label(k), k) for k in AGENT_KINDS]),
            Column("types", "Types", "names", tooltip="Equipment types, separated by "
                   "commas: " + ", ".join(r.id for r in catalog.agent_rules().equipment_types)),
            Column("energy_dice", "Energy dice", "int", tooltip="6 build dice each"),
            Column("gained_dice", "Gained", "int"),
            Column("build", "Build", "derived", derived=lambda d, c, r: str(d.agents[r].build),
                   tooltip="Build dice: energy dice × 6 (an invention: its power's pool)"),
            Column("pool", "Pool", "derived", derived=_agent_pool_text),
        ], "agent", lambda: Agent(name="New agent"))
        agent_traits = ChildTable(doc, self._w(QTableWidget, "agentTraitsTable"), agents,
                                  "traits", [
            Column("name", "Trait", stretch=True),
            Column("type", "Steps up", "choice", [(_label(t), t) for t in AGENT_TRAIT_TYPES]),
            Column("steps", "Steps", "int"),
            Column("cost", "Cost", "derived", derived=self._agent_trait_cost,
                   tooltip="1 build die a step; 2 for a trait that steps up the character"),
        ], "agent trait", lambda: AgentTrait(type="skill"))
        properties = ChildTable(doc, self._w(QTableWidget, "propertiesTable"), agents,
                                "properties", [
            Column("name", "Property"),
            Column("note", "Note", stretch=True),
            Column("cost", "Cost", "derived", derived=self._property_cost),
        ], "property", lambda: Effect(name="No Deplete"))
        conflicts = ListTableBinding(doc, self._w(QTableWidget, "conflictsTable"),
                                     "conflicts", [
            Column("conflict", "Conflict"),
            Column("trigger", "Trigger", stretch=True),
        ], "conflict", lambda: InternalConflict(conflict="New conflict"))
        tables = {"decades": decades, "events": event_rows, "traits": traits,
                  "powers": powers, "effects": effects, "agents": agents,
                  "agent_traits": agent_traits, "properties": properties,
                  "conflicts": conflicts}
        for parent, kids in ((decades, (event_rows,)), (powers, (effects,)),
                             (agents, (agent_traits, properties))):
            parent.table.itemSelectionChanged.connect(
                lambda kids=kids: self._parent_selected(kids))
        return tables

    def _bind_details(self) -> dict[str, RowDetails]:
        powers = RowDetails(self.tables["powers"])
        powers.field(self._w(QComboBox, "powerEventCombo"), "event",
                     get=lambda p: NO_LINK if p.event is None
                     else f"{p.event.decade}.{p.event.event}",
                     set=_link_of)
        powers.field(self._w(QPlainTextEdit, "powerDescriptionEdit"), "description")
        agents = RowDetails(self.tables["agents"])
        agents.field(self._w(QComboBox, "agentInventionCombo"), "invention_of",
                     get=lambda a: a.invention_of or NO_LINK,
                     set=lambda v: v or None)
        agents.field(self._w(QPlainTextEdit, "agentDescriptionEdit"), "description")
        return {"powers": powers, "agents": agents}

    def _bind_buttons(self) -> None:
        t = self.tables
        for table, add, remove in ((t["traits"], "addTraitButton", "removeTraitButton"),
                                   (t["powers"], "addPowerButton", "removePowerButton"),
                                   (t["agents"], "addAgentButton", "removeAgentButton"),
                                   (t["agent_traits"], "addAgentTraitButton",
                                    "removeAgentTraitButton"),
                                   (t["conflicts"], "addConflictButton",
                                    "removeConflictButton"),
                                   (t["effects"], None, "removeEffectButton"),
                                   (t["properties"], None, "removePropertyButton")):
            if add:
                self._w(QPushButton, add).clicked.connect(lambda _=False, b=table: b.add())
            self._w(QPushButton, remove).clicked.connect(
                lambda _=False, b=table: b.remove_selected())
        self._w(QPushButton, "addDecadeButton").clicked.connect(
            lambda: self.tables["decades"].add())
        self._w(QPushButton, "removeDecadeButton").clicked.connect(self.remove_decade)
        self._w(QPushButton, "addEventButton").clicked.connect(
            lambda: self.tables["events"].add())
        self._w(QPushButton, "removeEventButton").clicked.connect(self.remove_event)
        self._w(QPushButton, "activateButton").clicked.connect(self.activate_power)
        self._w(QPushButton, "visionaryButton").clicked.connect(self.visionary_dies)
        self._w(QPushButton, "addEquipmentButton").clicked.connect(self.add_equipment)
        self._w(QPushButton, "addEffectButton").clicked.connect(self.add_effect)
        self._w(QPushButton, "addPropertyButton").clicked.connect(self.add_property)
        self._w(QPushButton, "addConflictExampleButton").clicked.connect(
            self.add_conflict_example)
        self._w(QComboBox, "equipmentCombo").currentIndexChanged.connect(
            lambda _i: self._show_equipment())
        self._w(QComboBox, "effectCombo").currentIndexChanged.connect(
            lambda _i: self._show_effect())

    def _fill_reference(self) -> None:
        """The book's reference texts and catalogs beside the editors."""
        risked = combat_tables.section("risked")
        lines = [f"<b>{escape(e['letter'], quote=False)}</b>{escape(e['name'][1:], quote=False)}"
                 f"{'*' if e['physical_only'] else ''} — {escape(e['text'], quote=False)}"
                 for e in risked["entries"]]
        prompts = " · ".join(f"“{escape(p['say'], quote=False)}”" for p in risked["prompts"])
        self._w(QLabel, "riskedText").setText(
            "<br>".join(lines) + "<br><i>* physical challenges only (RISKED); mental or "
            "social: RISK.</i><br><small>Prompts: " + prompts + "</small>")
        self._w(QLabel, "riskedText").setTextFormat(Qt.TextFormat.RichText)
        types = catalog.trait_table()
        parts = []
        for row in types.types:
            if row.steps_per_die:
                parts.append(f"<b>{row.name}</b>: {row.steps_per_die} steps a die")
            elif row.free_steps:
                parts.append(f"<b>{row.name}</b>: free, {row.free_steps} steps; the dice it "
                             "steps up deplete")
            else:
                parts.append(f"<b>{row.name}</b>: free; 5 − limit skill steps")
        note = self._w(QLabel, "traitTypesNote")
        note.setTextFormat(Qt.TextFormat.RichText)
        note.setText(" · ".join(parts) + f" <small>({escape(types.source, quote=False)})</small>")
        conflicts = catalog.conflict_table()
        self._w(QLabel, "conflictsNote").setText(
            f"{conflicts.text} Each conflict has a difficulty of {conflicts.difficulty}. "
            f"({conflicts.source})")
        combo = self._w(QComboBox, "conflictExampleCombo")
        for row in conflicts.examples:
            combo.addItem(f"{row.roll}. {row.conflict}", row.roll)
            combo.setItemData(combo.count() - 1, f"Trigger: {row.trigger}",
                              Qt.ItemDataRole.ToolTipRole)
        equipment = self._w(QComboBox, "equipmentCombo")
        for item in catalog.equipment_catalog().equipment:
            equipment.addItem(f"{item.name} ({item.section}, Cost {item.cost}d)", item.name)
        effects = self._w(QComboBox, "effectCombo")
        for row in catalog.power_effects():
            sign = "+1 die" if row.cost < 0 else f"{row.cost} die"
            effects.addItem(f"{row.name} ({sign})", row.name)
            effects.setItemData(effects.count() - 1, row.power, Qt.ItemDataRole.ToolTipRole)
        props = self._w(QComboBox, "propertyCombo")
        for row in catalog.equipment_properties():
            sign = "+1 die" if row.cost < 0 else f"{row.cost} die"
            props.addItem(f"{row.name} ({sign})", row.name)
            props.setItemData(props.count() - 1, row.equipment, Qt.ItemDataRole.ToolTipRole)
        self._show_equipment()
        self._show_effect()

    def _setup_merged(self) -> None:
        headers = ["Trait", "Type", "Steps", "From Decades", "Bought", "Trained", "Condition"]
        self.merged.setColumnCount(len(headers))
        self.merged.setHorizontalHeaderLabels(headers)
        self.merged.verticalHeader().setVisible(False)
        self.merged.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.merged.horizontalHeader()
        for column in range(len(headers)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)

    # -- derived cells needing the selected parent ------------------------------------------
    def _effect_cost(self, derived: ProtectorDerived, character: ProtectorCharacter,
                     row: int) -> str:
        power = self.tables["powers"].selected_row()
        effects = character.powers[power].effects if 0 <= power < len(character.powers) else []
        if row >= len(effects):
            return ""
        row_data = catalog.effect(effects[row].name)
        cost = row_data.cost if row_data is not None else 1
        return "adds 1" if cost < 0 else str(cost)

    def _agent_trait_cost(self, derived: ProtectorDerived, character: ProtectorCharacter,
                          row: int) -> str:
        agent = self.tables["agents"].selected_row()
        if not 0 <= agent < len(character.agents) or row >= len(character.agents[agent].traits):
            return ""
        trait = character.agents[agent].traits[row]
        rules = catalog.agent_rules().trait_cost
        per = rules.character if trait.type == "character" else rules.agent
        return str(trait.steps * per)

    def _property_cost(self, derived: ProtectorDerived, character: ProtectorCharacter,
                       row: int) -> str:
        agent = self.tables["agents"].selected_row()
        if not 0 <= agent < len(character.agents) or (
                row >= len(character.agents[agent].properties)):
            return ""
        row_data = catalog.effect(character.agents[agent].properties[row].name)
        cost = row_data.cost if row_data is not None else 1
        return "adds 1" if cost < 0 else str(cost)

    # -- edits with a rule behind them ------------------------------------------------------
    def remove_decade(self) -> None:
        row = self.tables["decades"].selected_row()
        if row >= 0:
            self._pure(f"Remove Decade {row + 1}", lambda c: edits.remove_decade(c, row))

    def remove_event(self) -> None:
        decade = self.tables["decades"].selected_row()
        event = self.tables["events"].selected_row()
        if decade >= 0 and event >= 0:
            self._pure(f"Remove Event {event + 1}",
                       lambda c: edits.remove_event(c, decade, event))

    def activate_power(self) -> None:
        row = self.tables["powers"].selected_row()
        if row >= 0:
            self._pure("Activate power", lambda c: edits.activate_power(c, row, 1))

    def visionary_dies(self) -> None:
        self._pure("The Visionary dies", edits.visionary_dies)

    def add_equipment(self) -> None:
        name = self._w(QComboBox, "equipmentCombo").currentData()
        if name and self._pure(f"Add {name}", lambda c: edits.add_equipment(c, name)):
            self.tables["agents"].table.selectRow(len(self.character.agents) - 1)

    def add_effect(self) -> None:
        name = self._w(QComboBox, "effectCombo").currentData()
        if name:
            self.tables["effects"].add(Effect(name=name), f"Add effect {name}")

    def add_property(self) -> None:
        name = self._w(QComboBox, "propertyCombo").currentData()
        if name:
            self.tables["properties"].add(Effect(name=name), f"Add property {name}")

    def add_conflict_example(self) -> None:
        roll = self._w(QComboBox, "conflictExampleCombo").currentData()
        row = next(r for r in catalog.conflict_table().examples if r.roll == roll)
        self.tables["conflicts"].add(InternalConflict(conflict=row.conflict,
                                                      trigger=row.trigger),
                                     f"Add conflict {row.conflict}")

    def _mark_energy(self, depleted: int, damaged: int) -> None:
        def mark(c: ProtectorCharacter) -> None:
            c.energy.depleted, c.energy.damaged = depleted, damaged
        self.document.apply("Mark energy dice", mark)  # type: ignore[arg-type]

    def _mark_power(self, depleted: int, damaged: int) -> None:
        row = self.tables["powers"].selected_row()
        if row >= 0:
            def mark(c: ProtectorCharacter) -> None:
                c.powers[row].depleted, c.powers[row].damaged = depleted, damaged
            self.document.apply("Mark power dice", mark)  # type: ignore[arg-type]

    def _mark_agent(self, depleted: int, damaged: int) -> None:
        row = self.tables["agents"].selected_row()
        if row >= 0:
            def mark(c: ProtectorCharacter) -> None:
                c.agents[row].depleted, c.agents[row].damaged = depleted, damaged
            self.document.apply("Mark agent dice", mark)  # type: ignore[arg-type]

    # -- showing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        character = self.character
        derived: ProtectorDerived = self.document.derived
        self.binder.refresh()
        for name in ("decades", "traits", "powers", "agents", "conflicts"):
            self.tables[name].refresh()
        for name in ("events", "effects", "agent_traits", "properties"):
            self.tables[name].refresh()
        self._fill_link_combos(character, derived)
        for details in self.details.values():
            details.refresh()
        self._show_pools(character, derived)
        self._show_ledger(derived)
        self._show_merged(derived)
        self._show_decade_traits(character)
        self._enable_buttons(character)
        self.lifepath.refresh()
        self.roll_panel.refresh()
        self.findings.show(derived.findings)

    def _parent_selected(self, kids: tuple[ListTableBinding, ...]) -> None:
        for kid in kids:
            kid.refresh(force=True)
        character = self.character
        derived = self.document.derived
        self._show_pools(character, derived)
        self._show_decade_traits(character)
        self._enable_buttons(character)

    def _fill_link_combos(self, character: ProtectorCharacter,
                          derived: ProtectorDerived) -> None:
        links = [("— no Event yet —", NO_LINK)]
        for d_index, decade in enumerate(character.decades):
            for e_index, event in enumerate(decade.events):
                text = f" — {event.description}" if event.description else ""
                links.append((f"Decade {d_index + 1} ({decade.entry or '?'}), "
                              f"{_event_name(event.type)}{text}", f"{d_index}.{e_index}"))
        _refill(self._w(QComboBox, "powerEventCombo"), links)
        inventions = [("— not an invention —", NO_LINK)] + [
            (f"{pool.name} ({max(pool.pool, 0)} dice a die)", pool.name)
            for pool, power in zip(derived.powers, character.powers, strict=True)
            if power.invention]
        current = [a.invention_of for a in character.agents if a.invention_of]
        inventions += [(f"{name} (not an invention power)", name) for name in current
                       if name not in {value for _label, value in inventions}]
        _refill(self._w(QComboBox, "agentInventionCombo"), inventions)

    def _show_pools(self, character: ProtectorCharacter, derived: ProtectorDerived) -> None:
        state = character.energy
        self.energy_view.set_pool(["d6"] * max(derived.energy_dice, 0), state.depleted,
                                  state.damaged, state.awarded)
        self._w(QLabel, "energyValue").setText(
            f"{self.energy_view.summary()} — roll as many as you like; ones deplete "
            "(The Energy System)")
        power_row = self.tables["powers"].selected_row()
        if 0 <= power_row < len(derived.powers):
            pool = derived.powers[power_row]
            power = character.powers[power_row]
            self.power_view.set_pool(list(pool.dice), power.depleted, power.damaged,
                                     steps=list(pool.stepping.steps_on_dice))
            self._w(QLabel, "powerPoolValue").setText(_pool_lines(
                pool.lines, max(pool.pool, 0) if pool.active else None))
        else:
            self.power_view.set_pool([])
            self._w(QLabel, "powerPoolValue").setText("")
        agent_row = self.tables["agents"].selected_row()
        if 0 <= agent_row < len(derived.agents):
            pool = derived.agents[agent_row]
            agent = character.agents[agent_row]
            self.agent_view.set_pool(list(pool.dice), agent.depleted, agent.damaged)
            self._w(QLabel, "agentPoolValue").setText(_pool_lines(pool.lines, pool.pool))
        else:
            self.agent_view.set_pool([])
            self._w(QLabel, "agentPoolValue").setText("")

    def _show_ledger(self, derived: ProtectorDerived) -> None:
        ledger = derived.ledger
        lines = ledger.lines
        texts = [f"{_signed(line.dice)}  {line.what}" + ("" if line.charged else " (not charged)")
                 for line in lines]
        total = (f"= {derived.energy_dice} left ({ledger.gained} gained − {ledger.spent} "
                 "spent)")
        shown = [self.ledger_list.item(i).text() for i in range(self.ledger_list.count())]
        if shown == [*texts, total]:
            return
        self.ledger_list.clear()
        for line, text in zip(lines, texts, strict=True):
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, line.field)
            item.setToolTip(f"{line.what} ({line.rule})")
            self.ledger_list.addItem(item)
        last = QListWidgetItem(total)
        font = last.font()
        font.setBold(True)
        last.setFont(font)
        self.ledger_list.addItem(last)

    def _show_merged(self, derived: ProtectorDerived) -> None:
        rows = [(t.name, _label(t.type), str(t.steps), str(t.from_decades), str(t.own_steps),
                 str(t.trained_steps), t.condition) for t in derived.traits]
        table = self.merged
        table.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                item = table.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    table.setItem(r, c, item)
                if item.text() != text:
                    item.setText(text)

    def _show_decade_traits(self, character: ProtectorCharacter) -> None:
        row = self.tables["decades"].selected_row()
        label = self._w(QLabel, "decadeTraitsValue")
        if not 0 <= row < len(character.decades):
            label.setText("")
            return
        decade = character.decades[row]
        grants = [f"{g.type.capitalize()} {g.name or ' or '.join(g.options) or '(to name)'} "
                  f"{g.steps} step{'s' if g.steps != 1 else ''}" for g in decade.traits]
        table = catalog.lifepath_tables().decades.tier(decade.tier)
        entry = table.named(decade.entry) if decade.entry else None
        printed = f" The book: “{entry.printed}”." if entry is not None else ""
        label.setText(f"Traits from Decade {row + 1}: "
                      f"{', '.join(grants) if grants else 'none'}.{printed}")

    def _enable_buttons(self, character: ProtectorCharacter) -> None:
        power_row = self.tables["powers"].selected_row()
        latent = 0 <= power_row < len(character.powers) and not character.powers[
            power_row].active
        self._w(QPushButton, "activateButton").setEnabled(latent)
        self._w(QPushButton, "visionaryButton").setEnabled(character.era == "coming_menace")
        has_power = 0 <= power_row < len(character.powers)
        for name in ("addEffectButton", "removeEffectButton", "removePowerButton"):
            self._w(QPushButton, name).setEnabled(has_power)
        agent_row = self.tables["agents"].selected_row()
        has_agent = 0 <= agent_row < len(character.agents)
        for name in ("addAgentTraitButton", "removeAgentTraitButton", "addPropertyButton",
                     "removePropertyButton", "removeAgentButton"):
            self._w(QPushButton, name).setEnabled(has_agent)
        decade_row = self.tables["decades"].selected_row()
        has_decade = 0 <= decade_row < len(character.decades)
        for name in ("addEventButton", "removeEventButton", "removeDecadeButton"):
            self._w(QPushButton, name).setEnabled(has_decade)

    def _show_equipment(self) -> None:
        name = self._w(QComboBox, "equipmentCombo").currentData()
        label = self._w(QLabel, "equipmentPreview")
        if not name:
            label.setText("")
            return
        item = catalog.equipment_item(name)
        traits = ", ".join(f"{t.name or t.type.capitalize()} {t.steps} step"
                           f"{'s' if t.steps != 1 else ''}" for t in item.traits) or "none"
        props = ", ".join(item.properties) or "none"
        types = ", ".join(t.capitalize() for t in item.types)
        label.setText(f"{item.name}: {types}; Cost {item.cost}d, System Pool {item.pool}d; "
                      f"traits {traits}; properties {props}. {item.description}")

    def _show_effect(self) -> None:
        name = self._w(QComboBox, "effectCombo").currentData()
        row = catalog.effect(name) if name else None
        text = ""
        if row is not None:
            needs = f" Requires {row.requires}." if row.requires else ""
            text = f"{row.name}: {row.power}{needs}"
        self._w(QLabel, "effectText").setText(text)

    # -- findings and the ledger go to their fields ------------------------------------------
    def _ledger_chosen(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path:
            self.focus_field(path)

    def focus_field(self, path: str) -> bool:
        parts = path.split(".")
        head = parts[0]
        nested = {"decades": ("events", "events"), "powers": ("effects", "effects"),
                  "agents": ("traits", "agent_traits")}
        if head in self.tables and len(parts) > 1 and parts[1].isdigit():
            table = self.tables[head]
            row = int(parts[1])
            table.table.selectRow(row)
            rest = parts[2:]
            kid = nested.get(head)
            if head == "agents" and rest[:1] == ["properties"]:
                kid = ("properties", "properties")
            if kid is not None and rest[:1] == [kid[0]] and len(rest) > 1 and rest[1].isdigit():
                self.tables[kid[1]].table.selectRow(int(rest[1]))
                _reveal(self.tables[kid[1]].table)
                return True
            details = self.details.get(head)
            widget = details.widget_for(rest[0]) if details is not None and rest else None
            _reveal(widget if widget is not None else table.table)
            return True
        if head in ("decades", "power_count"):
            _reveal(self._w(QTableWidget, "optionsTable") if head == "power_count"
                    else self.tables["decades"].table)
            return True
        if head in self.tables:
            _reveal(self.tables[head].table)
            return True
        widget = self.binder.widget_for(path)
        if widget is None:
            return False
        _reveal(widget)
        return True


# ---------------------------------------------------------------- texts


def _reveal(widget: QWidget) -> None:
    """``reveal``, first switching the tab widgets that hold ``widget``: a tab page's
    parent is the tab widget's inner stack, which the shared ``reveal`` does not match."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QTabWidget):
            for index in range(parent.count()):
                page = parent.widget(index)
                if page is widget or page.isAncestorOf(widget):
                    parent.setCurrentIndex(index)
        parent = parent.parentWidget()
    reveal(widget)


def _signed(n: int) -> str:
    """+3, −2 (with a real minus sign, as the sheet prints it)."""
    return f"{n:+d}".replace("-", "−")


def _refill(combo: QComboBox, items: list[tuple[str, str]]) -> None:
    if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] == items:
        return
    blocked = combo.blockSignals(True)
    try:
        current = combo.currentData()
        combo.clear()
        for text, data in items:
            combo.addItem(text, data)
            combo.setItemData(combo.count() - 1, text, Qt.ItemDataRole.ToolTipRole)
        index = combo.findData(current)
        combo.setCurrentIndex(max(index, 0))
    finally:
        combo.blockSignals(blocked)


def _link_of(value: str) -> EventLink | None:
    if not value:
        return None
    decade, event = value.split(".")
    return EventLink(decade=int(decade), event=int(event))


def _age_text(derived: ProtectorDerived, character: ProtectorCharacter) -> str:
    if character.npc:
        return "NPC (no life path)"
    decades = len(character.decades)
    return f"{derived.age} ({decades} Decade{'s' if decades != 1 else ''})"


def _left_text(derived: ProtectorDerived, character: ProtectorCharacter) -> str:
    ledger = derived.ledger
    if character.npc:
        return f"NPC: {derived.energy_dice} energy dice as set"
    return f"{n_dice(derived.energy_dice, 'energy dice')} left of {ledger.gained}"


def _steps_text(derived: ProtectorDerived, kind: str) -> str:
    budget = derived.ledger.steps[kind]  # type: ignore[index]
    limits = f" + {budget.from_limits} from limits" if budget.from_limits else ""
    text = (f"× {budget.per_die} = {budget.dice * budget.per_die} steps{limits}; "
            f"{budget.assigned} on traits")
    if budget.unassigned > 0:
        return text + f", {budget.unassigned} bought but not assigned yet"
    if budget.unassigned < 0:
        return text + f", {-budget.unassigned} more than bought"
    return text


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
    from desktop.ui.widgets.dice_pool import dice_list

    return dice_list(list(pool.dice)) or str(pool.pool)


def _agent_pool_text(derived: ProtectorDerived, character: ProtectorCharacter,
                     row: int) -> str:
    pool = derived.agents[row].pool
    return f"{pool}d6" if pool > 0 else str(pool)


def _pool_lines(lines: tuple[Line, ...], pool: int | None) -> str:
    if pool is None:
        return "Latent: activating it costs at least one energy die (Character Generation, " \
               "Powers)."
    parts = [f"{_signed(line.dice)} {line.what}" for line in lines]
    return " · ".join(parts) + f" = {pool} in the pool"


EDITOR = ProtectorEditor
