"""A list table's choice boxes follow the table in the Tab order, row by row, however
the rows come and go."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QTableWidget, QVBoxLayout, QWidget

from desktop.systems.pocket.rules.character import Trait, new_character
from desktop.ui.document import CharacterDocument
from desktop.ui.list_table import Column, ListTableBinding

CHOICES = [("—", None), ("PHYS", "phys"), ("DEFT", "deft")]


def _order(start: QWidget, among: list[QWidget]) -> list[QWidget]:
    """The widgets of ``among`` in the focus chain after ``start``, in its order."""
    out, widget = [], start.nextInFocusChain()
    while widget is not start:
        if widget in among and widget not in out:
            out.append(widget)
        widget = widget.nextInFocusChain()
    return out


def test_the_choice_boxes_follow_the_table_in_the_tab_order(qtbot) -> None:
    character = new_character("Ann")
    character.traits = [Trait(name="Quirk"), Trait(name="Vain")]
    document = CharacterDocument(character)
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    widget = QTableWidget()
    after = QComboBox()  # made before the table's boxes: next after the table, else
    layout.addWidget(widget)
    layout.addWidget(after)
    columns = [Column("name", "Trait"), Column("attribute", "Attribute", "choice", CHOICES)]
    table = ListTableBinding(document, widget, "traits", columns, "trait",
                             lambda: Trait(name="New"))
    document.changed.connect(table.refresh)
    table.refresh()
    holder.show()
    with qtbot.waitActive(holder):
        holder.activateWindow()
    boxes = [widget.cellWidget(row, 1) for row in range(2)]
    assert _order(widget, [*boxes, after]) == [*boxes, after]
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is boxes[0]
    document.apply("Add", lambda c: c.traits.append(Trait(name="Lucky")))
    boxes = [widget.cellWidget(row, 1) for row in range(3)]
    assert _order(widget, [*boxes, after]) == [*boxes, after]
