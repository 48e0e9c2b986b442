"""One input widget per ``Param`` a game asks for (points of damage, which stat…).

Used by the action panel and the dice roller, so every game's actions and checks get
the same spin boxes, combos, line edits and check boxes with the rule's defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from difflib import SequenceMatcher
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox, QWidget

from desktop.model.combat_rules import Param


class ParamEditor:
    """A widget for ``param`` and how to read it back."""

    def __init__(self, param: Param, value: Any = None,
                 parent: QWidget | None = None) -> None:
        self.param = param
        start = param.default if value is None else value
        self.widget: QWidget
        if param.kind == "int":
            spin = QSpinBox(parent)
            spin.setRange(param.minimum, param.maximum)
            spin.setValue(int(start if start is not None else param.minimum))
            spin.setAccelerated(True)
            if param.blank:
                spin.setSpecialValueText(param.blank)
            self.widget = spin
        elif param.kind == "choice":
            combo = QComboBox(parent)
            for key, label in param.choices:
                combo.addItem(label, key)
            index = combo.findData(start)
            combo.setCurrentIndex(max(index, 0))
            # Long choices (weapon names) may shrink, so the dock never clips the box.
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            # It asks for its longest choice's width but may shrink to 10 characters
            # in a narrow dock (the text elides; the open list shows it whole).
            combo.setMinimumContentsLength(10)
            combo.setMinimumWidth(combo.minimumSizeHint().width())
            combo.setMinimumContentsLength(_contents_length(param))
            self.widget = combo
        elif param.kind == "bool":
            box = QCheckBox(param.label, parent)
            box.setChecked(bool(start))
            self.widget = box
        else:
            line = QLineEdit(parent)
            line.setText("" if start is None else str(start))
            line.setPlaceholderText(param.label)
            self.widget = line
        self.widget.setObjectName(f"param_{param.name}")
        self.widget.setToolTip(param.label)
        self.widget.setAccessibleName(param.label)

    @property
    def shows_label(self) -> bool:
        """A check box carries its own label; the others need one beside them."""
        return self.param.kind == "bool"

    def value(self) -> Any:
        widget = self.widget
        if isinstance(widget, QSpinBox):
            return widget.value()
        if isinstance(widget, QComboBox):
            return widget.currentData()
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        assert isinstance(widget, QLineEdit)
        return widget.text().strip()

    def reset(self, value: Any = None) -> None:
        """Show ``value``, or the input's default as a new widget would."""
        param = self.param
        start = param.default if value is None else value
        if start is None:
            start = {"int": param.minimum, "bool": False, "text": ""}.get(param.kind)
        if start is None:  # a choice with no default: the first one
            self.widget.setCurrentIndex(0)  # type: ignore[attr-defined]
        else:
            self.set_value(start)

    def set_value(self, value: Any) -> None:
        widget = self.widget
        if isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QComboBox):
            widget.setCurrentIndex(max(widget.findData(value), 0))
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QLineEdit):
            widget.setText(str(value))

    def set_param(self, param: Param) -> None:
        """Take ``param``'s new choices and default (another combatant's targets) in
        place, keeping the current choice when it is still offered; no signal fires."""
        old, self.param = self.param, param
        widget = self.widget
        if isinstance(widget, QComboBox) and param.choices != old.choices:
            current = widget.currentData()
            widget.blockSignals(True)
            # Only what differs (the next Lizard-man's targets: one name out, one in).
            steps = SequenceMatcher(None, old.choices, param.choices, autojunk=False)
            for tag, i1, i2, j1, j2 in reversed(steps.get_opcodes()):
                if tag == "equal":
                    continue
                for index in range(i2 - 1, i1 - 1, -1):
                    widget.removeItem(index)
                for offset, (key, label) in enumerate(param.choices[j1:j2]):
                    widget.insertItem(i1 + offset, label, key)
            index = widget.findData(current)
            widget.setCurrentIndex(index if index >= 0 else max(
                widget.findData(param.default), 0))
            widget.setMinimumContentsLength(_contents_length(param))
            widget.blockSignals(False)

    def on_change(self, slot: Callable[[], None]) -> None:
        widget = self.widget
        if isinstance(widget, QSpinBox):
            widget.valueChanged.connect(lambda _v: slot())
        elif isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(lambda _i: slot())
        elif isinstance(widget, QCheckBox):
            widget.toggled.connect(lambda _c: slot())
        elif isinstance(widget, QLineEdit):
            widget.textChanged.connect(lambda _t: slot())

    def on_enter(self, slot: Callable[[], None]) -> None:
        """Enter in a spin box or line edit does the action (keyboard first)."""
        widget = self.widget
        if isinstance(widget, QSpinBox):
            widget.lineEdit().returnPressed.connect(slot)
        elif isinstance(widget, QLineEdit):
            widget.returnPressed.connect(slot)


def _contents_length(param: Param) -> int:
    """A combo as wide as its longest choice, 10 to ``LONGEST`` characters: whole
    choices where the dock has room, and a long one elided (the list shows it all)."""
    longest = max((len(label) for _key, label in param.choices), default=0)
    return max(10, min(longest, LONGEST))


LONGEST = 26
"""The most characters a choice box is sized for."""


def values_of(editors: Mapping[str, ParamEditor]) -> dict[str, Any]:
    return {name: editor.value() for name, editor in editors.items()}
