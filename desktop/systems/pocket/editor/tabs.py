"""The list tabs of the Pocket Universe editor: the tables (``tables``) with their buttons
and keys, the detail editors under them, what the book says about the selected trait or
skill and a Contact's cost (2.2, 2.43, 2.6), and the read-only attack lines (3.2, 3.3)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from desktop.systems.pocket.editor import tables as editor_tables
from desktop.systems.pocket.editor import text as editor_text
from desktop.systems.pocket.editor.tables import SheetTable
from desktop.systems.pocket.rules.character import ATTRIBUTE_LABELS, ATTRIBUTES, Trait
from desktop.systems.pocket.rules.derived import PocketDerived
from desktop.systems.pocket.rules.equipment import signed
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.widgets.row_details import RowDetails

ATTACK_HEADERS = ("Attack", "Skill", "Score", "Hit", "Other", "Total", "Range", "Damage")


def bind_tables(document: CharacterDocument, form: QWidget,
                pickers: dict[str, Callable[[], None]]) -> dict[str, SheetTable]:
    """The list tables (``tables``) with their pick / new / remove buttons and keys;
    ``pickers`` open the book's picker for a table."""
    tables: dict[str, SheetTable] = {}
    for key, build, widget in (
            ("traits", editor_tables.traits, "traitsTable"),
            ("skills", editor_tables.skills, "skillsTable"),
            ("languages", editor_tables.languages, "languagesTable"),
            ("contacts", editor_tables.contacts, "contactsTable"),
            ("weapons", editor_tables.weapons, "weaponsTable"),
            ("armor", editor_tables.armor, "armorTable"),
            ("shields", editor_tables.shields, "shieldsTable"),
            ("helmets", editor_tables.helmets, "helmetsTable"),
            ("ammunition", editor_tables.ammunition, "ammunitionTable"),
            ("gear", editor_tables.gear, "gearTable"),
            ("awards", editor_tables.awards, "awardsTable")):
        tables[key] = build(document, child(form, QTableWidget, widget))
    buttons = {"traits": ("addTraitButton", "newTraitButton", "removeTraitButton"),
               "skills": ("addSkillButton", "newSkillButton", "removeSkillButton"),
               "languages": (None, "addLanguageButton", "removeLanguageButton"),
               "contacts": (None, "addContactButton", "removeContactButton"),
               "weapons": ("addWeaponButton", "newWeaponButton", "removeWeaponButton"),
               "armor": ("addArmorButton", "newArmorButton", "removeArmorButton"),
               "shields": ("addShieldsButton", "newShieldsButton", "removeShieldsButton"),
               "helmets": ("addHelmetsButton", "newHelmetsButton", "removeHelmetsButton"),
               "ammunition": ("addAmmunitionButton", "newAmmunitionButton",
                              "removeAmmunitionButton"),
               "gear": (None, "newGearButton", "removeGearButton"),
               "awards": (None, "addAwardButton", "removeAwardButton")}
    for key, (pick, new, remove) in buttons.items():
        table = tables[key]
        add_blank = partial(table.add)
        if pick is not None:
            child(form, QPushButton, pick).clicked.connect(lambda _=False, k=key: pickers[k]())
        child(form, QPushButton, new).clicked.connect(lambda _=False, f=add_blank: f())
        child(form, QPushButton, remove).clicked.connect(
            lambda _=False, t=table: t.remove_selected())
        editor_tables.shortcuts(table, pickers.get(key) if pick else None, add_blank)
    return tables


def bind_details(form: QWidget, tables: dict[str, SheetTable],
                 on_selection: Callable[[], None]) -> dict[str, RowDetails]:
    """The detail editors under the traits, skills, Contacts and weapons tables;
    ``on_selection`` runs when the selected trait, skill or Contact changes."""
    traits = RowDetails(tables["traits"])
    kind = child(form, QComboBox, "traitKindCombo")
    for text, value in (("—", None), ("Advantage", "advantage"),
                        ("Disadvantage", "disadvantage")):
        kind.addItem(text, value)
    def gm_only(item: Trait) -> bool:
        return item.gm_defined

    traits.field(kind, "kind", enabled=gm_only)
    traits.field(child(form, QPlainTextEdit, "traitEffectEdit"), "effect", enabled=gm_only)

    skills = RowDetails(tables["skills"])
    attribute = child(form, QComboBox, "skillAttributeCombo")
    attribute.addItem("the book's", None)
    for key in ATTRIBUTES:
        attribute.addItem(ATTRIBUTE_LABELS[key], key)
    skills.field(attribute, "attribute")
    penalty = child(form, QSpinBox, "skillPenaltySpin")
    book = penalty.minimum()  # shown as "the book's": no penalty of our own
    skills.field(penalty, "penalty", set=lambda v: None if v == book else v)
    skills.field(child(form, QLineEdit, "skillNotesEdit"), "notes")

    contacts = RowDetails(tables["contacts"])
    for widget, field in (("contactSexEdit", "sex"), ("contactAgeEdit", "age"),
                          ("contactLocationEdit", "location")):
        contacts.field(child(form, QLineEdit, widget), field)
    contacts.field(child(form, QPlainTextEdit, "contactDescriptionEdit"), "description")

    weapons = RowDetails(tables["weapons"])
    hands = child(form, QComboBox, "weaponHandsCombo")
    for text, value in (("one hand only", "one"), ("one or two hands", "either"),
                        ("always two hands", "two")):
        hands.addItem(text, value)
    weapons.field(hands, "hands")
    weapons.field(child(form, QSpinBox, "weaponReloadSpin"), "reload_actions")
    weapons.field(child(form, QSpinBox, "weaponQuantitySpin"), "quantity")
    weapons.field(child(form, QLineEdit, "weaponNotesEdit"), "notes")
    for details in (traits, skills):
        details.table.table.itemSelectionChanged.connect(on_selection)
    tables["contacts"].table.itemSelectionChanged.connect(on_selection)
    return {"traits": traits, "skills": skills, "contacts": contacts, "weapons": weapons}


def show_selection_text(label: Callable[[str], QLabel], tables: dict[str, SheetTable],
                        derived: PocketDerived) -> None:
    """What the book says about the selected trait and skill, and the selected Contact's
    cost (2.2, 2.43, 2.6); ``label`` gives the form's label of a name."""
    row = tables["traits"].selected_row()
    text = ""
    if 0 <= row < len(derived.traits.lines):
        line = derived.traits.lines[row]
        text = (f"<b>{line.label}</b> ({editor_text.trait_kind_text(line)} "
                f"{editor_text.trait_value_text(line)}): "
                + (line.info.text if line.info else line.trait.effect or
                   "a GM-defined trait: set its kind, points and effect"))
    _set_text(label("traitTextValue"), text or
              "Select a trait to read what the book says about it.")
    row = tables["skills"].selected_row()
    text = ""
    if 0 <= row < len(derived.skills):
        line = derived.skills[row]
        total = line.creation_cost + line.experience_cost
        words = line.info.text if line.info else "A GM-defined skill: choose its " \
                                                 "Attribute and unskilled penalty."
        text = (f"<b>{line.label}</b>: {editor_text.skill_attribute_text(line)} + "
                f"{line.level} = {line.score} · {total} EP{'s' if total != 1 else ''} · "
                f"unskilled {editor_text.num(line.penalty)}. {words}")
    _set_text(label("skillTextValue"), text or
              "Select a skill to read its description (2.43).")
    row = tables["contacts"].selected_row()
    text = ""
    if 0 <= row < len(derived.contacts):
        text = "Cost: " + editor_text.contact_cost_text(derived.contacts[row])
    _set_text(label("contactCostValue"), text or "Select a Contact.")


def read_only_table(table: QTableWidget, headers: tuple[str, ...]) -> None:
    """A table the user reads but does not edit, its first column stretched."""
    table.setColumnCount(len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    header = table.horizontalHeader()
    for col in range(len(headers)):
        header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch if col == 0
                                    else QHeaderView.ResizeMode.ResizeToContents)


def show_attacks(table: QTableWidget, derived: PocketDerived) -> None:
    """The attack lines, read-only: Skill + Hit + other modifiers = Total (3.2, 3.3)."""
    rows = [(a.name, a.skill_label, editor_text.num(a.skill), signed(a.hit),
             ", ".join(str(p) for p in a.modifiers), editor_text.num(a.total),
             editor_text.attack_range_text(a),
             editor_text.triplet(a.damage), editor_text.attack_tip(a))
            for a in derived.attacks]
    table.setRowCount(len(rows))
    for r, values in enumerate(rows):
        *cells, tip = values
        for c, value in enumerate(cells):
            item = table.item(r, c)
            if item is None:
                item = QTableWidgetItem()
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                table.setItem(r, c, item)
            if item.text() != value:
                item.setText(value)
            item.setToolTip(tip)


def _set_text(label: QLabel, text: str) -> None:
    if label.text() != text:
        label.setText(text)

