"""The Warlords of Kruhl editor as a user works it: live dice, conditions, undo,
findings that lead to their field, and the odds panel against rules.dice."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QWidget,
)

from desktop import systems
from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.files import load_character
from desktop.systems.kruhl.editor.editor import EDITOR, KruhlEditor
from desktop.systems.kruhl.editor.skills_table import (
    ATTRIBUTE,
    DEFENSE,
    EQUIPMENT,
    LEVEL,
    POWER,
    ROLL,
)
from desktop.systems.kruhl.rules.character import new_character
from desktop.systems.kruhl.rules.derived import derive
from desktop.systems.kruhl.rules.dice import Roll, gm_roll, odds, roll
from desktop.ui.check_panel import result_html
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "kruhl" / "characters"
HTH = "Hand-to-hand Combat"


def make(qtbot, character, size=(1280, 720)) -> KruhlEditor:
    editor = KruhlEditor(CharacterDocument(character))
    qtbot.addWidget(editor)
    editor.resize(*size)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


@pytest.fixture
def soraya(qtbot) -> KruhlEditor:
    return make(qtbot, load_character(EXAMPLES / "soraya.sheetdesk"))


def label(editor: KruhlEditor, name: str) -> str:
    return child(editor.form, QLabel, name).text()


def spin(editor: KruhlEditor, name: str) -> QSpinBox:
    return child(editor.form, QSpinBox, name)


def cell(editor: KruhlEditor, skill: str, col: int) -> str:
    return editor.skills.cell(skill, col).text()


# ------------------------------------------------------------------ showing a character

@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.sheetdesk")), ids=lambda p: p.stem)
def test_each_example_opens_with_its_live_dice(qtbot, path):
    character = load_character(path)
    editor = make(qtbot, character)
    derived = derive(character)
    assert child(editor.form, QLineEdit, "nameEdit").text() == character.name
    assert spin(editor, "agilitySpin").value() == character.attributes.agility
    for name in editor.skills.names:
        rolls = {r.kind: r.text for r in derived.skills[name].rolls}
        shown = {cell(editor, name, ROLL), cell(editor, name, DEFENSE)} - {""}
        assert shown == set(rolls.values()), name
    assert label(editor, "initiativeValue") == derived.initiative.roll("skill").text
    customs = editor.tables["custom_skills"].table
    assert customs.rowCount() == len(character.custom_skills)
    for row, skill in enumerate(character.custom_skills):
        assert customs.item(row, 4).text() == derived.skills[skill.name].rolls[0].text
    assert editor.tables["equipment"].table.rowCount() == len(character.equipment)
    assert child(editor.form, QListWidget, "findingsList").count() >= 1


def test_soraya_reads_as_in_the_chapter(soraya):
    assert cell(soraya, HTH, ROLL) == "2d6 (re-roll 1s and 2s) + 6"  # Brawn 4 + sabres 2
    # Her sabres are weapons: they add to her attacks, not to her defense (Opposed
    # Tasks: "the rating of their relevant equipment").
    assert cell(soraya, HTH, DEFENSE) == "2d6 (re-roll 1s and 2s) + 4"
    assert cell(soraya, HTH, EQUIPMENT) == "+2"
    assert cell(soraya, "Ranged Combat", ROLL) == "2d6 + 7"
    assert cell(soraya, "Lockpicking", ROLL) == "1d6 + 6"
    assert label(soraya, "initiativeValue") == "2d6 + 3"
    assert label(soraya, "enduranceValue") == "8 of 8"


def test_the_registry_names_this_editor():
    assert systems.get("kruhl").part("editor").EDITOR is EDITOR is KruhlEditor


# ------------------------------------------------------------------ edits and undo

def test_typing_a_score_updates_the_dice_and_undo_restores_them(soraya, qtbot):
    brawn = spin(soraya, "brawnSpin")
    brawn.selectAll()
    qtbot.keyClicks(brawn, "5")
    assert soraya.document.character.attributes.brawn == 5
    assert cell(soraya, HTH, ROLL) == "2d6 (re-roll 1s and 2s) + 7"
    assert cell(soraya, HTH, ATTRIBUTE) == "Brawn 5"
    soraya.document.undo_stack.undo()
    assert brawn.value() == 4
    assert cell(soraya, HTH, ROLL) == "2d6 (re-roll 1s and 2s) + 6"
    soraya.document.undo_stack.redo()
    assert brawn.value() == 5
    assert cell(soraya, HTH, DEFENSE) == "2d6 (re-roll 1s and 2s) + 5"


def test_a_level_box_changes_the_dice(soraya):
    box = soraya.skills.levels[soraya.skills.names.index("Lockpicking")]
    box.setCurrentIndex(box.findData("expertise"))
    assert soraya.document.character.skills["Lockpicking"] == "expertise"
    assert cell(soraya, "Lockpicking", ROLL) == "2d6 (re-roll 1s and 2s) + 6"
    box.setCurrentIndex(box.findData("none"))
    assert "Lockpicking" not in soraya.document.character.skills  # unskilled: no entry
    assert cell(soraya, "Lockpicking", ROLL) == "1d6 + 6"
    soraya.document.undo_stack.undo()
    assert box.currentData() == "expertise"
    assert cell(soraya, "Lockpicking", ROLL) == "2d6 (re-roll 1s and 2s) + 6"


def test_power_level_tick_adds_once(soraya):
    item = soraya.skills.cell("Athletics", POWER)
    item.setCheckState(Qt.CheckState.Checked)
    assert soraya.document.character.power_level_skills == ["Athletics"]
    assert cell(soraya, "Athletics", ROLL) == "2d6 + 8"  # Agility 6 + rope 1 + PL 1
    spin(soraya, "powerLevelSpin").setValue(3)
    assert cell(soraya, "Athletics", ROLL) == "2d6 + 10"
    soraya.document.undo_stack.undo()
    soraya.document.undo_stack.undo()
    assert soraya.skills.cell("Athletics", POWER).checkState() == Qt.CheckState.Unchecked
    assert cell(soraya, "Athletics", ROLL) == "2d6 + 7"


def test_space_ticks_power_level_from_the_keyboard(soraya, qtbot):
    with qtbot.waitActive(soraya):
        soraya.activateWindow()
    assert soraya.focus_field("skills.Athletics")
    table = soraya.skills.table
    table.setFocus()
    table.setCurrentCell(soraya.skills.names.index("Athletics"), POWER)
    qtbot.keyClick(table, Qt.Key.Key_Space)
    assert soraya.document.character.power_level_skills == ["Athletics"]
    assert cell(soraya, "Athletics", ROLL) == "2d6 + 8"


def test_typing_a_name_is_one_undo_step(soraya, qtbot):
    name = child(soraya.form, QLineEdit, "nameEdit")
    name.selectAll()
    qtbot.keyClicks(name, "Sora")
    assert soraya.document.character.name == "Sora"
    assert soraya.document.undo_stack.count() == 1
    soraya.document.undo_stack.undo()
    assert name.text() == "Soraya"


def test_current_endurance_and_stunning_damage(soraya):
    spin(soraya, "currentEnduranceSpin").setValue(5)
    spin(soraya, "stunSpin").setValue(2)
    assert soraya.document.character.tracking.endurance == 5
    assert label(soraya, "enduranceValue") == "3 of 8 (2 stunning)"
    spin(soraya, "currentEnduranceSpin").setValue(8)
    assert soraya.document.character.tracking.endurance is None  # at the maximum
    spin(soraya, "stunSpin").setValue(8)
    assert label(soraya, "enduranceValue") == "0 of 8 (8 stunning) · defeated"


# ------------------------------------------------------------------ conditions

def test_conditions_change_the_dice_shown(soraya):
    prone = soraya.conditions["prone"]
    assert "hand-to-hand" in prone.toolTip()
    prone.setChecked(True)
    assert soraya.document.character.conditions == ["prone"]
    assert cell(soraya, HTH, ROLL) == "2d6 (re-roll 1s and 2s) + 6"  # attacks unchanged
    assert cell(soraya, HTH, DEFENSE) == "1d6 (re-roll 1s and 2s) + 4"
    assert cell(soraya, "Ranged Combat", DEFENSE) == "3d6 + 6"
    assert "Prone: penalty die" in soraya.skills.cell(HTH, DEFENSE).toolTip()
    assert "hand-to-hand defense: 1 penalty die" in label(soraya, "conditionsSummary")
    soraya.conditions["sprinting"].setChecked(True)
    assert cell(soraya, "Athletics", ROLL) == "fails"
    assert cell(soraya, HTH, ROLL) == "fails"
    soraya.document.undo_stack.undo()
    soraya.document.undo_stack.undo()
    assert not prone.isChecked()
    assert cell(soraya, HTH, DEFENSE) == "2d6 (re-roll 1s and 2s) + 4"
    assert label(soraya, "conditionsSummary").startswith("No conditions")


def test_two_penalties_below_zero_give_the_opponent_bonus_dice(soraya):
    for condition in ("grappled", "exhausted", "sleepless"):
        soraya.conditions[condition].setChecked(True)
    assert cell(soraya, "Lockpicking", ROLL) == "no dice, 6; opponent +2 bonus"


# ------------------------------------------------------------------ lists

def test_custom_skills_are_added_and_removed(soraya, qtbot, monkeypatch):
    from desktop.systems.kruhl.editor import add_lists

    def blank(parent):  # the list's blank line, as a user picks it
        chooser = add_lists.custom_skill_chooser(parent)
        chooser.choose("Blank skill")
        chooser.exec = lambda: add_lists.CatalogChooser.DialogCode.Accepted
        return chooser

    monkeypatch.setitem(add_lists.CHOOSERS, "custom_skills", blank)
    qtbot.mouseClick(child(soraya.form, QPushButton, "addCustomSkillButton"),
                     Qt.MouseButton.LeftButton)
    table = soraya.tables["custom_skills"].table
    assert [s.name for s in soraya.document.character.custom_skills] == ["New skill"]
    assert table.item(0, 4).text() == "2d6 + 3"  # Reason 3, skilled
    level = table.cellWidget(0, 2)
    level.setCurrentIndex(level.findData("expertise"))
    assert table.item(0, 4).text() == "2d6 (re-roll 1s and 2s) + 3"
    table.item(0, 0).setText("Sailing")
    assert soraya.document.character.custom_skills[0].name == "Sailing"
    assert soraya.check_panel.skill_combo.findData("Sailing") >= 0
    table.selectRow(0)
    qtbot.mouseClick(child(soraya.form, QPushButton, "removeCustomSkillButton"),
                     Qt.MouseButton.LeftButton)
    assert soraya.document.character.custom_skills == []
    soraya.document.undo_stack.undo()
    assert table.rowCount() == 1


def test_ticking_a_skill_an_item_helps(soraya):
    equipment = soraya.tables["equipment"]
    equipment.table.selectRow(2)  # climbing rope and hooks, rating 1
    helps = child(soraya.form, QListWidget, "helpsList")
    ticked = [helps.item(i).text() for i in range(helps.count())
              if helps.item(i).checkState() == Qt.CheckState.Checked]
    assert ticked == ["Athletics"]
    lockpicking = helps.findItems("Lockpicking", Qt.MatchFlag.MatchExactly)[0]
    lockpicking.setCheckState(Qt.CheckState.Checked)
    assert soraya.document.character.equipment[2].skills == ["Athletics", "Lockpicking"]
    assert cell(soraya, "Lockpicking", ROLL) == "1d6 + 7"
    rating = equipment.table.cellWidget(2, 1)
    rating.setCurrentIndex(rating.findData(3))
    assert cell(soraya, "Lockpicking", ROLL) == "1d6 + 9"
    soraya.document.undo_stack.undo()
    soraya.document.undo_stack.undo()
    assert cell(soraya, "Lockpicking", ROLL) == "1d6 + 6"
    assert lockpicking.checkState() == Qt.CheckState.Unchecked


def test_a_piece_of_equipment_is_set_to_help_defense_too(soraya):
    equipment = soraya.tables["equipment"]
    column = [c.field for c in equipment.columns].index("use")
    assert equipment.table.horizontalHeaderItem(column).text() == "Used for"
    sabres = equipment.table.cellWidget(0, column)  # Twin sabres, rating 2, a weapon
    assert sabres.currentText() == "Attacks"

    def rolls() -> list[str]:
        return [r.text for r in soraya.document.derived.skills["Hand-to-hand Combat"].rolls]

    assert rolls() == ["2d6 (re-roll 1s and 2s) + 6", "2d6 (re-roll 1s and 2s) + 4"]
    sabres.setCurrentIndex(sabres.findData("both"))  # as the player picks it
    assert soraya.document.character.equipment[0].use == "both"
    assert rolls() == ["2d6 (re-roll 1s and 2s) + 6", "2d6 (re-roll 1s and 2s) + 6"]
    soraya.document.undo_stack.undo()
    assert soraya.document.character.equipment[0].use == "attack"
    assert equipment.table.cellWidget(0, column).currentText() == "Attacks"


# ------------------------------------------------------------------ findings

def test_choosing_a_finding_focuses_its_field(soraya, qtbot):
    with qtbot.waitActive(soraya):
        soraya.activateWindow()
    spin(soraya, "currentEnduranceSpin").setValue(10)  # above the maximum 8
    view = child(soraya.form, QListWidget, "findingsList")
    rows = [view.item(i) for i in range(view.count())]
    target = next(r for r in rows if "above the maximum" in r.text())
    assert "Warlords of Kruhl, Actions, Endurance And Recovery" in target.text()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualItemRect(target).center())
    assert spin(soraya, "currentEnduranceSpin").hasFocus()


def test_a_finding_on_a_list_selects_its_row(soraya):
    soraya.document.apply("twin", lambda c: c.equipment[1].skills.append("Sailing"))
    tabs = child(soraya.form, QTabWidget, "detailTabs")
    assert soraya.focus_field("equipment.1.skills")
    assert tabs.currentWidget().objectName() == "equipmentTab"
    assert soraya.tables["equipment"].selected_row() == 1
    helps = child(soraya.form, QListWidget, "helpsList")
    assert helps.findItems("Sailing", Qt.MatchFlag.MatchExactly)  # shown to be unticked
    assert soraya.focus_field("skills.Perception")
    assert tabs.currentWidget().objectName() == "skillsTab"
    assert soraya.skills.table.currentRow() == soraya.skills.names.index("Perception")
    assert soraya.focus_field("plot_points")
    assert soraya.focus_field("conditions")


# ------------------------------------------------------------------ the odds panel

def test_odds_match_rules_dice_unopposed(soraya):
    panel = soraya.check_panel
    panel.choose(HTH, "attack_hth")
    panel.target.setCurrentIndex(panel.target.findData(9))
    expected = odds(Roll(2, True, 0, 0, 6), gm_roll(9)).p_success
    assert label(soraya, "oddsValue") == percent(expected)
    assert label(soraya, "oddsDetail").startswith("Hand-to-hand attack vs DV 9\n")
    assert not panel.penetrating.isEnabled()


def test_odds_match_rules_dice_opposed_with_conditions(soraya):
    panel = soraya.check_panel
    panel.choose(HTH, "defense_hth")
    panel.target.setCurrentIndex(panel.target.findData(-1))
    panel.opponent_add.setValue(7)
    panel.opponent_dice.setCurrentIndex(panel.opponent_dice.findData("expertise"))
    panel.opponent_extra.setValue(1)
    assert not panel.penetrating.isEnabled()  # only the attacker's attack penetrates
    theirs = Roll(2, True, 1, 0, 7)
    # Brawn 4, her sabres (a weapon) not added to her defense.
    assert label(soraya, "oddsValue") == percent(odds(Roll(2, True, 0, 0, 4), theirs).p_success)
    soraya.conditions["prone"].setChecked(True)  # penalty die defending hand-to-hand
    assert label(soraya, "oddsValue") == percent(odds(Roll(2, True, 0, 1, 4), theirs).p_success)
    assert "Prone" in label(soraya, "oddsDetail")
    panel.choose(HTH, "attack_hth")
    panel.penetrating.setChecked(True)
    panel.extra.setValue(1)  # a plot point's bonus die
    expected = odds(Roll(2, True, 1, 0, 6), theirs, penetrating=True).p_success
    assert label(soraya, "oddsValue") == percent(expected)


def test_a_roll_that_fails_cannot_be_rolled(soraya):
    soraya.conditions["helpless"].setChecked(True)
    soraya.check_panel.choose("Athletics")
    assert label(soraya, "oddsValue") == "0 %"
    # The panel starts at DV 3: "In most cases ... the GM has deemed that task
    # 'moderately difficult'. Moderately difficult tasks have a difficulty value of 3".
    assert label(soraya, "oddsDetail").startswith("Athletics roll vs DV 3")
    assert not child(soraya.form, QPushButton, "rollButton").isEnabled()


def test_the_roll_is_seeded(soraya):
    panel = soraya.check_panel
    panel.choose("Ranged Combat", "attack_ranged")
    panel.roller = Roller(seed=7)
    text = panel.roll()
    result = roll(Roll(2, False, 0, 0, 7), gm_roll(6), Roller(seed=7))
    assert f"= {result.actor_total} vs" in text
    assert text.endswith("success" if result.success else "failure")
    assert label(soraya, "rollResult") == result_html(text)


def test_the_panel_follows_edits(soraya):
    # The panel starts at DV 3, the "moderately difficult" task of most rolls.
    panel = soraya.check_panel
    panel.choose(HTH, "attack_hth")
    spin(soraya, "brawnSpin").setValue(8)
    assert label(soraya, "oddsValue") == percent(odds(Roll(2, True, 0, 0, 10),
                                                      gm_roll(3)).p_success)


# ------------------------------------------------------------------ fit and keyboard

@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_fits_without_sideways_scrolling(qtbot, size):
    editor = make(qtbot, load_character(EXAMPLES / "virek-kohl.sheetdesk"), size)
    scroll = child(editor.form, QScrollArea, "sheetScroll")
    tabs = child(editor.form, QTabWidget, "detailTabs")
    side = child(editor.form, QWidget, "sidePanel")
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        qtbot.wait(1)
        assert not scroll.horizontalScrollBar().isVisible(), tabs.tabText(index)
    assert side.geometry().right() <= editor.width()
    assert side.width() >= side.minimumWidth()
    for name in ("rollButton", "oddsDetail"):
        widget = child(editor.form, QWidget, name)
        assert widget.mapTo(editor, widget.rect().bottomRight()).y() <= editor.height()
    table = editor.skills.table
    assert table.height() >= table.rowCount() * table.rowHeight(0)  # all rows shown


def test_tab_walks_the_sheet_in_reading_order(soraya, qtbot):
    with qtbot.waitActive(soraya):
        soraya.activateWindow()
    order = ["nameEdit", "playerEdit", "conceptEdit", "agilitySpin", "brawnSpin",
             "reasonSpin", "presenceSpin", "enduranceSpin", "powerLevelSpin",
             "currentEnduranceSpin", "stunSpin", "plotPointsSpin", "rabbleCheck",
             "qt_tabwidget_tabbar", "skillsTable",
             *(f"skillLevel{row}" for row in range(len(soraya.skills.names))),
             "customSkillsTable", "addCustomSkillButton", "saveCustomSkillsToMyListButton",
             "removeCustomSkillButton",
             "checkSkillCombo", "checkKindCombo", "checkExtraSpin", "checkTargetCombo",
             "rollButton", "findingsList", "nameEdit"]
    child(soraya.form, QLineEdit, "nameEdit").setFocus()
    for name in order[1:]:  # the tables are one stop each, not one per cell
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        assert QApplication.focusWidget().objectName() == name


def test_the_level_boxes_follow_the_skills_table(soraya, qtbot):
    with qtbot.waitActive(soraya):
        soraya.activateWindow()
    soraya.skills.table.setFocus()
    qtbot.keyClick(soraya.skills.table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is soraya.skills.levels[0]
    assert soraya.focus_field("skills.Culture")
    assert QApplication.focusWidget() is soraya.skills.levels[soraya.skills.names.index(
        "Culture")]


def test_every_label_has_a_buddy_or_shows_a_value(soraya):
    for name in ("nameLabel", "agilityLabel", "plotPointsLabel", "checkSkillLabel"):
        assert child(soraya.form, QLabel, name).buddy() is not None, name


def test_a_blank_character_is_fully_editable(qtbot):
    editor = make(qtbot, new_character("Issvisk"))
    spin(editor, "brawnSpin").setValue(5)
    box = editor.skills.levels[editor.skills.names.index(HTH)]
    box.setCurrentIndex(box.findData("skill"))
    assert cell(editor, HTH, ROLL) == "2d6 + 5"
    assert editor.skills.cell(HTH, LEVEL) is None  # the level is a box, not text
    child(editor.form, QCheckBox, "rabbleCheck").setChecked(True)
    assert editor.document.character.rabble
    spin(editor, "plotPointsSpin").setValue(0)
    assert any(f.field == "plot_points" for f in editor.document.derived.findings)


def test_power_level_on_an_unknown_skill_can_be_dropped(soraya):
    box = child(soraya.form, QWidget, "unknownPowerBox")
    assert box.isHidden()
    soraya.document.apply("pl", lambda c: c.power_level_skills.append("Sailing"))
    assert not box.isHidden()
    assert "Sailing" in label(soraya, "unknownPowerLabel")
    assert soraya.focus_field("power_level_skills")
    assert child(soraya.form, QTabWidget, "detailTabs").currentWidget().objectName() == (
        "skillsTab")
    soraya.drop_power_button.click()
    assert soraya.document.character.power_level_skills == []
    assert box.isHidden()
    assert not any(f.field == "power_level_skills" for f in soraya.document.derived.findings)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.sheetdesk")), ids=lambda p: p.stem)
def test_each_example_opens_in_the_main_window_at_1280x720(qtbot, path, tmp_path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    prompts = ScriptedPrompts()
    window = MainWindow(prompts=prompts)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    editor = window.open_path(copy)
    assert isinstance(editor, KruhlEditor), prompts.warnings
    assert prompts.warnings == []
    qtbot.wait(1)
    scroll = child(editor.form, QScrollArea, "sheetScroll")
    assert not scroll.horizontalScrollBar().isVisible()
    roll_button = child(editor.form, QPushButton, "rollButton")
    assert roll_button.mapTo(editor, roll_button.rect().bottomLeft()).y() <= editor.height()
    editor.document.undo_stack.clear()
    window.close()


def test_mnemonics_reach_fields_and_pages(soraya, qtbot):
    with qtbot.waitActive(soraya):
        soraya.activateWindow()
    child(soraya.form, QLineEdit, "nameEdit").setFocus()
    alt = Qt.KeyboardModifier.AltModifier
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_G, alt)
    assert QApplication.focusWidget() is spin(soraya, "agilitySpin")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_M, alt)
    assert QApplication.focusWidget() is spin(soraya, "stunSpin")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_L, alt)
    assert QApplication.focusWidget() is soraya.check_panel.skill_combo
    tabs = child(soraya.form, QTabWidget, "detailTabs")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_I, alt)
    assert tabs.currentWidget().objectName() == "conditionsTab"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Q, alt)
    assert tabs.currentWidget().objectName() == "equipmentTab"
