"""Choosing an entry to add from a list: every "Add …" that would
open a blank row offers the book's list first — and our own clearly labelled examples
where the book leaves it to other books — with a search over names, synonyms and
descriptions, a preview, and a blank entry still at hand.

The dialog knows nothing of any game: it shows ``Entry`` values and returns the chosen
one's ``payload`` (a model to add), or the blank one's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.systems.catalog_search import matches
from desktop.ui.list_table import ListTableBinding


@dataclass(frozen=True)
class Entry:
    """One choice in the catalog chooser: how it is shown and searched, and what it adds."""

    name: str
    source: str
    """Where it comes from, shown after the name: "book", "Sheetdesk example (fantasy)"."""
    details: str
    """The preview, in rich text."""
    payload: Any
    words: str = ""
    """More words to search (a description, a kind)."""

    @property
    def line(self) -> str:
        return f"{self.name}  ·  {self.source}"


def add_buttons(dialog: QDialog) -> tuple[QDialogButtonBox, QPushButton]:
    """Add and Cancel for a dialog that adds what is chosen: the box, and its Add."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.setText("&Add")
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons, ok


class CatalogChooser(QDialog):
    """A search box over ``entries`` (synonyms of ``game`` count), the preview of the
    current one, and Add / Cancel; the last line adds ``blank`` instead."""

    def __init__(self, title: str, entries: Sequence[Entry], blank: Entry, game: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(720, 440)
        self.game = game
        self.entries = [*entries, blank]
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search names, kinds and descriptions")
        self.search.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.list.setWordWrap(True)  # a long name and its source wrap, never scroll sideways
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for entry in self.entries:
            self.list.addItem(QListWidgetItem(entry.line))
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.preview.setMinimumWidth(300)
        buttons, self.ok = add_buttons(self)
        left = QVBoxLayout()
        left.addWidget(self.search)
        left.addWidget(self.list, 1)
        panes = QHBoxLayout()
        panes.addLayout(left, 1)
        panes.addWidget(self.preview, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(panes, 1)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self.filter)
        self.list.currentRowChanged.connect(self._show)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.list.setCurrentRow(0)
        self.search.setFocus()

    def filter(self, text: str) -> None:
        """Hide the entries the search does not find (the blank one always shows)."""
        first = -1
        for row, entry in enumerate(self.entries):
            blank = row == len(self.entries) - 1
            hidden = not blank and not matches(text, entry.name, entry.source, entry.words,
                                               game=self.game)
            self.list.item(row).setHidden(hidden)
            if not hidden and first < 0:
                first = row
        current = self.list.currentItem()
        if current is None or current.isHidden():
            self.list.setCurrentRow(first)
        self._show(self.list.currentRow())

    def visible(self) -> list[str]:
        return [e.name for row, e in enumerate(self.entries)
                if not self.list.item(row).isHidden()]

    def choose(self, name: str) -> None:
        row = next(i for i, e in enumerate(self.entries) if e.name == name)
        self.list.setCurrentRow(row)

    def chosen(self) -> Any:
        row = self.list.currentRow()
        return self.entries[row].payload if row >= 0 else None

    def _show(self, row: int) -> None:
        self.preview.setText(self.entries[row].details if row >= 0 else "")
        self.ok.setEnabled(row >= 0)


def add_chosen_to(dialog: CatalogChooser, table: ListTableBinding,
                  rename: Callable[[str], str] | None = None) -> bool:
    """Ask with ``dialog`` and add a copy of the chosen entry to ``table`` (one undo
    step; ``rename`` may make its name unique). False when cancelled."""
    if dialog.exec() != QDialog.DialogCode.Accepted or dialog.chosen() is None:
        return False
    item = dialog.chosen().model_copy(deep=True)
    if rename is not None:
        item.name = rename(item.name)
    table.add(item, f"Add {getattr(item, 'name', '') or table.item_label}")
    return True
