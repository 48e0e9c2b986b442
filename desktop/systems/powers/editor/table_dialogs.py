"""The GM's tables as dialogs: the cost table (every cost by its choice, editable) and the Epic
Fail table (bands of summed Power Ratings and their results), each saved as the user's
own table, exported, imported or reset to the shipped one (``rules.user_tables`` does
the files: atomic writes, a bad import never replacing the table in use).

These tables belong to the GM, not to a character, so they are not on the character's
undo stack; instead an edit is a draft until "Save as mine". While the cost table's
draft is open the editor prices every power with it (``on_preview``), so the GM sees
every Power Rating follow a cost at once; closing without saving drops the draft.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.model.errors import DocumentError
from desktop.systems.powers.rules import catalog, epic_fail, user_tables
from desktop.systems.powers.rules import costs as cost_rules
from desktop.systems.powers.rules.costs import COST_KEYS, CostTable, number_text
from desktop.systems.powers.rules.epic_fail import Band, EpicFailTable

AskPath = Callable[[bool, str], Path | None]
"""(saving?, suggested file name) → the path the user chose, or None."""
SUFFIXES = {"per_turn": "per turn", "per_rating": "per point of rating",
            "per_step": "per range step past Personal", "per_point": "per point"}
RESULTS_SEPARATOR = " | "
COST_COLUMN = 1
"""The cost table's editable column (the choice it prices is column 0)."""


def ask_path(parent: QWidget, saving: bool, suggested: str) -> Path | None:
    """A file dialog for a table file (``.json``)."""
    title = "Export table" if saving else "Import table"
    if saving:
        name, _ = QFileDialog.getSaveFileName(parent, title, suggested, "Tables (*.json)")
    else:
        name, _ = QFileDialog.getOpenFileName(parent, title, "", "Tables (*.json)")
    return Path(name) if name else None


def key_label(key: str) -> str:
    """"move.modifier.burrow.per_rating" → "Move modifier Burrow (rating): per point of
    rating": a cost key as a GM reads it."""
    parts = key.split(".")
    suffix = SUFFIXES.get(parts[-1], "")
    if suffix:
        parts = parts[:-1]
    kind = catalog.label("components", parts[0])
    if len(parts) >= 3 and parts[1] == "modifier":
        text = f"{kind} modifier {catalog.label(parts[0], parts[2])}"
    elif parts[:2] == ["move", "speed"]:
        text = f"Move speed {catalog.label('speeds', parts[2])}"
    elif parts[0] == "range":
        text = f"Range {catalog.label('ranges', parts[1])}"
    elif parts[0] == "duration":
        text = f"Duration {catalog.label('durations', parts[1])}"
    elif parts[:2] == ["damage", "type"]:
        text = f"Damage type {catalog.label('damage_types', parts[2])}"
    elif parts[:2] == ["resistance", "general"]:
        text = "Resistance, general (every type)"
    elif parts[0] == "resistance":
        text = "Resistance, one type"
    else:
        text = kind
    return f"{text}: {suffix}" if suffix else text


class TableDialog(QDialog):
    """What both tables share: a table of values, a status line and the file buttons."""

    TITLE = ""

    def __init__(self, parent: QWidget | None, on_saved: Callable[[], None]) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.TITLE)
        self.on_saved = on_saved
        self.ask_path: AskPath = lambda saving, name: ask_path(self, saving, name)
        self.dirty = False
        layout = QVBoxLayout(self)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("tableStatus")
        layout.addWidget(self.status)
        self.top = QHBoxLayout()
        layout.addLayout(self.top)
        self.table = QTableWidget()
        self.table.setObjectName("tableValues")
        self.table.setTabKeyNavigation(False)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.table, 1)
        self.extra = QHBoxLayout()
        layout.addLayout(self.extra)
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, text in (("save", "&Save as mine"), ("export", "&Export…"),
                           ("import", "&Import…"), ("reset", "&Reset to shipped"),
                           ("close", "Close")):
            button = QPushButton(text)
            button.setObjectName(f"{name}TableButton")
            button.setAutoDefault(False)
            row.addWidget(button)
            self.buttons[name] = button
        row.insertStretch(4, 1)
        layout.addLayout(row)
        self.buttons["save"].clicked.connect(self.save)
        self.buttons["export"].clicked.connect(self.export)
        self.buttons["import"].clicked.connect(self.import_)
        self.buttons["reset"].clicked.connect(self.reset)
        self.buttons["close"].clicked.connect(self.close)
        self.table.itemChanged.connect(self._item_changed)
        self.resize(760, 560)

    # -- per table -------------------------------------------------------------------
    def working(self) -> Any:
        raise NotImplementedError

    def _write_user(self) -> Path:
        raise NotImplementedError

    def _export(self, path: Path) -> Path:
        raise NotImplementedError

    def _import(self, path: Path) -> Any:
        raise NotImplementedError

    def _reset(self) -> Any:
        raise NotImplementedError

    def _chosen(self) -> user_tables.Chosen[Any]:
        raise NotImplementedError

    def _load(self, table: Any) -> None:
        """Show ``table`` as the working copy."""
        raise NotImplementedError

    def _item_changed(self, item: QTableWidgetItem) -> None:
        raise NotImplementedError

    # -- shared ----------------------------------------------------------------------
    def say(self, text: str) -> None:
        chosen = self._chosen()
        where = ("your own table" if chosen.origin == "user"
                 else "Sheetdesk's shipped table")
        head = f"In use: {chosen.table.name} ({where})."
        if chosen.warning:
            head += f"\n⚠ {chosen.warning}"
        self.status.setText(f"{head}\n{text}" if text else head)

    def edited(self) -> None:
        self.dirty = True
        self.say("Unsaved changes: shown everywhere while this is open; "
                 "Save as mine keeps them.")

    def save(self) -> bool:
        try:
            path = self._write_user()
        except (DocumentError, ValueError) as exc:
            self.say(f"Not saved: {exc}")
            return False
        self.dirty = False
        self.on_saved()
        self.say(f"Saved as your table: {path}")
        return True

    def export(self) -> None:
        path = self.ask_path(True, f"{self.working().name}.json")
        if path is None:
            return
        try:
            written = self._export(path)
        except (DocumentError, ValueError) as exc:
            self.say(f"Not exported: {exc}")
            return
        self.say(f"Exported to {written}")

    def import_(self) -> None:
        path = self.ask_path(False, "")
        if path is None:
            return
        try:
            table = self._import(path)
        except DocumentError as exc:
            self.say(f"Not imported, your table is unchanged: {exc.message}")
            return
        self.dirty = False
        self._load(table)
        self.on_saved()
        self.say(f"Imported {path.name} and saved it as your table.")

    def reset(self) -> None:
        self.dirty = False
        self._load(self._reset())
        self.on_saved()
        self.say("Back to the shipped table (your old file is kept as .bak).")


class CostTableDialog(TableDialog):
    """Every cost of the table, by the choice it prices (its key in a table file is the
    choice's tooltip); an edited cost prices every power at once."""

    TITLE = "Cost table (GM)"

    def __init__(self, parent: QWidget | None, on_saved: Callable[[], None],
                 on_preview: Callable[[CostTable | None], None]) -> None:
        super().__init__(parent, on_saved)
        self.on_preview = on_preview
        self.table.setColumnCount(2)
        self.table.setHorizontalHeaderLabels(["Choice", "Cost"])
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        note = QLabel("Costs are Sheetdesk's provisional guess (the draft has none). Power "
                      "Rating = the sum of a power's positive component costs.")
        note.setWordWrap(True)
        self.extra.addWidget(note)
        self.name = QLineEdit()
        self.name.setObjectName("tableNameEdit")
        self.name.setToolTip("Every cost and Power Rating shown names this table, and a "
                             "character remembers it: give your table its own name")
        self.find = QLineEdit()
        self.find.setObjectName("findCostEdit")
        self.find.setPlaceholderText("e.g. damage, fly, per turn")
        self.find.setClearButtonEnabled(True)
        for text, edit in (("Table &name:", self.name), ("&Find:", self.find)):
            label = QLabel(text)
            label.setBuddy(edit)
            self.top.addWidget(label)
            self.top.addWidget(edit, 2 if edit is self.name else 1)
        self.name.textEdited.connect(self.rename)
        self.find.textChanged.connect(self.filter)
        self.table_model: CostTable = cost_rules.active_table().table
        self._load(self.table_model)
        self.say("")

    def rename(self, name: str) -> None:
        """Name the draft (a blank name is not a table's: the old one is kept)."""
        if name.strip() and name != self.table_model.name:
            self.table_model = self.table_model.renamed(name.strip(), self.table_model.label)
            self.on_preview(self.table_model)
            self.edited()

    def filter(self, text: str) -> None:
        """Show only the costs whose choice (or key in a table file) holds ``text``."""
        needle = text.strip().lower()
        for row in range(self.table.rowCount()):
            hay = f"{self.table.item(row, 0).text()} {COST_KEYS[row]}"
            self.table.setRowHidden(row, bool(needle) and needle not in hay.lower())

    def working(self) -> CostTable:
        return self.table_model

    def _chosen(self) -> user_tables.Chosen[Any]:
        return cost_rules.active_table()

    def _load(self, table: CostTable) -> None:
        self.table_model = table
        self.name.setText(table.name)
        with QSignalBlocker(self.table):
            self.table.setRowCount(len(COST_KEYS))
            for row, key in enumerate(COST_KEYS):
                choice = QTableWidgetItem(key_label(key))
                choice.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                choice.setToolTip(f"In an exported table file: {key}")
                self.table.setItem(row, 0, choice)
                self.table.setItem(row, COST_COLUMN,
                                   QTableWidgetItem(number_text(table.cost(key))))
        self.on_preview(None)

    def set_cost(self, key: str, value: float) -> None:
        """Change one cost in the draft (what typing in the Cost cell does). The first
        change to the shipped table names the draft as the GM's, so no Power Rating
        priced with other numbers claims to be from Sheetdesk's table."""
        table = self.table_model.with_cost(key, cost_rules.tidy(value))
        shipped = cost_rules.shipped_table()
        if table.name == shipped.name and table.costs != shipped.costs:
            table = table.renamed(f"GM's costs (from {shipped.name})",
                                  "Edited by the GM from Sheetdesk's provisional costs")
            self.name.setText(table.name)
        self.table_model = table
        row = COST_KEYS.index(key)
        with QSignalBlocker(self.table):
            self.table.item(row, COST_COLUMN).setText(number_text(self.table_model.cost(key)))
        self.on_preview(self.table_model)
        self.edited()

    def _item_changed(self, item: QTableWidgetItem) -> None:
        key = COST_KEYS[item.row()]
        typed = item.text().strip()
        try:
            self.set_cost(key, float(typed.replace("−", "-")))
        except ValueError:
            with QSignalBlocker(self.table):
                item.setText(number_text(self.table_model.cost(key)))
            self.say(f"{key_label(key)}: “{typed}” is not a cost; type a number such as "
                     "2, -1 or 0.5.")

    def _write_user(self) -> Path:
        path = cost_rules.save_user_table(self.table_model)
        self.on_preview(None)
        return path

    def _export(self, path: Path) -> Path:
        return cost_rules.export_table(self.table_model, path)

    def _import(self, path: Path) -> CostTable:
        return cost_rules.import_table(path)

    def _reset(self) -> CostTable:
        cost_rules.reset_user_table()
        return cost_rules.shipped_table()

    def closeEvent(self, event: Any) -> None:
        self.on_preview(None)  # an unsaved draft goes with the dialog
        super().closeEvent(event)


class EpicFailDialog(TableDialog):
    """The Epic Fail table's bands, one a row; results separated by " | "."""

    TITLE = "Epic Fail table (GM)"

    def __init__(self, parent: QWidget | None, on_saved: Callable[[], None]) -> None:
        super().__init__(parent, on_saved)
        self.table.setColumnCount(3)
        self.table.setHorizontalHeaderLabels([
            "From PR", "To PR (blank: no end)",
            f"Results (separated by '{RESULTS_SEPARATOR.strip()}')"])
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        add, remove = QPushButton("&Add band"), QPushButton("Re&move band")
        add.setObjectName("addBandButton")
        remove.setObjectName("removeBandButton")
        add.clicked.connect(self.add_band)
        remove.clicked.connect(self.remove_band)
        note = QLabel("An Epic Fail rolls on the band holding the summed PR of every power "
                      "in the roll. Optional rule, off by default; empty as shipped.")
        note.setWordWrap(True)
        for widget in (add, remove):
            self.extra.addWidget(widget)
        self.extra.addWidget(note, 1)
        self.table_model: EpicFailTable = epic_fail.active_table().table
        self._load(self.table_model)
        self.say("")

    def working(self) -> EpicFailTable:
        return self.table_model

    def _chosen(self) -> user_tables.Chosen[Any]:
        return epic_fail.active_table()

    def _load(self, table: EpicFailTable) -> None:
        self.table_model = table
        with QSignalBlocker(self.table):
            self.table.setRowCount(len(table.bands))
            for row, band in enumerate(table.bands):
                texts = (str(band.min_pr), "" if band.max_pr is None else str(band.max_pr),
                         RESULTS_SEPARATOR.join(band.results))
                for col, text in enumerate(texts):
                    self.table.setItem(row, col, QTableWidgetItem(text))

    def bands(self) -> list[Band]:
        """The rows as bands; ValueError naming the row if one is not a band."""
        out = []
        for row in range(self.table.rowCount()):
            texts = [(self.table.item(row, c).text().strip() if self.table.item(row, c)
                      else "") for c in range(3)]
            results = [r.strip() for r in texts[2].split(RESULTS_SEPARATOR.strip())
                       if r.strip()]
            try:
                out.append(Band(min_pr=int(texts[0] or 0),
                                max_pr=int(texts[1]) if texts[1] else None,
                                results=results))
            except (ValueError, ValidationError) as exc:
                raise ValueError(f"band {row + 1}: {_first_error(exc)}") from None
        return out

    def _item_changed(self, _item: QTableWidgetItem) -> None:
        try:
            self.table_model = EpicFailTable.model_validate(
                {**self.table_model.model_dump(), "bands": [b.model_dump()
                                                            for b in self.bands()]})
        except (ValueError, ValidationError) as exc:
            self.say(f"Not a table yet: {_first_error(exc)}")
            return
        self.edited()

    def add_band(self) -> None:
        last = max((b.max_pr or b.min_pr for b in self.table_model.bands), default=-1)
        band = Band(min_pr=last + 1, max_pr=last + 10, results=["Power Down!"])
        try:
            table = EpicFailTable.model_validate({**self.table_model.model_dump(), "bands": [
                *(b.model_dump() for b in self.table_model.bands), band.model_dump()]})
        except ValidationError as exc:  # the last band has no end: give it one first
            self.say(f"No room for a band: {_first_error(exc)}")
            return
        self._load(table)
        self.edited()

    def remove_band(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self.table_model.bands):
            bands = [b for i, b in enumerate(self.table_model.bands) if i != row]
            self._load(self.table_model.model_copy(update={"bands": bands}))
            self.edited()

    def _write_user(self) -> Path:
        return epic_fail.save_user_table(self.table_model)

    def _export(self, path: Path) -> Path:
        return epic_fail.export_table(self.table_model, path)

    def _import(self, path: Path) -> EpicFailTable:
        return epic_fail.import_table(path)

    def _reset(self) -> EpicFailTable:
        user_tables.reset_user(epic_fail.EPIC_FAIL_TABLE)
        return user_tables.shipped(epic_fail.EPIC_FAIL_TABLE)


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        error = exc.errors()[0]
        return error["msg"].removeprefix("Value error, ")
    return str(exc)
