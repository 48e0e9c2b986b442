"""The fight's log: every line the rules wrote, newest at the bottom, with its round.

Undo removes exactly the lines its operation wrote and redo brings them back, so the
view appends or trims instead of rebuilding (a long fight has thousands of lines).
A filter box narrows it to one combatant or word ("Sparky", "Stat Save").
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from desktop.model.encounter import LogLine


class LogView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines: tuple[LogLine, ...] = ()
        self.filter = QLineEdit()
        self.filter.setObjectName("logFilter")
        self.filter.setPlaceholderText("Filter the log (a name, a word)…")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        self.list = QListWidget()
        self.list.setObjectName("logList")
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setAlternatingRowColors(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filter)
        layout.addWidget(self.list)

    @property
    def lines(self) -> tuple[LogLine, ...]:
        return self._lines

    def texts(self, visible_only: bool = False) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())
                if not (visible_only and self.list.item(i).isHidden())]

    def show_log(self, log: tuple[LogLine, ...]) -> None:
        old = self._lines
        common = _shared_prefix(old, log)
        if common == 0 and old:
            self.list.clear()
        else:
            for _ in range(len(old) - common):
                self.list.takeItem(self.list.count() - 1)
        needle = self.filter.text().strip().lower()
        at_bottom = self._at_bottom()
        for line in log[common:]:
            item = QListWidgetItem(str(line))
            item.setData(Qt.ItemDataRole.UserRole, line.step)
            self.list.addItem(item)  # hiding works only once it is in the list
            item.setHidden(bool(needle) and needle not in item.text().lower())
        self._lines = log
        if at_bottom or common < len(log):
            self.list.scrollToBottom()

    def _at_bottom(self) -> bool:
        bar = self.list.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(bool(needle) and needle not in item.text().lower())
        self.list.scrollToBottom()


def _shared_prefix(old: tuple[LogLine, ...], new: tuple[LogLine, ...]) -> int:
    """How many first lines the two logs share. Snapshots share their line objects, so
    an operation (new extends old) or an undo (old extends new) is one identity check;
    anything else (another file) is walked."""
    if len(new) >= len(old) and (not old or new[len(old) - 1] is old[-1]):
        return len(old)
    if len(new) < len(old) and (not new or old[len(new) - 1] is new[-1]):
        return len(new)
    common = 0
    while common < min(len(old), len(new)) and old[common] is new[common]:
        common += 1
    return common
