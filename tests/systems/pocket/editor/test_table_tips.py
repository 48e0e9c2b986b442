"""A table's live tooltips (a trait's rule, a skill's sum) follow the character, and an
edit that changes none of them looks at no cell (24 cells of Kestra's traits,
each looked at and its tip made three times a row, after every edit)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QPlainTextEdit, QTableWidgetItem

from desktop.systems.files import load_character
from desktop.ui.forms import child
from tests.systems.pocket.editor.conftest import EXAMPLES, make_editor, spin

EFFECT = 9  # the traits table's Effect column


@pytest.fixture
def kestra(qtbot):
    """Eight traits of the book's, each with its rule as its tip."""
    return make_editor(qtbot, load_character(EXAMPLES / "kestra.sheetdesk"))


def _looks(monkeypatch) -> list[str]:
    looked: list[str] = []
    real_tip, real_set = QTableWidgetItem.toolTip, QTableWidgetItem.setToolTip
    monkeypatch.setattr(QTableWidgetItem, "toolTip",
                        lambda self: looked.append("toolTip") or real_tip(self))
    monkeypatch.setattr(QTableWidgetItem, "setToolTip",
                        lambda self, tip: looked.append("setToolTip") or real_set(self, tip))
    return looked


def test_a_gm_defined_traits_tip_follows_its_effect(artos):
    artos.tables["traits"].add()
    child(artos.form, QPlainTextEdit, "traitEffectEdit").setPlainText("Sees in the dark.")
    table = artos.tables["traits"].table
    assert "Sees in the dark." in table.item(0, EFFECT).toolTip()
    assert "Sees in the dark." in table.item(0, 1).toolTip()  # every tipped column
    artos.document.undo_stack.undo()
    assert "Sees in the dark." not in table.item(0, EFFECT).toolTip()


def test_an_edit_that_changes_no_tip_looks_at_no_cell(kestra, monkeypatch):
    table = kestra.tables["traits"].table
    assert table.rowCount() == len(kestra.document.character.traits) > 1
    tips = [table.item(r, EFFECT).toolTip() for r in range(table.rowCount())]
    looked = _looks(monkeypatch)

    spin(kestra, "deftSpin").setValue(spin(kestra, "deftSpin").value() + 1)

    assert looked == []
    monkeypatch.undo()
    assert [table.item(r, EFFECT).toolTip() for r in range(table.rowCount())] == tips


def test_rows_made_again_get_their_live_tips_again(kestra):
    """An edit of a trait's detail makes the rows again (new cells with their columns'
    fixed tips) while every live tip stays as it was: they are given again."""
    table = kestra.tables["traits"].table
    tips = [table.item(r, EFFECT).toolTip() for r in range(table.rowCount())]
    kestra.document.apply("Detail", lambda c: setattr(c.traits[0], "detail", "a note"))
    assert table.item(0, 5).text() == "a note"
    assert [table.item(r, EFFECT).toolTip() for r in range(table.rowCount())] == tips
