"""Sharing a Contact (2.6): the others' shares typed in one box, "Artos 2, Bren 1"."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

from desktop.systems.pocket.editor.tables import SheetTable
from desktop.systems.pocket.rules.character import Contact, Share


def format_shares(shares: list[Share]) -> str:
    return ", ".join(f"{s.character} {s.points}" for s in shares)


def parse_shares(text: str) -> list[Share]:
    """"Artos 2, Bren 1" → shares; a name without a number pays 1 (the least, 2.6)."""
    out = []
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        points = 1
        if len(words) > 1 and words[-1].isdigit():
            points = int(words.pop())
        out.append(Share(character=" ".join(words), points=min(points, 99)))
    return out


class SharesEdit:
    """"Artos 2, Bren 1": the others' shares of the selected Contact, applied when the
    user leaves the box (typing is not reformatted under the cursor)."""

    def __init__(self, table: SheetTable, edit: QLineEdit) -> None:
        self.table = table
        self.edit = edit
        edit.editingFinished.connect(self._apply)
        table.table.itemSelectionChanged.connect(self.refresh)

    def _contact(self) -> Contact | None:
        row = self.table.selected_row()
        items = self.table.items
        return items[row] if 0 <= row < len(items) else None  # type: ignore[return-value]

    def refresh(self) -> None:
        contact = self._contact()
        self.edit.setEnabled(contact is not None)
        if self.edit.hasFocus() and contact is not None:
            return
        text = format_shares(contact.shared_with) if contact else ""
        if self.edit.text() != text:
            self.edit.setText(text)

    def _apply(self) -> None:
        row = self.table.selected_row()
        contact = self._contact()
        if contact is None:
            return
        shares = parse_shares(self.edit.text())
        if shares != contact.shared_with:
            self.table.set_value(row, "shared_with", shares)
        self.edit.setText(format_shares(shares))

