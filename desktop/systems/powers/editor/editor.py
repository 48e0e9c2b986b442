"""The Powers character editor: forms/powers_editor.ui bound to a PowersCharacter.

Everything generic (field bindings, list tables, findings, undo) comes from desktop.ui;
this module says which widget edits which field, which label shows which derived value,
and wires the power editor (``power_panel``), the odds panel (``check_panel``) and the
GM's table dialogs (``table_dialogs``). The draft has no costs, so every Power Rating
says the cost table it came from, and a broken user table is shown above everything.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from desktop.systems.powers.editor.check_panel import PowersCheckPanel
from desktop.systems.powers.editor.power_panel import PowerPanel
from desktop.systems.powers.rules import epic_fail
from desktop.systems.powers.rules.character import (
    ATTRIBUTE_LABELS,
    DAMAGE_KINDS,
    PowersCharacter,
)
from desktop.systems.powers.rules.costs import CostTable
from desktop.systems.powers.rules.derived import INITIATIVE_ATTRIBUTES, PowersDerived
from desktop.ui.document import CharacterDocument
from desktop.ui.editor import CharacterEditor, reveal
from desktop.ui.widgets.findings import FindingsList
from desktop.ui.widgets.my_list import save_button

if TYPE_CHECKING:  # the GM's table dialogs load when first opened
    from desktop.systems.powers.editor.table_dialogs import CostTableDialog, EpicFailDialog

DAMAGE_SPINS = {"normal": "normalDamageSpin", "stun": "stunDamageSpin",
                "phantom": "phantomDamageSpin"}


class PowersEditor(CharacterEditor):
    FORM = "powers_editor.ui"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.preview: CostTable | None = None
        """The GM's unsaved cost table while its dialog is open: prices every power."""
        self.cost_dialog: CostTableDialog | None = None
        self.epic_fail_dialog: EpicFailDialog | None = None
        self._bind()
        self.powers = PowerPanel(self.form, document, self.pricing)
        self._wire_list()
        self.check_panel = PowersCheckPanel(self.form, document, self.powers.selected)
        self.powers.table.table.itemSelectionChanged.connect(self.check_panel.refresh)
        self.findings = FindingsList(self._w(QListWidget, "findingsList"))
        self.findings.field_chosen.connect(self.focus_field)
        self.warning = self._w(QLabel, "tableWarningLabel")
        self.use_table_button = self._w(QPushButton, "useTableButton")
        self.use_table_button.clicked.connect(self.build_with_table_in_use)
        self._w(QPushButton, "costTableButton").clicked.connect(self.open_cost_table)
        self._w(QPushButton, "epicFailButton").clicked.connect(self.open_epic_fail_table)
        self.refresh()
        if self.powers.table.table.rowCount():
            self.powers.select(0, 0)

    # -- bindings ------------------------------------------------------------------
    def _wire_list(self) -> None:
        """The powers list's Add… opens the list (our examples, the user's own) with a
        blank power at hand, and "Save to my list" sits after it; the list's module is
        imported when first pressed."""
        add = self.powers.buttons["addCatalogButton"]
        add.setText("Add…")
        add.setToolTip("Choose a power from the list (our examples, your own) with a "
                       "search, or a blank one")
        add.clicked.connect(lambda: _list().add_from_list(self))
        # The searchable list supersedes the example box (it still says where the list
        # opens); hidden, it leaves the room the new button needs without sideways
        # scrolling.
        self.powers.catalog.hide()
        self._w(QLabel, "catalogLabel").hide()
        save_button(self.form.findChild(QHBoxLayout, "catalogRow"), add, self.powers.table,
                    "powers", self.message.emit, lambda: _list().save_to_my_list(self))

    def _bind(self) -> None:
        b = self.binder
        b.field(self._w(QLineEdit, "nameEdit"), "name", "Name")
        b.field(self._w(QLineEdit, "conceptEdit"), "concept", "Concept")
        b.field(self._w(QLineEdit, "playerEdit"), "player", "Player")
        b.field(self._w(QPlainTextEdit, "descriptionEdit"), "description", "Description")
        b.field(self._w(QPlainTextEdit, "notesEdit"), "notes", "Notes")
        for name, label in ATTRIBUTE_LABELS.items():
            b.field(self._w(QSpinBox, f"{name}Spin"), f"attributes.{name}", label)
        for kind in DAMAGE_KINDS:
            b.field(self._w(QSpinBox, DAMAGE_SPINS[kind]), f"tracking.damage.{kind}",
                    f"{kind} damage")
        b.derived(self._w(QLabel, "hitPointsValue"), hit_points_text,
                  lambda d, c: "Health less normal and phantom damage; stun is kept apart "
                               "and knocks out when it and normal damage reach Health")
        b.derived(self._w(QLabel, "initiativeValue"), initiative_text,
                  lambda d, c: "Initiative (Combat, Basics): the hits on Agility + "
                               "Intelligence dice, re-rolled every turn; ties go to the "
                               "larger pool")

    # -- the cost table ------------------------------------------------------------
    def pricing(self) -> CostTable:
        """The table every cost and Power Rating on screen is priced with."""
        return self.preview or self.document.derived.table

    def set_cost_preview(self, table: CostTable | None) -> None:
        """Price with ``table`` (a GM's unsaved draft) until called with None."""
        self.preview = table
        self.refresh()

    def tables_changed(self) -> None:
        """The table in use changed on disk: derive again (no edit, nothing to undo)."""
        self.document.replace(self.document.character)

    def build_with_table_in_use(self) -> None:
        name = self.document.derived.table.name
        self.document.apply(f"Build with the cost table {name!r}",
                            lambda c: setattr(c, "cost_table", name))

    def open_cost_table(self) -> CostTableDialog:
        if self.cost_dialog is None:
            from desktop.systems.powers.editor.table_dialogs import CostTableDialog

            self.cost_dialog = CostTableDialog(self, self.tables_changed,
                                               self.set_cost_preview)
            self.cost_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self.cost_dialog.finished.connect(lambda _r: self._dialog_closed("cost"))
        self.cost_dialog.show()
        self.cost_dialog.raise_()
        return self.cost_dialog

    def open_epic_fail_table(self) -> EpicFailDialog:
        if self.epic_fail_dialog is None:
            from desktop.systems.powers.editor.table_dialogs import EpicFailDialog

            self.epic_fail_dialog = EpicFailDialog(self, self.tables_changed)
            self.epic_fail_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self.epic_fail_dialog.finished.connect(lambda _r: self._dialog_closed("epic"))
        self.epic_fail_dialog.show()
        self.epic_fail_dialog.raise_()
        return self.epic_fail_dialog

    def _dialog_closed(self, which: str) -> None:
        if which == "cost":
            self.cost_dialog = None
            self.set_cost_preview(None)
        else:
            self.epic_fail_dialog = None

    # -- showing -------------------------------------------------------------------
    def refresh(self) -> None:
        derived: PowersDerived = self.document.derived
        character: PowersCharacter = self.document.character  # type: ignore[assignment]
        self.binder.refresh()
        self.powers.refresh()
        self.check_panel.refresh()
        self.findings.show(derived.findings)
        warnings = [w for w in (derived.table_warning, epic_fail.active_table().warning) if w]
        self.warning.setText("\n".join(f"⚠ {w}" for w in warnings))
        if warnings and not self.warning.styleSheet():
            # Its look is set once it is first shown: a widget with a style sheet brings
            # in Qt's style-sheet engine as it is loaded, shown or not.
            self.warning.setStyleSheet(self.warning.property("shownStyleSheet"))
        self.warning.setVisible(bool(warnings))
        table = self.pricing()
        origin = ("your unsaved draft" if self.preview is not None else
                  "your own table" if derived.table_origin == "user" else "shipped")
        text = f"Costs and Power Ratings from: {table.name} ({origin})"
        if character.cost_table != table.name:
            text += f"; the character was built with {character.cost_table!r}"
        label = self._w(QLabel, "costTableValue")
        label.setText(text)
        label.setToolTip(table.label or table.name)
        self.use_table_button.setVisible(character.cost_table != derived.table.name)

    def focus_field(self, path: str) -> bool:
        parts = path.split(".")
        if parts[0] == "powers" and len(parts) > 1 and parts[1].isdigit():
            return self._focus_power(int(parts[1]), parts[2:])
        if parts[0] == "cost_table":
            target = (self.use_table_button if self.use_table_button.isVisible()
                      else self._w(QPushButton, "costTableButton"))
            reveal(target)
            return True
        if path == "tracking.damage":
            path = "tracking.damage.normal"
        widget = self.binder.widget_for(path)
        if widget is None:
            return False
        reveal(widget)
        return True

    def _focus_power(self, index: int, rest: list[str]) -> bool:
        if index >= len(self.document.character.powers):  # type: ignore[attr-defined]
            return False
        panel = self.powers
        component = int(rest[1]) if len(rest) > 1 and rest[1].isdigit() else None
        panel.select(index, component)
        if rest[:1] == ["name"]:
            reveal(panel.name)
        elif component is not None:
            reveal(panel.components)
            widget = panel.component_form.focus(rest[2] if len(rest) > 2 else "")
            if widget is not None:
                reveal(widget)
        elif rest[:1] == ["components"]:
            reveal(panel.components if panel.components.count() else panel.kind)
        else:
            reveal(panel.table.table)
        return True


# ----------------------------------------------------------------------- helpers

def _list() -> ModuleType:
    """The add-from-the-list module, imported when a button first needs it."""
    from desktop.systems.powers.editor import add_lists

    return add_lists


def hit_points_text(derived: PowersDerived, character: PowersCharacter) -> str:
    d = derived.damage
    text = f"{derived.hit_points_current} of {derived.hit_points}"
    kept = [f"{kind} {getattr(d, kind)}" for kind in DAMAGE_KINDS if getattr(d, kind)]
    if kept:
        text += f" (damage: {', '.join(kept)})"
    if derived.close_to_death:
        text += f" · Close to Death: Resilience needs {derived.close_to_death_target} hits"
    if derived.unconscious:
        text += " · unconscious"
    return text


def initiative_text(derived: PowersDerived, character: PowersCharacter) -> str:
    a = character.attributes
    parts = " + ".join(f"{ATTRIBUTE_LABELS[n]} {a.get(n)}" for n in INITIATIVE_ATTRIBUTES)
    return f"{derived.initiative_dice} dice ({parts})"


EDITOR = PowersEditor
