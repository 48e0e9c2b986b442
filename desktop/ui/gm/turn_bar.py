"""The bar over the roster: whose turn it is in large type, "Start fight" and "Next".

Before the fight it offers the start, with optional hand-rolled initiative totals per
combatant or group ("Sparky 12, Lizard-men 13"); those left out are rolled. Once the
fight is on, "Next" advances the way the game does (its keys are the window's actions).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from desktop.model.combat_helpers import parse_totals
from desktop.model.combat_rules import TurnInfo

__all__ = ["ElidedLabel", "TurnBar", "parse_totals"]

class ElidedLabel(QLabel):
    """One line that ends in "…" when too long for its room; the tooltip has it all."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.set_full_text(text)

    def full_text(self) -> str:
        return self._full

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._elide()

    def minimumSizeHint(self) -> QSize:
        return QSize(60, super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        metrics = self.fontMetrics()
        self.setText(metrics.elidedText(self._full, Qt.TextElideMode.ElideRight,
                                        max(self.width(), 60)))


class TurnBar(QWidget):
    start_requested = Signal(dict)
    """Start with these hand-rolled totals ({} = roll them all)."""
    next_requested = Signal()
    failed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = ElidedLabel("Setup")
        self.label.setObjectName("turnLabel")
        font = self.label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.4)
        self.label.setFont(font)
        self.totals = QLineEdit()
        self.totals.setObjectName("initiativeTotals")
        self.set_start_hint("Rolled at the table? e.g. Sparky 12, Lizard-men 13")
        self.totals.returnPressed.connect(self.request_start)
        self.start_button = QPushButton("Start fight")
        self.start_button.setObjectName("startButton")
        self.start_button.clicked.connect(self.request_start)
        self.next_button = QPushButton("Next ▶")
        self.next_button.setObjectName("nextButton")
        self.next_button.setMinimumHeight(36)
        self.next_button.setMinimumWidth(110)
        bold = self.next_button.font()
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.2)
        self.next_button.setFont(bold)
        self.next_button.clicked.connect(self.next_requested.emit)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.totals, 1)
        layout.addWidget(self.start_button)
        layout.addWidget(self.next_button)

    def set_start_hint(self, hint: str) -> None:
        """What the game's start box takes (initiative by hand, seat numbers)."""
        self.totals.setPlaceholderText(hint)
        self.totals.setToolTip(f"{hint}; anyone left out is done here")

    def request_start(self) -> None:
        try:
            totals = parse_totals(self.totals.text())
        except ValueError as exc:
            self.failed.emit(f"Start fight: {exc}")
            return
        self.start_requested.emit({"totals": totals} if totals else {})

    def show_turn(self, turn: TurnInfo, combatants: int, next_tip: str) -> None:
        self.label.set_full_text(turn.label)
        self.totals.setVisible(not turn.started)
        self.start_button.setVisible(not turn.started)
        self.start_button.setEnabled(combatants > 0)
        self.next_button.setVisible(turn.started)
        self.next_button.setToolTip(next_tip)
        if turn.started:
            self.totals.clear()
