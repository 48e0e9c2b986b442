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
from desktop.ui.lazy_pages import BoundOnUse, WhenBuilt
from desktop.ui.widgets.row_details import RowDetails

ATTACK_HEADERS = ("Attack", "Skill", "Score", "Hit", "Other", "Total", "Range", "Damage")


TABLES = (("traits", editor_tables.traits, "traitsTable",
           ("addTraitButton", "newTraitButton", "removeTraitButton")),
          ("skills", editor_tables.skills, "skillsTable",
           ("addSkillButton", "newSkillButton", "removeSkillButton")),
          ("languages", editor_tables.languages, "languagesTable",
           (None, "addLanguageButton", "removeLanguageButton")),
          ("contacts", editor_tables.contacts, "contactsTable",
           (None, "addContactButton", "removeContactButton")),
          ("weapons", editor_tables.weapons, "weaponsTable",
           ("addWeaponButton", "newWeaponButton", "removeWeaponButton")),
          ("armor", editor_tables.armor, "armorTable",
           ("addArmorButton", "newArmorButton", "removeArmorButton")),
          ("shields", editor_tables.shields, "shieldsTable",
           ("addShieldsButton", "newShieldsButton", "removeShieldsButton")),
          ("helmets", editor_tables.helmets, "helmetsTable",
           ("addHelmetsButton", "newHelmetsButton", "removeHelmetsButton")),
          ("ammunition", editor_tables.ammunition, "ammunitionTable",
           ("addAmmunitionButton", "newAmmunitionButton", "removeAmmunitionButton")),
          ("gear", editor_tables.gear, "gearTable", (None, "newGearButton", "removeGearButton")),
          ("awards", editor_tables.awards, "awardsTable",
           (None, "addAwardButton", "removeAwardButton")))
"""Each list: its key, how its table is built, the table widget and its pick (from the
book), new and remove buttons."""


def bind_tables(document: CharacterDocument, form: QWidget,
                pickers: dict[str, Callable[[], None]],
                when_built: WhenBuilt) -> dict[str, SheetTable]:
    """The list tables (``TABLES``) with their pick / new / remove buttons and keys, each
    bound when its tab page is loaded (``when_built``), and added to the dict returned
    then (asking it for one not loaded yet loads it); ``pickers`` open the book's picker
    for a table."""
    widgets = {key: widget for key, _build, widget, _buttons in TABLES}
    tables: dict[str, SheetTable] = BoundOnUse(
        lambda key: key in widgets and child(form, QTableWidget, widgets[key]))

    def bind(key: str, build: Callable[[CharacterDocument, QTableWidget], SheetTable],
             widget: str, buttons: tuple[str | None, str, str]) -> None:
        table = tables[key] = build(document, child(form, QTableWidget, widget))
        pick, new, remove = buttons
        add_blank = partial(table.add)
        if pick is not None:
            child(form, QPushButton, pick).clicked.connect(lambda _=False: pickers[key]())
        child(form, QPushButton, new).clicked.connect(lambda _=False: add_blank())
        child(form, QPushButton, remove).clicked.connect(
            lambda _=False: table.remove_selected())
        editor_tables.shortcuts(table, pickers.get(key) if pick else None, add_blank)

    for key, build, widget, buttons in TABLES:
        when_built(widget, partial(bind, key, build, widget, buttons))
    return tables


def bind_details(form: QWidget, tables: dict[str, SheetTable],
                 on_selection: Callable[[], None],
                 when_built: WhenBuilt) -> dict[str, RowDetails]:
    """The detail editors under the traits, skills, Contacts and weapons tables, each
    bound with its table (``when_built``); ``on_selection`` runs when the selected
    trait, skill or Contact changes."""
    details: dict[str, RowDetails] = BoundOnUse(lambda key: tables[key])

    def traits() -> None:
        traits = details["traits"] = RowDetails(tables["traits"])
        kind = child(form, QComboBox, "traitKindCombo")
        for text, value in (("—", None), ("Advantage", "advantage"),
                            ("Disadvantage", "disadvantage")):
            kind.addItem(text, value)

        def gm_only(item: Trait) -> bool:
            return item.gm_defined

        traits.field(kind, "kind", enabled=gm_only)
        traits.field(child(form, QPlainTextEdit, "traitEffectEdit"), "effect",
                     enabled=gm_only)
        traits.table.table.itemSelectionChanged.connect(on_selection)

    def skills() -> None:
        skills = details["skills"] = RowDetails(tables["skills"])
        attribute = child(form, QComboBox, "skillAttributeCombo")
        attribute.addItem("the book's", None)
        for key in ATTRIBUTES:
            attribute.addItem(ATTRIBUTE_LABELS[key], key)
        skills.field(attribute, "attribute")
        penalty = child(form, QSpinBox, "skillPenaltySpin")
        book = penalty.minimum()  # shown as "the book's": no penalty of our own
        skills.field(penalty, "penalty", set=lambda v: None if v == book else v)
        skills.field(child(form, QLineEdit, "skillNotesEdit"), "notes")
        skills.table.table.itemSelectionChanged.connect(on_selection)

    def contacts() -> None:
        contacts = details["contacts"] = RowDetails(tables["contacts"])
        for widget, field in (("contactSexEdit", "sex"), ("contactAgeEdit", "age"),
                              ("contactLocationEdit", "location")):
            contacts.field(child(form, QLineEdit, widget), field)
        contacts.field(child(form, QPlainTextEdit, "contactDescriptionEdit"),
                       "description")
        contacts.table.table.itemSelectionChanged.connect(on_selection)

    def weapons() -> None:
        weapons = details["weapons"] = RowDetails(tables["weapons"])
        hands = child(form, QComboBox, "weaponHandsCombo")
        for text, value in (("one hand only", "one"), ("one or two hands", "either"),
                            ("always two hands", "two")):
            hands.addItem(text, value)
        weapons.field(hands, "hands")
        weapons.field(child(form, QSpinBox, "weaponReloadSpin"), "reload_actions")
        weapons.field(child(form, QSpinBox, "weaponQuantitySpin"), "quantity")
        weapons.field(child(form, QLineEdit, "weaponNotesEdit"), "notes")

    for widget, bind in (("traitKindCombo", traits), ("skillAttributeCombo", skills),
                         ("contactSexEdit", contacts), ("weaponHandsCombo", weapons)):
        when_built(widget, bind)
    return details


def show_selection_text(label: Callable[[str], QLabel], tables: dict[str, SheetTable],
                        derived: PocketDerived) -> None:
    """What the book says about the selected trait and skill, and the selected Contact's
    cost (2.2, 2.43, 2.6), for the tables loaded; ``label`` gives the form's label of a
    name."""
    if "traits" in tables:
        _show_trait_text(label("traitTextValue"), tables["traits"], derived)
    if "skills" in tables:
        _show_skill_text(label("skillTextValue"), tables["skills"], derived)
    if "contacts" in tables:
        row = tables["contacts"].selected_row()
        text = ""
        if 0 <= row < len(derived.contacts):
            text = "Cost: " + editor_text.contact_cost_text(derived.contacts[row])
        _set_text(label("contactCostValue"), text or "Select a Contact.")


def _show_trait_text(label: QLabel, table: SheetTable, derived: PocketDerived) -> None:
    row = table.selected_row()
    text = ""
    if 0 <= row < len(derived.traits.lines):
        line = derived.traits.lines[row]
        text = (f"<b>{line.label}</b> ({editor_text.trait_kind_text(line)} "
                f"{editor_text.trait_value_text(line)}): "
                + (line.info.text if line.info else line.trait.effect or
                   "a GM-defined trait: set its kind, points and effect"))
    _set_text(label, text or "Select a trait to read what the book says about it.")


def _show_skill_text(label: QLabel, table: SheetTable, derived: PocketDerived) -> None:
    row = table.selected_row()
    text = ""
    if 0 <= row < len(derived.skills):
        line = derived.skills[row]
        total = line.creation_cost + line.experience_cost
        words = line.info.text if line.info else "A GM-defined skill: choose its " \
                                                 "Attribute and unskilled penalty."
        text = (f"<b>{line.label}</b>: {editor_text.skill_attribute_text(line)} + "
                f"{line.level} = {line.score} · {total} EP{'s' if total != 1 else ''} · "
                f"unskilled {editor_text.num(line.penalty)}. {words}")
    _set_text(label, text or "Select a skill to read its description.")


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

