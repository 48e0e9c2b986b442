"""The Pocket Universe character editor: forms/pocket_editor.ui bound to a PocketCharacter.

Generic parts come from desktop.ui (field bindings, list tables, findings, undo, the
check panel base); this module says which widget edits which field, which label shows
which record-sheet number (``editor_text`` words them and cites the rule in the
tooltip), and wires the book pickers. The tables are declared in ``editor_tables``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QWidget,
)

from desktop.systems.pocket.editor import tables as editor_tables
from desktop.systems.pocket.editor import text as editor_text
from desktop.systems.pocket.editor.check_panel import PocketCheckPanel
from desktop.systems.pocket.editor.gear_picker import GearPicker
from desktop.systems.pocket.editor.pickers import SkillPicker, TraitPicker
from desktop.systems.pocket.editor.tables import SheetTable
from desktop.systems.pocket.rules import attributes
from desktop.systems.pocket.rules.character import (
    ATTRIBUTE_LABELS,
    ATTRIBUTES,
    Attribute,
    Contact,
    PocketCharacter,
    Share,
    Trait,
)
from desktop.systems.pocket.rules.citations import (
    R_ATTRIBUTES,
    R_EXPERIENCE,
    R_TABLE,
    R_TRAITS,
    R_UNCONSCIOUS,
)
from desktop.systems.pocket.rules.derived import PocketDerived
from desktop.systems.pocket.rules.equipment import signed
from desktop.ui.document import CharacterDocument
from desktop.ui.editor import CharacterEditor, reveal
from desktop.ui.forms import child
from desktop.ui.widgets.findings import FindingsList
from desktop.ui.widgets.row_details import RowDetails

Text = Callable[[PocketDerived, PocketCharacter], str]
ATTACK_HEADERS = ("Attack", "Skill", "Score", "Hit", "Other", "Total", "Range", "Damage")
GEAR_CATEGORY = {"weapons": "melee", "armor": "armor", "shields": "shields",
                 "helmets": "helmets", "ammunition": "ammunition"}


def format_shares(shares: list[Share]) -> str:
    return ", ".join(f"{s.character} {s.points}" for s in shares)


def parse_shares(text: str) -> list[Share]:
    """"Artos 2, Bren 1" → shares; a name without a number pays 1 (the least, 2.6)."""
    out = []
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        points = 1
        if len(words) > 1 and words[-1].isdigit():
            points = int(words.pop())
        out.append(Share(character=" ".join(words), points=min(points, 99)))
    return out


class PocketEditor(CharacterEditor):
    """The whole record sheet on one scrolling page, tabs for the lists, and beside it
    the check panel and the findings."""

    FORM = "pocket_editor.ui"


    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self._bind_identity()
        for attribute in ATTRIBUTES:
            self._bind_attribute(attribute)
        self._bind_record()
        self._bind_advancement()
        self.tables = self._bind_tables()
        self.details = self._bind_details()
        self.shares = _SharesEdit(self.tables["contacts"],
                                  self._w(QLineEdit, "contactSharedEdit"))
        splitter = self._w(QSplitter, "editorSplitter")
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setSizes([900, 310])
        self.sheet_fit = _SheetFit(self.form)
        self.attacks = self._w(QTableWidget, "attacksTable")
        _read_only_table(self.attacks, ATTACK_HEADERS)
        self.check_panel = PocketCheckPanel(self.form, document)
        self.findings = FindingsList(self._w(QListWidget, "findingsList"))
        self.findings.field_chosen.connect(self.focus_field)
        self.refresh()

    def _w(self, kind, name):
        return child(self.form, kind, name)

    @property
    def character(self) -> PocketCharacter:
        return self.document.character  # type: ignore[return-value]

    # -- pickers -------------------------------------------------------------------
    def add_trait(self) -> None:
        picker = TraitPicker(self, self.document.derived.traits.times)
        if picker.exec() == TraitPicker.DialogCode.Accepted:
            trait = picker.chosen()
            if trait is not None:
                self.tables["traits"].add(trait, f"Add {trait.name}")

    def add_skill(self) -> None:
        derived = self.document.derived
        scores = {a: derived.attributes[a] for a in ATTRIBUTES} | {"deft": derived.armored_deft}
        picker = SkillPicker(self, scores, [s.label for s in derived.skills])
        if picker.exec() == SkillPicker.DialogCode.Accepted:
            skill = picker.chosen()
            if skill is not None:
                self.tables["skills"].add(skill, f"Add {skill.name}")

    def add_gear(self, category: str = "melee") -> None:
        picker = GearPicker(self, category, self.document.derived.money_left)
        if picker.exec() == GearPicker.DialogCode.Accepted:
            chosen = picker.chosen()
            if chosen is not None:
                list_name, item = chosen
                self.tables[list_name].add(item, f"Add {getattr(item, 'name', list_name)}")

    # -- bindings ------------------------------------------------------------------
    def _label(self, name: str, text: Text, tip: Text | None = None) -> None:
        self.binder.derived(self._w(QLabel, name), text, tip)

    def _bind_identity(self) -> None:
        b = self.binder
        for widget, field, label in (("nameEdit", "name", "Name"),
                                     ("playerEdit", "player", "Player"),
                                     ("ageEdit", "age", "Age"), ("sexEdit", "sex", "Sex"),
                                     ("naturalNameEdit", "natural_armor.name",
                                      "Natural armor")):
            b.field(self._w(QLineEdit, widget), field, label)
        role = self._w(QComboBox, "roleCombo")
        role.addItem("Player character", "character")
        role.addItem("Lackey (2.22)", "lackey")
        b.field(role, "role", "Role")
        for widget, field, label in (("descriptionEdit", "description", "Appearance"),
                                     ("portraitEdit", "portrait", "Portrait notes"),
                                     ("notesEdit", "notes", "Notes")):
            b.field(self._w(QPlainTextEdit, widget), field, label)
        b.field(self._w(QCheckBox, "literateCultureCheck"), "literate_culture",
                "Literate culture")
        b.field(self._w(QSpinBox, "naturalPhysSpin"), "natural_armor.phys",
                "Natural armor (physical)")
        b.field(self._w(QSpinBox, "naturalEnergySpin"), "natural_armor.energy",
                "Natural armor (energy)")

    def _bind_attribute(self, attribute: Attribute) -> None:
        label = ATTRIBUTE_LABELS[attribute]
        self.binder.field(self._w(QSpinBox, f"{attribute}Spin"), f"attributes.{attribute}",
                          label)

        def row(d: PocketDerived):
            return d.rows[attribute]

        def table_tip(d: PocketDerived, c: Any) -> str:
            return (editor_text.cite(f"{label} {d.attributes[attribute]} on the Attribute "
                                     "table (scores 2–16)", R_TABLE)
                    + f"\nGives: {editor_text.gives_text(d, attribute)}\n"
                    + editor_text.gives_tip(d, attribute))

        self._label(f"{attribute}AddedValue",
                    lambda d, c: editor_text.added_text(d, attribute),
                    lambda d, c: editor_text.cite(
                        f"{label}: 8, {editor_text.added_text(d, attribute)} creation points"
                        f", Attribute ±1 traits and EP raises make {d.attributes[attribute]}",
                        R_ATTRIBUTES))
        self._label(f"{attribute}ModifierValue", lambda d, c: signed(
            row(d).modifier), table_tip)
        self._label(f"{attribute}ValueValue", lambda d, c: str(row(d).value), table_tip)
        self._label(f"{attribute}RollValue", lambda d, c: editor_text.triplet(row(d).roll),
                    table_tip)

    def _bind_record(self) -> None:
        t = editor_text
        self._label("attributePointsValue", lambda d, c: t.attribute_points_text(d),
                    lambda d, c: t.cite("All four start at 8; 10 points to add (a Lackey 8), "
                                        "at most 4 on one", R_ATTRIBUTES))
        self._label("hitsValue", lambda d, c: t.hits_text(d), lambda d, c: t.hits_tip(d))
        self._label("unarmedValue", lambda d, c: t.triplet(d.unarmed_damage),
                    lambda d, c: t.unarmed_tip(d))
        self._label("armoredDeftValue", lambda d, c: t.armored_deft_text(d),
                    lambda d, c: t.armored_deft_tip(d))
        self._label("initiativeValue", lambda d, c: t.initiative_text(d),
                    lambda d, c: t.initiative_tip(d))
        self._label("moveValue", lambda d, c: t.move_text(d), lambda d, c: t.move_tip(d))
        self._label("appearanceValue", lambda d, c: t.appearance_text(d),
                    lambda d, c: t.appearance_tip(d))
        self._label("epsValue", lambda d, c: t.eps_text(d), lambda d, c: t.eps_tip(d))
        self._label("contactPointsValue", lambda d, c: t.contact_points_text(d),
                    lambda d, c: t.contact_points_tip(d))
        self._label("meleeDefenseValue", lambda d, c: t.defense_text(d.best_melee()),
                    lambda d, c: t.melee_tip(d))
        self._label("missileDefenseValue", lambda d, c: t.defense_text(d.best_missile()),
                    lambda d, c: t.missile_tip(d))
        self._label("shieldValue", lambda d, c: t.shield_text(d), lambda d, c: t.shield_tip(d))
        self._label("armorValue", lambda d, c: t.armor_text(d), lambda d, c: t.armor_tip(d))
        self._label("moneyValue", lambda d, c: t.money_text(d), lambda d, c: t.money_tip(d))
        self._label("moneySummaryValue", lambda d, c: f"Money: {t.money_text(d)}",
                    lambda d, c: t.money_tip(d))
        self._label("traitBalanceValue", lambda d, c: t.balance_text(d),
                    lambda d, c: t.cite("Up to 5 points of Advantages, balanced by an equal "
                                        "number of points of Disadvantages", R_TRAITS))
        self._label("skillSummaryValue", lambda d, c: t.skill_summary(d),
                    lambda d, c: t.eps_tip(d))
        self._label("contactSummaryValue", lambda d, c: t.contact_summary(d),
                    lambda d, c: t.contact_points_tip(d))

    def _bind_advancement(self) -> None:
        b, t = self.binder, editor_text
        for attribute in ATTRIBUTES:
            label = ATTRIBUTE_LABELS[attribute]
            b.field(self._w(QSpinBox, f"{attribute}RaisesSpin"),
                    f"experience.attribute_raises.{attribute}", f"{label} raised with EPs",
                    get=lambda c, a=attribute: c.experience.attribute_raises.get(a, 0),
                    set=lambda c, v, a=attribute: _set_or_drop(
                        c.experience.attribute_raises, a, v, 0))
            self._label(f"{attribute}NextRaiseValue",
                        lambda d, c, a=attribute: f"next point: {d.attribute_raise_costs[a]} "
                                                  f"EPs (to {d.attributes[a] + 1})",
                        lambda d, c: t.cite("Raising an Attribute costs its current score in "
                                            "EPs; the score in the file includes the raises",
                                            R_EXPERIENCE))
        self._label("epAccountValue",
                    lambda d, c: f"EPs: {d.starting_eps} starting + {d.eps_awarded} awarded "
                                 f"= {d.eps_total}; spent {d.eps_spent} (Attribute raises "
                                 f"{d.attribute_raise_eps}) → {t.num(d.eps_unspent)} unspent",
                    lambda d, c: t.eps_tip(d))
        b.field(self._w(QSpinBox, "currentHitsSpin"), "tracking.hits", "Hit points now",
                get=lambda c: _full_hits(c) if c.tracking.hits is None else c.tracking.hits,
                set=lambda c, v: setattr(c.tracking, "hits",
                                         None if v == _full_hits(c) else v))
        self._label("currentHitsValue",
                    lambda d, c: f"of {d.hits}" + (" · dying" if d.current_hits < 0 else ""),
                    lambda d, c: t.cite("Below 0 the character is dying; at −hits, dead",
                                        R_UNCONSCIOUS))
        b.field(self._w(QSpinBox, "cashSpin"), "tracking.money", "Cash",
                get=lambda c: max(self._cash(c), 0),
                set=lambda c, v: setattr(c.tracking, "money",
                                         None if v == self.document.derived.money_left else v))
        self._label("cashValue", lambda d, c: "as left from the starting money"
                    if c.tracking.money is None else
                    f"changed in play (starting money left: {t.money(d.money_left)})")

    def _cash(self, character: PocketCharacter) -> int:
        derived = self.document.derived
        return derived.money_left if character.tracking.money is None \
            else character.tracking.money

    def _bind_tables(self) -> dict[str, SheetTable]:
        doc = self.document
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
            tables[key] = build(doc, self._w(QTableWidget, widget))
        pickers: dict[str, Callable[[], None]] = {
            "traits": self.add_trait, "skills": self.add_skill,
            **{key: (lambda c=category: self.add_gear(c))
               for key, category in GEAR_CATEGORY.items()}}
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
                self._w(QPushButton, pick).clicked.connect(lambda _=False, k=key: pickers[k]())
            self._w(QPushButton, new).clicked.connect(lambda _=False, f=add_blank: f())
            self._w(QPushButton, remove).clicked.connect(
                lambda _=False, t=table: t.remove_selected())
            editor_tables.shortcuts(table, pickers.get(key) if pick else None, add_blank)
        return tables

    def _bind_details(self) -> dict[str, RowDetails]:
        traits = RowDetails(self.tables["traits"])
        kind = self._w(QComboBox, "traitKindCombo")
        for text, value in (("—", None), ("Advantage", "advantage"),
                            ("Disadvantage", "disadvantage")):
            kind.addItem(text, value)
        def gm_only(item: Trait) -> bool:
            return item.gm_defined

        traits.field(kind, "kind", enabled=gm_only)
        traits.field(self._w(QPlainTextEdit, "traitEffectEdit"), "effect", enabled=gm_only)

        skills = RowDetails(self.tables["skills"])
        attribute = self._w(QComboBox, "skillAttributeCombo")
        attribute.addItem("the book's", None)
        for key in ATTRIBUTES:
            attribute.addItem(ATTRIBUTE_LABELS[key], key)
        skills.field(attribute, "attribute")
        penalty = self._w(QSpinBox, "skillPenaltySpin")
        book = penalty.minimum()  # shown as "the book's": no penalty of our own
        skills.field(penalty, "penalty", set=lambda v: None if v == book else v)
        skills.field(self._w(QLineEdit, "skillNotesEdit"), "notes")

        contacts = RowDetails(self.tables["contacts"])
        for widget, field in (("contactSexEdit", "sex"), ("contactAgeEdit", "age"),
                              ("contactLocationEdit", "location")):
            contacts.field(self._w(QLineEdit, widget), field)
        contacts.field(self._w(QPlainTextEdit, "contactDescriptionEdit"), "description")

        weapons = RowDetails(self.tables["weapons"])
        hands = self._w(QComboBox, "weaponHandsCombo")
        for text, value in (("one hand only", "one"), ("one or two hands", "either"),
                            ("always two hands", "two")):
            hands.addItem(text, value)
        weapons.field(hands, "hands")
        weapons.field(self._w(QSpinBox, "weaponReloadSpin"), "reload_actions")
        weapons.field(self._w(QSpinBox, "weaponQuantitySpin"), "quantity")
        weapons.field(self._w(QLineEdit, "weaponNotesEdit"), "notes")
        for details in (traits, skills):
            details.table.table.itemSelectionChanged.connect(self._show_selection_text)
        self.tables["contacts"].table.itemSelectionChanged.connect(self._show_selection_text)
        return {"traits": traits, "skills": skills, "contacts": contacts, "weapons": weapons}

    # -- showing -------------------------------------------------------------------
    def refresh(self) -> None:
        self.binder.refresh()
        for table in self.tables.values():
            table.refresh()
        for details in self.details.values():
            details.refresh()
        self.shares.refresh()
        self._show_selection_text()
        self._show_attacks()
        self.check_panel.refresh()
        self.findings.show(self.document.derived.findings)

    def _show_selection_text(self) -> None:
        derived = self.document.derived
        row = self.tables["traits"].selected_row()
        text = ""
        if 0 <= row < len(derived.traits.lines):
            line = derived.traits.lines[row]
            text = (f"<b>{line.label}</b> ({editor_text.trait_kind_text(line)} "
                    f"{editor_text.trait_value_text(line)}): "
                    + (line.info.text if line.info else line.trait.effect or
                       "a GM-defined trait: set its kind, points and effect"))
        _set_text(self._w(QLabel, "traitTextValue"), text or
                  "Select a trait to read what the book says about it.")
        row = self.tables["skills"].selected_row()
        text = ""
        if 0 <= row < len(derived.skills):
            line = derived.skills[row]
            total = line.creation_cost + line.experience_cost
            words = line.info.text if line.info else "A GM-defined skill: choose its " \
                                                     "Attribute and unskilled penalty."
            text = (f"<b>{line.label}</b>: {editor_text.skill_attribute_text(line)} + "
                    f"{line.level} = {line.score} · {total} EP{'s' if total != 1 else ''} · "
                    f"unskilled {editor_text.num(line.penalty)}. {words}")
        _set_text(self._w(QLabel, "skillTextValue"), text or
                  "Select a skill to read its description (2.43).")
        row = self.tables["contacts"].selected_row()
        text = ""
        if 0 <= row < len(derived.contacts):
            text = "Cost: " + editor_text.contact_cost_text(derived.contacts[row])
        _set_text(self._w(QLabel, "contactCostValue"), text or "Select a Contact.")

    def _show_attacks(self) -> None:
        derived = self.document.derived
        rows = [(a.name, a.skill_label, editor_text.num(a.skill), signed(a.hit),
                 ", ".join(str(p) for p in a.modifiers), editor_text.num(a.total),
                 editor_text.attack_range_text(a),
                 editor_text.triplet(a.damage), editor_text.attack_tip(a))
                for a in derived.attacks]
        table = self.attacks
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

    # -- findings ------------------------------------------------------------------
    def focus_field(self, path: str) -> bool:
        """Show the input a finding names: a table row (and its column or detail
        editor), or a bound field."""
        parts = path.split(".")
        if parts[0] == "equipment" and len(parts) > 1:
            parts = parts[1:]
        head = parts[0]
        table = self.tables.get(head)
        if table is not None and len(parts) > 1 and parts[1].isdigit():
            row = int(parts[1])
            if row < table.table.rowCount():
                field = parts[2] if len(parts) > 2 else ""
                show(table.table)
                table.focus(row, field)
                detail = self.details.get(head)
                widget = detail.widget_for(field) if detail and field else None
                if head == "contacts" and field == "shared_with":
                    widget = self.shares.edit
                if widget is not None and widget.isEnabled():
                    show(widget)
                return True
        if table is not None:
            show(table.table)
            return True
        widget = self.binder.widget_for(path)
        if widget is None and head == "attributes":
            widget = self._w(QSpinBox, "physSpin")
        if widget is None and head == "tracking":
            widget = self._w(QSpinBox, "currentHitsSpin")
        if widget is None:
            return False
        show(widget)
        return True


class _SharesEdit:
    """"Artos 2, Bren 1": the others' shares of the selected Contact, applied when the
    user leaves the box (typing is not reformatted under the cursor)."""

    def __init__(self, table: SheetTable, edit: QLineEdit) -> None:
        self.table = table
        self.edit = edit
        edit.editingFinished.connect(self._apply)
        table.table.itemSelectionChanged.connect(self.refresh)

    def _contact(self) -> Contact | None:
        row = self.table.selected_row()
        items = self.table.items
        return items[row] if 0 <= row < len(items) else None  # type: ignore[return-value]

    def refresh(self) -> None:
        contact = self._contact()
        self.edit.setEnabled(contact is not None)
        if self.edit.hasFocus() and contact is not None:
            return
        text = format_shares(contact.shared_with) if contact else ""
        if self.edit.text() != text:
            self.edit.setText(text)

    def _apply(self) -> None:
        row = self.table.selected_row()
        contact = self._contact()
        if contact is None:
            return
        shares = parse_shares(self.edit.text())
        if shares != contact.shared_with:
            self.table.set_value(row, "shared_with", shares)
        self.edit.setText(format_shares(shares))


def _read_only_table(table: QTableWidget, headers: tuple[str, ...]) -> None:
    table.setColumnCount(len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    header = table.horizontalHeader()
    for col in range(len(headers)):
        header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch if col == 0
                                    else QHeaderView.ResizeMode.ResizeToContents)


class _SheetFit(QObject):
    """Fit the sheet to the room it has, on every resize of the scroll area.

    - The Attributes and the record-sheet numbers sit side by side when wide enough,
      one above the other when not (usable at 800×600).
    - The tab widget is as tall as the page shown (or the room left), not as its
      tallest page: QTabWidget's size hint is the largest page's, which would pad a
      short page (Background) out to a long one (Armor & gear).
    """

    SIDE_BY_SIDE = 760
    """Sheet width (px) from which Attributes and record numbers fit side by side."""

    def __init__(self, form: QWidget) -> None:
        super().__init__(form)
        self.tabs = child(form, QTabWidget, "detailTabs")
        self.scroll = child(form, QScrollArea, "sheetScroll")
        self.top_row = child(form, QWidget, "sheetContent").findChild(
            QBoxLayout, "topRowLayout")
        self.tabs.currentChanged.connect(self.fit)
        self.scroll.viewport().installEventFilter(self)
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def fit(self) -> None:
        wide = self.scroll.viewport().width() >= self.SIDE_BY_SIDE
        direction = (QBoxLayout.Direction.LeftToRight if wide
                     else QBoxLayout.Direction.TopToBottom)
        if self.top_row is not None and self.top_row.direction() != direction:
            self.top_row.setDirection(direction)
        page = self.tabs.currentWidget()
        if page is None:
            return
        chrome = self.tabs.tabBar().sizeHint().height() + 12
        top = self.tabs.mapTo(self.scroll.widget(), self.tabs.rect().topLeft()).y()
        room = self.scroll.viewport().height() - top - 12
        height = max(page.sizeHint().height() + chrome, room)
        if self.tabs.maximumHeight() != height:
            self.tabs.setMaximumHeight(height)


def show(widget: QWidget) -> None:
    """``reveal`` the widget, first switching every tab widget above it to the page that
    holds it (``reveal`` compares a tab widget's pages with its internal stack, so it
    does not switch tabs by itself)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QTabWidget):
            for index in range(parent.count()):
                if parent.widget(index).isAncestorOf(widget):
                    parent.setCurrentIndex(index)
        parent = parent.parentWidget()
    reveal(widget)


def _set_text(label: QLabel, text: str) -> None:
    if label.text() != text:
        label.setText(text)


def _set_or_drop(entries: dict, key: str, value: int, default: int) -> None:
    """Store a value; the default is stored as no entry at all."""
    if value == default:
        entries.pop(key, None)
    else:
        entries[key] = value


def _full_hits(character: PocketCharacter) -> int:
    return attributes.value(character.attributes.phys)


EDITOR = PocketEditor
