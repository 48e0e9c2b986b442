"""The GM's dice roller: the game's own check and a free expression ("2d6+3").

Both show the exact odds while the GM sets them up, before anything is rolled: the
game's ``check_odds`` for its check, and range, mean and P(≥ target) for an expression
(``desktop.model.dice_expression``). Rolling asks the window to run ``encounter.check``
or ``encounter.roll``, so every roll is seeded by the encounter and written to its log.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.model import dice_expression
from desktop.model.combat_rules import CombatRules
from desktop.model.odds import percent
from desktop.ui.gm.flow import FlowLayout
from desktop.ui.gm.params import ParamEditor, values_of

FREE_DICE = "2d6"
"""The free roll's dice when the game names none (``CombatRules.free_dice``)."""


def _number(value: Fraction) -> str:
    """A mean as people read it: 7, 10.5, 3.33."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def expression_odds(text: str, target: int) -> str:
    """"2d6+3: 5 to 15, mean 10 · P(≥ 12) = 27.8 %"; ValueError if it cannot be read."""
    expression = dice_expression.parse(text)
    low, high = expression.bounds()
    chance = percent(expression.p_at_least(target))
    return (f"{expression.text}: {low} to {high}, mean {_number(expression.mean())}"
            f" · P(≥ {target}) = {chance}")


class DiceRoller(QWidget):
    check_requested = Signal(dict)
    roll_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rules: CombatRules | None = None
        self.editors: dict[str, ParamEditor] = {}
        self.key: str | None = None
        """Who rolls the check: the combatant selected in the roster (None: nobody)."""

        self.check_box = QGroupBox("Check")
        self.check_form = QFormLayout()
        self.check_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        # A long label ("Opponent's attribute + equipment + PL") goes above its input
        # rather than pushing the input off a narrow dock.
        self.check_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.check_chance = QLabel("—")
        self.check_chance.setObjectName("checkChance")
        font = self.check_chance.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.5)
        self.check_chance.setFont(font)
        self.check_detail = QLabel("")
        self.check_detail.setObjectName("checkDetail")
        self.check_detail.setWordWrap(True)
        self.check_button = QPushButton("Roll the check")
        self.check_button.setObjectName("checkRoll")
        self.check_button.clicked.connect(self.roll_check)
        self.roller_label = QLabel("For nobody in particular: select a combatant to "
                                   "fill in its numbers")
        self.roller_label.setObjectName("checkFor")
        self.roller_label.setWordWrap(True)
        check_layout = QVBoxLayout(self.check_box)
        check_layout.addWidget(self.roller_label)
        check_layout.addLayout(self.check_form)
        check_layout.addWidget(self.check_chance)
        check_layout.addWidget(self.check_detail)
        check_layout.addWidget(self.check_button, alignment=Qt.AlignmentFlag.AlignRight)

        free = QGroupBox("Any roll")
        self.expression = QLineEdit(FREE_DICE)
        self.expression.setObjectName("rollExpression")
        self.expression.setPlaceholderText("e.g. 2d6+3, d20, 3d6-2")
        self.expression.textChanged.connect(self.refresh_expression)
        self.expression.returnPressed.connect(self.roll_expression)
        self.target = QSpinBox()
        self.target.setObjectName("rollTarget")
        self.target.setRange(-999, 99999)
        self.target.setValue(7)
        self.target.setPrefix("target ≥ ")
        self.target.valueChanged.connect(lambda _v: self.refresh_expression())
        self.expression_odds = QLabel("")
        self.expression_odds.setObjectName("rollOdds")
        self.expression_odds.setWordWrap(True)
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName("rollButton")
        self.roll_button.clicked.connect(self.roll_expression)
        self.expression.setMinimumWidth(120)
        row = QWidget()
        line = FlowLayout(row)  # wraps on a narrow dock instead of cutting the target
        line.addWidget(self.expression)
        line.addWidget(self.target)
        line.addWidget(self.roll_button)
        free_layout = QVBoxLayout(free)
        free_layout.addWidget(row)
        free_layout.addWidget(self.expression_odds)

        self.result = QLabel("")
        self.result.setObjectName("rollResult")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.check_box)
        layout.addWidget(free)
        layout.addWidget(QLabel("Last roll (also in the log):"))
        layout.addWidget(self.result)
        layout.addStretch(1)
        self.refresh_expression()

    # -- the game's check ----------------------------------------------------------------
    def set_rules(self, rules: CombatRules) -> None:
        if rules is self._rules:
            return
        # The free roll starts at the game's own dice (Pocket Universe rolls 2d10)
        # unless the GM has typed something else.
        before = getattr(self._rules, "free_dice", FREE_DICE) if self._rules else FREE_DICE
        if self.expression.text() == before:
            self.expression.setText(getattr(rules, "free_dice", FREE_DICE))
        self._rules = rules
        while self.check_form.rowCount():
            self.check_form.removeRow(0)
        spec = rules.check_spec()
        self.check_box.setTitle(spec.title)
        self.editors = {}
        toggles = QWidget()
        flow = FlowLayout(toggles)  # the game's optional rules wrap to the dock's width
        for param in spec.params:
            editor = ParamEditor(param)
            editor.widget.setObjectName(f"check_{param.name}")
            editor.on_change(self.refresh_check)
            editor.on_enter(self.roll_check)
            if editor.shows_label:  # the game's optional rules: side by side
                flow.addWidget(editor.widget)
            else:
                self.check_form.addRow(param.label, editor.widget)
            self.editors[param.name] = editor
        if flow.count():
            self.check_form.addRow(toggles)
        else:
            toggles.deleteLater()
        self.refresh_check()

    def show_combatant(self, key: str | None, values: Mapping[str, Any]) -> None:
        """The check for ``key`` (the roster's selection), with ``values`` (its stat,
        score or dice, from the game's ``check_for``) filled in; the log will say who
        rolled. The same combatant again keeps what the GM typed."""
        if key == self.key:
            return
        self.key = key
        if key is None:
            self.roller_label.setText("For nobody in particular: select a combatant to "
                                      "fill in its numbers")
            return
        self.roller_label.setText(f"For {key}" + (" (its numbers filled in)"
                                                  if values else ""))
        for name, value in values.items():
            if name in self.editors:
                self.editors[name].set_value(value)

    def check_values(self) -> dict[str, Any]:
        return values_of(self.editors)

    def refresh_check(self) -> None:
        if self._rules is None:
            return
        try:
            odds = self._rules.check_odds(self.check_values())
        except (ValueError, KeyError, TypeError) as exc:
            self.check_chance.setText("—")
            self.check_detail.setText(str(exc))
            self.check_button.setEnabled(False)
            return
        self.check_chance.setText(odds.chance)
        self.check_detail.setText(f"{odds.setup}\n{odds.detail}" if odds.detail else odds.setup)
        self.check_chance.setToolTip(f"{odds.setup}: {odds.chance}")
        self.check_button.setEnabled(True)

    def roll_check(self) -> None:
        if self._rules is not None and self.check_button.isEnabled():
            self.check_requested.emit(self.check_values())

    # -- any roll --------------------------------------------------------------------------
    def refresh_expression(self) -> None:
        try:
            text = expression_odds(self.expression.text(), self.target.value())
        except ValueError as exc:
            self.expression_odds.setText(str(exc))
            self.roll_button.setEnabled(False)
            return
        self.expression_odds.setText(text)
        self.roll_button.setEnabled(True)

    def roll_expression(self) -> None:
        if self.roll_button.isEnabled():
            self.roll_requested.emit(self.expression.text())

    def show_result(self, text: str) -> None:
        self.result.setText(text)
