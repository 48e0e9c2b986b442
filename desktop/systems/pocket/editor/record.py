"""The record sheet's fields and numbers in the Pocket Universe editor: who the character
is, the four Attributes with their table rows (2.1, 2.3), the record-sheet numbers (2.3–2.6,
3.x; worded by ``text``, the rule cited in each tooltip) and advancement (6.3): Attribute
raises paid with EPs, hits and cash now."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from desktop.systems.pocket.editor import text as editor_text
from desktop.systems.pocket.rules import attributes
from desktop.systems.pocket.rules.character import (
    ATTRIBUTE_LABELS,
    ATTRIBUTES,
    Attribute,
    PocketCharacter,
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
from desktop.ui.binding import Binder
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import W, child
from desktop.ui.lazy_pages import WhenBuilt

Text = Callable[[PocketDerived, PocketCharacter], str]


def _derived_only(tip: Callable[[PocketDerived], str]) -> Callable[[PocketDerived, Any], str]:
    """A tooltip made from the derived values alone, as the binder calls it."""
    return lambda d, c: tip(d)


# Tooltips several labels share: one callable each, made once a refresh (``Binder``).
EPS_TIP = _derived_only(editor_text.eps_tip)
MONEY_TIP = _derived_only(editor_text.money_tip)
CONTACT_POINTS_TIP = _derived_only(editor_text.contact_points_tip)


class RecordSheet:
    """Binds the record sheet's widgets of the editor's form to the document."""

    def __init__(self, binder: Binder, form: QWidget, document: CharacterDocument,
                 when_built: WhenBuilt) -> None:
        self.binder = binder
        self.form = form
        self.document = document
        self.when_built = when_built

    def bind(self) -> None:
        """Everything, in the order the sheet reads: who, Attributes, numbers, advancement."""
        self.bind_identity()
        for attribute in ATTRIBUTES:
            self.bind_attribute(attribute)
        self.bind_numbers()
        self.bind_advancement()

    def _w(self, kind: type[W], name: str) -> W:
        return child(self.form, kind, name)

    def _field(self, kind: type[QWidget], name: str, field: str, label: str,
               **options: Any) -> None:
        """Bind the widget ``name`` to ``field`` once its tab page is loaded."""
        self.when_built(name, lambda: self.binder.field(self._w(kind, name), field, label,
                                                        **options))

    def _label(self, name: str, text: Text, tip: Text | None = None) -> None:
        """Show ``text`` in the label ``name`` once its tab page is loaded."""
        self.when_built(name, lambda: self.binder.derived(self._w(QLabel, name), text, tip))

    def bind_identity(self) -> None:
        b = self.binder
        for widget, field, label in (("nameEdit", "name", "Name"),
                                     ("playerEdit", "player", "Player"),
                                     ("ageEdit", "age", "Age"), ("sexEdit", "sex", "Sex"),
                                     ("naturalNameEdit", "natural_armor.name",
                                      "Natural armor")):
            self._field(QLineEdit, widget, field, label)
        role = self._w(QComboBox, "roleCombo")
        role.addItem("Player character", "character")
        role.addItem("Lackey", "lackey")
        b.field(role, "role", "Role")
        master = self._w(QSpinBox, "masterMoneySpin")  # −1 shows "not given" (None)
        b.field(master, "master_starting_money", "Their character's starting money",
                get=lambda c: -1 if c.master_starting_money is None
                else c.master_starting_money,
                set=lambda c, v: setattr(c, "master_starting_money", None if v < 0 else v))
        for widget, field, label in (("descriptionEdit", "description", "Appearance"),
                                     ("portraitEdit", "portrait", "Portrait notes"),
                                     ("notesEdit", "notes", "Notes")):
            self._field(QPlainTextEdit, widget, field, label)
        self._field(QCheckBox, "literateCultureCheck", "literate_culture",
                    "Literate culture")
        self._field(QSpinBox, "naturalPhysSpin", "natural_armor.phys",
                    "Natural armor (physical)")
        self._field(QSpinBox, "naturalEnergySpin", "natural_armor.energy",
                    "Natural armor (energy)")

    def bind_attribute(self, attribute: Attribute) -> None:
        label = ATTRIBUTE_LABELS[attribute]
        self._field(QSpinBox, f"{attribute}Spin", f"attributes.{attribute}",
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

    def bind_numbers(self) -> None:
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
        self._label("epsValue", lambda d, c: t.eps_text(d), EPS_TIP)
        self._label("contactPointsValue", lambda d, c: t.contact_points_text(d),
                    CONTACT_POINTS_TIP)
        self._label("meleeDefenseValue", lambda d, c: t.defense_text(d.best_melee()),
                    lambda d, c: t.melee_tip(d))
        self._label("missileDefenseValue", lambda d, c: t.defense_text(d.best_missile()),
                    lambda d, c: t.missile_tip(d))
        self._label("shieldValue", lambda d, c: t.shield_text(d), lambda d, c: t.shield_tip(d))
        self._label("armorValue", lambda d, c: t.armor_text(d), lambda d, c: t.armor_tip(d))
        self._label("moneyValue", lambda d, c: t.money_text(d), MONEY_TIP)
        self._label("moneySummaryValue", lambda d, c: f"Money: {t.money_text(d)}",
                    MONEY_TIP)
        self._label("traitBalanceValue", lambda d, c: t.balance_text(d),
                    lambda d, c: t.cite("Up to 5 points of Advantages, balanced by an equal "
                                        "number of points of Disadvantages", R_TRAITS))
        self._label("skillSummaryValue", lambda d, c: t.skill_summary(d),
                    EPS_TIP)
        self._label("contactSummaryValue", lambda d, c: t.contact_summary(d),
                    CONTACT_POINTS_TIP)

    def bind_advancement(self) -> None:
        t = editor_text
        for attribute in ATTRIBUTES:
            label = ATTRIBUTE_LABELS[attribute]
            self._field(QSpinBox, f"{attribute}RaisesSpin",
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
                    EPS_TIP)
        self._field(QSpinBox, "currentHitsSpin", "tracking.hits", "Hit points now",
                    get=lambda c: _full_hits(c) if c.tracking.hits is None else c.tracking.hits,
                    set=lambda c, v: setattr(c.tracking, "hits",
                                             None if v == _full_hits(c) else v))
        self._label("currentHitsValue",
                    lambda d, c: f"of {d.hits}" + (" · dying" if d.current_hits < 0 else ""),
                    lambda d, c: t.cite("Below 0 the character is dying; at −hits, dead",
                                        R_UNCONSCIOUS))
        self._field(QSpinBox, "cashSpin", "tracking.money", "Cash",
                    get=lambda c: max(self._cash(c), 0),
                    set=lambda c, v: setattr(c.tracking, "money",
                                             None if v == self.document.derived.money_left
                                             else v))
        self._label("cashValue", lambda d, c: "as left from the starting money"
                    if c.tracking.money is None else
                    f"changed in play (starting money left: {t.money(d.money_left)})")

    def _cash(self, character: PocketCharacter) -> int:
        derived = self.document.derived
        return derived.money_left if character.tracking.money is None \
            else character.tracking.money


def _set_or_drop(entries: dict, key: str, value: int, default: int) -> None:
    """Store a value; the default is stored as no entry at all."""
    if value == default:
        entries.pop(key, None)
    else:
        entries[key] = value


def _full_hits(character: PocketCharacter) -> int:
    return attributes.value(character.attributes.phys)
