"""The list tabs of the Pocket Universe editor: picking traits, the detail editors under
the tables, weapon lines and attacks, table keys and the tab order."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QPlainTextEdit

from desktop.systems.pocket.editor.pickers import TraitPicker
from desktop.systems.pocket.rules.character import Trait
from desktop.ui.forms import child
from tests.systems.pocket.editor.conftest import choose, label, set_cell, set_choice, spin


def test_picking_traits_changes_the_numbers_they_should(artos, monkeypatch):
    def pick(name, **options):
        def setup(picker: TraitPicker) -> None:
            picker.search.setText(name)
            assert picker.info(picker.current()).name == name
            if "times" in options:
                picker.times.setValue(options["times"])
            if "attribute" in options:
                picker.attribute.setCurrentIndex(picker.attribute.findData(options["attribute"]))
        choose(monkeypatch, TraitPicker, setup)
        artos.add_trait()

    pick("Running", times=2)
    assert label(artos, "moveValue").startswith("8 ")
    pick("Acute Reflexes")
    assert label(artos, "initiativeValue") == "2 / 3 / 4"  # DEFT 10's 1/2/3 one row up
    pick("Toughness")
    assert artos.document.derived.armor.total == (4, 3)
    assert "natural 1/1" in label(artos, "armorValue")
    pick("Wealth")
    assert label(artos, "moneyValue").startswith("$1,000 − $445 bought = $555 left")
    pick("Attribute +1", attribute="will")
    assert artos.document.character.traits[-1].attribute == "will"
    assert artos.document.derived.advantage_points == 7  # 2 + 1 + 1 + 1 + 2
    assert "over the 5-point limit" in label(artos, "traitBalanceValue")
    table = artos.tables["traits"].table
    assert table.item(0, 0).text() == "Running"
    assert table.item(0, 9).text() == "Move +2"
    assert "Pocket Universe, 2.22 Advantages" in table.item(0, 9).toolTip()
    artos.document.undo_stack.undo()
    assert len(artos.document.character.traits) == 4


def test_a_gm_defined_trait_is_edited_under_the_table(artos):
    artos.tables["traits"].add()
    trait = artos.document.character.traits[0]
    assert trait.gm_defined and trait.kind == "advantage"
    kind = child(artos.form, QComboBox, "traitKindCombo")
    effect = child(artos.form, QPlainTextEdit, "traitEffectEdit")
    assert kind.isEnabled() and effect.isEnabled()
    effect.setPlainText("Sees in the dark like a cat.")
    kind.setCurrentIndex(kind.findData("disadvantage"))
    trait = artos.document.character.traits[0]
    assert trait.effect == "Sees in the dark like a cat." and trait.kind == "disadvantage"
    assert artos.tables["traits"].table.item(0, 1).text() == "Disadvantage"
    # A book trait's kind and effect are the book's: the editors are off.
    artos.document.apply("book trait", lambda c: c.traits.append(Trait(name="Quirk")))
    artos.tables["traits"].table.selectRow(1)
    assert not kind.isEnabled() and not effect.isEnabled()
    assert "personality trait" in label(artos, "traitTextValue")


def test_damage_is_typed_as_low_mid_high(artos):
    table = artos.tables["weapons"]
    col = table.column_of("damage")
    table.table.item(0, col).setText("5/7/9")
    assert artos.document.character.equipment.weapons[0].damage == (5, 7, 9)
    messages = []
    artos.document.edit_rejected.connect(messages.append)  # the status bar shows it
    table.table.item(0, col).setText("5/seven/9")
    assert artos.document.character.equipment.weapons[0].damage == (5, 7, 9)
    assert table.table.item(0, col).text() == "5/7/9"
    assert messages and "2/4/6" in messages[0]


def test_a_weapon_edit_updates_its_to_hit_and_the_attacks(artos):
    table = artos.tables["weapons"]
    set_cell(table.table, 0, table.column_of("phys"), 13)  # 2 more than PHYS 11
    assert table.table.item(0, table.column_of("to_hit")).text() == "11"
    row = next(r for r in range(artos.attacks.rowCount())
               if artos.attacks.item(r, 0).text() == "Sword")
    assert artos.attacks.item(row, 4).text() == "PHYS short −2"
    set_choice(table.table, 0, table.column_of("wield"), "two_hands")
    assert table.table.item(0, table.column_of("to_hit")).text() == "13"
    artos.document.undo_stack.undo()
    assert table.table.item(0, table.column_of("to_hit")).text() == "11"


def test_skill_details_set_a_gm_skill_s_attribute_and_penalty(artos):
    artos.tables["skills"].add()  # a GM-defined skill
    row = len(artos.document.character.skills) - 1
    artos.tables["skills"].table.selectRow(row)
    combo = child(artos.form, QComboBox, "skillAttributeCombo")
    combo.setCurrentIndex(combo.findData("intl"))
    penalty = spin(artos, "skillPenaltySpin")
    penalty.setValue(-1)
    skill = artos.document.character.skills[row]
    assert skill.attribute == "intl" and skill.penalty == -1
    penalty.setValue(penalty.minimum())  # "the book's"
    assert artos.document.character.skills[row].penalty is None


def test_table_keys_add_and_remove_rows(artos, qtbot):
    with qtbot.waitActive(artos):
        artos.activateWindow()
    table = artos.tables["languages"].table
    artos.focus_field("languages")
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Insert)
    assert [lang.name for lang in artos.document.character.languages] == [
        "Common", "New language"]
    table.selectRow(1)
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert [lang.name for lang in artos.document.character.languages] == ["Common"]


def test_tab_goes_from_a_table_through_its_choice_boxes(artos, qtbot):
    with qtbot.waitActive(artos):
        artos.activateWindow()
    table = artos.tables["contacts"]
    artos.focus_field("contacts.0")
    table.table.setFocus()
    qtbot.keyClick(table.table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is table.table.cellWidget(0, table.column_of("tier"))


def test_the_attacks_wait_for_their_tab_and_then_show_the_edit(artos, monkeypatch):
    """An edit does not fill the attack lines while their tab is hidden (a tenth of an
    edit); choosing the tab shows them as the edit left them."""
    from PySide6.QtWidgets import QTableWidget, QTabWidget

    import desktop.systems.pocket.editor.editor as editor_module

    shown: list[int] = []
    real = editor_module.show_attacks
    monkeypatch.setattr(editor_module, "show_attacks",
                        lambda table, derived: (shown.append(1), real(table, derived)))
    spin(artos, "deftSpin").setValue(spin(artos, "deftSpin").value() + 2)
    assert shown == []
    tabs = child(artos.form, QTabWidget, "detailTabs")
    table = child(artos.form, QTableWidget, "attacksTable")
    tabs.setCurrentIndex(next(i for i in range(tabs.count())
                              if tabs.widget(i).isAncestorOf(table)))
    assert shown == [1]
    sword = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "Sword")
    derived = next(a for a in artos.document.derived.attacks if a.name == "Sword")
    assert table.item(sword, 5).text() == str(derived.total)
    spin(artos, "deftSpin").setValue(spin(artos, "deftSpin").value() - 1)
    assert shown == [1, 1]  # in view now: at once
