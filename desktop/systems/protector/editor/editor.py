"""The Protector character editor: forms/protector_editor.ui bound to a ProtectorCharacter.

Generic pieces come from desktop.ui (field bindings, list tables, row details, findings,
undo); this module says which widget edits which Protector field and hosts the panels:
the pools as dice with the live creation ledger (``pools_panel``), the life-path
generator (``lifepath_panel``), the list tables (``tables_panel``), the book's reference
texts (``reference_panel``) and the Energy System roll (``roll_panel``). Edits the rules
tie together (activating a power, The Visionary's death by button or era, the book's
equipment, removing an Event or Decade that powers answer) go through the pure ``edits``
helpers, each one undoable step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from desktop.systems.protector.editor import list_buttons
from desktop.systems.protector.editor.lifepath_panel import LifePathPanel
from desktop.systems.protector.editor.pools_panel import PoolsPanel
from desktop.systems.protector.editor.reference_panel import (
    effect_text,
    equipment_text,
    fill_reference,
)
from desktop.systems.protector.editor.roll_panel import ProtectorRollPanel
from desktop.systems.protector.editor.tables_panel import (
    CHILDREN,
    WIDGETS,
    bind_tables,
    event_name,
    label_of,
)
from desktop.systems.protector.rules import catalog, edits
from desktop.systems.protector.rules.character import (
    Effect,
    EventLink,
    InternalConflict,
    ProtectorCharacter,
)
from desktop.systems.protector.rules.derived import ProtectorDerived
from desktop.systems.protector.rules.ledger import n_dice
from desktop.ui.document import CharacterDocument
from desktop.ui.editor import CharacterEditor, reveal
from desktop.ui.editor_layout import SideColumn
from desktop.ui.lazy_pages import BoundOnUse
from desktop.ui.list_table import ListTableBinding
from desktop.ui.widgets.combo_items import show_items
from desktop.ui.widgets.dice_pool import DicePoolView
from desktop.ui.widgets.findings import FindingsList
from desktop.ui.widgets.row_details import RowDetails

NO_LINK = ""
"""The power-event combo's "answers no Event yet"."""
SIDE_WIDTH = 350
"""The side panel's width (px) when the editor is first shown: the sheet takes the rest."""


def _take(target: ProtectorCharacter, new: ProtectorCharacter) -> None:
    """Make ``target`` the character ``new`` (a pure edit's result), field by field."""
    for name in type(target).model_fields:
        setattr(target, name, getattr(new, name))


class ProtectorEditor(CharacterEditor):
    FORM = "protector_editor.ui"
    LAZY_TABS = "detailTabs"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self._bind_identity()
        self.when_built("attributeDiceSpin", self._bind_steps)
        self.tables = bind_tables(document, self.form, self.when_built)
        for parent, kids in CHILDREN:
            self.when_built(WIDGETS[parent], partial(self._watch_parent, parent, kids))
        self.details = self._bind_details()
        self.pools = PoolsPanel(self.form, document, self.tables, self.when_built)
        self.energy_view = self.pools.energy_view
        self._bind_buttons()
        fill_reference(self.form, self.when_built)
        self.when_built("equipmentPreview", self._show_equipment)
        self.when_built("effectText", self._show_effect)
        self.lifepath = LifePathPanel(self.form, document)
        self.lifepath.step_taken.connect(self.message)
        self.roll_panel = ProtectorRollPanel(self.form, document)
        self.findings = FindingsList(self._w(QListWidget, "findingsList"))
        self.findings.field_chosen.connect(self.focus_field)
        self.pools.field_chosen.connect(self.focus_field)
        self.splitter = self._w(QSplitter, "editorSplitter")
        # The sheet takes the room; the side panel its width (within its minimum).
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self._w(SideColumn, "sideColumn").preferred_width = SIDE_WIDTH
        self.merged: QTableWidget | None = None
        """Every trait merged, once the Traits page is loaded."""
        self._merged_rows: list[tuple[str, ...]] = []
        """The rows it shows (it is read-only): a refresh looks at no cell that did not
        change (its 62 cells were two calls into Qt each, after every edit)."""
        self.when_built("mergedTable", self._setup_merged)
        self.refresh()

    @property
    def power_view(self) -> DicePoolView:
        """The selected power's pool (its page loaded)."""
        self._w(QWidget, "powerPool")
        assert self.pools.power_view is not None
        return self.pools.power_view

    @property
    def agent_view(self) -> DicePoolView:
        """The selected agent's pool (its page loaded)."""
        self._w(QWidget, "agentPool")
        assert self.pools.agent_view is not None
        return self.pools.agent_view

    # -- helpers -----------------------------------------------------------------------
    @property
    def character(self) -> ProtectorCharacter:
        return self.document.character  # type: ignore[return-value]

    def _replace(self, text: str, new: ProtectorCharacter) -> bool:
        """One undoable edit that makes the character ``new`` (from a pure edit)."""
        return self.document.apply(text, lambda c: _take(c, new))  # type: ignore[arg-type]

    def _pure(self, text: str, edit: Callable[[ProtectorCharacter], ProtectorCharacter]
              ) -> bool:
        try:
            new = edit(self.character)
        except edits.EditError as exc:
            self.message.emit(str(exc))
            return False
        return self._replace(text, new)

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
        # After The Visionary's death: the powers' extra dice, as the button gives them.
        b.field(era, "era", "Age", set=lambda c, v: _take(c, edits.change_era(c, v)))
        b.field(self._w(QSpinBox, "energyPoolSpin"), "energy_pool", "Starting pool")
        b.field(self._w(QCheckBox, "npcCheck"), "npc", "NPC")
        for name, field, label in (("descriptionEdit", "description", "Description"),
                                   ("notesEdit", "notes", "Notes")):
            self.when_built(name, lambda n=name, f=field, t=label: b.field(
                self._w(QPlainTextEdit, n), f, t))
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

    def _bind_details(self) -> dict[str, RowDetails]:
        """The powers' and agents' detail editors, each bound with its page."""
        details: dict[str, RowDetails] = BoundOnUse(lambda key: self.tables[key])

        def powers() -> None:
            powers = details["powers"] = RowDetails(self.tables["powers"])
            powers.field(self._w(QComboBox, "powerEventCombo"), "event",
                         get=lambda p: NO_LINK if p.event is None
                         else f"{p.event.decade}.{p.event.event}",
                         set=_link_of)
            powers.field(self._w(QPlainTextEdit, "powerDescriptionEdit"), "description")

        def agents() -> None:
            agents = details["agents"] = RowDetails(self.tables["agents"])
            agents.field(self._w(QComboBox, "agentInventionCombo"), "invention_of",
                         get=lambda a: a.invention_of or NO_LINK,
                         set=lambda v: v or None)
            agents.field(self._w(QPlainTextEdit, "agentDescriptionEdit"), "description")

        self.when_built("powerEventCombo", powers)
        self.when_built("agentInventionCombo", agents)
        return details

    def _watch_parent(self, parent: str, kids: tuple[str, ...]) -> None:
        """A parent table's selection shows its row's lists in the kid tables."""
        self.tables[parent].table.itemSelectionChanged.connect(
            lambda: self._parent_selected(tuple(self.tables[k] for k in kids)))

    def _bind_buttons(self) -> None:
        """The buttons under the tables, each wired when its tab page is loaded."""
        list_buttons.wire(self)  # Add …: the list first, a blank at hand; Save to my list
        for key, remove in (("traits", "removeTraitButton"), ("powers", "removePowerButton"),
                            ("agents", "removeAgentButton"),
                            ("agent_traits", "removeAgentTraitButton"),
                            ("conflicts", "removeConflictButton"),
                            ("effects", "removeEffectButton"),
                            ("properties", "removePropertyButton")):
            self._on_click(remove, lambda k=key: self.tables[k].remove_selected())
        for name, action in (("addDecadeButton", lambda: self.tables["decades"].add()),
                             ("removeDecadeButton", self.remove_decade),
                             ("addEventButton", lambda: self.tables["events"].add()),
                             ("removeEventButton", self.remove_event),
                             ("activateButton", self.activate_power),
                             ("visionaryButton", self.visionary_dies),
                             ("addEquipmentButton", self.add_equipment),
                             ("addEffectButton", self.add_effect),
                             ("addPropertyButton", self.add_property),
                             ("addConflictExampleButton", self.add_conflict_example)):
            self._on_click(name, action)
        for name, show in (("equipmentCombo", self._show_equipment),
                           ("effectCombo", self._show_effect)):
            self.when_built(name, lambda n=name, f=show: self._w(
                QComboBox, n).currentIndexChanged.connect(lambda _i: f()))

    def _on_click(self, name: str, action: Callable[[], object]) -> None:
        """Run ``action`` when the button ``name`` is clicked (wired with its page)."""
        self.when_built(name, lambda: self._w(QPushButton, name).clicked.connect(
            lambda _=False: action()))

    def _setup_merged(self) -> None:
        headers = ["Trait", "Type", "Steps", "From Decades", "Bought", "Trained", "Condition"]
        self.merged = self._w(QTableWidget, "mergedTable")
        self.merged.setColumnCount(len(headers))
        self.merged.setHorizontalHeaderLabels(headers)
        self.merged.verticalHeader().setVisible(False)
        self.merged.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.merged.horizontalHeader()
        for column in range(len(headers)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)

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

    # -- showing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        character = self.character
        derived: ProtectorDerived = self.document.derived
        self.binder.refresh()
        for name in ("decades", "traits", "powers", "agents", "conflicts",
                     "events", "effects", "agent_traits", "properties"):
            if name in self.tables:  # a page not loaded yet is shown when it is
                self.tables[name].refresh()
        relisted = self._fill_link_combos(character, derived)
        for details in self.details.values():
            details.refresh(force=relisted)
        self.pools.show_pools(character, derived)
        self.pools.show_ledger(derived)
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
        self.pools.show_pools(character, derived)
        self._show_decade_traits(character)
        self._enable_buttons(character)

    def _fill_link_combos(self, character: ProtectorCharacter,
                          derived: ProtectorDerived) -> bool:
        """The Event and invention lists of the powers' and agents' detail combos;
        whether either list was given anew."""
        relisted = False
        links = [("— no Event yet —", NO_LINK)]
        for d_index, decade in enumerate(character.decades):
            for e_index, event in enumerate(decade.events):
                text = f" — {event.description}" if event.description else ""
                links.append((f"Decade {d_index + 1} ({decade.entry or '?'}), "
                              f"{event_name(event.type)}{text}", f"{d_index}.{e_index}"))
        if self.loaded("powerEventCombo"):
            relisted = show_items(self._w(QComboBox, "powerEventCombo"), links, tips=True)
        inventions = [("— not an invention —", NO_LINK)] + [
            (f"{pool.name} ({max(pool.pool, 0)} dice a die)", pool.name)
            for pool, power in zip(derived.powers, character.powers, strict=True)
            if power.invention]
        current = [a.invention_of for a in character.agents if a.invention_of]
        inventions += [(f"{name} (not an invention power)", name) for name in current
                       if name not in {value for _label, value in inventions}]
        if self.loaded("agentInventionCombo"):
            relisted = show_items(self._w(QComboBox, "agentInventionCombo"), inventions,
                                  tips=True) or relisted
        return relisted

    def _show_merged(self, derived: ProtectorDerived) -> None:
        if self.merged is None:
            return
        rows = [(t.name, label_of(t.type), str(t.steps), str(t.from_decades), str(t.own_steps),
                 str(t.trained_steps), t.condition) for t in derived.traits]
        shown = self._merged_rows
        if rows == shown:
            return
        table = self.merged
        table.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            before = shown[r] if r < len(shown) else None
            for c, text in enumerate(cells):
                if before is not None and before[c] == text:
                    continue
                item = table.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    table.setItem(r, c, item)
                item.setText(text)
        self._merged_rows = rows

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
        """The buttons that act on a selected row, enabled when there is one (on the
        pages loaded)."""
        t = self.tables
        if "powers" in t:
            power_row = t["powers"].selected_row()
            has_power = 0 <= power_row < len(character.powers)
            self._w(QPushButton, "activateButton").setEnabled(
                has_power and not character.powers[power_row].active)
            self._w(QPushButton, "visionaryButton").setEnabled(
                character.era == "coming_menace")
            for name in ("addEffectButton", "removeEffectButton", "removePowerButton"):
                self._w(QPushButton, name).setEnabled(has_power)
        if "agents" in t:
            agent_row = t["agents"].selected_row()
            has_agent = 0 <= agent_row < len(character.agents)
            for name in ("addAgentTraitButton", "removeAgentTraitButton",
                         "addPropertyButton", "removePropertyButton", "removeAgentButton"):
                self._w(QPushButton, name).setEnabled(has_agent)
        decade_row = t["decades"].selected_row()
        has_decade = 0 <= decade_row < len(character.decades)
        for name in ("addEventButton", "removeEventButton", "removeDecadeButton"):
            self._w(QPushButton, name).setEnabled(has_decade)

    def _show_equipment(self) -> None:
        name = self._w(QComboBox, "equipmentCombo").currentData()
        self._w(QLabel, "equipmentPreview").setText(equipment_text(name))

    def _show_effect(self) -> None:
        name = self._w(QComboBox, "effectCombo").currentData()
        self._w(QLabel, "effectText").setText(effect_text(name))

    # -- findings and ledger lines go to their fields ------------------------------------------
    def focus_field(self, path: str) -> bool:
        self.build_all_pages()
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
                reveal(self.tables[kid[1]].table)
                return True
            details = self.details.get(head)
            widget = details.widget_for(rest[0]) if details is not None and rest else None
            reveal(widget if widget is not None else table.table)
            return True
        if head in ("decades", "power_count"):
            reveal(self._w(QTableWidget, "optionsTable") if head == "power_count"
                    else self.tables["decades"].table)
            return True
        if head in self.tables:
            reveal(self.tables[head].table)
            return True
        widget = self.binder.widget_for(path)
        if widget is None:
            return False
        reveal(widget)
        return True


# ---------------------------------------------------------------- texts


def _link_of(value: str) -> EventLink | None:
    decade, _, event = value.partition(".")
    return EventLink(decade=int(decade), event=int(event)) if value else None


def _age_text(derived: ProtectorDerived, character: ProtectorCharacter) -> str:
    decades = len(character.decades)
    return "NPC (no life path)" if character.npc else (
        f"{derived.age} ({decades} Decade{'s' if decades != 1 else ''})")


def _left_text(derived: ProtectorDerived, character: ProtectorCharacter) -> str:
    if character.npc:
        return f"NPC: {derived.energy_dice} energy dice as set"
    return f"{n_dice(derived.energy_dice, 'energy dice')} left of {derived.ledger.gained}"


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


EDITOR = ProtectorEditor
