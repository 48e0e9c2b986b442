"""A Contact's shares typed in one box (2.6)."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

from desktop.systems.pocket.editor.shares import format_shares, parse_shares
from desktop.systems.pocket.rules.character import Share
from desktop.ui.forms import child
from tests.systems.pocket.editor.conftest import label, set_cell


def test_contact_shares_are_typed_in_one_box(artos):
    contacts = artos.tables["contacts"]
    contacts.table.selectRow(1)  # Old Wenna, an Average Citizen (3)
    set_cell(contacts.table, 1, contacts.column_of("my_share"), 2)
    shares = child(artos.form, QLineEdit, "contactSharedEdit")
    shares.setText("Kestra 1")
    shares.editingFinished.emit()
    contact = artos.document.character.contacts[1]
    assert contact.my_share == 2 and contact.shared_with == [Share(character="Kestra")]
    assert contacts.table.item(1, contacts.column_of("cost_shown")).text() == "2"
    assert "my share 2 of 3" in label(artos, "contactCostValue")


def test_parse_and_format_shares():
    assert parse_shares("Artos 2, Bren,  , Old Kestra 3") == [
        Share(character="Artos", points=2), Share(character="Bren", points=1),
        Share(character="Old Kestra", points=3)]
    assert format_shares(parse_shares("Artos 2, Bren")) == "Artos 2, Bren 1"
