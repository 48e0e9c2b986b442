"""The player view: a second window for a second screen or a shared display, following
the GM screen live.

It shows the turn order, whose turn it is ("▶") and who has acted this round ("✓"),
and what the GM chooses to reveal: player
characters (combatants from a character file) with their hit points, everyone else with
a vague word ("fine", "hurt", "down", "dying", "dead") and, unless the GM hides them,
their names. It never shows an NPC's numbers. ``desktop.model.player_lines`` decides
what is shown (pure, tested; the page shared with the players reads it too); the window
only paints it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QCloseEvent, QFont, QKeyEvent
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from desktop.model.combat_rules import Row
from desktop.model.encounter import Encounter
from desktop.model.player_lines import PlayerLine, player_lines


class PlayerView(QWidget):
    """A top-level window the GM drags to the players' screen."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("playerView")
        self.setWindowTitle("Sheetdesk — Player view (F11: full screen, Esc: leave)")
        self.names = True
        self.turn = QLabel("")
        self.turn.setObjectName("playerTurn")
        self.turn.setWordWrap(True)
        big = QFont(self.turn.font())
        big.setPointSizeF(big.pointSizeF() * 2)
        big.setBold(True)
        self.turn.setFont(big)
        self.order = QListWidget()
        self.order.setObjectName("playerOrder")
        self.order.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # Every line is one line high: without this the list lays out all 200 rows
        # again whenever one changes (a turn then cost 2.5 ms more, budget 2)
        self.order.setUniformItemSizes(True)
        font = QFont(self.order.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        self.order.setFont(font)
        self._bold = QFont(font)
        self._bold.setBold(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.turn)
        layout.addWidget(self.order, 1)
        self.resize(640, 480)
        self._shown: list[PlayerLine] = []

    def show_encounter(self, encounter: Encounter, rows: Sequence[Row] | None = None
                       ) -> None:
        if not self.isVisible():
            return
        turn = encounter.turn
        label = turn.label if (self.names or not turn.actors) else (
            f"{encounter.rules.round_word} {turn.round}")
        self.turn.setText(label if turn.started else "Get ready: the fight is about to start")
        lines = player_lines(encounter, self.names, rows)
        if lines == self._shown:
            return
        if len(lines) == self.order.count() == len(self._shown):
            # A turn changes a line or two: restyle those, not 200 rows (≤ 2 ms a turn)
            for row, (old, line) in enumerate(zip(self._shown, lines, strict=True)):
                if old != line:
                    self._style(self.order.item(row), line)
        else:
            self.order.clear()
            for line in lines:
                item = QListWidgetItem()
                self._style(item, line)
                self.order.addItem(item)
        self._shown = lines

    def _style(self, item: QListWidgetItem, line: PlayerLine) -> None:
        item.setText(line.text)
        item.setFont(self._bold if line.acting else self.order.font())
        item.setToolTip("has acted this round" if line.acted else "")

    def set_names(self, shown: bool) -> None:
        self.names = shown
        self._shown = []

    def event(self, event: QEvent) -> bool:
        # Esc and F11 are this window's, never the GM window's shortcuts.
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_F11):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """F11 fills the players' screen and back; Esc leaves full screen, or puts the
        window away (View ▸ Player view brings it back)."""
        if event.key() == Qt.Key.Key_F11:
            self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)
        elif event.key() == Qt.Key.Key_Escape:
            if self.isFullScreen():
                self.showNormal()
            else:
                self.close()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._shown = []
        super().closeEvent(event)
