"""Choosing equipment from the book's tables (Pocket Universe 3.2–3.42).

One dialog for every table: melee and missile weapons (RULINGS Pocket 7's
reconstruction), armor, shields, helmets and ammunition. A melee weapon can be taken
two-handed, also for throwing, or balanced for throwing at +50 % (3.21); ammunition
is sold in lots (3.31). The preview says what is left of the money to buy it with.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from desktop.systems.pocket.editor import text as editor_text
from desktop.systems.pocket.editor.pickers import CatalogPicker, entry_html
from desktop.systems.pocket.rules import catalog_armor, catalog_weapons
from desktop.systems.pocket.rules.character import Ammunition, Armor, Helmet, Shield, Weapon
from desktop.systems.pocket.rules.equipment import signed

CATEGORIES: tuple[tuple[str, str], ...] = (
    ("melee", "Melee weapons"),
    ("missile", "Missile weapons"),
    ("armor", "Armor"),
    ("shields", "Shields"),
    ("helmets", "Helmets"),
    ("ammunition", "Ammunition"),
)
LIST_OF = {"melee": "weapons", "missile": "weapons", "armor": "armor", "shields": "shields",
           "helmets": "helmets", "ammunition": "ammunition"}
"""The list under ``equipment`` each category's items go to."""

WIELD = (("one hand", "one_hand"), ("two hands", "two_hands"), ("the off hand", "off_hand"))


@dataclass(frozen=True)
class Entry:
    """One catalog row as the picker offers it: the character item it adds and its list line."""

    item: BaseModel
    line: str
    source: str
    note: str = ""


def entries(category: str) -> list[Entry]:
    """The catalog rows of one category, each as a character item and a list line."""
    money = editor_text.money
    out: list[Entry] = []
    if category in ("melee", "missile"):
        groups = {g.specialisation: g for g in catalog_weapons.weapon_data().groups}
        for w in catalog_weapons.weapons():
            if w.kind != category:
                continue
            group = groups[w.group]
            reach = f" · range {w.range}" if w.range is not None else ""
            out.append(Entry(w, f"{w.name} · {group.group.lower()} · {money(w.cost)} · hit "
                                f"{signed(w.hit)} · {editor_text.triplet(w.damage)} · PHYS "
                                f"{w.phys}{reach}", group.source, group.note))
    elif category == "armor":
        rows = {r.name: r for r in catalog_armor.armor_data().armor}
        for a in catalog_armor.armor():
            limit = f" · DEFT limit {a.deft_limit}" if a.deft_limit is not None else ""
            out.append(Entry(a, f"{a.name} · {money(a.cost)} · {a.phys}/{a.energy}{limit}",
                             rows[a.name].source, rows[a.name].note))
    elif category == "shields":
        rows_s = {r.name: r for r in catalog_armor.armor_data().shields}
        for s in catalog_armor.shields():
            out.append(Entry(s, f"{s.name} · {money(s.cost)} · parry +{s.parry} · {s.hits} "
                                f"hits · PHYS {s.phys}", rows_s[s.name].source,
                             rows_s[s.name].note))
    elif category == "helmets":
        rows_h = {r.name: r for r in catalog_armor.armor_data().helmets}
        for h in catalog_armor.helmets():
            out.append(Entry(h, f"{h.name} · {money(h.cost)} · {h.phys}/{h.energy} vs "
                                f"knockouts · armor +{h.bonus_phys}/+{h.bonus_energy}",
                             rows_h[h.name].source, rows_h[h.name].note))
    elif category == "ammunition":
        rows_a = {r.name: r for r in catalog_weapons.ammunition_data().ammunition}
        for m in catalog_weapons.ammunition():
            row = rows_a[m.name]
            out.append(Entry(m, f"{m.name} · {money(m.cost)} per {m.per} · for "
                                f"{', '.join(row.weapons)}", row.source, row.note))
    else:
        raise KeyError(category)
    return out


def balanced_cost(cost: int) -> int:
    return catalog_weapons.weapon_data().thrown.balanced_cost(cost)


class GearPicker(CatalogPicker):
    def __init__(self, parent: QWidget | None = None, category: str = "melee",
                 money_left: int | None = None) -> None:
        super().__init__("Add equipment from the tables", parent)
        self.money_left = money_left
        self.category = QComboBox()
        for key, text in CATEGORIES:
            self.category.addItem(text, key)
        self.category.setCurrentIndex(max(self.category.findData(category), 0))
        self.top.insertWidget(0, self.category)
        self.wield = QComboBox()
        for text, value in WIELD:
            self.wield.addItem(text, value)
        self.thrown = QCheckBox("Also thrown (3.21: Throw Weapon, 3 + PHYS − its PHYS spaces)")
        self.balanced = QCheckBox("Balanced for throwing (+50 % price, no −2 when thrown)")
        self.lots = QSpinBox()
        self.lots.setRange(1, 999)
        self.options.addRow("&Wielded in:", self.wield)
        self.options.addRow(self.thrown)
        self.options.addRow(self.balanced)
        self.options.addRow("&Lots:", self.lots)
        self.balanced.toggled.connect(lambda on: on and self.thrown.setChecked(True))
        self.thrown.toggled.connect(lambda on: on or self.balanced.setChecked(False))
        for signal in (self.balanced.toggled, self.lots.valueChanged):
            signal.connect(lambda *_: self._show(self.current()))
        self.category.currentIndexChanged.connect(lambda _i: self._category_changed())
        self._category_changed()

    @property
    def key(self) -> str:
        return self.category.currentData()

    def _category_changed(self) -> None:
        self.entries = entries(self.key)
        blocked = self.search.blockSignals(True)
        self.search.clear()  # the tables share no names: a search does not carry over
        self.search.blockSignals(blocked)
        self.fill()

    def entries_text(self) -> list[tuple[str, str]]:
        return [(e.line, f"{e.line} {e.note}") for e in self.entries]

    def price(self, row: int) -> int:
        item = self.entries[row].item
        if isinstance(item, Weapon) and self.balanced.isChecked() and self.balanced.isEnabled():
            return balanced_cost(item.cost)
        if isinstance(item, Ammunition):
            return item.cost * self.lots.value()
        return item.cost  # type: ignore[attr-defined]

    def describe(self, row: int) -> str:
        entry = self.entries[row]
        item = entry.item
        rows = [("Price", editor_text.money(self.price(row)))]
        if self.money_left is not None:
            after = self.money_left - self.price(row)
            rows.append(("Money left", f"{editor_text.money(self.money_left)} now, "
                                       f"{editor_text.money(after)} after"))
        if isinstance(item, Weapon):
            rows.append(("To hit", signed(item.hit)))
            rows.append(("Damage", editor_text.triplet(item.damage)))
            rows.append(("PHYS", f"{item.phys} one-handed" + (
                ", 2 less two-handed" if item.kind == "melee" and item.hands != "one" else "")))
            if item.range is not None:
                rows.append(("Range", f"{item.range} movement spaces"))
            hands = {"one": "one hand only", "either": "one or two hands",
                     "two": "always two hands"}[item.hands]
            rows.append(("Hands", hands))
        elif isinstance(item, Armor):
            rows += [("Protection", f"{item.phys} physical / {item.energy} energy"),
                     ("DEFT limit", "none" if item.deft_limit is None else str(item.deft_limit))]
        elif isinstance(item, Shield):
            rows += [("Parry", f"+{item.parry}"), ("Hits", str(item.hits)),
                     ("PHYS", str(item.phys))]
        elif isinstance(item, Helmet):
            rows += [("Against knockouts", f"{item.phys}/{item.energy}"),
                     ("Adds to the armor", f"+{item.bonus_phys}/+{item.bonus_energy}")]
            if item.perception_penalty:
                rows.append(("Sight and hearing", editor_text.num(item.perception_penalty)))
        elif isinstance(item, Ammunition):
            rows.append(("Rounds", str(item.per * self.lots.value())))
        name = getattr(item, "name", "")
        return entry_html(name, self.category.currentText(), rows, note=entry.note,
                     source=entry.source)

    def entry_changed(self, row: int) -> None:
        item = self.entries[row].item if row >= 0 else None
        weapon = item if isinstance(item, Weapon) else None
        group = catalog_weapons.weapon_group(weapon.group) if weapon else None
        self.wield.setEnabled(weapon is not None and weapon.hands == "either")
        if weapon is not None:
            self.wield.setCurrentIndex(self.wield.findData(weapon.wield))
        melee = weapon is not None and weapon.kind == "melee"
        self.thrown.setEnabled(melee)
        self.balanced.setEnabled(melee and group is not None and group.can_balance)
        self.lots.setEnabled(isinstance(item, Ammunition))

    def chosen(self) -> tuple[str, BaseModel] | None:
        row = self.current()
        if row < 0:
            return None
        item = self.entries[row].item.model_copy(deep=True)
        if isinstance(item, Weapon):
            if self.wield.isEnabled():
                item.wield = self.wield.currentData()
            item.thrown = self.thrown.isEnabled() and self.thrown.isChecked()
            item.balanced = self.balanced.isEnabled() and self.balanced.isChecked()
        elif isinstance(item, Ammunition):
            item.quantity = item.per * self.lots.value()
        return LIST_OF[self.key], item
