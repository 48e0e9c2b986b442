"""The POW! character editor: forms/pow_editor.ui bound to a PowCharacter.

Everything generic (field bindings, list tables, findings, undo) comes from desktop.ui;
this module only says which widget edits which POW! field and which label shows which
derived number, plus the pool bubbles and the Difficulty check panel.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QWidget,
)

from desktop.model.errors import DocumentError
from desktop.systems.pow.editor.check_panel import PowCheckPanel
from desktop.systems.pow.rules.character import (
    STAT_LABELS,
    STATS,
    Armor,
    Item,
    PowCharacter,
    Special,
    Stat,
    Weapon,
)
from desktop.systems.pow.rules.derived import PowDerived, pool_of
from desktop.systems.pow.rules.dice import random_stats
from desktop.ui.document import CharacterDocument
from desktop.ui.editor import CharacterEditor, reveal
from desktop.ui.forms import child
from desktop.ui.list_table import Column, ListTableBinding
from desktop.ui.widgets.bubbles import PoolBubbles
from desktop.ui.widgets.findings import FindingsList

STAT_CHOICES = [(STAT_LABELS[s], s) for s in STATS]


class PowEditor(CharacterEditor):
    FORM = "pow_editor.ui"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self._bind_identity()
        self.bubbles: dict[Stat, PoolBubbles] = {}
        self.pool_spins: dict[Stat, QSpinBox] = {}
        self.now_spins: dict[Stat, QSpinBox] = {}
        for stat in STATS:
            self._bind_stat(stat)
        self._bind_play()
        self._bind_experience()
        self._bind_options()
        self.tables = self._bind_tables()
        self.specials_panel = _SpecialDetails(self)
        self.check_panel = PowCheckPanel(self.form, document)
        self.findings = FindingsList(child(self.form, QListWidget, "findingsList"))
        self.findings.field_chosen.connect(self.focus_field)
        self._w(QPushButton, "addCatalogSpecialButton").clicked.connect(self.add_from_catalog)
        self._w(QPushButton, "saveSpecialButton").clicked.connect(self.save_special_to_library)
        self._w(QPushButton, "randomStatsButton").clicked.connect(self.roll_random_stats)
        self.refresh()

    def roll_random_stats(self) -> str:
        """Random Stats, one undoable edit: 1d6 each, a 6 counts as 0 (POW!, Creating a
        Character, Step 2). Rolled with the check panel's (seeded) roller; the faces are
        shown under the check panel."""
        rolled = random_stats(self.check_panel.roller)

        def change(c: Any) -> None:
            for stat, value in rolled.items():
                setattr(c.attributes, stat, value)
            c.tracking.stats.clear()
            c.tracking.pools.clear()

        self.document.apply("Roll random Stats", change)
        faces = [t.faces[0] for t in self.check_panel.roller.throws[-len(rolled):]]
        text = "Random Stats (a 6 counts as 0): " + ", ".join(
            f"{STAT_LABELS[s][0]} {v}" + (" (rolled 6)" if face == 6 else "")
            for (s, v), face in zip(rolled.items(), faces, strict=True))
        self._w(QLabel, "rollResult").setText(text)
        return text

    # -- specials library ------------------------------------------------------------
    # The pickers and the user's lists (and the book tables they list) are imported on
    # first use: opening a character never needs them.
    def add_from_catalog(self) -> None:
        from desktop.systems.pow.editor.special_picker import SpecialPicker

        picker = SpecialPicker(self)
        if picker.exec() == SpecialPicker.DialogCode.Accepted:
            special = picker.chosen()
            if special is not None:
                self.tables["specials"].add(special, f"Add {special.name}")

    def add_gear(self, kind: str) -> None:
        """Add a weapon or armor ("weapons" / "armor") chosen from the list."""
        from desktop.systems.pow.editor.gear_picker import armor_chooser, weapon_chooser

        chooser = (weapon_chooser if kind == "weapons" else armor_chooser)(
            self, self.message.emit)
        if chooser.exec() == chooser.DialogCode.Accepted:
            item = chooser.chosen()
            if item is not None:
                self.tables[kind].add(item.model_copy(deep=True), f"Add {item.name}")

    def save_gear_to_my_list(self, kind: str) -> str:
        """Keep the selected weapon or armor in the user's own list, for every
        character's "Add …"."""
        table = self.tables[kind]
        row = table.selected_row()
        if row < 0:
            message = f"Select the {table.item_label} to keep first"
        else:
            from desktop.systems.pow.rules.user_gear import save_to_user_gear

            try:
                path = save_to_user_gear(table.items[row])
                message = f"Saved {table.items[row].name} to your own list ({path})"
            except DocumentError as exc:
                message = f"Not saved: {exc.message}"
        self.message.emit(message)
        return message

    def save_special_to_library(self) -> str:
        table = self.tables["specials"]
        row = table.selected_row()
        if row < 0:
            return ""
        from desktop.systems.pow.editor.special_picker import save_to_library

        try:
            message = save_to_library(table.items[row])
        except DocumentError as exc:
            message = f"Not saved: {exc.message}"
        self.message.emit(message)
        return message

    # -- bindings ------------------------------------------------------------------
    def _bind_identity(self) -> None:
        b = self.binder
        b.field(self._w(QLineEdit, "nameEdit"), "name", "Name")
        b.field(self._w(QLineEdit, "conceptEdit"), "concept", "Basic Concept")
        b.field(self._w(QLineEdit, "playerEdit"), "player", "Player")
        b.field(self._w(QLineEdit, "worldbookEdit"), "worldbook", "Worldbook")
        b.field(self._w(QSpinBox, "pointsSpin"), "character_points", "Character Points")
        b.field(self._w(QDoubleSpinBox, "heightSpin"), "height_ft", "Height")
        b.field(self._w(QSpinBox, "sizeSpin"), "size_category", "Size Category")
        b.field(self._w(QPlainTextEdit, "descriptionEdit"), "description", "Description")
        b.field(self._w(QPlainTextEdit, "notesEdit"), "notes", "Notes")
        b.field(self._w(QSpinBox, "moneySpin"), "money", "Money")
        b.field(self._w(QLineEdit, "currencyEdit"), "currency", "Currency")
        b.derived(self._w(QLabel, "pointsValue"),
                  lambda d, c: f"{d.points_spent} / {d.points_left}")

    def _bind_stat(self, stat: Stat) -> None:
        label = STAT_LABELS[stat]
        score = self._w(QSpinBox, f"{stat}Spin")
        self.binder.field(score, f"attributes.{stat}", label)
        now = self._w(QSpinBox, f"{stat}NowSpin")
        self.now_spins[stat] = now
        self.binder.field(now, f"tracking.stats.{stat}", f"current {label}",
                          get=lambda c: c.current_stat(stat),
                          set=lambda c, v: _set_tracked(c.tracking.stats, stat, v,
                                                        c.attributes.get(stat)))
        pool = self._w(QSpinBox, f"{stat}PoolSpin")
        self.pool_spins[stat] = pool
        self.binder.field(pool, f"tracking.pools.{stat}", f"{label} Pool",
                          get=lambda c: _current_pool(c, stat),
                          set=lambda c, v: _set_tracked(c.tracking.pools, stat, v,
                                                        pool_of(c.current_stat(stat))))
        bubbles = PoolBubbles()
        bubbles.setObjectName(f"{stat}PoolBubbles")
        self._w(QWidget, f"{stat}Bubbles").layout().addWidget(bubbles)
        bubbles.current_chosen.connect(lambda v: self._choose_pool(stat, v))
        self.bubbles[stat] = bubbles
        self.binder.derived(
            self._w(QLabel, f"{stat}PoolValue"),
            lambda d, c: f"{d.current_pools[stat]} / {d.pools[stat]}",
            lambda d, c: f"{label} Pool = {label} × {label} = {d.pools[stat]} "
                         "(POW!, Creating a Character, Step 3)")

    def _choose_pool(self, stat: Stat, value: int) -> None:
        self.document.apply(
            f"Change {STAT_LABELS[stat]} Pool",
            lambda c: _set_tracked(c.tracking.pools, stat, value,
                                   pool_of(c.current_stat(stat))))

    def _bind_play(self) -> None:
        b = self.binder
        b.derived(self._w(QLabel, "initiativeValue"),
                  lambda d, c: f"2d6 + {d.initiative_bonus}")
        b.derived(self._w(QLabel, "actionsValue"), _actions_text,
                  lambda d, c: d.actions_reason)
        b.derived(self._w(QLabel, "unarmedValue"), lambda d, c: str(d.unarmed_damage))
        b.derived(self._w(QLabel, "toHitValue"),
                  lambda d, c: "{surprised} surprised · {normal} · {dodging} dodging".format(
                      **d.to_hit_difficulty))
        b.derived(self._w(QLabel, "moveValue"),
                  lambda d, c: f"{d.move_per_action_ft} ft an action · "
                               f"{d.full_frame_move_ft} ft a Full Frame")
        b.derived(self._w(QLabel, "armorValue"),
                  lambda d, c: f"absorbs {d.armor_frame_rating} a frame"
                  if d.armor_frame_rating else "none worn")

    def _bind_experience(self) -> None:
        b = self.binder
        b.field(self._w(QSpinBox, "earnedSpin"), "experience.earned", "Experience earned")
        b.derived(self._w(QLabel, "xpValue"), lambda d, c: f"{d.xp_spent} / {d.xp_left}")
        for stat in STATS:
            b.field(self._w(QSpinBox, f"{stat}RaisedSpin"), f"experience.raised.{stat}",
                    f"{STAT_LABELS[stat]} raised with experience",
                    get=lambda c, s=stat: c.experience.raised.get(s, 0),
                    set=lambda c, v, s=stat: _set_tracked(c.experience.raised, s, v, 0))
            b.derived(self._w(QLabel, f"{stat}NextValue"),
                      lambda d, c, s=stat: ("at the maximum" if c.attributes.get(s) >= 5
                                            else d.stat_raise_limit[s])
                      if d.stat_raise_xp[s] is None
                      else f"{d.stat_raise_xp[s]} XP (to {c.attributes.get(s) + 1})")
        b.derived(self._w(QLabel, "specialXpValue"), _special_xp_text)

    def _bind_options(self) -> None:
        for name, field in (("priceOfGreatnessCheck", "price_of_greatness"),
                            ("doublesCheck", "doubles"), ("triplesCheck", "triples"),
                            ("criticalsCheck", "criticals"), ("tacticsCheck", "combat_tactics"),
                            ("sizeCheck", "size_category")):
            box = self._w(QCheckBox, name)
            self.binder.field(box, f"options.{field}", box.text().replace("&", ""))

    def _bind_tables(self) -> dict[str, ListTableBinding]:
        doc = self.document
        stat_col = Column("stat", "Stat", "choice", STAT_CHOICES)
        specials = ListTableBinding(doc, self._w(QTableWidget, "specialsTable"), "specials", [
            Column("name", "Special", stretch=True),
            stat_col,
            Column("minimum", "Min", "int", tooltip="Minimum score in the Stat"),
            Column("purchase_cost", "Cost", "int", tooltip="Purchase cost in Character Points"),
            Column("pool_cost", "Pool", "int", tooltip="Pool points spent per use"),
            Column("action_cost", "Actions", "int",
                   tooltip="Actions per use; none (0): always in effect"),
            Column("upgrade_cost", "Upgrade", "optional_int",
                   tooltip="Upgrade cost (empty: no upgrade)"),
            Column("upgrade", "Upgraded", "choice",
                   [("no", "none"), ("at creation", "creation"), ("with XP", "experience")]),
            Column("acquired", "Bought", "choice",
                   [("at creation", "creation"), ("with XP", "experience")]),
            Column("prerequisites", "Needs", "names",
                   tooltip="Specials required first, separated by commas"),
            Column("requirements", "Also needs",
                   tooltip="Anything else it requires, e.g. a piece of equipment"),
            Column("usable", "Usable", "derived", derived=_usable_text,
                   tooltip="Usable while the current Stat meets the minimum"),
        ], "Special", lambda: Special(name="New Special", stat="agility"))
        weapons = WeaponsTable(doc, self._w(QTableWidget, "weaponsTable"), "weapons", [
            Column("name", "Weapon", stretch=True),
            Column("damage", "Damage", "int"),
            Column("adds_brawn", "+Brawn", "bool",
                   tooltip="Melee weapons, and weapons used both ways, add Brawn"),
            Column("ranged", "Ranged", "bool"),
            Column("base_range_ft", "Range (ft)", "optional_float",
                   tooltip="Base range at +0; each further multiple adds 5 to Difficulty"),
            Column("deals", "Deals", "derived",
                   derived=lambda d, c, row: str(d.weapon_damage[row].damage)),
            Column("notes", "Notes"),
        ], "weapon", lambda: Weapon(name="New weapon"))
        armor = ListTableBinding(doc, self._w(QTableWidget, "armorTable"), "armor", [
            Column("name", "Armor", stretch=True),
            Column("frame_rating", "FR", "int", tooltip="Frame Rating: most absorbed a frame"),
            Column("damage_rating", "DR", "int", tooltip="Damage Rating: total capacity"),
            Column("damage_rating_left", "DR left", "optional_int",
                   tooltip="Damage Rating left (empty: undamaged)"),
            Column("worn", "Worn", "bool"),
            Column("cost", "Cost"),
            Column("description", "Description"),
        ], "armor", lambda: Armor(name="New armor"))
        items = ListTableBinding(doc, self._w(QTableWidget, "itemsTable"), "items", [
            Column("name", "Item", stretch=True),
            Column("quantity", "Qty", "int"),
            Column("note", "Note"),
        ], "item", lambda: Item(name="New item"))
        for table, add, remove in ((weapons, "addWeaponButton", "removeWeaponButton"),
                                   (armor, "addArmorButton", "removeArmorButton"),
                                   (items, "addItemButton", "removeItemButton"),
                                   (specials, "newSpecialButton", "removeSpecialButton")):
            if table in (weapons, armor):  # from the list: book, our examples, yours
                self._w(QPushButton, add).clicked.connect(
                    lambda _=False, k=table.list_path: self.add_gear(k))
                keep = QPushButton("Save to my list")
                keep.setObjectName(f"save{table.list_path.title()}Button")
                keep.setToolTip(f"Offer the selected {table.item_label} again in every "
                                f"character's Add {table.item_label}…")
                keep.clicked.connect(lambda _=False, k=table.list_path:
                                     self.save_gear_to_my_list(k))
                row = "weaponButtons" if table is weapons else "armorButtons"
                self.form.findChild(QHBoxLayout, row).addWidget(keep)
            else:
                self._w(QPushButton, add).clicked.connect(lambda _=False, t=table: t.add())
            self._w(QPushButton, remove).clicked.connect(
                lambda _=False, t=table: t.remove_selected())
        return {"specials": specials, "weapons": weapons, "armor": armor, "items": items}

    # -- showing -------------------------------------------------------------------
    def refresh(self) -> None:
        character: PowCharacter = self.document.character  # type: ignore[assignment]
        derived: PowDerived = self.document.derived
        for stat in STATS:
            _set_maximum(self.pool_spins[stat], derived.pool_caps[stat])
            _set_maximum(self.now_spins[stat], character.attributes.get(stat))
            self.bubbles[stat].set_pool(derived.pools[stat], derived.current_pools[stat])
        self.binder.refresh()
        for table in self.tables.values():
            table.refresh()
        self.specials_panel.refresh()
        self.check_panel.refresh()
        self.findings.show(derived.findings)

    def focus_field(self, path: str) -> bool:
        head, _, rest = path.partition(".")
        table = self.tables.get(head)
        if table is not None and rest.split(".")[0].isdigit():
            reveal(table.table)
            table.table.selectRow(int(rest.split(".")[0]))
            return True
        widget = self.binder.widget_for(path)
        if widget is None:
            return False
        reveal(widget)
        return True


class _SpecialDetails:
    """The effect and upgrade-effect editors under the Specials table."""

    def __init__(self, editor: PowEditor) -> None:
        self.table = editor.tables["specials"]
        self.effect = child(editor.form, QPlainTextEdit, "specialEffectEdit")
        self.upgrade = child(editor.form, QPlainTextEdit, "specialUpgradeEdit")
        self._showing = False
        self.table.table.itemSelectionChanged.connect(self.refresh)
        self.effect.textChanged.connect(lambda: self._edit("effect", self.effect))
        self.upgrade.textChanged.connect(lambda: self._edit("upgrade_effect", self.upgrade))

    def refresh(self) -> None:
        row = self.table.selected_row()
        items = self.table.items
        special = items[row] if 0 <= row < len(items) else None
        self._showing = True
        try:
            for box, text in ((self.effect, special.effect if special else ""),
                              (self.upgrade, special.upgrade_effect if special else "")):
                box.setEnabled(special is not None)
                if box.toPlainText() != text:
                    box.setPlainText(text)
        finally:
            self._showing = False

    def _edit(self, field: str, box: QPlainTextEdit) -> None:
        row = self.table.selected_row()
        if not self._showing and row >= 0:
            self.table.set_value(row, field, box.toPlainText())


def _set_maximum(spin: QSpinBox, value: int) -> None:
    if spin.maximum() != value:
        spin.setMaximum(value)


def _set_tracked(entries: dict, stat: str, value: int, full: int) -> None:
    """Store an in-play value; the full value is stored as no entry at all."""
    if value == full:
        entries.pop(stat, None)
    else:
        entries[stat] = value


def _current_pool(character: PowCharacter, stat: Stat) -> int:
    cap = pool_of(character.current_stat(stat))
    return min(character.tracking.pools.get(stat, cap), cap)


class WeaponsTable(ListTableBinding):
    """The weapons table: ticking Ranged unticks +Brawn, and unticking it ticks it back,
    in one undo step ("Damage done by most ranged weapons uses only the weapon's value";
    a melee weapon adds Brawn: POW!, Combat Basics, Causing Damage). A thrown knife or
    axe, used both ways, gets its +Brawn ticked again by hand."""

    def set_value(self, row: int, field: str, value: Any) -> None:
        if field != "ranged":
            super().set_value(row, field, value)
            return

        def change(c: Any) -> None:
            weapon = c.weapons[row]
            weapon.ranged = bool(value)
            weapon.adds_brawn = not value

        self.document.apply("Change weapon Ranged", change)


def _actions_text(derived: PowDerived, character: PowCharacter) -> str:
    if derived.actions_per_frame == 0:
        return ("none (unconscious and dying)" if derived.current_stats["damage"] < 0
                else "none (Energy below 0)")
    if derived.acts_last:
        return "1, after everyone else"
    return str(derived.actions_per_frame)


def _usable_text(derived: PowDerived, character: PowCharacter, row: int) -> str:
    special = character.specials[row]
    return "yes" if derived.current_stats[special.stat] >= special.minimum else "no"


def _special_xp_text(derived: PowDerived, character: PowCharacter) -> str:
    if not character.specials:
        return "Buying a Special after creation costs its purchase cost²."
    parts = []
    for name, cost in derived.special_xp.items():
        upgrade = derived.upgrade_xp.get(name)
        extra = f", upgrade {upgrade} XP" if upgrade is not None else ""
        parts.append(f"{name}: {cost} XP{extra}")
    return " · ".join(parts)

EDITOR = PowEditor
