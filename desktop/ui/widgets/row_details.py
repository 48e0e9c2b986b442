"""Editors beside a list table for fields of its selected row (effects, descriptions…).

A table shows each item on one line; long text, or a field that only some items use,
reads better in a widget under the table. ``RowDetails`` binds such widgets to fields
of the table's selected item: they show that item's values, and an edit goes through
``ListTableBinding.set_value``, so it is one undoable document edit like a cell edit.
With no row selected they are disabled; ``enabled`` can disable one for some items
(a GM-only field on a book entry). The Edit menu words an edit with the item's name,
the words of the widget's label and the values as the widget shows them ("Spear
Hands “one or two hands” → “always two hands”").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from desktop.ui.binding import NOT_SHOWN, show_value, shown_as
from desktop.ui.list_table import ListTableBinding
from desktop.ui.undo import change_text


class _Detail:
    """One widget bound to a field of the table's selected row, with how to read and
    store it. (A plain class: a dataclass would compile its methods as a file opens.)"""

    __slots__ = ("enabled", "field", "get", "label", "set", "widget")

    def __init__(self, widget: QWidget, field: str, get: Callable[[BaseModel], Any],
                 set: Callable[[Any], Any], enabled: Callable[[BaseModel], bool] | None,
                 label: str | None) -> None:
        self.widget = widget
        self.field = field
        self.get = get
        self.set = set
        self.enabled = enabled
        self.label = label
        """What the Edit menu calls the field (None: the words of the widget's label)."""


class RowDetails:
    def __init__(self, table: ListTableBinding) -> None:
        self.table = table
        self._details: list[_Detail] = []
        self._showing = False
        self._shown: object = NOT_SHOWN
        """The row last shown (None: no row), while its widgets still show it as it was."""
        table.table.itemSelectionChanged.connect(self.refresh)

    def field(self, widget: QWidget, field: str,
              get: Callable[[BaseModel], Any] | None = None,
              set: Callable[[Any], Any] | None = None,
              enabled: Callable[[BaseModel], bool] | None = None,
              label: str | None = None) -> None:
        """Bind ``widget`` to ``field`` of the selected item. ``get(item)`` gives the
        widget's value (default: the field), ``set(value)`` the value to store; ``label``
        what the Edit menu calls it (default: the text of the label whose buddy it is)."""
        detail = _Detail(widget, field, get or (lambda item: getattr(item, field)),
                         set or (lambda value: value), enabled, label)
        self._details.append(detail)
        w = widget
        if isinstance(w, QLineEdit):
            w.textEdited.connect(lambda text: self._edit(detail, text))
        elif isinstance(w, QPlainTextEdit):
            w.textChanged.connect(lambda: self._edit(detail, w.toPlainText()))
        elif isinstance(w, QSpinBox):
            w.valueChanged.connect(lambda value: self._edit(detail, value))
        elif isinstance(w, QComboBox):
            w.currentIndexChanged.connect(lambda i: self._edit(detail, w.itemData(i)))
        elif isinstance(w, QAbstractButton):
            w.toggled.connect(lambda on: self._edit(detail, on))
        else:
            raise TypeError(f"cannot bind a {type(w).__name__}")

    def widget_for(self, field: str) -> QWidget | None:
        return next((d.widget for d in self._details if d.field == field), None)

    def selected(self) -> BaseModel | None:
        row = self.table.selected_row()
        items = self.table.items
        return items[row] if 0 <= row < len(items) else None

    def refresh(self, force: bool = False) -> None:
        """Show the selected row. The very row model shown last is not shown again: an
        edit copies only the models on its way (``CharacterDocument.apply_value``), so
        a row no edit touched is the same object, and its widgets still show it (each
        look is a call into Qt: a tenth of a Pocket Universe edit). ``force`` shows it
        all the same (the items of a widget's list were given anew)."""
        item = self.selected()
        if item is self._shown and not force:
            return
        self._shown = NOT_SHOWN
        self._showing = True
        try:
            for detail in self._details:
                usable = item is not None and (detail.enabled is None
                                               or detail.enabled(item))
                detail.widget.setEnabled(usable)
                show_value(detail.widget, detail.get(item) if item is not None else None)
        finally:
            self._showing = False
        self._shown = item

    def _edit(self, detail: _Detail, value: Any) -> None:
        row = self.table.selected_row()
        if self._showing or row < 0:
            return
        self._shown = NOT_SHOWN  # it shows what the user typed: refused, it is put back
        self.table.set_value(row, detail.field, detail.set(value),
                             lambda before, after: self._describe(detail, before, after))

    def _describe(self, detail: _Detail, before: BaseModel, after: BaseModel) -> str:
        """"Spear Hands “one or two hands” → “always two hands”"."""
        if detail.label is None:
            detail.label = _label_of(detail.widget) or detail.field.replace("_", " ")
        name = getattr(before, "name", "") or self.table.item_label
        return change_text(f"{name} {detail.label}",
                           shown_as(detail.widget, detail.get(before)),
                           shown_as(detail.widget, detail.get(after)))


def _label_of(widget: QWidget) -> str:
    """The words of the label whose buddy ``widget`` is ("Reload &Actions:" → "Reload
    Actions"), looked for beside it; "" if it has none."""
    parent = widget.parentWidget()
    labels = parent.findChildren(QLabel) if parent is not None else []
    text = next((label.text() for label in labels if label.buddy() is widget), "")
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip().rstrip(":")
