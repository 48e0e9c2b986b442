"""The Pocket Universe character editor: forms/pocket_editor.ui bound to a PocketCharacter.

Generic parts come from desktop.ui (field bindings, list tables, findings, undo, the
check panel base). This module is the window: it builds the parts and refreshes them,
opens the book pickers, and takes the editor to the input a finding names. The parts
live beside it: ``record`` (the record sheet's fields and numbers, worded by ``text``
with the rule cited in each tooltip), ``tabs`` (the list tables declared in ``tables``,
their detail editors, the attack lines), ``shares`` (a Contact's shares) and
``sheet_fit`` (the sheet fitted to the window).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QWidget,
)

from desktop.systems.pocket.editor.check_panel import PocketCheckPanel
from desktop.systems.pocket.editor.record import RecordSheet
from desktop.systems.pocket.editor.shares import SharesEdit
from desktop.systems.pocket.editor.sheet_fit import SheetFit, show
from desktop.systems.pocket.editor.tabs import (
    ATTACK_HEADERS,
    bind_details,
    bind_tables,
    read_only_table,
    show_attacks,
    show_selection_text,
)
from desktop.systems.pocket.rules.character import ATTRIBUTES, PocketCharacter
from desktop.ui.document import CharacterDocument
from desktop.ui.editor import CharacterEditor
from desktop.ui.widgets.findings import FindingsList
from desktop.ui.widgets.when_shown import in_view, on_show

GEAR_CATEGORY = {"weapons": "melee", "armor": "armor", "shields": "shields",
                 "helmets": "helmets", "ammunition": "ammunition"}
"""The gear picker's category for each equipment table."""


class PocketEditor(CharacterEditor):
    """The whole record sheet on one scrolling page, tabs for the lists, and beside it
    the check panel and the findings."""

    FORM = "pocket_editor.ui"
    LAZY_TABS = "detailTabs"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        RecordSheet(self.binder, self.form, document, self.when_built).bind()
        self.tables = bind_tables(document, self.form, self._pickers(), self.when_built)
        self.details = bind_details(self.form, self.tables, self._show_selection_text,
                                    self.when_built)
        self.shares: SharesEdit | None = None
        self.when_built("contactSharedEdit", self._bind_shares)
        splitter = self._w(QSplitter, "editorSplitter")
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setSizes([900, 310])
        self.sheet_fit = SheetFit(self.form)
        self._attacks: QTableWidget | None = None
        self._attacks_due = False
        self.when_built("attacksTable", self._bind_attacks)
        self.check_panel = PocketCheckPanel(self.form, document)
        self.findings = FindingsList(self._w(QListWidget, "findingsList"))
        self.findings.field_chosen.connect(self.focus_field)
        self.refresh()

    @property
    def character(self) -> PocketCharacter:
        return self.document.character  # type: ignore[return-value]

    # -- pickers -------------------------------------------------------------------
    # Each picker's module (and the book tables it lists) is imported on its first use:
    # opening a character never needs them.
    def add_trait(self) -> None:
        from desktop.systems.pocket.editor.pickers import TraitPicker

        picker = TraitPicker(self, self.document.derived.traits.times)
        if picker.exec() == TraitPicker.DialogCode.Accepted:
            trait = picker.chosen()
            if trait is not None:
                self.tables["traits"].add(trait, f"Add {trait.name}")

    def add_skill(self) -> None:
        from desktop.systems.pocket.editor.pickers import SkillPicker

        derived = self.document.derived
        scores = {a: derived.attributes[a] for a in ATTRIBUTES} | {"deft": derived.armored_deft}
        picker = SkillPicker(self, scores, [s.label for s in derived.skills])
        if picker.exec() == SkillPicker.DialogCode.Accepted:
            skill = picker.chosen()
            if skill is not None:
                self.tables["skills"].add(skill, f"Add {skill.name}")

    def add_gear(self, category: str = "melee") -> None:
        from desktop.systems.pocket.editor.gear_picker import GearPicker

        picker = GearPicker(self, category, self.document.derived.money_left)
        if picker.exec() == GearPicker.DialogCode.Accepted:
            chosen = picker.chosen()
            if chosen is not None:
                list_name, item = chosen
                self.tables[list_name].add(item, f"Add {getattr(item, 'name', list_name)}")

    # -- bindings ------------------------------------------------------------------
    def _pickers(self) -> dict[str, Callable[[], None]]:
        """The book's picker for each table that has one."""
        return {"traits": self.add_trait, "skills": self.add_skill,
                **{key: (lambda c=category: self.add_gear(c))
                   for key, category in GEAR_CATEGORY.items()}}

    def _bind_shares(self) -> None:
        self.shares = SharesEdit(self.tables["contacts"],
                                 self._w(QLineEdit, "contactSharedEdit"))

    def _bind_attacks(self) -> None:
        self._attacks = self._w(QTableWidget, "attacksTable")
        read_only_table(self._attacks, ATTACK_HEADERS)
        on_show(self._attacks, self._catch_up_attacks)

    # -- showing -------------------------------------------------------------------
    def refresh(self) -> None:
        """Everything bound so far: a tab page not loaded yet is shown when it is."""
        self.binder.refresh()
        for table in self.tables.values():
            table.refresh()
        for details in self.details.values():
            details.refresh()
        if self.shares is not None:
            self.shares.refresh()
        self._show_selection_text()
        self._show_attacks()
        self.check_panel.refresh()
        self.findings.show(self.document.derived.findings)

    def _show_selection_text(self) -> None:
        show_selection_text(partial(self._w, QLabel), self.tables, self.document.derived)

    @property
    def attacks(self) -> QTableWidget:
        """The attack lines (their page loaded), first brought up to date if a refresh
        was put off."""
        table = self._w(QTableWidget, "attacksTable")
        self._catch_up_attacks()
        return table

    def _catch_up_attacks(self) -> None:
        if self._attacks_due:
            self._show_attacks(now=True)

    def _show_attacks(self, now: bool = False) -> None:
        """Shown now if on screen, else when its tab is chosen (or the table is read):
        the lines' texts and tooltips are a tenth of an edit. Not before its
        page is loaded (which refreshes the editor)."""
        if self._attacks is None:
            return
        self._attacks_due = not (now or in_view(self._attacks))
        if not self._attacks_due:
            show_attacks(self._attacks, self.document.derived)

    # -- findings ------------------------------------------------------------------
    def focus_field(self, path: str) -> bool:
        """Show the input a finding names: a table row (and its column or detail
        editor), or a bound field."""
        self.build_all_pages()
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
                if head == "contacts" and field == "shared_with" and self.shares:
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


EDITOR = PocketEditor
