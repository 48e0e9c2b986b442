"""Editors under a list table for fields of its selected row."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit, QSpinBox, QTableWidget

from desktop.systems.pocket.rules.character import Trait, new_character
from desktop.ui.document import CharacterDocument
from desktop.ui.list_table import Column, ListTableBinding
from desktop.ui.widgets.row_details import RowDetails


@pytest.fixture
def table(qtbot) -> ListTableBinding:
    character = new_character("Ann")
    character.traits = [Trait(name="Quirk", detail="vain"),
                        Trait(name="Made up", gm_defined=True, kind="advantage", points=1)]
    document = CharacterDocument(character)
    widget = QTableWidget()
    qtbot.addWidget(widget)
    binding = ListTableBinding(document, widget, "traits", [Column("name", "Trait")],
                               "trait", lambda: Trait(name="New"))
    binding.refresh()
    document.changed.connect(binding.refresh)
    return binding


def test_editors_show_and_edit_the_selected_row(table, qtbot):
    details = RowDetails(table)
    detail = QLineEdit()
    effect = QPlainTextEdit()
    qtbot.addWidget(detail)
    qtbot.addWidget(effect)
    details.field(detail, "detail")
    details.field(effect, "effect", enabled=lambda item: item.gm_defined)
    table.document.changed.connect(details.refresh)
    details.refresh()  # row 0 is already selected: no selection signal comes
    assert detail.text() == "vain" and detail.isEnabled() and not effect.isEnabled()
    qtbot.keyClicks(detail, "glorious")
    assert table.document.character.traits[0].detail == "vainglorious"
    assert table.document.undo_stack.count() == 1  # typing merges into one edit
    table.table.selectRow(1)
    assert detail.text() == "" and effect.isEnabled()
    effect.setPlainText("Lucky.")
    assert table.document.character.traits[1].effect == "Lucky."
    table.document.undo_stack.undo()
    assert effect.toPlainText() == ""
    assert details.widget_for("effect") is effect and details.widget_for("kind") is None


def test_no_selection_disables_and_special_values_map_to_none(table, qtbot):
    details = RowDetails(table)
    points = QSpinBox()
    points.setRange(-1, 99)
    points.setSpecialValueText("book's")
    kind = QComboBox()
    for text, value in (("—", None), ("Advantage", "advantage")):
        kind.addItem(text, value)
    for widget in (points, kind):
        qtbot.addWidget(widget)
    details.field(points, "points", set=lambda v: None if v < 0 else v)
    details.field(kind, "kind")
    table.document.changed.connect(details.refresh)
    table.table.clearSelection()
    details.refresh()
    assert not points.isEnabled() and not kind.isEnabled()
    table.table.selectRow(0)
    assert points.value() == -1 and kind.currentData() is None
    points.setValue(2)
    assert table.document.character.traits[0].points == 2
    points.setValue(-1)
    assert table.document.character.traits[0].points is None
    kind.setCurrentIndex(1)
    assert table.document.character.traits[0].kind == "advantage"


def test_only_known_widgets_can_be_bound(table):
    with pytest.raises(TypeError):
        RowDetails(table).field(QTableWidget(), "name")


def test_a_row_no_edit_touched_is_not_shown_again(table, qtbot):
    """An edit of another row keeps this row's model (the same object), so its widgets
    are left as they are; an edit of this row, or ``force``, shows it again."""
    details = RowDetails(table)
    detail = QLineEdit()
    qtbot.addWidget(detail)
    details.field(detail, "detail")
    table.document.changed.connect(details.refresh)
    details.refresh()
    shown = table.document.character.traits[0]
    detail.blockSignals(True)
    detail.setText("stale")  # behind the binding's back: only a refresh that looks resets it
    detail.blockSignals(False)
    table.set_value(1, "detail", "lucky")  # the other row
    assert table.document.character.traits[0] is shown
    assert detail.text() == "stale"
    details.refresh(force=True)
    assert detail.text() == "vain"
    table.set_value(0, "detail", "vainer")  # this row: a new model, shown
    assert detail.text() == "vainer"


def test_a_refused_edit_puts_the_stored_value_back(table, qtbot):
    details = RowDetails(table)
    points = QSpinBox()
    points.setRange(-1, 500)  # wider than the model's 0-99
    qtbot.addWidget(points)
    details.field(points, "points", set=lambda v: None if v < 0 else v)
    table.document.changed.connect(details.refresh)
    table.table.selectRow(1)
    assert points.value() == 1
    with qtbot.waitSignal(table.document.edit_rejected):
        points.setValue(300)
    assert table.document.character.traits[1].points == 1
    assert points.value() == 1  # the same row model, shown again all the same


def test_no_row_is_shown_once(table, qtbot):
    details = RowDetails(table)
    detail = QLineEdit()
    qtbot.addWidget(detail)
    details.field(detail, "detail")
    table.table.clearSelection()
    details.refresh()
    assert not detail.isEnabled()
    detail.setEnabled(True)  # behind the binding's back
    details.refresh()
    assert detail.isEnabled()  # still no row: not shown again
    table.table.selectRow(0)
    assert detail.text() == "vain" and detail.isEnabled()


def test_the_edit_menu_words_an_edit_as_the_editors_show_it(table, qtbot):
    """The item's name, the words of the widget's label and the values as the widget
    shows them: a combo's item text, a spin box's special text; ``label`` overrides."""
    from PySide6.QtWidgets import QLabel, QWidget

    panel = QWidget()
    qtbot.addWidget(panel)
    kind = QComboBox(panel)
    for text, value in (("—", None), ("Advantage", "advantage")):
        kind.addItem(text, value)
    kind_label = QLabel("GM trait is &an:", panel)
    kind_label.setBuddy(kind)
    points = QSpinBox(panel)
    points.setRange(-1, 99)
    points.setSpecialValueText("the book's")
    QLabel("Poi&nts && costs:", panel).setBuddy(points)
    detail = QLineEdit(panel)  # no label: the field's name
    effect = QPlainTextEdit(panel)
    details = RowDetails(table)
    details.field(kind, "kind")
    details.field(points, "points", set=lambda v: None if v < 0 else v)
    details.field(detail, "detail")
    details.field(effect, "effect", label="What it does")
    table.document.changed.connect(details.refresh)
    table.table.selectRow(1)
    stack = table.document.undo_stack

    def last() -> str:
        return stack.text(stack.count() - 1)

    kind.setCurrentIndex(0)
    assert last() == "Made up GM trait is an “Advantage” → “—”"
    points.setValue(-1)
    assert last() == "Made up Points & costs 1 → “the book's”"
    detail.setText("odd")
    detail.textEdited.emit("odd")
    assert last() == "Made up detail blank → “odd”"
    effect.setPlainText("Lucky.")
    assert last() == "Made up What it does blank → “Lucky.”"
