"""The fight's log: every line the rules wrote, newest at the bottom, with its round.

Undo removes exactly the lines its operation wrote and redo brings them back, so the
view appends or trims instead of rebuilding: a plain-text view whose blocks are the log
lines, cheap to extend however long the fight runs. A filter box narrows it to one
combatant or word ("Sparky", "Stat Save") by hiding the other lines.
"""

from __future__ import annotations

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget

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
        self.text = QPlainTextEdit()
        self.text.setObjectName("logText")
        self.text.setReadOnly(True)
        self.text.setUndoRedoEnabled(False)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filter)
        layout.addWidget(self.text)

    @property
    def lines(self) -> tuple[LogLine, ...]:
        return self._lines

    def texts(self, visible_only: bool = False) -> list[str]:
        if not self._lines:
            return []
        out = []
        block = self.text.document().firstBlock()
        while block.isValid():
            if not visible_only or block.isVisible():
                out.append(block.text())
            block = block.next()
        return out

    def show_log(self, log: tuple[LogLine, ...]) -> None:
        old = self._lines
        common = _shared_prefix(old, log)
        if common == 0:
            self.text.clear()
        elif common < len(old):
            # Select from the end of the last shared line to the end: the undone lines.
            cursor = QTextCursor(self.text.document().findBlockByNumber(common - 1))
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
            cursor.movePosition(QTextCursor.MoveOperation.End,
                                QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        needle = self.filter.text().strip().lower()
        for line in log[common:]:
            self.text.appendPlainText(shown(line))
            if needle:
                block = self.text.document().lastBlock()
                block.setVisible(needle in block.text().lower())
        self._lines = log
        if needle and common < len(log):
            self._relayout()
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        block = self.text.document().firstBlock()
        while block.isValid():
            block.setVisible(not needle or needle in block.text().lower())
            block = block.next()
        self._relayout()

    def _relayout(self) -> None:
        document = self.text.document()
        document.markContentsDirty(0, document.characterCount())
        self.text.viewport().update()
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())


def shown(line: LogLine) -> str:
    """The line with its round stamp, once: "Frame 2: Frame 2: …" reads "Frame 2: …"."""
    if line.when and line.text.startswith(f"{line.when}:"):
        return line.text
    return str(line)


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
