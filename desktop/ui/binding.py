"""Declarative bindings: widgets ↔ character fields, and labels ↔ derived values.

An editor says *which* widget edits *which* field (a dotted path such as
``attributes.agility``, or a getter/setter pair for anything less direct) and which
label shows which derived value. The binder does the rest: user edits become undoable
document edits, and every document change refreshes widgets and labels without
re-triggering edits.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDoubleSpinBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from desktop.ui.document import CharacterDocument
from desktop.ui.undo import change_text, end_typing_run, watch_focus

Getter = Callable[[BaseModel], Any]
Setter = Callable[[BaseModel, Any], None]


def get_path(model: Any, path: str) -> Any:
    for part in path.split("."):
        model = model[part] if isinstance(model, dict) else getattr(model, part)
    return model


def set_path(model: Any, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    target = get_path(model, ".".join(parents)) if parents else model
    if isinstance(target, dict):
        target[last] = value
    else:
        setattr(target, last, value)


NOT_SHOWN = object()
"""In place of the value a widget was last given: none it is known to show, so the next
refresh looks at it (``_Field.shown``, ``RowDetails``)."""


class _Field:
    """One widget bound to one character field, with how to read and write that field.
    (A plain class: a dataclass would compile its methods as the app starts.)"""

    __slots__ = ("by_path", "get", "label", "path", "set", "shown", "widget")

    def __init__(self, widget: QWidget, path: str, get: Getter, set: Setter, label: str,
                 by_path: bool) -> None:
        self.widget = widget
        self.path = path
        self.get = get
        self.set = set
        self.label = label
        self.by_path = by_path
        """Written at ``path`` itself (no setter of the editor's own)."""
        self.shown: object = NOT_SHOWN
        """The value the widget was last given or found showing (``NOT_SHOWN`` until
        then, and from the user's edit until the next refresh)."""


class _Derived:
    """A label that shows a derived value, refreshed after every change; with the text
    and tooltip it was given last (the binder alone gives them)."""

    __slots__ = ("label", "text", "text_given", "tip_given", "tooltip")

    def __init__(self, label: QLabel, text: Callable[[Any, BaseModel], str],
                 tooltip: Callable[[Any, BaseModel], str] | None) -> None:
        self.label = label
        self.text = text
        self.tooltip = tooltip
        self.text_given: str | None = None
        self.tip_given: str | None = None


class Binder:
    def __init__(self, document: CharacterDocument) -> None:
        self.document = document
        self._fields: list[_Field] = []
        self._derived: list[_Derived] = []
        self._refreshing = False
        watch_focus()

    # -- declaring ---------------------------------------------------------------
    def field(self, widget: QWidget, path: str, label: str,
              get: Getter | None = None, set: Setter | None = None) -> None:
        """Bind ``widget`` to the field at ``path`` (or to a custom getter/setter)."""
        bound = _Field(widget, path, get or (lambda c: get_path(c, path)),
                       set or (lambda c, v: set_path(c, path, v)), label,
                       by_path=set is None)
        self._fields.append(bound)
        self._connect(bound)

    def derived(self, label: QLabel, text: Callable[[Any, BaseModel], str],
                tooltip: Callable[[Any, BaseModel], str] | None = None) -> None:
        """Show ``text(derived, character)`` in ``label`` after every change."""
        self._derived.append(_Derived(label, text, tooltip))

    def widget_for(self, path: str) -> QWidget | None:
        """The widget editing ``path`` or the nearest enclosing field (for findings)."""
        best: _Field | None = None
        for bound in self._fields:
            covers = path == bound.path or path.startswith(bound.path + ".")
            if covers and (best is None or len(bound.path) > len(best.path)):
                best = bound
        return best.widget if best else None

    # -- edits ---------------------------------------------------------------------
    def _edit(self, bound: _Field, value: Any, merge: bool) -> None:
        if self._refreshing:
            return
        bound.shown = NOT_SHOWN  # the widget shows what the user typed: looked at again
        text = f"Change {bound.label}"
        merge_key = bound.path if merge else None

        def describe(before: BaseModel, after: BaseModel) -> str:
            return change_text(bound.label, shown_as(bound.widget, bound.get(before)),
                               shown_as(bound.widget, bound.get(after)))

        if bound.by_path:  # the field itself: changed in the character's data
            self.document.apply_value(text, bound.path, value,
                                      lambda c: bound.set(c, value), merge_key, describe)
        else:
            self.document.apply(text, lambda c: bound.set(c, value), merge_key, describe)

    def _connect(self, bound: _Field) -> None:
        w = bound.widget
        if isinstance(w, QSpinBox | QDoubleSpinBox):
            # Typing "12" passes through 1: a run of changes in one box is one step.
            w.valueChanged.connect(lambda v: self._edit(bound, v, merge=True))
            w.editingFinished.connect(end_typing_run)
        elif isinstance(w, QLineEdit):
            w.textEdited.connect(lambda v: self._edit(bound, v, merge=True))
            w.editingFinished.connect(end_typing_run)
        elif isinstance(w, QPlainTextEdit):
            w.textChanged.connect(lambda: self._edit(bound, w.toPlainText(), merge=True))
        elif isinstance(w, QAbstractButton):
            w.toggled.connect(lambda v: self._edit(bound, v, merge=False))
        elif isinstance(w, QComboBox):
            w.currentIndexChanged.connect(
                lambda i: self._edit(bound, w.itemData(i), merge=False))
        else:
            raise TypeError(f"cannot bind a {type(w).__name__}")

    # -- refresh -------------------------------------------------------------------
    def refresh(self) -> None:
        character = self.document.character
        self._refreshing = True
        try:
            # A widget is looked at only if its value changed since it was shown: the
            # binder alone writes to its widgets, and the user's edits pass through
            # ``_edit``. Each look is a call into Qt, and an edit changes one field.
            for bound in self._fields:
                value = bound.get(character)
                shown = bound.shown
                if value is shown or (value.__class__ is shown.__class__ and value == shown):
                    continue
                show_value(bound.widget, value)
                bound.shown = value
        finally:
            self._refreshing = False
        derived = self.document.derived
        # Each tooltip made so far: one that labels share (an Attribute's table) once.
        tips: dict[Callable[[Any, BaseModel], str], str] = {}
        # A label is given only what changed since the binder last gave it something
        # (a new tooltip notifies the label's watchers), compared in Python: asking Qt
        # for each label's text and tooltip was a quarter of Pocket Universe's refresh.
        for shown in self._derived:
            text = shown.text(derived, character)
            if shown.text_given != text:
                shown.label.setText(text)
                shown.text_given = text
            if shown.tooltip is not None:
                tip = tips.get(shown.tooltip)
                if tip is None:
                    tip = tips[shown.tooltip] = shown.tooltip(derived, character)
                if shown.tip_given != tip:
                    shown.label.setToolTip(tip)
                    shown.tip_given = tip


def shown_as(widget: QWidget, value: Any) -> Any:
    """``value`` in the words ``widget`` shows it in, for the Edit menu: a combo's item
    text (the menu says "Size Large → Huge"), a spin box's special text for its minimum
    or for no value ("Penalty the book's → -20")."""
    if isinstance(widget, QComboBox):
        index = widget.findData(value)
        return widget.itemText(index) if index >= 0 else value
    if (isinstance(widget, QSpinBox | QDoubleSpinBox) and widget.specialValueText()
            and (value is None or value == widget.minimum())):
        return widget.specialValueText()
    return value


def show_value(widget: QWidget, value: Any) -> None:
    """Put ``value`` in ``widget`` without emitting edit signals, and leave a widget that
    already shows it alone (its cursor stays where it is). A refresh after an edit finds
    nearly every field as it was: looking costs one call into Qt, where blocking and
    unblocking the signals around the look cost two more. A text field shows
    no value as blank."""
    if isinstance(widget, QSpinBox | QDoubleSpinBox):
        if type(value) not in (int, float) or widget.value() != value:
            with QSignalBlocker(widget):
                show_number(widget, value)
    elif isinstance(widget, QLineEdit):
        text = "" if value is None else str(value)
        if widget.text() != text:
            with QSignalBlocker(widget):
                widget.setText(text)
    elif isinstance(widget, QPlainTextEdit):
        text = "" if value is None else str(value)
        if widget.toPlainText() != text:
            with QSignalBlocker(widget):
                widget.setPlainText(text)
    elif isinstance(widget, QAbstractButton):
        if widget.isChecked() != bool(value):
            with QSignalBlocker(widget):
                widget.setChecked(bool(value))
    elif isinstance(widget, QComboBox):
        index = widget.findData(value)
        if index != widget.currentIndex():
            with QSignalBlocker(widget):
                widget.setCurrentIndex(index)


QT_INT_RANGE = (-(2**31), 2**31 - 1)
"""What a QSpinBox can hold at all: a larger Python int raises OverflowError in Qt."""


def show_number(widget: QSpinBox | QDoubleSpinBox, value: Any) -> None:
    """Show ``value`` in a spin box whatever it is: a value beyond the box's range
    widens the range to it (shown as it is, never clamped into a different value), one
    beyond what Qt can hold at all is shown at Qt's limit, and a missing or non-finite
    one shows the minimum. The models' bounds keep files inside; this keeps the window
    alive whatever reaches it."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        number: float = widget.minimum()
    elif isinstance(widget, QSpinBox):
        low, high = QT_INT_RANGE
        number = min(max(int(value) if math.isfinite(value) else
                         (high if value > 0 else low), low), high)
    else:
        number = float(value) if math.isfinite(value) else widget.minimum()
    if number < widget.minimum():
        widget.setMinimum(number)  # type: ignore[arg-type]
    if number > widget.maximum():
        widget.setMaximum(number)  # type: ignore[arg-type]
    if widget.value() != number:
        widget.setValue(number)  # type: ignore[arg-type]
