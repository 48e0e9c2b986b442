"""A QTableWidget bound to a list of pydantic items (specials, weapons, armor…).

Columns are declared (field, header, kind); every cell edit, added row and removed row
is one undoable document edit. Read-only derived columns show numbers from the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel
from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from desktop.ui.binding import get_path
from desktop.ui.document import CharacterDocument
from desktop.ui.undo import change_text

Kind = Literal["text", "int", "optional_int", "optional_float", "bool", "choice", "names",
               "derived"]


class Column(NamedTuple):
    """One declared column of a list table: the field it shows, its header and how it is edited."""

    field: str
    header: str
    kind: Kind = "text"
    choices: Sequence[tuple[str, Any]] = ()
    """(label, value) pairs for a "choice" column."""
    tooltip: str = ""
    derived: Callable[[Any, Any, int], str] | None = None
    """For a "derived" column: text from (derived values, character, row)."""
    stretch: bool = False


class ListTableBinding:
    def __init__(self, document: CharacterDocument, table: QTableWidget, list_path: str,
                 columns: Sequence[Column], item_label: str,
                 new_item: Callable[[], BaseModel]) -> None:
        self.document = document
        self.table = table
        self.list_path = list_path
        self.columns = list(columns)
        self.item_label = item_label
        self.new_item = new_item
        self._shown: list[BaseModel] | None = None
        self._shown_derived: list[str] = []
        self._ordered: list[QWidget] = []
        """The choice boxes in the cells, in the Tab order they were given."""
        table.setColumnCount(len(self.columns))
        table.setHorizontalHeaderLabels([c.header for c in self.columns])
        for index, column in enumerate(self.columns):
            header_item = table.horizontalHeaderItem(index)
            if column.tooltip and header_item is not None:
                header_item.setToolTip(column.tooltip)
            mode = (QHeaderView.ResizeMode.Stretch if column.stretch
                    else QHeaderView.ResizeMode.ResizeToContents)
            table.horizontalHeader().setSectionResizeMode(index, mode)
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers
                              & ~QAbstractItemView.EditTrigger.CurrentChanged)
        table.itemChanged.connect(self._item_changed)

    @property
    def items(self) -> list[BaseModel]:
        return get_path(self.document.character, self.list_path)

    def selected_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    # -- edits ---------------------------------------------------------------------
    def add(self, item: BaseModel | None = None, text: str | None = None) -> None:
        new = item if item is not None else self.new_item()
        self.document.apply(text or f"Add {self.item_label}",
                            lambda c: get_path(c, self.list_path).append(new))
        self.table.selectRow(len(self.items) - 1)

    def remove_selected(self) -> None:
        row = self.selected_row()
        if row < 0:
            return
        name = getattr(self.items[row], "name", self.item_label)
        self.document.apply(f"Remove {name}", lambda c: get_path(c, self.list_path).pop(row))

    def set_value(self, row: int, field: str, value: Any,
                  describe: Callable[[BaseModel, BaseModel], str] | None = None) -> None:
        """Set ``field`` of item ``row`` (one undoable edit). ``describe(before, after)``
        words the edit from the item before and after it (default: ``describe``, for
        a column's cell)."""
        header = next((c.header for c in self.columns if c.field == field), field)
        words = describe or (lambda old, new: self.describe(old, new, field, header))
        self.document.apply_value(
            f"Change {self.item_label} {header}", f"{self.list_path}.{row}.{field}", value,
            lambda c: setattr(get_path(c, self.list_path)[row], field, value),
            merge_key=f"{self.list_path}.{row}.{field}" if isinstance(value, str) else None,
            describe=lambda before, after: words(get_path(before, self.list_path)[row],
                                                 get_path(after, self.list_path)[row]),
        )

    def describe(self, before: BaseModel, after: BaseModel, field: str, header: str) -> str:
        """ "Sword Damage 2 → 3": the row's name (or kind), the column, old → new."""
        name = getattr(before, "name", "") or self.item_label
        label = header if field == "name" else f"{name} {header}"
        column = next((c for c in self.columns if c.field == field), None)
        old, new = getattr(before, field), getattr(after, field)
        if column is not None and column.choices:
            labels = {value: text for text, value in column.choices}
            old, new = labels.get(old, old), labels.get(new, new)
        return change_text(label, old, new)

    def _item_changed(self, item: QTableWidgetItem) -> None:
        column = self.columns[item.column()]
        try:
            value = _parse(column, item)
        except ValueError:
            self.refresh(force=True)  # put the stored value back
            return
        if column.field == "name" and not str(value).strip():
            self.refresh(force=True)  # a nameless entry cannot be saved
            return
        self.set_value(item.row(), column.field, value)

    # -- refresh -------------------------------------------------------------------
    def refresh(self, force: bool = False) -> None:
        items = self.items
        derived = self.document.derived
        character = self.document.character
        derived_cells = [
            (row, col, column.derived(derived, character, row))
            for row in range(len(items))
            for col, column in enumerate(self.columns)
            if column.kind == "derived" and column.derived is not None
        ]
        texts = [text for _row, _col, text in derived_cells]
        if force or self._shown != items:
            # A document never changes a character in place (every edit is a copy),
            # so keeping a reference is enough to notice the next change.
            self._shown = items
            self._rebuild(items, derived)
        elif texts != self._shown_derived:
            # Only the cells whose text changed since it was shown are looked at: each
            # look is two calls into Qt, and an edit changes few of a table's cells.
            shown: list[str] | list[None] = self._shown_derived
            if len(shown) != len(texts):  # (the same rows: never, but then look at all)
                shown = [None] * len(texts)
            with QSignalBlocker(self.table):
                for (row, col, text), before in zip(derived_cells, shown, strict=True):
                    if text != before:
                        cell = self.table.item(row, col)
                        if cell is not None and cell.text() != text:
                            cell.setText(text)
        self._shown_derived = texts

    def _rebuild(self, items: list[BaseModel], derived: Any) -> None:
        selected = self.selected_row()
        with QSignalBlocker(self.table):
            self.table.setRowCount(len(items))
            for row, entry in enumerate(items):
                for col, column in enumerate(self.columns):
                    self._show_cell(row, col, column, entry, derived)
        if items:  # there is always a current row, so detail editors show something
            self.table.selectRow(min(max(selected, 0), len(items) - 1))
        self._order_cell_widgets()  # cell widgets come and go only here

    def _order_cell_widgets(self) -> None:
        """Put the choice boxes in the cells right after the table in the Tab order, row
        by row (made after the form, they would otherwise come after everything)."""
        boxes = [w for r in range(self.table.rowCount()) for c in range(self.table.columnCount())
                 if (w := self.table.cellWidget(r, c)) is not None]
        if boxes == self._ordered:
            return
        self._ordered = boxes
        previous: QWidget = self.table
        for box in boxes:
            QWidget.setTabOrder(previous, box)
            previous = box

    def _show_cell(self, row: int, col: int, column: Column, entry: BaseModel,
                   derived: Any) -> None:
        if column.kind == "choice":
            combo = self.table.cellWidget(row, col)
            if not isinstance(combo, QComboBox):
                combo = QComboBox()
                for label, value in column.choices:
                    combo.addItem(label, value)
                combo.currentIndexChanged.connect(
                    lambda _i, c=combo, f=column.field: self._choice_changed(c, f))
                self.table.setCellWidget(row, col, combo)
            with QSignalBlocker(combo):
                combo.setCurrentIndex(combo.findData(getattr(entry, column.field)))
            return
        item = QTableWidgetItem()
        if column.kind == "derived":
            item.setText(column.derived(derived, self.document.character, row)
                         if column.derived else "")
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        else:
            value = getattr(entry, column.field)
            if column.kind == "bool":
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                              | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if value else Qt.CheckState.Unchecked)
            elif column.kind == "int":
                item.setData(Qt.ItemDataRole.EditRole, int(value))
            elif column.kind == "names":
                item.setText(", ".join(value))
            else:
                item.setText("" if value is None else _plain(value))
                if column.kind == "text" and value:
                    item.setToolTip(str(value))
        if column.tooltip:
            item.setToolTip(item.toolTip() or column.tooltip)
        self.table.setItem(row, col, item)

    def _choice_changed(self, combo: QComboBox, field: str) -> None:
        for row in range(self.table.rowCount()):
            for col in range(self.table.columnCount()):
                if self.table.cellWidget(row, col) is combo:
                    self.set_value(row, field, combo.currentData())
                    return


def _plain(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _parse(column: Column, item: QTableWidgetItem) -> Any:
    if column.kind == "bool":
        return item.checkState() == Qt.CheckState.Checked
    if column.kind == "int":
        return int(item.data(Qt.ItemDataRole.EditRole))
    text = item.text().strip()
    if column.kind == "optional_int":
        return int(text) if text else None
    if column.kind == "optional_float":
        value = float(text) if text else None
        if value is not None and value <= 0:
            raise ValueError("must be positive")
        return value
    if column.kind == "names":
        return [part.strip() for part in text.split(",") if part.strip()]
    return item.text()
