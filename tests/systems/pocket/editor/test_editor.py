"""The Pocket Universe editor as a user works it: a character built through the widgets,
findings taking the editor to their field, keyboard mnemonics, the example files."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QTabWidget,
    QWidget,
)

from desktop.model.findings import has_errors
from desktop.systems.pocket.editor import text as editor_text
from desktop.systems.pocket.editor.editor import PocketEditor
from desktop.systems.pocket.editor.gear_picker import GearPicker
from desktop.systems.pocket.editor.pickers import SkillPicker, TraitPicker
from desktop.systems.pocket.rules.character import Skill, new_character
from desktop.ui.forms import child
from desktop.ui.main_window import MainWindow
from tests.systems.pocket.editor.conftest import (
    EXAMPLES,
    choose,
    label,
    make_editor,
    set_choice,
    spin,
)
from tests.ui.conftest import ScriptedPrompts


def test_choosing_a_finding_focuses_its_field(artos):
    spin(artos, "willSpin").setValue(12)  # 11 Attribute points of 10
    view = child(artos.form, QListWidget, "findingsList")
    rows = [view.item(i) for i in range(view.count())]
    target = next(r for r in rows if "too many" in r.text())
    assert "Pocket Universe, 2.1 Attributes" in target.text()
    view.itemClicked.emit(target)
    assert spin(artos, "physSpin").hasFocus()


def test_a_finding_on_a_table_field_selects_its_row_and_column(artos):
    artos.document.apply("skill", lambda c: c.skills.append(Skill(name="Missile")))
    view = child(artos.form, QListWidget, "findingsList")
    target = next(view.item(i) for i in range(view.count())
                  if "needs a specialisation" in view.item(i).text())
    view.itemActivated.emit(target)
    tabs = child(artos.form, QTabWidget, "detailTabs")
    assert tabs.currentWidget().objectName() == "skillsTab"
    table = artos.tables["skills"]
    assert table.selected_row() == 3
    assert table.table.currentColumn() == table.column_of("specialisation")


def test_a_finding_on_a_detail_field_focuses_the_editor_below_the_table(artos):
    artos.tables["traits"].add()  # a GM-defined trait with no effect: an info finding
    assert artos.focus_field("traits.0.effect")
    assert child(artos.form, QPlainTextEdit, "traitEffectEdit").hasFocus()
    assert artos.focus_field("equipment.shields.0.hits_left")
    tabs = child(artos.form, QTabWidget, "detailTabs")
    assert tabs.currentWidget().objectName() == "gearTab"
    assert artos.tables["shields"].selected_row() == 0


def test_build_a_starting_character_through_the_widgets(qtbot, monkeypatch):
    editor = make_editor(qtbot, new_character())
    name = child(editor.form, QLineEdit, "nameEdit")
    qtbot.keyClicks(name, "Wren")
    for attribute, score in (("phys", 10), ("deft", 12), ("intl", 10), ("will", 10)):
        spin(editor, f"{attribute}Spin").setValue(score)
    assert label(editor, "attributePointsValue").startswith("10 of 10 added (all spent)")

    def trait(name, detail=""):
        def setup(picker):
            picker.search.setText(name)
            picker.detail.setText(detail)
        choose(monkeypatch, TraitPicker, setup)
        editor.add_trait()

    trait("Acute Reflexes")
    trait("Quirk", "greedy")
    assert label(editor, "initiativeValue") == "3 / 5 / 7"  # DEFT 12's 2/4/6, a row up
    assert "balanced" in label(editor, "traitBalanceValue")

    def skill(name, level, specialisation=""):
        def setup(picker):
            picker.search.setText(name)
            picker.specialisation.setEditText(specialisation)
            picker.level.setValue(level)
            assert picker.ok.isEnabled()
        choose(monkeypatch, SkillPicker, setup)
        editor.add_skill()

    skill("Melee", 2, "blade")
    skill("Dodge", 1)
    assert label(editor, "epsValue") == "starting 10 · spent 9 · unspent 1"
    skill("Climbing", 0)
    assert label(editor, "epsValue") == "starting 10 · spent 10 · unspent 0"

    child(editor.form, QAbstractButton, "addLanguageButton").click()
    languages = editor.tables["languages"]
    languages.table.item(0, 0).setText("Common")
    languages.table.item(0, languages.column_of("native")).setCheckState(Qt.CheckState.Checked)
    languages.table.item(0, languages.column_of("literate")).setCheckState(
        Qt.CheckState.Checked)
    assert languages.table.item(0, languages.column_of("eps")).text() == "free"

    child(editor.form, QAbstractButton, "addContactButton").click()
    child(editor.form, QAbstractButton, "addContactButton").click()
    contacts = editor.tables["contacts"]
    contacts.table.item(0, 0).setText("Bertram")
    set_choice(contacts.table, 0, contacts.column_of("tier"), "national_leader")
    set_choice(contacts.table, 0, contacts.column_of("insider"), "single")
    contacts.table.item(1, 0).setText("Scrag")
    set_choice(contacts.table, 1, contacts.column_of("tier"), "nobody")
    for widget, text in (("contactSexEdit", "male"), ("contactAgeEdit", "12"),
                         ("contactLocationEdit", "the market")):
        qtbot.keyClicks(child(editor.form, QLineEdit, widget), text)
    assert editor.document.character.contacts[1].location == "the market"
    assert label(editor, "contactPointsValue") == "10 spent of 10 (0 left)"

    def gear(category, name):
        def setup(picker):
            picker.category.setCurrentIndex(picker.category.findData(category))
            picker.search.setText(name)
        choose(monkeypatch, GearPicker, setup)
        editor.add_gear(category)

    gear("melee", "sword")
    gear("armor", "studded")
    gear("shields", "medium")
    equipment = editor.document.character.equipment
    assert [w.name for w in equipment.weapons] == ["Sword"]
    assert label(editor, "moneyValue") == "$500 − $425 bought = $75 left"
    attacks = editor.attacks
    assert attacks.item(0, 0).text() == "Sword" and attacks.item(0, 5).text() == "15"
    assert label(editor, "meleeDefenseValue").startswith("4  (Melee (blade): Sword 14")
    assert label(editor, "armorValue").startswith("worn Studded 3/2")
    assert not has_errors(editor.document.derived.findings), editor.document.derived.findings


def test_a_blank_character_opens_with_its_findings(qtbot):
    editor = make_editor(qtbot, new_character())
    view = child(editor.form, QListWidget, "findingsList")
    texts = [view.item(i).text() for i in range(view.count())]
    assert any("no name yet" in t for t in texts)
    assert any("10 of the 10 Attribute points still to add" in t for t in texts)


def _mnemonic(text: str) -> str | None:
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def test_labels_with_mnemonics_have_buddies_and_always_visible_ones_are_unique(artos):
    tabs = child(artos.form, QTabWidget, "detailTabs")
    seen: dict[str, str] = {}
    for widget in artos.form.findChildren(QWidget):
        text = widget.text() if isinstance(widget, QLabel | QAbstractButton) else ""
        key = _mnemonic(text)
        if key is None:
            continue
        if isinstance(widget, QLabel):
            assert widget.buddy() is not None, widget.objectName()
        if not tabs.isAncestorOf(widget):
            assert key not in seen, (widget.objectName(), seen.get(key))
            seen[key] = widget.objectName()
    for index in range(tabs.count()):
        key = _mnemonic(tabs.tabText(index))
        assert key is not None and key not in seen, tabs.tabText(index)
        seen[key] = tabs.tabText(index)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.sheetdesk")), ids=lambda p: p.stem)
def test_each_example_opens_in_the_main_window(qtbot, path, tmp_path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    prompts = ScriptedPrompts()
    window = MainWindow(prompts=prompts)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    window.show()
    editor = window.open_path(copy)
    assert isinstance(editor, PocketEditor), prompts.warnings
    assert prompts.warnings == []
    character = editor.document.character
    assert child(editor.form, QLineEdit, "nameEdit").text() == character.name
    derived = editor.document.derived
    assert label(editor, "hitsValue") == editor_text.hits_text(derived)
    assert editor.attacks.rowCount() == len(derived.attacks)
    assert child(editor.form, QListWidget, "findingsList").count() >= 1
    window.close()
