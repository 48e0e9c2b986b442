"""show_value: a bound widget gets its value without an edit signal, and a widget that
already shows it is left alone (most of an edit's refresh finds every other
field as it was, and blocking its signals to look cost two calls into Qt a field)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from desktop.ui import binding
from desktop.ui.binding import show_value


def _combo() -> QComboBox:
    combo = QComboBox()
    for text, data in (("Alpha", "a"), ("Beta", "b")):
        combo.addItem(text, data)
    return combo


def _spin() -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, 20)
    return spin


# (make the widget, a value it does not show yet, read what it shows, its edit signal)
WIDGETS: list[tuple[Callable[[], QWidget], object, str, str]] = [
    (_spin, 7, "value", "valueChanged"),
    (QDoubleSpinBox, 2.5, "value", "valueChanged"),
    (QLineEdit, "Kestra", "text", "textChanged"),
    (QPlainTextEdit, "Notes", "toPlainText", "textChanged"),
    (QCheckBox, True, "isChecked", "toggled"),
    (_combo, "b", "currentData", "currentIndexChanged"),
]


class _Blockers:
    """Stands in for QSignalBlocker, counting the widgets it blocks."""

    def __init__(self) -> None:
        self.blocked: list[QWidget] = []

    def __call__(self, widget: QWidget) -> _Blockers:
        self.blocked.append(widget)
        widget.blockSignals(True)
        self._widget = widget
        return self

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        self._widget.blockSignals(False)


@pytest.fixture
def blockers(monkeypatch) -> _Blockers:
    counting = _Blockers()
    monkeypatch.setattr(binding, "QSignalBlocker", counting)
    return counting


@pytest.mark.parametrize("make, value, read, signal", WIDGETS)
def test_a_new_value_is_shown_without_an_edit_signal(qtbot, blockers, make, value, read,
                                                     signal) -> None:
    widget = make()
    qtbot.addWidget(widget)
    emitted: list[object] = []
    getattr(widget, signal).connect(lambda *args: emitted.append(args))

    show_value(widget, value)

    assert getattr(widget, read)() == value
    assert emitted == [] and blockers.blocked == [widget]


@pytest.mark.parametrize("make, value, read, signal", WIDGETS)
def test_a_value_already_shown_is_left_alone(qtbot, blockers, make, value, read,
                                             signal) -> None:
    widget = make()
    qtbot.addWidget(widget)
    show_value(widget, value)
    blockers.blocked.clear()

    show_value(widget, value)

    assert getattr(widget, read)() == value
    assert blockers.blocked == []  # looked at, not blocked, not set


@pytest.mark.parametrize("make", [QLineEdit, QPlainTextEdit])
def test_a_text_field_shows_no_value_as_blank(qtbot, make) -> None:
    widget = make()
    qtbot.addWidget(widget)
    show_value(widget, "something")
    show_value(widget, None)
    assert (widget.text() if isinstance(widget, QLineEdit) else widget.toPlainText()) == ""


@pytest.mark.parametrize("value, shown", [
    (3.0, 3), (3.7, 3), (10**100, 2**31 - 1), (float("nan"), 0), (None, 0), (True, 0),
])
def test_a_spin_box_shows_what_show_number_would(qtbot, value, shown) -> None:
    """The look before the set must not skip a value the box would show otherwise."""
    spin = QSpinBox()
    qtbot.addWidget(spin)
    spin.setRange(0, 20)
    spin.setValue(5)
    show_value(spin, value)
    assert spin.value() == shown
