"""The chapter's skills as one fixed table: a row per skill in the book's order.

The skills are a name → level mapping in the file (absent: unskilled), not a list, so
the shared ``ListTableBinding`` does not fit: this table has one row per catalog skill,
a level box, a "+PL" tick (``power_level_skills``) and the dice each kind of roll uses,
read from ``derive()`` after every edit so conditions and equipment show at once.
Every change is one undoable document edit.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from desktop.systems.kruhl.rules import catalog
from desktop.systems.kruhl.rules.catalog import ROLL_KIND_LABELS
from desktop.systems.kruhl.rules.character import (
    ATTRIBUTE_LABELS,
    LEVEL_LABELS,
    LEVELS,
    KruhlCharacter,
    Level,
)
from desktop.systems.kruhl.rules.derived import KruhlDerived, RollLine, SkillLine
from desktop.ui.document import CharacterDocument

HEADERS = ("Skill", "Level", "Attribute", "+PL", "Equipment", "Attack or skill roll",
           "Defense")
SKILL, LEVEL, ATTRIBUTE, POWER, EQUIPMENT, ROLL, DEFENSE = range(len(HEADERS))
LEVEL_CHOICES = [(LEVEL_LABELS[level], level) for level in LEVELS]


def roll_columns(line: SkillLine) -> tuple[RollLine | None, RollLine | None]:
    """(attack or skill roll, defense): a combat skill attacks and defends."""
    first = next((r for r in line.rolls if not r.kind.startswith("defense")), None)
    defense = next((r for r in line.rolls if r.kind.startswith("defense")), None)
    return first, defense


def roll_tip(line: SkillLine, roll: RollLine, derived: KruhlDerived) -> str:
    """How the dice were reached, so a player can check them against the chapter."""
    dice = "1d6 unskilled" if line.level == "none" else (
        "2d6, re-rolling 1s and 2s (expertise)" if line.expertise else "2d6 (skill)")
    parts = [f"{ATTRIBUTE_LABELS[line.attribute]} {line.attribute_score}"]
    if line.equipment:
        parts.append(f"{line.equipment_name} {line.equipment}")
    if line.power_level:
        parts.append(f"Power Level {line.power_level}")
    text = (f"{line.name}, {ROLL_KIND_LABELS[roll.kind]}: {dice} + "
            f"{' + '.join(parts)}")
    why = derived.conditions[roll.kind].why
    if why:
        text += "\nConditions: " + "; ".join(why)
    return text


class SkillsTable:
    def __init__(self, document: CharacterDocument, table: QTableWidget) -> None:
        self.document = document
        self.table = table
        self.names = [info.name for info in catalog.skills()]
        self.levels: list[QComboBox] = []
        table.setColumnCount(len(HEADERS))
        table.setHorizontalHeaderLabels(list(HEADERS))
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = table.horizontalHeader()
        for col in range(len(HEADERS)):
            stretch = col in (ROLL, DEFENSE)
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch if stretch
                                        else QHeaderView.ResizeMode.ResizeToContents)
        tips = {POWER: "Power Level adds to this skill (once, however many abilities)",
                EQUIPMENT: "The highest rated equipment that helps (only it adds)",
                ROLL: "The dice and what is added, after the conditions ticked",
                DEFENSE: "Defending against this kind of attack"}
        for col, tip in tips.items():
            item = table.horizontalHeaderItem(col)
            if item is not None:
                item.setToolTip(tip)
        self._build()
        table.itemChanged.connect(self._item_changed)
        rows = table.verticalHeader()  # compact rows that still fit the level boxes
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.levels[0].sizeHint().height() + 2)

    def _build(self) -> None:
        table = self.table
        table.setRowCount(len(self.names))
        read_only = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        with QSignalBlocker(table):
            for row, info in enumerate(catalog.skills()):
                for col in range(len(HEADERS)):
                    if col == LEVEL:
                        continue
                    item = QTableWidgetItem()
                    item.setFlags(read_only | (Qt.ItemFlag.ItemIsUserCheckable
                                               if col == POWER else Qt.ItemFlag.NoItemFlags))
                    if col == POWER:  # a box is only drawn once a state is set
                        item.setCheckState(Qt.CheckState.Unchecked)
                    table.setItem(row, col, item)
                table.item(row, SKILL).setText(info.name)
                table.item(row, SKILL).setToolTip(f"Actions: {info.section}")
                combo = QComboBox()
                combo.setObjectName(f"skillLevel{row}")
                combo.setToolTip(f"{info.name}: 1d6 unskilled, 2d6 with the skill, 2d6 "
                                 "re-rolling 1s and 2s with expertise")
                for label, level in LEVEL_CHOICES:
                    combo.addItem(label, level)
                combo.currentIndexChanged.connect(
                    lambda _i, name=info.name, box=combo: self.set_level(name, box.currentData()))
                table.setCellWidget(row, LEVEL, combo)
                self.levels.append(combo)
        previous: QWidget = table  # the level boxes follow the table in the Tab order
        for combo in self.levels:
            QWidget.setTabOrder(previous, combo)
            previous = combo

    # -- edits ---------------------------------------------------------------------
    def set_level(self, name: str, level: Level) -> None:
        def mutate(c: KruhlCharacter) -> None:
            if level == "none":
                c.skills.pop(name, None)
            else:
                c.skills[name] = level

        self.document.apply(f"Change {name} level", mutate)

    def set_power_level(self, name: str, adds: bool) -> None:
        def mutate(c: KruhlCharacter) -> None:
            if adds and name not in c.power_level_skills:
                c.power_level_skills.append(name)
            elif not adds and name in c.power_level_skills:
                c.power_level_skills.remove(name)

        verb = "Add Power Level to" if adds else "Take Power Level off"
        self.document.apply(f"{verb} {name}", mutate)

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == POWER:
            self.set_power_level(self.names[item.row()],
                                 item.checkState() == Qt.CheckState.Checked)

    # -- showing -------------------------------------------------------------------
    def refresh(self) -> None:
        character: KruhlCharacter = self.document.character  # type: ignore[assignment]
        derived: KruhlDerived = self.document.derived
        power = set(character.power_level_skills)
        with QSignalBlocker(self.table):
            for row, name in enumerate(self.names):
                line = derived.skills[name]
                combo = self.levels[row]
                with QSignalBlocker(combo):
                    combo.setCurrentIndex(combo.findData(character.skills.get(name, "none")))
                check = Qt.CheckState.Checked if name in power else Qt.CheckState.Unchecked
                if self.table.item(row, POWER).checkState() != check:
                    self.table.item(row, POWER).setCheckState(check)
                self._set(row, ATTRIBUTE,
                          f"{ATTRIBUTE_LABELS[line.attribute]} {line.attribute_score}")
                self._set(row, EQUIPMENT, f"+{line.equipment}" if line.equipment else "",
                          line.equipment_name)
                for col, roll in zip((ROLL, DEFENSE), roll_columns(line), strict=True):
                    if roll is None:
                        self._set(row, col, "", "")
                    else:
                        self._set(row, col, roll.text, roll_tip(line, roll, derived))

    def _set(self, row: int, col: int, text: str, tip: str | None = None) -> None:
        item = self.table.item(row, col)
        if item.text() != text:
            item.setText(text)
        if tip is not None and item.toolTip() != tip:
            item.setToolTip(tip)

    def cell(self, name: str, col: int) -> QTableWidgetItem:
        return self.table.item(self.names.index(name), col)

    def focus(self, name: str = "", col: int = LEVEL) -> bool:
        """Select ``name``'s row (the first if none) and put the cursor in ``col``."""
        row = self.names.index(name) if name in self.names else 0
        self.table.setCurrentCell(row, col)
        if col == LEVEL:
            self.levels[row].setFocus()
        else:
            self.table.setFocus()
        return True



def fit_rows(table: QTableWidget, spare: int = 0) -> None:
    """As tall as all its rows (and ``spare`` empty ones): the sheet scrolls, not the
    table inside it, and a short list leaves no empty box."""
    rows = table.rowCount()
    row_height = table.rowHeight(0) if rows else table.verticalHeader().defaultSectionSize()
    height = (table.horizontalHeader().sizeHint().height()
              + sum(table.rowHeight(r) for r in range(rows)) + spare * row_height
              + 2 * table.frameWidth())
    if table.height() != height or table.minimumHeight() != height:
        table.setFixedHeight(height)
