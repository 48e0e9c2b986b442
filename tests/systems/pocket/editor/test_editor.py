"""The Pocket Universe editor as a user works it: a character built through the widgets,
live record-sheet numbers, undo, the book pickers, findings, the check panel."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QWidget,
)

from desktop.model.dice import Roller
from desktop.model.findings import has_errors
from desktop.model.odds import percent
from desktop.systems.files import load_character
from desktop.systems.pocket.editor import text as editor_text
from desktop.systems.pocket.editor.editor import PocketEditor, format_shares, parse_shares
from desktop.systems.pocket.editor.gear_picker import GearPicker
from desktop.systems.pocket.editor.pickers import SkillPicker, TraitPicker
from desktop.systems.pocket.rules import catalog_weapons, dice
from desktop.systems.pocket.rules.character import Share, Skill, Trait, new_character
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "pocket" / "characters"


def make_editor(qtbot, character, size=(1280, 860)) -> PocketEditor:
    widget = PocketEditor(CharacterDocument(character))
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def artos(qtbot) -> PocketEditor:
    return make_editor(qtbot, load_character(EXAMPLES / "artos.sheetdesk"))


def label(editor: PocketEditor, name: str) -> str:
    return child(editor.form, QLabel, name).text()


def tip(editor: PocketEditor, name: str) -> str:
    return child(editor.form, QLabel, name).toolTip()


def spin(editor: PocketEditor, name: str) -> QSpinBox:
    return child(editor.form, QSpinBox, name)


def choose(monkeypatch, picker_class, setup) -> None:
    """Let the editor open the real picker; ``setup`` works it, then it is accepted."""

    def run(self):
        setup(self)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(picker_class, "exec", run)


def set_cell(table: QTableWidget, row: int, col: int, value) -> None:
    table.item(row, col).setData(Qt.ItemDataRole.EditRole, value)


def set_choice(table: QTableWidget, row: int, col: int, value) -> None:
    combo = table.cellWidget(row, col)
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findData(value))


# ------------------------------------------------------------------ showing the book's Artos


def test_shows_artos_as_the_book_has_him(artos):
    assert child(artos.form, QLineEdit, "nameEdit").text() == "Artos"
    assert spin(artos, "deftSpin").value() == 10
    assert label(artos, "physRollValue") == "2/3/4"
    assert label(artos, "physValueValue") == "13"
    assert label(artos, "hitsValue") == "13"
    assert label(artos, "initiativeValue") == "1 / 2 / 3"
    assert label(artos, "moveValue") == "6 (sneaking 3, swimming 0)"
    # 2.51: parrying with the sword 2, blocking with the shield 3, dodging −1.
    assert label(artos, "meleeDefenseValue").startswith("3  (Shield: Medium Shield 11 + Parry")
    totals = {o.skill_label: o.total for o in artos.document.derived.melee_defenses}
    assert totals["Melee (blade): Sword"] == 2 and totals["Dodge"] == -1
    assert label(artos, "epsValue") == "starting 10 · spent 10 · unspent 0"
    assert label(artos, "contactPointsValue") == "13 spent of 13 (0 left)"
    assert label(artos, "attributePointsValue").startswith("10 of 10 added (all spent)")
    # The King's Coachman: a National Leader's 13, less 4 as an insider (2.6).
    contacts = artos.tables["contacts"].table
    assert contacts.item(0, 7).text() == "9"
    assert "13 − 4 insider = 9" in contacts.item(0, 7).toolTip()


def test_every_number_cites_its_rule(artos):
    assert "Pocket Universe, 2.31 Hit Points" in tip(artos, "hitsValue")
    assert "Pocket Universe, 2.33 Initiative" in tip(artos, "initiativeValue")
    assert "Pocket Universe, 2.34 Move" in tip(artos, "moveValue")
    assert "Pocket Universe, 2.51 Melee Defense" in tip(artos, "meleeDefenseValue")
    assert "Dodge, unskilled" not in tip(artos, "meleeDefenseValue")  # labelled "Dodge"
    assert "Dodge 10 + unskilled −1 − 10 = −1" in tip(artos, "meleeDefenseValue")
    assert "Pocket Universe, 2.3 Other Characteristics" in tip(artos, "physRollValue")
    assert "Pocket Universe, 3.1 Starting Money" in tip(artos, "moneyValue")
    attacks = artos.attacks
    row = next(r for r in range(attacks.rowCount()) if attacks.item(r, 0).text() == "Sword")
    assert attacks.item(row, 5).text() == "13"  # blades 12 + Hit +1
    assert "Melee (blade) 12 + Hit +1 = 13" in attacks.item(row, 0).toolTip()


# ------------------------------------------------------------------ live numbers, undo


def test_typing_deft_updates_every_number_that_reads_it(artos, qtbot):
    deft = spin(artos, "deftSpin")
    odds_before = label(artos, "oddsValue")
    artos.check_panel.choose("attr:deft")
    deft.selectAll()
    qtbot.keyClicks(deft, "13")
    assert artos.document.character.attributes.deft == 13
    # Studded armor limits DEFT to 12 (3.4): initiative and Move read the armored DEFT.
    assert label(artos, "armoredDeftValue") == "12 (DEFT 13, limited by the armor)"
    assert label(artos, "initiativeValue") == "2 / 4 / 6"
    assert label(artos, "moveValue").startswith("8 ")
    assert label(artos, "deftAddedValue") == "+5"
    assert label(artos, "attributePointsValue").startswith("13 of 10 added (3 too many)")
    assert label(artos, "oddsValue") == percent(dice.check_odds(13).p_success) != odds_before
    assert any("at most 4 on one" in f.message for f in artos.document.derived.findings)


def test_undo_and_redo_restore_every_label(artos):
    doc = artos.document
    spin(artos, "physSpin").setValue(12)
    assert label(artos, "hitsValue") == "17"
    assert label(artos, "unarmedValue") == "2/4/6"
    doc.undo_stack.undo()
    assert spin(artos, "physSpin").value() == 11
    assert label(artos, "hitsValue") == "13"
    assert label(artos, "unarmedValue") == "2/3/4"
    doc.undo_stack.redo()
    assert spin(artos, "physSpin").value() == 12
    assert label(artos, "hitsValue") == "17"


def test_typing_a_name_is_one_undo_step(artos, qtbot):
    name = child(artos.form, QLineEdit, "nameEdit")
    name.selectAll()
    qtbot.keyClicks(name, "Artos the Bold")
    assert artos.document.character.name == "Artos the Bold"
    assert artos.document.undo_stack.count() == 1
    artos.document.undo_stack.undo()
    assert name.text() == "Artos"


# ------------------------------------------------------------------ traits


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


# ------------------------------------------------------------------ findings


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


# ------------------------------------------------------------------ the check panel


def test_check_panel_odds_match_the_dice_module(artos):
    panel = artos.check_panel
    assert panel.choose("skill:Melee (blade)")
    assert label(artos, "oddsValue") == percent(dice.check_odds(12).p_success)
    panel.difficulty.setCurrentIndex(panel.difficulty.findData("Easy"))
    panel.extra_time.setCurrentIndex(panel.extra_time.findData(2))
    odds = dice.check_odds(14, 2)
    assert label(artos, "oddsValue") == percent(odds.p_success)
    assert f"fumble {percent(odds.p_fumble)}" in label(artos, "oddsDetail")
    assert "Melee (blade) 12, Easy +2, extra time +2 → 2d10 ≤ 16" in label(artos, "oddsDetail")
    panel.opposed.setValue(13)  # −(13 − 10)
    panel.actions.setValue(2)  # −2
    assert label(artos, "oddsValue") == percent(dice.check_odds(9, 2).p_success)


def test_check_panel_range_uses_acute_vision_and_point_blank(artos):
    artos.document.apply("bow", lambda c: c.equipment.weapons.append(
        catalog_weapons.weapon("Short Bow")))
    panel = artos.check_panel
    assert panel.choose("attack:Short Bow")
    total = next(a.total for a in artos.document.derived.attacks if a.name == "Short Bow")
    panel.range.setValue(1)  # point blank: −2 (3.3)
    assert label(artos, "oddsValue") == percent(dice.check_odds(total - 2).p_success)
    panel.range.setValue(12)  # 9–16 spaces: −2 (5.32)
    assert label(artos, "oddsValue") == percent(dice.check_odds(total - 2).p_success)
    artos.document.apply("vision", lambda c: c.traits.append(Trait(name="Acute Vision")))
    assert label(artos, "oddsValue") == percent(dice.check_odds(total - 1).p_success)


def test_check_panel_target_number_and_seeded_roll(artos):
    panel = artos.check_panel
    assert panel.choose("target")
    assert panel.target.isEnabled()
    panel.target.setValue(15)
    assert label(artos, "oddsValue") == percent(dice.check_odds(15).p_success)
    panel.roller = Roller(seed=11)
    shown = panel.roll()
    expected = dice.roll_check(15, Roller(seed=11), label="Target").describe()
    assert shown == expected == label(artos, "rollResult")


def test_check_panel_keeps_its_choice_across_edits(artos):
    panel = artos.check_panel
    panel.choose("skill:Shield")
    spin(artos, "deftSpin").setValue(11)
    assert panel.what.currentData() == "skill:Shield"
    assert panel.what.currentText() == "Shield 12"


# ------------------------------------------------------------------ tables and detail editors


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


def test_cash_and_hits_now_store_nothing_until_they_differ(artos):
    hits = spin(artos, "currentHitsSpin")
    assert hits.value() == 13
    hits.setValue(-2)
    assert artos.document.character.tracking.hits == -2
    assert label(artos, "hitsValue") == "−2 of 13"
    hits.setValue(13)
    assert artos.document.character.tracking.hits is None
    cash = spin(artos, "cashSpin")
    assert cash.value() == 55
    cash.setValue(40)
    assert artos.document.character.tracking.money == 40
    assert "cash now $40" in label(artos, "moneyValue")


def test_attribute_raises_are_paid_with_eps(artos):
    spin(artos, "physSpin").setValue(12)
    spin(artos, "physRaisesSpin").setValue(1)  # 11 → 12 costs 11 EPs (6.3)
    derived = artos.document.derived
    assert derived.attribute_raise_eps == 11
    assert label(artos, "physNextRaiseValue") == "next point: 12 EPs (to 13)"
    assert label(artos, "attributePointsValue").startswith("10 of 10 added")


# ------------------------------------------------------------------ building one from scratch


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


# ------------------------------------------------------------------ keyboard and layout


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


@pytest.mark.parametrize("size", [(1280, 860), (800, 560)])
def test_the_sheet_fits_without_sideways_scrolling(qtbot, size):
    editor = make_editor(qtbot, load_character(EXAMPLES / "kestra.sheetdesk"), size)
    scroll = child(editor.form, QScrollArea, "sheetScroll")
    tabs = child(editor.form, QTabWidget, "detailTabs")
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        qtbot.wait(1)
        assert not scroll.horizontalScrollBar().isVisible(), tabs.tabText(index)
        # As tall as the page shown (or the room left), not as the tallest page.
        page = tabs.currentWidget()
        assert tabs.height() <= max(page.sizeHint().height() + 60,
                                    scroll.viewport().height()), tabs.tabText(index)
    attributes = child(editor.form, QWidget, "attributesGroup")
    record = child(editor.form, QWidget, "recordGroup")
    side_by_side = attributes.y() == record.y()
    assert side_by_side == (size[0] == 1280)


# ------------------------------------------------------------------ the example files


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


def test_tab_goes_from_a_table_through_its_choice_boxes(artos, qtbot):
    with qtbot.waitActive(artos):
        artos.activateWindow()
    table = artos.tables["contacts"]
    artos.focus_field("contacts.0")
    table.table.setFocus()
    qtbot.keyClick(table.table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is table.table.cellWidget(0, table.column_of("tier"))
