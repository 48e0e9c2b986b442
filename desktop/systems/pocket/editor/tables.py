"""The Pocket Universe editor's list tables: which columns edit which field.

Traits, skills, languages, contacts, weapons, armor, shields, helmets, ammunition, gear
and EP awards are each a ``SheetTable``: the shared ``ListTableBinding`` (every cell
edit one undo step) plus two things this game needs: low/mid/high damage cells typed
as "4/6/8", and tooltips on derived cells that say how the number was reached and cite
the rule (the sums change with every edit, so they are refreshed with the cells).

A table on a tab that is not shown is filled when it is shown (or when anything reads
its ``table``), not on every refresh: opening a character fills only the first tab's
tables, and an edit refreshes only the tables in view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

from desktop.systems.pocket.editor import text as editor_text
from desktop.systems.pocket.rules import catalog_contacts, catalog_skills, catalog_weapons
from desktop.systems.pocket.rules.character import (
    ATTRIBUTE_LABELS,
    ATTRIBUTES,
    Ammunition,
    Armor,
    Award,
    Contact,
    Gear,
    Helmet,
    Language,
    Shield,
    Skill,
    Trait,
    Weapon,
)
from desktop.systems.pocket.rules.derived import PocketDerived
from desktop.systems.pocket.rules.dice import CheckError, format_triplet, parse_triplet
from desktop.ui.document import CharacterDocument
from desktop.ui.list_table import Column, ListTableBinding
from desktop.ui.widgets.when_shown import in_view, on_show

Tip = Callable[[PocketDerived, Any, int], str]

BOUGHT = [("at creation", "creation"), ("in play", "play")]
LEARNT = [("at creation", "creation"), ("with EP awards", "experience")]
ATTRIBUTE_CHOICES = [("—", None), *((ATTRIBUTE_LABELS[a], a) for a in ATTRIBUTES)]


class SheetTable(ListTableBinding):
    """A list table with "low/mid/high" cells and live tooltips on chosen columns,
    filled when it is in view (see the module's docstring)."""

    def __init__(self, document: CharacterDocument, table: QTableWidget, list_path: str,
                 columns: Sequence[Column], item_label: str, new_item: Callable[[], BaseModel],
                 triplets: Sequence[str] = (), tips: dict[str, Tip] | None = None) -> None:
        self.triplets = frozenset(triplets)
        self.tips = dict(tips or {})
        self._pending: bool | None = None
        """A refresh put off while hidden (its ``force``), or None when up to date."""
        self._shown_tips: list[str] | None = None
        """The live tooltips as last given to the cells (None: cells made since)."""
        super().__init__(document, table, list_path, columns, item_label, new_item)
        on_show(table, self._catch_up)

    @property
    def table(self) -> QTableWidget:
        """The table widget, first brought up to date if a refresh was put off: whoever
        reads it (a finding's jump, an add's selection) sees the current rows."""
        self._catch_up()
        return self._table

    @table.setter
    def table(self, table: QTableWidget) -> None:
        self._table = table

    def selected_row(self) -> int:
        """The selection as shown, without filling a hidden table (the editor reads the
        selections on every refresh; a hidden one's is caught up with when shown)."""
        rows = self._table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def _catch_up(self) -> None:
        if self._pending is not None:
            force, self._pending = self._pending, None
            self._refresh_now(force)

    def _rebuild(self, items: list[BaseModel], derived: Any) -> None:
        self._shown_tips = None  # new cells, with their columns' fixed tooltips
        super()._rebuild(items, derived)

    def column_of(self, field: str) -> int:
        return next((i for i, c in enumerate(self.columns) if c.field == field), -1)

    def focus(self, row: int, field: str = "") -> None:
        """Select ``row`` and put the cursor in the column editing ``field`` if any."""
        col = self.column_of(field) if field else -1
        if col >= 0:  # the tables select whole rows: this selects the row too
            self.table.setCurrentCell(row, col)
        else:
            self.table.selectRow(row)

    def _show_cell(self, row: int, col: int, column: Column, entry: BaseModel,
                   derived: Any) -> None:
        if column.field not in self.triplets:
            super()._show_cell(row, col, column, entry, derived)
            return
        item = QTableWidgetItem(format_triplet(getattr(entry, column.field)))
        item.setToolTip(column.tooltip)
        self.table.setItem(row, col, item)

    def _item_changed(self, item: QTableWidgetItem) -> None:
        column = self.columns[item.column()]
        if column.field not in self.triplets:
            super()._item_changed(item)
            return
        try:
            value = parse_triplet(item.text())
        except CheckError as exc:
            self.document.edit_rejected.emit(str(exc))
            self.refresh(force=True)
            return
        self.set_value(item.row(), column.field, value)

    def refresh(self, force: bool = False) -> None:
        if not in_view(self._table):
            self._pending = force or bool(self._pending)
            return
        self._pending = None
        self._refresh_now(force)

    def _refresh_now(self, force: bool) -> None:
        super().refresh(force)
        if not self.tips:
            return
        cells = [(row, col, self.tips[column.field]) for col, column in enumerate(self.columns)
                 if column.field in self.tips for row in range(self._table.rowCount())]
        tips = self._tip_texts(cells)
        if tips == self._shown_tips:
            return  # an edit that changed no tooltip: no cell to look at
        with QSignalBlocker(self._table):  # a tooltip change would look like an edit
            for (row, col, _tip), text in zip(cells, tips, strict=True):
                cell = self._table.item(row, col)
                if cell is not None and cell.toolTip() != text:
                    cell.setToolTip(text)
        self._shown_tips = tips

    def _tip_texts(self, cells: list[tuple[int, int, Tip]]) -> list[str]:
        """Each cell's live tooltip, made once for a row whose columns share a tip."""
        derived, character = self.document.derived, self.document.character
        made: dict[tuple[Tip, int], str] = {}
        for row, _col, tip in cells:
            if (tip, row) not in made:
                made[tip, row] = tip(derived, character, row)
        return [made[tip, row] for row, _col, tip in cells]


def shortcuts(table: SheetTable, pick: Callable[[], None] | None,
              new: Callable[[], None]) -> None:
    """Insert picks from the book (or adds), Ctrl+Insert adds a blank entry, Delete
    removes the selected one, while the table has the focus."""
    context = Qt.ShortcutContext.WidgetWithChildrenShortcut
    pairs = [(QKeySequence(Qt.Key.Key_Insert), pick or new),
             (QKeySequence(Qt.Key.Key_Delete), table.remove_selected)]
    if pick is not None:
        pairs.append((QKeySequence("Ctrl+Insert"), new))
    for keys, action in pairs:
        shortcut = QShortcut(keys, table.table)
        shortcut.setContext(context)
        shortcut.activated.connect(action)


def lots_needed(quantity: int, per: int) -> int:
    """Ammunition is sold ``per`` at a time (3.31)."""
    return math.ceil(quantity / per)


# ------------------------------------------------------------------ the tables


def _trait(d: PocketDerived, row: int):
    return d.traits.lines[row]


def _trait_tip(d: PocketDerived, c: Any, row: int) -> str:
    return editor_text.trait_tip(_trait(d, row))


def traits(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    return SheetTable(document, table, "traits", [
        Column("name", "Trait", tooltip="The book's name, or a GM-defined trait's"),
        Column("kind_shown", "Kind", "derived",
               derived=lambda d, c, r: editor_text.trait_kind_text(_trait(d, r))),
        Column("times", "Times", "int",
               tooltip="Takings: each counts its point value (Pocket Universe 2.2)"),
        Column("points", "Points", "optional_int",
               tooltip="Value of one taking when it varies (Enemy, Phobia: 1–2); empty: "
                       "the book's. A GM-defined trait needs one"),
        Column("attribute", "Attribute", "choice", ATTRIBUTE_CHOICES,
               tooltip="The Attribute an Attribute +1 / −1 changes"),
        Column("detail", "Detail", stretch=True,
               tooltip="Which form: what the Phobia fears, who the Enemy is, the Quirk, "
                       "the Lackey's name"),
        Column("acquired", "Taken", "choice", BOUGHT,
               tooltip="Traits gained in play change the numbers now but not the creation "
                       "balance, EPs, contact points or starting money"),
        Column("gm_defined", "GM", "bool", tooltip="A trait the GM made up (Pocket Universe 2.2)"),
        Column("value", "Value", "derived",
               derived=lambda d, c, r: editor_text.trait_value_text(_trait(d, r))),
        Column("effect_shown", "Effect", "derived", stretch=True,
               derived=lambda d, c, r: editor_text.effect_summary(_trait(d, r).info,
                                                                  _trait(d, r).trait)),
    ], "trait", lambda: Trait(name="New trait", gm_defined=True, kind="advantage", points=1),
        tips=dict.fromkeys(("kind_shown", "value", "effect_shown"), _trait_tip))


def skills(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    def tip(d: PocketDerived, c: Any, r: int) -> str:
        return editor_text.skill_tip(d.skills[r])

    return SheetTable(document, table, "skills", [
        Column("name", "Skill", stretch=True),
        Column("specialisation", "Specialisation",
               tooltip="Needed for the starred skills: Melee, Missile, Craft, Profession, "
                       "Scholar, Survival, Tactics, Throw Weapon (Pocket Universe 2.42)"),
        Column("based", "Attribute", "derived",
               derived=lambda d, c, r: editor_text.skill_attribute_text(d.skills[r])),
        Column("level", "Level", "int",
               tooltip="Levels above the Attribute: +0 is basic proficiency (1 EP); "
                       "beginning characters add at most +2 (Pocket Universe 2.4)"),
        Column("score", "Score", "derived", derived=lambda d, c, r: str(d.skills[r].score)),
        Column("cost", "EPs", "derived",
               derived=lambda d, c, r: editor_text.skill_cost_text(d.skills[r])),
        Column("next", "Next level", "derived",
               derived=lambda d, c, r: f"{d.skills[r].next_cost} EPs"),
        Column("unskilled", "Unskilled", "derived",
               derived=lambda d, c, r: editor_text.num(d.skills[r].penalty),
               tooltip="The penalty for using the skill without having bought it"),
        Column("acquired", "Bought", "choice", LEARNT),
        Column("raised", "Raised later", "int",
               tooltip="Of the levels, those bought later with EP awards (Pocket Universe 6.3)"),
        Column("gm_defined", "GM", "bool", tooltip="A skill the GM made up (Pocket Universe 2.42)"),
    ], "skill", lambda: Skill(name="New skill", gm_defined=True, attribute="deft", penalty=-4),
        tips={f: tip for f in ("based", "score", "cost", "next", "unskilled")})


def languages(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    costs = catalog_skills.skill_data().languages
    levels = [(f"{row.name} ({row.total} EP{'s' if row.total > 1 else ''})", row.level)
              for row in costs.levels]
    return SheetTable(document, table, "languages", [
        Column("name", "Language", stretch=True),
        Column("level", "Level", "choice", levels),
        Column("native", "Native", "bool",
               tooltip="Spoken fluently for free (Pocket Universe 2.41)"),
        Column("literate", "Reads", "bool", tooltip="Literacy: 1 EP, free in the native "
                                                    "language of a literate culture"),
        Column("acquired", "Learnt", "choice", LEARNT),
        Column("raised", "Raised later", "int", tooltip="Of the levels, those bought later"),
        Column("literacy_acquired", "Reading learnt", "choice", LEARNT),
        Column("eps", "EPs", "derived",
               derived=lambda d, c, r: editor_text.language_cost_text(d.languages[r])),
    ], "language", lambda: Language(name="New language"),
        tips={"eps": lambda d, c, r: editor_text.language_tip(d.languages[r])})


def contacts(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    tiers = [(f"{row.name} ({row.cost})", row.key)
             for row in catalog_contacts.contact_table().tiers]
    return SheetTable(document, table, "contacts", [
        Column("name", "Contact", stretch=True),
        Column("tier", "Power and influence", "choice", tiers,
               tooltip="The row of the cost table (Pocket Universe 2.6)"),
        Column("cost", "GM cost", "optional_int",
               tooltip="The base cost the GM set, if not the table's (empty: the table's)"),
        Column("friend", "Friend", "bool", tooltip="Friend or Relative: 2 points more"),
        Column("insider", "Insider", "choice",
               [("no", "none"), ("of one (−4)", "single"), ("of a group (−2)", "group")]),
        Column("insider_for", "Insider for", tooltip="Whose household or inner circle"),
        Column("my_share", "My share", "optional_int",
               tooltip="Shared Contacts: this character's part of the base cost (empty: "
                       "not shared)"),
        Column("cost_shown", "Cost", "derived",
               derived=lambda d, c, r: str(d.contacts[r].cost)),
        Column("acquired", "Bought", "choice", BOUGHT,
               tooltip="Contacts made in play cost no contact points"),
    ], "contact", lambda: Contact(name="New contact"),
        tips={"cost_shown": lambda d, c, r: editor_text.contact_tip(d.contacts[r])})


def _wielded_attack(d: PocketDerived, row: int):
    return next((a for a in d.attacks if a.weapon_index == row and a.mode != "thrown"), None)


def weapons(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    groups = sorted({g.specialisation for g in catalog_weapons.weapon_data().groups})

    def to_hit(d: PocketDerived, c: Any, r: int) -> str:
        attack = _wielded_attack(d, r)
        return "" if attack is None else editor_text.num(attack.total)

    def tip(d: PocketDerived, c: Any, r: int) -> str:
        attack = _wielded_attack(d, r)
        return "" if attack is None else editor_text.attack_tip(attack)

    return SheetTable(document, table, "equipment.weapons", [
        Column("name", "Weapon", stretch=True),
        Column("kind", "Kind", "choice", [("melee", "melee"), ("missile", "missile")]),
        Column("group", "Skill", tooltip="The Melee or Missile specialisation it uses: "
                                         + ", ".join(groups)),
        Column("cost", "Cost", "int"),
        Column("hit", "Hit", "int", tooltip="Bonus to the roll to hit"),
        Column("damage", "Damage", tooltip="Low/mid/high, e.g. 4/6/8"),
        Column("phys", "PHYS", "int",
               tooltip="PHYS to wield it one-handed (Pocket Universe 3.2, 3.3)"),
        Column("range", "Range", "optional_int", tooltip="Missile weapons: movement spaces"),
        Column("wield", "Wielded in", "choice", [(t, v) for t, v in (
            ("one hand", "one_hand"), ("two hands", "two_hands"), ("off hand", "off_hand"))],
            tooltip="Two hands lower a melee weapon's PHYS by 2; the off hand is −1 to hit "
                    "and needs 2 more PHYS unless Ambidextrous"),
        Column("thrown", "Thrown", "bool",
               tooltip="Also thrown: Throw Weapon skill (Pocket Universe 3.21)"),
        Column("balanced", "Balanced", "bool", tooltip="Balanced for throwing: +50 % price, "
                                                       "no −2 when thrown (Pocket Universe 3.21)"),
        Column("acquired", "Bought", "choice", BOUGHT),
        Column("to_hit", "To hit", "derived", derived=to_hit),
    ], "weapon", lambda: Weapon(name="New weapon"), triplets=("damage",),
        tips={"to_hit": tip})


def armor(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    return SheetTable(document, table, "equipment.armor", [
        Column("name", "Armor", stretch=True),
        Column("phys", "Physical", "int"),
        Column("energy", "Energy", "int"),
        Column("deft_limit", "DEFT limit", "optional_int",
               tooltip="DEFT above this counts as this while worn (Pocket Universe 3.4); "
                       "empty: none"),
        Column("worn", "Worn", "bool", tooltip="Only one suit counts"),
        Column("damage", "Damaged", "int",
               tooltip="Points of −1/−1 damage from combat criticals (Pocket Universe 5.35)"),
        Column("cost", "Cost", "int"),
        Column("acquired", "Bought", "choice", BOUGHT),
    ], "armor", lambda: Armor(name="New armor"))


def shields(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    return SheetTable(document, table, "equipment.shields", [
        Column("name", "Shield", stretch=True),
        Column("parry", "Parry", "int", tooltip="Added to the Shield skill for defence"),
        Column("hits", "Hits", "int"),
        Column("hits_left", "Hits left", "optional_int", tooltip="Empty: undamaged"),
        Column("phys", "PHYS", "int", tooltip="Each point short is −1 to the Shield skill"),
        Column("ready", "Ready", "bool", tooltip="Carried on the arm (needs a free hand)"),
        Column("cost", "Cost", "int"),
        Column("acquired", "Bought", "choice", BOUGHT),
    ], "shield", lambda: Shield(name="New shield"))


def helmets(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    return SheetTable(document, table, "equipment.helmets", [
        Column("name", "Helmet", stretch=True),
        Column("phys", "KO physical", "int",
               tooltip="Protection against knockouts (Pocket Universe 5.61)"),
        Column("energy", "KO energy", "int"),
        Column("bonus_phys", "+Physical", "int",
               tooltip="Added to the overall armor (Pocket Universe 3.42)"),
        Column("bonus_energy", "+Energy", "int"),
        Column("perception_penalty", "Perception", "int",
               tooltip="On sight and hearing (Full Helm −1)"),
        Column("worn", "Worn", "bool"),
        Column("cost", "Cost", "int"),
        Column("acquired", "Bought", "choice", BOUGHT),
    ], "helmet", lambda: Helmet(name="New helmet"))


def ammunition(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    def price(d: PocketDerived, c: Any, r: int) -> str:
        ammo = c.equipment.ammunition[r]
        return editor_text.money(lots_needed(ammo.quantity, ammo.per) * ammo.cost)

    return SheetTable(document, table, "equipment.ammunition", [
        Column("name", "Ammunition", stretch=True),
        Column("cost", "Cost", "int", tooltip="Price of one lot"),
        Column("per", "Per lot", "int",
               tooltip="Rounds sold for that price (Pocket Universe 3.31)"),
        Column("quantity", "Rounds", "int"),
        Column("price", "Price", "derived", derived=price,
               tooltip="Whole lots (3.31 Ammunition)"),
        Column("acquired", "Bought", "choice", BOUGHT),
    ], "ammunition", lambda: Ammunition(name="New ammunition"))


def gear(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    return SheetTable(document, table, "equipment.gear", [
        Column("name", "Item"),
        Column("cost", "Cost", "int", tooltip="Each; the GM sets prices (Pocket Universe 3.0)"),
        Column("quantity", "Qty", "int"),
        Column("acquired", "Bought", "choice", BOUGHT),
        Column("notes", "Notes", stretch=True),
    ], "item", lambda: Gear(name="New item"))


def awards(document: CharacterDocument, table: QTableWidget) -> SheetTable:
    return SheetTable(document, table, "experience.awards", [
        Column("eps", "EPs", "int", tooltip="1 to 3 a session (Lackeys 1), 6.3"),
        Column("session", "Session"),
        Column("note", "Note", stretch=True),
    ], "award", lambda: Award(eps=1))
