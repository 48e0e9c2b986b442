"""Adding combatants: a catalog NPC or a generic one, one or a group ("6 Lizard-men"),
and player characters from their files.

One row, keyboard first: pick the source, type a name (it defaults to the source's),
a count, Enter. A count above 1 makes a group ("Lizard-men": Lizard-man 1, Lizard-man
2…); what a group means for the turns is the game's (``rules.group_rule``: most share
one turn and one initiative, each member taking damage apart; in Pocket Universe each
member rolls and acts on its own).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.model.encounter import plural
from desktop.systems import System
from desktop.ui.gm.sources import catalog_characters

GENERIC = "generic"
GROUP_RULE = "one turn and one initiative, each member taking damage apart"


class AddPanel(QWidget):
    add_requested = Signal(object, str, int, str, str)
    """(template character or None for a generic one, name, count, origin, group name:
    "" for the default "<count> <name>")."""
    files_requested = Signal()
    failed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._system: System | None = None
        self._templates: list[Any] = []
        self.group_rule = GROUP_RULE
        self.files_button = QPushButton("Add player characters from files…")
        self.files_button.setObjectName("addFilesButton")
        self.files_button.clicked.connect(self.files_requested.emit)
        self.source = QComboBox()
        self.source.setObjectName("addSource")
        self.source.currentIndexChanged.connect(self._source_changed)
        self.name = QLineEdit()
        self.name.setObjectName("addName")
        self.name.setPlaceholderText("Name")
        self.name.returnPressed.connect(self.add)
        self.name.textChanged.connect(lambda _t: self._count_changed(self.count.value()))
        self.count = QSpinBox()
        self.count.setObjectName("addCount")
        self.count.setRange(1, 500)
        self.count.setToolTip(f"More than 1 makes a group: {GROUP_RULE}")
        self.count.valueChanged.connect(self._count_changed)
        self.group = QLineEdit()
        self.group.setObjectName("addGroup")
        self.group.setPlaceholderText("Group name, e.g. Lizard-men")
        self.group.setToolTip("What the turn order calls the group (and hand-rolled "
                              "initiative names it)")
        self.group.returnPressed.connect(self.add)
        self.group.textChanged.connect(lambda _t: self._count_changed(self.count.value()))
        self.add_button = QPushButton("Add")
        self.add_button.setObjectName("addButton")
        self.add_button.clicked.connect(self.add)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        form = QFormLayout()
        form.addRow("From", self.source)
        form.addRow("Name", self.name)
        row = QHBoxLayout()
        row.addWidget(self.count)
        row.addStretch(1)
        row.addWidget(self.add_button)
        form.addRow("How many", row)
        form.addRow("Group", self.group)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.files_button)
        layout.addSpacing(8)
        layout.addWidget(QLabel("<b>NPCs and quick combatants</b>"))
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addStretch(1)

    def set_system(self, system: System, group_rule: str = "") -> None:
        if system is self._system:
            return
        self._system = system
        self.group_rule = group_rule or GROUP_RULE
        self.count.setToolTip(f"More than 1 makes a group: {self.group_rule}")
        self._templates = catalog_characters(system)
        self.source.blockSignals(True)
        self.source.clear()
        for character in self._templates:
            concept = getattr(character, "concept", "") or ""
            self.source.addItem(f"{character.name} (catalog)", self.source.count())
            self.source.setItemData(self.source.count() - 1, concept or character.name,
                                    Qt.ItemDataRole.ToolTipRole)
        self.source.addItem(f"Generic {system.name} character", GENERIC)
        self.source.blockSignals(False)
        self.source.setCurrentIndex(0)
        self._source_changed(0)

    def select_source(self, name: str) -> bool:
        """Pick the catalog entry called ``name`` (or "generic")."""
        for i, character in enumerate(self._templates):
            if character.name == name:
                self.source.setCurrentIndex(i)
                return True
        if name == GENERIC:
            self.source.setCurrentIndex(self.source.count() - 1)
            return True
        return False

    def _template(self) -> Any:
        index = self.source.currentIndex()
        return self._templates[index] if 0 <= index < len(self._templates) else None

    def _source_changed(self, _index: int) -> None:
        template = self._template()
        self.name.setText(template.name if template is not None else "")
        self.name.setPlaceholderText("Name" if template is not None else
                                     "Name, e.g. Thug (the game's default numbers)")
        self._count_changed(self.count.value())

    def _count_changed(self, count: int) -> None:
        name = self.name.text().strip() or "NPC"
        group = self.group.text().strip() or plural(name)
        self.group.setEnabled(count > 1)
        self.group.setPlaceholderText(f"Group name (default: {plural(name)})")
        self.note.setText(f"Adds a group “{group}” of {count} ({name} 1 to {name} {count}): "
                          f"{self.group_rule}." if count > 1 else f"Adds one {name}.")

    def add(self) -> None:
        template = self._template()
        name = self.name.text().strip()
        if not name:
            self.failed.emit("Add: give the combatant a name")
            self.name.setFocus()
            return
        origin = "catalog" if template is not None else "quick"
        count = self.count.value()
        group = self.group.text().strip() if count > 1 else ""
        self.add_requested.emit(template, name, count, origin, group)
        self.group.clear()
