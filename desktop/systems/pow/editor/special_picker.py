"""Choosing a Special from the book's catalog or the user's own library."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.model.errors import DocumentError
from desktop.systems.catalog_search import matches
from desktop.systems.pow.rules import catalog
from desktop.systems.pow.rules.character import STAT_LABELS, Special
from desktop.ui.rich_text import escape


def describe(special: Special) -> str:
    """A Special as the book prints it, in rich text."""
    rows = [
        ("Minimum Score", special.minimum),
        ("Purchase Cost", special.purchase_cost),
        ("Pool Cost", special.pool_cost),
        ("Action Cost", "0 (always in effect)" if special.action_cost == 0
         else special.action_cost),
        ("Effect", special.effect or "—"),
    ]
    if special.upgrade_cost is not None:
        rows += [("Upgrade Cost", special.upgrade_cost),
                 ("Upgrade Effect", special.upgrade_effect or "—")]
    if special.prerequisites:
        rows.append(("Requires", ", ".join(special.prerequisites)))
    if special.requirements:
        rows.append(("Also needs", special.requirements))
    body = "".join(f"<p><b>{escape(k)}:</b> {escape(str(v))}</p>" for k, v in rows)
    return (f"<h3>{escape(special.name)}</h3><p><i>{STAT_LABELS[special.stat]}-based "
            f"Special</i></p>{body}")


class SpecialPicker(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a Special")
        self.resize(720, 460)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search by name, Stat or effect")
        self.search.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.preview.setMinimumWidth(360)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        try:
            self.entries = catalog.all_specials()
        except DocumentError as exc:  # a broken library: offer the book, say why
            self.entries = [e for e in _book_only()]
            self.problem.setText(f"Your library could not be read: {exc.message}")
        for entry in self.entries:
            origin = "book" if entry.origin == "book" else "my library"
            item = QListWidgetItem(f"{entry.special.name}  ·  "
                                   f"{STAT_LABELS[entry.special.stat]} {entry.special.minimum}"
                                   f"  ·  {origin}")
            item.setToolTip(entry.entry.source)
            self.list.addItem(item)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Add")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        panes = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(self.search)
        left.addWidget(self.list)
        panes.addLayout(left, 1)
        panes.addWidget(self.preview, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(panes)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self._filter)
        self.list.currentRowChanged.connect(self._show)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.list.setCurrentRow(0)
        self._show(self.list.currentRow())

    def _filter(self, text: str) -> None:
        first = -1
        for row, entry in enumerate(self.entries):
            s = entry.special  # every word, or a word the book uses for it ("zap")
            hidden = not matches(text, s.name, s.stat, s.effect, s.upgrade_effect, game="pow")
            self.list.item(row).setHidden(hidden)
            if not hidden and first < 0:
                first = row
        if self.list.currentItem() is None or self.list.currentItem().isHidden():
            self.list.setCurrentRow(first)

    def _show(self, row: int) -> None:
        valid = 0 <= row < len(self.entries) and not self.list.item(row).isHidden()
        self.ok.setEnabled(valid)
        self.preview.setText(describe(self.entries[row].special) if valid else "")

    def chosen(self) -> Special | None:
        row = self.list.currentRow()
        if 0 <= row < len(self.entries):
            return self.entries[row].special.model_copy(deep=True)
        return None


def _book_only() -> list[catalog.CatalogSpecial]:
    return [catalog.CatalogSpecial(s, "book", catalog.Entry("POW!")) for s in catalog.specials()]


def save_to_library(special: Special) -> str:
    """Add (or replace, by name) ``special`` in the user's library; returns a message."""
    library = [s for s in catalog.load_user_specials() if s.name != special.name]
    clean = special.model_copy(update={"acquired": "creation", "upgrade": "none"})
    path = catalog.save_user_specials([*library, clean])
    return f"Saved {special.name} to your library ({path})"
