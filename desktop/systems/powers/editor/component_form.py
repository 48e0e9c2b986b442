"""The choices of one component, as the draft lists them (Component Listing): Move's
speed and modifiers, Range and its modifiers, Duration and its turns, Damage's rating,
types and modifiers, Resistance's rating, type and modifiers, Healing's modifiers,
Accurate's dice.

The widgets are rebuilt only when another component is selected (so typing in a box
never loses its focus); after every document change they are set from the component
with their signals blocked. Every change is handed to ``on_edit`` as a function that
changes a copy of the component — the power panel turns it into one undoable edit.
A modifier the draft writes with a parameter ("Jump (range)", "DoT (turns)") shows a
box for it beside its tick, enabled while it is ticked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLayout,
    QSpinBox,
    QWidget,
)

from desktop.systems.powers.rules import catalog
from desktop.systems.powers.rules.character import ATTRIBUTE_LABELS
from desktop.systems.powers.rules.components import (
    ATTRIBUTE_NAMES,
    DAMAGE_TYPES,
    MAX_RATING,
    MAX_TURNS,
    MODIFIERS,
    PARAMS,
    DamageModifier,
    HealingModifier,
    MoveModifier,
    RangeModifier,
    ResistanceModifier,
)

Mutation = Callable[[Any], None]
"""Changes a copy of the component in place."""
DEFAULT_PARAMS: dict[str, Any] = {"rating": 1, "turns": 1, "range": "short",
                                  "attribute": "strength"}
"""What a newly ticked modifier's parameter starts at."""
TYPE_COLUMNS = 4
MODIFIER_COLUMNS = 2
MODIFIER_MODELS: dict[str, type] = {
    "move": MoveModifier, "range": RangeModifier, "damage": DamageModifier,
    "resistance": ResistanceModifier, "healing": HealingModifier}


def choices(group: str) -> list[tuple[str, str]]:
    """(label, id) pairs of a choice list in ``components.json``; speeds with their mph."""
    texts = catalog.component_texts()
    if group == "speeds":
        return [(f"{s.label} ({s.mph})", s.id) for s in texts.speeds]
    return [(row.label, row.id) for row in getattr(texts, group)]


def modifier_rows(component: str) -> list[tuple[str, str, str]]:
    """(id, label, text) of each modifier the component takes."""
    rows = {row.id: row for row in catalog.component_texts().modifiers.get(component, [])}
    return [(m, rows[m].label if m in rows else m, rows[m].text if m in rows else "")
            for m in MODIFIERS.get(component, ())]


def _tip(group: str, choice_id: str) -> str:
    texts = catalog.component_texts()
    rows = getattr(texts, group, [])
    return next((getattr(r, "text", "") or getattr(r, "reach", "") for r in rows
                 if r.id == choice_id), "")


class ComponentForm:
    """Fills ``layout`` with the inputs of the selected component."""

    def __init__(self, layout: QLayout, on_edit: Callable[[str, Mutation], None],
                 after: QWidget | None = None) -> None:
        self.layout = layout
        self.on_edit = on_edit
        self.after = after
        """The widget the inputs follow in the Tab order (made after the form, they
        would otherwise come after everything)."""
        self.key: tuple[int, int, str] | None = None
        self.grid: QGridLayout | None = None
        self.host: QWidget | None = None
        self.widgets: dict[str, QWidget] = {}
        """By field: "speed", "range", "duration", "turns", "rating", "type",
        "types.<type>", "modifiers.<id>", "modifiers.<id>.param"."""
        self._syncers: list[Callable[[Any], None]] = []

    # -- building --------------------------------------------------------------------
    def show(self, key: tuple[int, int, str] | None, component: Any | None) -> None:
        """Show ``component`` (the ``key``-th of a power); None: nothing selected."""
        if key != self.key:
            self._rebuild(component)
            self.key = key
        if component is not None:
            for sync in self._syncers:
                sync(component)

    def _rebuild(self, component: Any | None) -> None:
        if self.host is not None:  # hidden and unparented now: deleteLater waits a loop
            self.layout.removeWidget(self.host)
            self.host.hide()
            self.host.setParent(None)
            self.host.deleteLater()
        self.widgets, self._syncers = {}, []
        self.host = QWidget()
        self.host.setObjectName("componentFields")
        self.grid = QGridLayout(self.host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setColumnStretch(1, 1)
        self._fill(component)
        # Shown now, not when the layout gets round to it: until then the inputs are
        # skipped by Tab and by a finding's focus.
        self.layout.addWidget(self.host)
        self.host.show()
        if self.after is not None:
            previous = self.after
            for name, widget in self.widgets.items():
                if name != "types":  # the ticks' holder: its ticks take the focus
                    QWidget.setTabOrder(previous, widget)
                    previous = widget

    def _fill(self, component: Any | None) -> None:
        if component is None:
            note = QLabel("Select a component to edit its choices, or add one.")
            note.setWordWrap(True)
            self.grid.addWidget(note, 0, 0, 1, 2)
            return
        kind = component.kind
        if kind == "move":
            self._choice("speed", "Speed:", choices("speeds"), "speeds")
        elif kind == "range":
            self._choice("range", "Range:", choices("ranges"), "ranges")
        elif kind == "duration":
            self._choice("duration", "Duration:", choices("durations"), "durations")
            self._turns()
        elif kind == "damage":
            self._rating("Damage rating: dice rolled against Resilience (Willpower if "
                         "Psychic)", 0)
            self._types()
        elif kind == "resistance":
            self._rating("Points added to the resisting roll; negative is a weakness",
                         -MAX_RATING)
            types = [*choices("damage_types"), ("General (every type)", "general")]
            self._choice("type", "Type:", types, "damage_types")
        elif kind == "healing":
            self._rating("Points of healing (never negative)", 0)
        elif kind == "accurate":
            self._rating("Dice added to the attack roll; negative for an inaccurate power",
                         -MAX_RATING)
        if kind in MODIFIERS:
            self._modifiers(kind)
        self.grid.setRowStretch(self.grid.rowCount(), 1)

    def _row(self, text: str, widget: QWidget) -> None:
        row = self.grid.rowCount()
        label = QLabel(text)
        label.setBuddy(widget)
        self.grid.addWidget(label, row, 0)
        self.grid.addWidget(widget, row, 1)

    def _choice(self, field: str, text: str, items: list[tuple[str, str]], tips: str) -> None:
        box = QComboBox()
        _narrow(box)
        box.setObjectName(f"component_{field}")
        for index, (label, value) in enumerate(items):
            box.addItem(label, value)
            box.setItemData(index, _tip(tips, value), 3)  # Qt.ToolTipRole
        box.currentIndexChanged.connect(lambda _i: self._set_choice(field, box.currentData()))
        self.widgets[field] = box
        self._row(text, box)
        self._syncers.append(lambda c: _select(box, getattr(c, field)))

    def _set_choice(self, field: str, value: str) -> None:
        def mutate(c: Any) -> None:
            setattr(c, field, value)
            if field == "duration":  # Delayed, Build Up… carry turns; the others none
                wants = f"duration.{value}" in PARAMS
                c.turns = (c.turns or 1) if wants else None

        self.on_edit(f"Change {field}", mutate)

    def _turns(self) -> None:
        box = QSpinBox()
        box.setObjectName("component_turns")
        box.setRange(1, MAX_TURNS)
        box.setToolTip("Turns: for Delayed, Build Up, Build Down and Time")
        box.valueChanged.connect(lambda v: self.on_edit("Change turns",
                                                        lambda c: setattr(c, "turns", v)))
        self.widgets["turns"] = box
        self._row("Turns:", box)

        def sync(c: Any) -> None:
            _value(box, c.turns or 1)
            box.setEnabled(c.turns is not None)

        self._syncers.append(sync)

    def _rating(self, tip: str, lowest: int) -> None:
        box = QSpinBox()
        box.setObjectName("component_rating")
        box.setRange(lowest, MAX_RATING)
        box.setToolTip(tip)
        box.valueChanged.connect(lambda v: self.on_edit("Change rating",
                                                        lambda c: setattr(c, "rating", v)))
        self.widgets["rating"] = box
        self._row("Rating:", box)
        self._syncers.append(lambda c: _value(box, c.rating))

    def _types(self) -> None:
        host = QWidget()
        grid = QGridLayout(host)
        grid.setContentsMargins(0, 0, 0, 0)
        for index, (label, type_id) in enumerate(choices("damage_types")):
            tick = QCheckBox(label)
            tick.setObjectName(f"component_type_{type_id}")
            tick.setToolTip(_tip("damage_types", type_id))
            tick.toggled.connect(lambda on, t=type_id: self._set_type(t, on))
            grid.addWidget(tick, index // TYPE_COLUMNS, index % TYPE_COLUMNS)
            self.widgets[f"types.{type_id}"] = tick
            self._syncers.append(lambda c, w=tick, t=type_id: _check(w, t in c.types))
        self.widgets["types"] = host
        row = self.grid.rowCount()
        self.grid.addWidget(QLabel("Types (at least one):"), row, 0, 1, 2)
        self.grid.addWidget(host, row + 1, 0, 1, 2)

    def _set_type(self, type_id: str, on: bool) -> None:
        def mutate(c: Any) -> None:
            if on and type_id not in c.types:
                c.types = [t for t in DAMAGE_TYPES if t in {*c.types, type_id}]
            elif not on and type_id in c.types:
                c.types = [t for t in c.types if t != type_id]

        self.on_edit("Add damage type" if on else "Remove damage type", mutate)

    def _modifiers(self, component: str) -> None:
        """The ticks two a row (a narrow box stays short); each parameter on its own row
        below, shown only while its modifier is ticked."""
        row = self.grid.rowCount()
        self.grid.addWidget(QLabel("Modifiers:"), row, 0, 1, 2)
        ticks = QWidget()
        tick_grid = QGridLayout(ticks)
        tick_grid.setContentsMargins(0, 0, 0, 0)
        self.grid.addWidget(ticks, row + 1, 0, 1, 2)
        for index, (modifier_id, label, text) in enumerate(modifier_rows(component)):
            tick = QCheckBox(label.split(" (")[0])  # its parameter has its own row
            tick.setObjectName(f"component_modifier_{modifier_id}")
            tick.setToolTip(text)
            tick.toggled.connect(lambda on, m=modifier_id: self._set_modifier(component, m, on))
            tick_grid.addWidget(tick, index // MODIFIER_COLUMNS, index % MODIFIER_COLUMNS)
            self.widgets[f"modifiers.{modifier_id}"] = tick
            param = PARAMS.get(f"{component}.{modifier_id}")
            box = caption = None
            if param:
                box = self._param_box(component, modifier_id, param)
                caption = QLabel(f"{label.split(' (')[0]} {param}:")
                caption.setBuddy(box)
                at = self.grid.rowCount()
                self.grid.addWidget(caption, at, 0)
                self.grid.addWidget(box, at, 1)
            self._syncers.append(lambda c, w=tick, b=box, t=caption, m=modifier_id, p=param:
                                 _sync_modifier(c, w, b, t, m, p))

    def _param_box(self, component: str, modifier_id: str, param: str) -> QWidget:
        box: QSpinBox | QComboBox
        if param in ("rating", "turns"):
            box = QSpinBox()
            box.setRange(1 if param == "turns" else 0, MAX_TURNS if param == "turns"
                         else MAX_RATING)
            box.valueChanged.connect(lambda v: self._set_param(modifier_id, param, v))
        else:
            box = QComboBox()
            _narrow(box)
            items = ([(label, r) for label, r in choices("ranges") if r != "personal"]
                     if param == "range" else
                     [(ATTRIBUTE_LABELS[a], a) for a in ATTRIBUTE_NAMES])
            for label, value in items:
                box.addItem(label, value)
            box.currentIndexChanged.connect(
                lambda _i: self._set_param(modifier_id, param, box.currentData()))
        box.setObjectName(f"component_modifier_{modifier_id}_{param}")
        box.setToolTip(f"The {param} of {modifier_id.replace('_', ' ')}")
        self.widgets[f"modifiers.{modifier_id}.param"] = box
        return box

    def _set_modifier(self, component: str, modifier_id: str, on: bool) -> None:
        def mutate(c: Any) -> None:
            present = [m for m in c.modifiers if m.id == modifier_id]
            if on and not present:
                param = PARAMS.get(f"{component}.{modifier_id}")
                data: dict[str, Any] = {"id": modifier_id}
                if param:
                    data[param] = DEFAULT_PARAMS[param]
                c.modifiers = [*c.modifiers, MODIFIER_MODELS[component](**data)]
            elif not on and present:
                c.modifiers = [m for m in c.modifiers if m.id != modifier_id]

        label = modifier_id.replace("_", " ")
        self.on_edit(f"{'Add' if on else 'Remove'} {label}", mutate)

    def _set_param(self, modifier_id: str, param: str, value: Any) -> None:
        def mutate(c: Any) -> None:
            for m in c.modifiers:
                if m.id == modifier_id:
                    setattr(m, param, value)

        self.on_edit(f"Change {modifier_id.replace('_', ' ')} {param}", mutate)

    def focus(self, field: str = "") -> QWidget | None:
        """The input for ``field`` (e.g. "types", "rating"), else the first one."""
        widget = self.widgets.get(field)
        if field == "types" and "types.bashing" in self.widgets:
            widget = self.widgets["types.bashing"]
        if widget is None and self.widgets:
            widget = next(iter(self.widgets.values()))
        return widget


# ----------------------------------------------------------------------- helpers

def _narrow(box: QComboBox) -> None:
    """A box as wide as a short choice, not the longest ("Light-Speed (approx.
    670000000mph)"): the component box must fit beside the list at 1280 pixels."""
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(8)


def _select(box: QComboBox, value: Any) -> None:
    with QSignalBlocker(box):
        index = box.findData(value)
        if index != box.currentIndex():
            box.setCurrentIndex(index)


def _value(box: QSpinBox, value: int) -> None:
    with QSignalBlocker(box):
        if box.value() != value:
            box.setValue(value)


def _check(box: QCheckBox, on: bool) -> None:
    with QSignalBlocker(box):
        if box.isChecked() != on:
            box.setChecked(on)


def _sync_modifier(component: Any, tick: QCheckBox, box: QWidget | None,
                   caption: QLabel | None, modifier_id: str, param: str | None) -> None:
    present = next((m for m in component.modifiers if m.id == modifier_id), None)
    _check(tick, present is not None)
    if box is None or caption is None:
        return
    box.setVisible(present is not None)
    caption.setVisible(present is not None)
    value = getattr(present, param) if present is not None and param else None
    if value is None:
        value = DEFAULT_PARAMS[param] if param else None
    if isinstance(box, QSpinBox):
        _value(box, int(value))
    elif isinstance(box, QComboBox):
        _select(box, value)
