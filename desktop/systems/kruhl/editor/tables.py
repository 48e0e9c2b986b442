"""The Kruhl editor's list tables: custom skills and equipment, and the skill ticks of
the selected piece of equipment.

Both lists are the shared ``ListTableBinding`` (every cell edit one undo step); the
choice boxes in their cells are put in the Tab order right after their table, and the
custom skills show their live dice like the chapter's skills do.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QTableWidget

from desktop.systems.kruhl.rules import catalog
from desktop.systems.kruhl.rules.catalog import ATTRIBUTES
from desktop.systems.kruhl.rules.character import (
    ATTRIBUTE_LABELS,
    LEVEL_LABELS,
    LEVELS,
    CustomSkill,
    Equipment,
    KruhlCharacter,
)
from desktop.systems.kruhl.rules.derived import KruhlDerived
from desktop.ui.document import CharacterDocument
from desktop.ui.list_table import Column, ListTableBinding

ATTRIBUTE_CHOICES = [(ATTRIBUTE_LABELS[a], a) for a in ATTRIBUTES]
LEVEL_CHOICES = [(LEVEL_LABELS[level], level) for level in LEVELS]
USE_CHOICES = [("Attacks", "attack"), ("Defense", "defense"), ("Both", "both")]
"""Which rolls of a combat skill a piece helps (``Equipment.use``), short for a cell."""


def rating_choices() -> list[tuple[str, int]]:
    """"2 · Ordinary": the book's names, shortened to fit a table cell."""
    return [(f"{row.rating} · {row.name.split(' or ')[0]}", row.rating)
            for row in catalog.equipment_ratings()]


def _custom_roll(derived: KruhlDerived, character: KruhlCharacter, row: int) -> str:
    line = derived.skills.get(character.custom_skills[row].name)
    return line.rolls[0].text if line is not None else ""


def custom_skills_table(document: CharacterDocument, table: QTableWidget) -> ListTableBinding:
    return ListTableBinding(document, table, "custom_skills", [
        Column("name", "Custom skill", stretch=True),
        Column("attribute", "Attribute", "choice", ATTRIBUTE_CHOICES),
        Column("level", "Level", "choice", LEVEL_CHOICES),
        Column("adds_power_level", "+PL", "bool",
               tooltip="Power Level adds to this skill (an ability enhances it)"),
        Column("roll", "Skill roll", "derived", derived=_custom_roll, stretch=True,
               tooltip="The dice and what is added, after the conditions ticked"),
    ], "custom skill", lambda: CustomSkill(name="New skill", attribute="reason"))


def equipment_table(document: CharacterDocument, table: QTableWidget) -> ListTableBinding:
    return ListTableBinding(document, table, "equipment", [
        Column("name", "Equipment", stretch=True),
        Column("rating", "Rating", "choice", rating_choices(),
               tooltip="Only the highest rating that applies to a roll adds"),
        Column("skills", "Helps", "names",
               tooltip="Skills it helps, separated by commas (or tick them beside)"),
        Column("use", "Used for", "choice", USE_CHOICES,
               tooltip="In a fight, the rolls it adds to: a weapon's attacks, a shield's "
                       "defense, or both (Opposed Tasks: relevant equipment)"),
        Column("notes", "Notes", stretch=True),
    ], "equipment", lambda: Equipment(name="New equipment"))


class HelpsList:
    """Ticks for the skills the selected piece of equipment helps: every skill the
    character has a line for, plus any the piece names that it has not (kept, and
    shown so it can be unticked)."""

    def __init__(self, table: ListTableBinding, view: QListWidget) -> None:
        self.table = table
        self.view = view
        self._names: list[str] = []
        table.table.itemSelectionChanged.connect(self.refresh)
        view.itemChanged.connect(self._ticked)

    def refresh(self) -> None:
        row = self.table.selected_row()
        items = self.table.items
        piece = items[row] if 0 <= row < len(items) else None
        self.view.setEnabled(piece is not None)
        derived = self.table.document.derived
        helps = list(piece.skills) if piece is not None else []  # type: ignore[attr-defined]
        names = list(derived.skills) + [s for s in helps if s not in derived.skills]
        with QSignalBlocker(self.view):
            if names != self._names:
                self.view.clear()
                for name in names:
                    item = QListWidgetItem(name)
                    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                                  | Qt.ItemFlag.ItemIsUserCheckable)
                    item.setCheckState(Qt.CheckState.Unchecked)  # draws the box
                    self.view.addItem(item)
                self._names = names
            for index, name in enumerate(names):
                item = self.view.item(index)
                state = Qt.CheckState.Checked if name in helps else Qt.CheckState.Unchecked
                if item.checkState() != state:
                    item.setCheckState(state)
                unknown = name not in derived.skills
                item.setToolTip("No such skill on this character: untick to drop it"
                                if unknown else f"{name}: the rating adds to its rolls")

    def _ticked(self, item: QListWidgetItem) -> None:
        row = self.table.selected_row()
        if row < 0:
            return
        current = list(self.table.items[row].skills)  # type: ignore[attr-defined]
        name = item.text()
        if item.checkState() == Qt.CheckState.Checked and name not in current:
            current.append(name)
        elif item.checkState() != Qt.CheckState.Checked and name in current:
            current.remove(name)
        self.table.set_value(row, "skills", current)
