"""Reference texts from the book beside the Protector editor: the RISKED prompts, the trait
types' step rates, the internal-conflict examples, the equipment catalog and the power
effects and equipment properties (Storytelling; Character Generation)."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from desktop.systems.protector.rules import catalog, combat_tables
from desktop.ui.forms import child
from desktop.ui.lazy_pages import WhenBuilt
from desktop.ui.rich_text import escape
from desktop.ui.widgets.when_shown import text_when_shown


def fill_reference(form: QWidget, when_built: WhenBuilt) -> None:
    """The book's reference texts and catalogs beside the editors, each filled when its
    tab page is loaded (``when_built``)."""
    _risked(form)
    when_built("traitTypesNote", partial(_trait_types, form))
    when_built("conflictsNote", partial(_conflicts, form))
    when_built("equipmentCombo", partial(_equipment, form))
    when_built("effectCombo", partial(_effects, form))
    when_built("propertyCombo", partial(_properties, form))


def _risked(form: QWidget) -> None:
    risked = combat_tables.section("risked")
    lines = [f"<b>{escape(e['letter'], quote=False)}</b>{escape(e['name'][1:], quote=False)}"
             f"{'*' if e['physical_only'] else ''} — {escape(e['text'], quote=False)}"
             for e in risked["entries"]]
    prompts = " · ".join(f"“{escape(p['say'], quote=False)}”" for p in risked["prompts"])
    label = child(form, QLabel, "riskedText")
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setText("<br>".join(lines) + "<br><i>* physical challenges only (RISKED); mental "
                  "or social: RISK.</i><br><small>Prompts: " + prompts + "</small>")


def _trait_types(form: QWidget) -> None:
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
    note = child(form, QLabel, "traitTypesNote")
    note.setTextFormat(Qt.TextFormat.RichText)
    # The two notes sit on tabs not shown at first: set when shown (``when_shown``).
    text_when_shown(note, " · ".join(parts)
                    + f" <small>({escape(types.source, quote=False)})</small>")


def _conflicts(form: QWidget) -> None:
    conflicts = catalog.conflict_table()
    text_when_shown(child(form, QLabel, "conflictsNote"),
                    f"{conflicts.text} Each conflict has a difficulty of "
                    f"{conflicts.difficulty}. ({conflicts.source})")
    combo = child(form, QComboBox, "conflictExampleCombo")
    for row in conflicts.examples:
        combo.addItem(f"{row.roll}. {row.conflict}", row.roll)
        combo.setItemData(combo.count() - 1, f"Trigger: {row.trigger}",
                          Qt.ItemDataRole.ToolTipRole)


def _equipment(form: QWidget) -> None:
    equipment = child(form, QComboBox, "equipmentCombo")
    for item in catalog.equipment_catalog().equipment:
        equipment.addItem(f"{item.name} ({item.section}, Cost {item.cost}d)", item.name)


def _effects(form: QWidget) -> None:
    effects = child(form, QComboBox, "effectCombo")
    for row in catalog.power_effects():
        sign = "+1 die" if row.cost < 0 else f"{row.cost} die"
        effects.addItem(f"{row.name} ({sign})", row.name)
        effects.setItemData(effects.count() - 1, row.power, Qt.ItemDataRole.ToolTipRole)


def _properties(form: QWidget) -> None:
    props = child(form, QComboBox, "propertyCombo")
    for row in catalog.equipment_properties():
        sign = "+1 die" if row.cost < 0 else f"{row.cost} die"
        props.addItem(f"{row.name} ({sign})", row.name)
        props.setItemData(props.count() - 1, row.equipment, Qt.ItemDataRole.ToolTipRole)


def equipment_text(name: str | None) -> str:
    """The book's equipment as its entry reads: types, Cost, System Pool, traits."""
    if not name:
        return ""
    item = catalog.equipment_item(name)
    traits = ", ".join(f"{t.name or t.type.capitalize()} {t.steps} step"
                       f"{'s' if t.steps != 1 else ''}" for t in item.traits) or "none"
    props = ", ".join(item.properties) or "none"
    types = ", ".join(t.capitalize() for t in item.types)
    return (f"{item.name}: {types}; Cost {item.cost}d, System Pool {item.pool}d; "
            f"traits {traits}; properties {props}. {item.description}")


def effect_text(name: str | None) -> str:
    """A power effect as the book words it, with what it requires."""
    row = catalog.effect(name) if name else None
    text = ""
    if row is not None:
        needs = f" Requires {row.requires}." if row.requires else ""
        text = f"{row.name}: {row.power}{needs}"
    return text
