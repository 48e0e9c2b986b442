"""The powers list and the power editor: a player adds a power (from our examples,
blank, or as a copy), selects it, names it, writes its fluff and composes it from
components, and sees its Power Rating with every cost and the table they came from.

Every change is one undoable document edit on ``powers.<i>``; the widgets only show the
document. Costs are priced with ``pricing()`` — the editor's cost table, which is the
one in use or the GM's unsaved draft while the cost table dialog is open — so every
Power Rating follows a cost edit at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QWidget,
)

from desktop.systems.powers.editor.component_form import ComponentForm, Mutation
from desktop.systems.powers.rules import catalog
from desktop.systems.powers.rules.character import Power, PowersCharacter
from desktop.systems.powers.rules.components import (
    COMPONENT_KINDS,
    Accurate,
    Damage,
    Duration,
    Healing,
    Move,
    Range,
    Resistance,
)
from desktop.systems.powers.rules.cost_words import item_text
from desktop.systems.powers.rules.costs import (
    ComponentCost,
    CostTable,
    PowerCost,
    number_text,
    power_cost,
)
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.list_table import Column, ListTableBinding

NEW_COMPONENTS: dict[str, Callable[[], Any]] = {
    "move": Move, "range": lambda: Range(range="melee"), "duration": Duration,
    "damage": Damage, "resistance": Resistance, "healing": Healing, "accurate": Accurate}
"""What "Add" puts in: the draft's defaults (Range: the first past Personal)."""


def kind_label(kind: str) -> str:
    return catalog.label("components", kind)


def component_summary(component: Any) -> str:
    """"Range: Long (Touch)", "Damage 6: Fire, Bashing (DoT 3)": a component at a glance."""
    kind = component.kind
    if kind == "move":
        head = f"Move: {catalog.label('speeds', component.speed)}"
    elif kind == "range":
        head = f"Range: {catalog.label('ranges', component.range)}"
    elif kind == "duration":
        head = f"Duration: {catalog.label('durations', component.duration)}"
        if component.turns:
            head += f" {component.turns}"
    elif kind == "damage":
        types = ", ".join(catalog.label("damage_types", t) for t in component.types)
        head = f"Damage {component.rating}: {types or 'no type'}"
    elif kind == "resistance":
        kind_text = ("General" if component.type == "general"
                     else catalog.label("damage_types", component.type))
        head = f"Resistance {component.rating:+d}: {kind_text}"
    else:
        head = f"{kind_label(kind)} {component.rating:+d}" if kind == "accurate" else (
            f"{kind_label(kind)} {component.rating}")
    mods = []
    for m in getattr(component, "modifiers", []):
        text = catalog.label(m.component, m.id).split(" (")[0]
        param = m.param()
        if param is not None:
            text += f" {catalog.label('ranges', param) if isinstance(param, str) else param}"
        mods.append(text)
    return head + (f" ({', '.join(mods)})" if mods else "")


def cost_item(cost: ComponentCost, component: Any) -> str:
    """"Damage 6: Fire = 14": a component and what it costs, as the list shows it."""
    flag = "" if cost.total > 0 else " (not counted)"
    return f"{component_summary(component)} = {number_text(cost.total)}{flag}"


def cost_detail(cost: ComponentCost) -> str:
    """"2 per point × 6 + Fire 2 = 14 (table)": where a cost comes from, entry by entry,
    in the words the cost table's editor shows, so a GM can find each number in it."""
    items = " + ".join(item_text(i) for i in cost.items)
    why = "" if cost.total > 0 else "; not counted (only positive costs add to the PR)"
    return f"{items} = {number_text(cost.total)} ({cost.table}){why}"


def rating_line(cost: PowerCost) -> str:
    return f"PR {number_text(cost.rating)} ({cost.table})"


class PowerPanel:
    """The Powers tab: the list on the left, the selected power's editor on the right."""

    def __init__(self, form: QWidget, document: CharacterDocument,
                 pricing: Callable[[], CostTable]) -> None:
        self.document = document
        self.pricing = pricing
        self.table = ListTableBinding(document, child(form, QTableWidget, "powersTable"),
                                      "powers", [
            Column("name", "Power", stretch=True),
            Column("rating", "PR", "derived", derived=self._rating_cell,
                   tooltip="Power Rating: the sum of the positive component costs, under "
                           "the cost table named below"),
        ], "power", lambda: Power(name=self._fresh_name("New power")))
        self.catalog = child(form, QComboBox, "catalogCombo")
        for name in catalog.example_power_names():
            self.catalog.addItem(name, name)
        self.name = child(form, QLineEdit, "powerNameEdit")
        self.fluff = child(form, QPlainTextEdit, "fluffEdit")
        self.components = child(form, QListWidget, "componentsList")
        self.kind = child(form, QComboBox, "componentKindCombo")
        for kind in COMPONENT_KINDS:
            self.kind.addItem(kind_label(kind), kind)
        self.group = child(form, QGroupBox, "powerGroup")
        self.rating = child(form, QLabel, "ratingValue")
        self.costs = child(form, QLabel, "costsValue")
        font = self.rating.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.rating.setFont(font)
        self.buttons = {name: child(form, QPushButton, name) for name in (
            "addCatalogButton", "newPowerButton", "duplicatePowerButton",
            "removePowerButton", "addComponentButton", "removeComponentButton")}
        box = child(form, QGroupBox, "componentBox")
        self.component_form = ComponentForm(box.layout(), self._edit_component,
                                            self.buttons["removeComponentButton"])
        b = self.buttons
        b["newPowerButton"].clicked.connect(lambda: self.table.add())
        b["duplicatePowerButton"].clicked.connect(self.duplicate)
        b["removePowerButton"].clicked.connect(self.table.remove_selected)
        b["addComponentButton"].clicked.connect(lambda: self.add_component(
            self.kind.currentData()))
        b["removeComponentButton"].clicked.connect(self.remove_component)
        self.table.table.itemSelectionChanged.connect(self.refresh_power)
        self.components.currentRowChanged.connect(lambda _r: self.refresh_power())
        self.name.textEdited.connect(self._rename)
        self.fluff.textChanged.connect(self._fluff_changed)

    # -- the selection ----------------------------------------------------------------
    @property
    def character(self) -> PowersCharacter:
        return self.document.character  # type: ignore[return-value]

    def selected(self) -> int:
        """The selected power's index, or −1."""
        row = self.table.selected_row()
        return row if 0 <= row < len(self.character.powers) else -1

    def power(self) -> Power | None:
        index = self.selected()
        return self.character.powers[index] if index >= 0 else None

    def select(self, index: int, component: int | None = None) -> None:
        if 0 <= index < self.table.table.rowCount():
            self.table.table.selectRow(index)
        if component is not None and 0 <= component < self.components.count():
            self.components.setCurrentRow(component)

    # -- edits -------------------------------------------------------------------------
    def _fresh_name(self, name: str) -> str:
        """``name``, or "name 2", "name 3"… if a power already has it."""
        taken = {p.name for p in self.character.powers}
        candidate, n = name, 2
        while candidate in taken:
            candidate, n = f"{name} {n}", n + 1
        return candidate

    def add_example(self, name: str) -> None:
        power = catalog.example_power(name)
        power.name = self._fresh_name(power.name)
        self.table.add(power, f"Add {power.name} from the examples")

    def duplicate(self) -> None:
        power = self.power()
        if power is not None:
            copy = power.model_copy(deep=True)
            copy.name = self._fresh_name(f"{power.name} (copy)")
            self.table.add(copy, f"Duplicate {power.name}")

    def edit_power(self, text: str, mutate: Callable[[Power], None],
                   merge: str | None = None) -> None:
        index = self.selected()
        if index < 0:
            return
        self.document.apply(text, lambda c: mutate(c.powers[index]),
                            merge_key=f"powers.{index}.{merge}" if merge else None)

    def _rename(self, text: str) -> None:
        if text.strip():  # a power needs a name: an empty box is left for retyping
            self.edit_power("Rename power", lambda p: setattr(p, "name", text), "name")

    def _fluff_changed(self) -> None:
        text = self.fluff.toPlainText()
        power = self.power()
        if power is not None and power.fluff != text:
            self.edit_power("Change fluff", lambda p: setattr(p, "fluff", text), "fluff")

    def add_component(self, kind: str) -> None:
        new = NEW_COMPONENTS[kind]()
        self.edit_power(f"Add {kind_label(kind)}", lambda p: p.components.append(new))
        power = self.power()
        if power is not None:
            self.components.setCurrentRow(len(power.components) - 1)

    def remove_component(self) -> None:
        row = self.components.currentRow()
        power = self.power()
        if power is None or not 0 <= row < len(power.components):
            return
        kind = power.components[row].kind
        self.edit_power(f"Remove {kind_label(kind)}", lambda p: p.components.pop(row))

    def _edit_component(self, text: str, mutate: Mutation) -> None:
        row = self.components.currentRow()
        power = self.power()
        if power is None or not 0 <= row < len(power.components):
            return
        kind = kind_label(power.components[row].kind)
        self.edit_power(f"{kind}: {text}", lambda p: mutate(p.components[row]))

    # -- showing -----------------------------------------------------------------------
    def _rating_cell(self, _derived: Any, character: PowersCharacter, row: int) -> str:
        return number_text(power_cost(character.powers[row], self.pricing(),
                                      character.attributes.model_dump()).rating)

    def refresh(self) -> None:
        self.table.refresh()
        self.refresh_power()

    def refresh_power(self) -> None:
        power = self.power()
        has = power is not None
        for widget in (self.name, self.fluff, self.components, self.kind,
                       self.buttons["addComponentButton"], self.buttons["duplicatePowerButton"],
                       self.buttons["removePowerButton"]):
            widget.setEnabled(has)
        self.group.setTitle(f"Power editor: {power.name}" if has else
                            "Power editor (add or select a power)")
        with QSignalBlocker(self.name):
            if self.name.text() != (power.name if has else "") and not (
                    self.name.hasFocus() and not self.name.text().strip()):
                self.name.setText(power.name if has else "")
        with QSignalBlocker(self.fluff):
            if self.fluff.toPlainText() != (power.fluff if has else ""):
                self.fluff.setPlainText(power.fluff if has else "")
        parts = power.components if has else []
        cost = (power_cost(power, self.pricing(), self.character.attributes.model_dump())
                if power is not None else None)
        self._show_components(parts, cost)
        row = self.components.currentRow()
        self.buttons["removeComponentButton"].setEnabled(0 <= row < len(parts))
        selected = parts[row] if 0 <= row < len(parts) else None
        key = (self.selected(), row, selected.kind) if selected is not None else None
        self.component_form.show(key, selected)
        if cost is None:
            self.rating.setText("No power selected")
            self.costs.setText("")
            return
        self.rating.setText(rating_line(cost))
        self.rating.setToolTip("Power Rating (Basic Concepts, Power Ratings): the sum of the "
                               "positive component costs, from the cost table named")
        self.costs.setText(f"Cost of the selected component: "
                           f"{cost_detail(cost.components[row])}" if selected is not None
                           else "No components yet: add one from the Kind box.")

    def _show_components(self, parts: list[Any], cost: PowerCost | None) -> None:
        """One line per component with its cost; the key-by-key detail as tooltip."""
        lines = (list(zip(cost.components, parts, strict=True)) if cost is not None else [])
        texts = [cost_item(c, comp) for c, comp in lines]
        tips = [cost_detail(c) for c, _comp in lines]
        shown = [self.components.item(i).text() for i in range(self.components.count())]
        with QSignalBlocker(self.components):
            if texts != shown:
                row = self.components.currentRow()
                if len(texts) == len(shown):
                    for i, text in enumerate(texts):
                        self.components.item(i).setText(text)
                else:
                    self.components.clear()
                    self.components.addItems(texts)
                if texts:
                    self.components.setCurrentRow(min(max(row, 0), len(texts) - 1))
            for i, tip in enumerate(tips):
                if self.components.item(i).toolTip() != tip:
                    self.components.item(i).setToolTip(tip)
