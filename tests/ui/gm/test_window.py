"""The GM screen as a GM drives it: the POW! Sample of Gameplay from the keyboard."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QAbstractItemModelTester, QTest
from PySide6.QtWidgets import QFrame

from desktop.systems.encounters import load_encounter, save_encounter
from desktop.systems.files import load_character
from desktop.ui.gm.combatant_table import KEY_ROLE
from desktop.ui.gm.window import GmWindow
from desktop.ui.prompts import Unsaved
from tests.ui.gm.conftest import SAMPLE_TOTALS, open_gm, sample_fight

LIZARDS = ["Lizard-man 1", "Lizard-man 2", "Lizard-man 3"]


def start_sample(gm: GmWindow, party, prompts) -> None:
    sample_fight(gm, party, prompts)
    gm.turn_bar.totals.setText(SAMPLE_TOTALS)
    gm.turn_bar.start_button.click()


def damage(gm: GmWindow, key: str, points: int) -> None:
    assert gm.select(key)
    gm.action_panel.set_value("damage", "points", points)
    gm.action_panel.buttons["damage"].click()


def test_opens_on_an_empty_encounter(gm) -> None:
    assert gm.windowTitle().startswith("GM Screen — Lizard-men at the ford")
    assert "POW! Core Rules" in gm.windowTitle()
    assert gm.width() <= 800 and gm.height() <= 600
    assert not gm.turn_bar.start_button.isEnabled()
    assert not gm.menus.next_action.isEnabled()
    assert gm.action_panel.title.text() == "Select a combatant"
    assert gm.model.rowCount() == 0


def test_adding_a_group_shows_its_members_under_it(gm, gm_prompts, party) -> None:
    sample_fight(gm, party, gm_prompts)
    model = gm.model
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == [
        "Electrobabe", "Sparky", "Cutter", "Lizard-men"]
    group = model.index(3, 0)
    assert [model.index(r, 0, group).data(KEY_ROLE) for r in range(model.rowCount(group))] == (
        LIZARDS)
    assert gm.encounter.fighters["Sparky"].path == str(party["sparky"].resolve())
    assert gm.encounter.fighters["Lizard-man 2"].origin == "catalog"
    assert gm.log_view.texts()[-1] == ("Setup: Lizard-men join the fight (Lizard-man 1, "
                                       "Lizard-man 2, Lizard-man 3)")
    assert gm.turn_bar.start_button.isEnabled()


def test_a_quick_generic_combatant(gm) -> None:
    assert gm.add_panel.select_source("generic")
    gm.add_panel.name.setText("Thug")
    gm.add_panel.count.setValue(2)
    QTest.keyClick(gm.add_panel.name, Qt.Key.Key_Return)
    assert list(gm.encounter.fighters) == ["Thug 1", "Thug 2"]
    assert gm.encounter.fighters["Thug 1"].origin == "quick"
    assert gm.encounter.character("Thug 2").attributes.agility == 1


def test_the_sample_of_gameplay_from_the_keyboard(gm, gm_prompts, party) -> None:
    start_sample(gm, party, gm_prompts)
    assert gm.encounter.turn.actors == tuple(LIZARDS)
    assert gm.roster.selected_key() == "Lizard-man 1", "the acting combatant is selected"
    assert gm.turn_bar.label.full_text().startswith("Frame 1 · Lizard-men")
    assert gm.model.data(gm.model.index_of("Lizard-man 1"), Qt.ItemDataRole.DisplayRole) == (
        "▶ Lizard-man 1")
    assert "Initiative: Lizard-men 13 (given); Sparky 12 (given); Cutter 11 (given); " \
           "Electrobabe 7 (given)" in gm.log_view.texts()[-2]

    damage(gm, "Electrobabe", 5)
    assert gm.log_view.texts()[-1] == "Frame 1: Electrobabe: 5 damage: pool 9→4"
    assert gm.statusBar().currentMessage() == "Electrobabe: 5 damage: pool 9→4"

    gm.roster.view.setFocus()
    QTest.keyClick(gm, Qt.Key.Key_N)
    assert gm.encounter.turn.actors == ("Sparky",)
    assert gm.roster.selected_key() == "Sparky"
    QTest.keyClick(gm, Qt.Key.Key_Space)
    assert gm.encounter.turn.actors == ("Cutter",)
    QTest.keyClick(gm, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert gm.encounter.turn.actors == ("Electrobabe",)

    damage(gm, "Lizard-man 1", 19)
    assert gm.log_view.texts()[-1].endswith("Stat Save due: 1d6 ≤ 3 keeps Damage at 0, "
                                            "else Damage -7")
    prompts = gm.action_panel.findChild(QFrame, "prompts")
    assert prompts is not None and prompts.isVisible()
    assert next(iter(gm.action_panel.buttons)) == "save:damage", "the Stat Save comes first"
    gm.action_panel.set_value("save:damage", "die", 4)
    gm.action_panel.buttons["save:damage"].click()
    assert gm.log_view.texts()[-1] == ("Frame 1: Lizard-man 1: Stat Save 4 > 3: Damage 3→-7 "
                                       "(down: no more actions)")
    line = gm.model.line(gm.model.index_of("Lizard-man 1"))
    assert line is not None and line.out
    assert gm.model.data(gm.model.index_of("Lizard-man 1"),
                         Qt.ItemDataRole.ForegroundRole) is not None, "out: greyed"


def test_undo_and_redo_every_operation(gm, gm_prompts, party) -> None:
    start_sample(gm, party, gm_prompts)
    damage(gm, "Electrobabe", 5)
    lines = gm.log_view.texts()
    assert gm.isWindowModified()
    gm.roster.view.setFocus()
    QTest.keyClick(gm, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert gm.log_view.texts() == lines[:-1]
    assert gm.encounter.character("Electrobabe").tracking.pools == {}
    QTest.keyClick(gm, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert gm.log_view.texts() == lines
    gm.menus.undo_action.trigger()  # damage
    gm.menus.undo_action.trigger()  # the start
    assert not gm.encounter.started
    assert gm.turn_bar.start_button.isVisible() and not gm.turn_bar.next_button.isVisible()
    assert gm.log_view.texts()[-1].startswith("Setup: Lizard-men join")


def test_a_refused_action_is_a_status_message(gm, gm_prompts, party) -> None:
    start_sample(gm, party, gm_prompts)
    before = gm.encounter
    gm.select("Sparky")
    assert not gm.action_panel.buttons["act"].isEnabled()
    assert "before its turn" in gm.action_panel.buttons["act"].toolTip()
    gm.perform("Sparky", "act", {"what": "bite", "count": 1}, "Act")
    assert gm.encounter is before
    assert gm.statusBar().currentMessage() == (
        "Act: Sparky: Sparky cannot act before its turn; it may only react")
    gm.perform("Sparky", "spend", {"stat": "energy", "points": 99}, "Spend pool")
    assert "Energy pool holds 9, not 99" in gm.statusBar().currentMessage()
    assert gm.session.undo_stack.count() == 3  # the adds and the start only


def test_start_with_a_mistyped_total_says_so(gm, gm_prompts, party) -> None:
    sample_fight(gm, party, gm_prompts)
    gm.turn_bar.totals.setText("Sparky twelve")
    gm.turn_bar.start_button.click()
    assert not gm.encounter.started
    assert "write a name and a total" in gm.statusBar().currentMessage()
    gm.turn_bar.totals.setText("Sparky 12, Nobody 3")
    gm.menus.start_action.trigger()
    assert not gm.encounter.started
    assert "Nobody" in gm.statusBar().currentMessage()


def test_conditions_and_timers(gm, gm_prompts, party) -> None:
    start_sample(gm, party, gm_prompts)
    gm.next_turn()  # Sparky's turn
    gm.select("Lizard-man 1")
    panel = gm.action_panel
    panel.condition_text.setText("Stunned")
    panel.condition_rounds.setValue(1)
    QTest.keyClick(panel.condition_text, Qt.Key.Key_Return)
    assert gm.log_view.texts()[-1] == ("Frame 1: Lizard-man 1: Stunned for 1 frame (ends on "
                                       "Sparky's turn)")
    assert panel.condition_list.item(0).text() == "Stunned (1 frame left)"
    line = gm.model.line(gm.model.index_of("Lizard-man 1"))
    assert line is not None and line.conditions == "Stunned (1 frame left)"
    panel.condition_text.setText("Blinded")
    panel.condition_rounds.setValue(0)
    panel.condition_add.click()
    assert panel.condition_list.item(1).text() == "Blinded"
    panel.condition_list.setCurrentRow(1)
    panel.condition_end.click()
    assert gm.log_view.texts()[-1] == "Frame 1: Lizard-man 1: Blinded ends"
    for _ in range(4):  # Cutter, Electrobabe, frame 2 Lizard-men, Sparky
        gm.next_turn()
    assert "Frame 2: Lizard-man 1: Stunned ends (Sparky's turn)" in gm.log_view.texts()
    gm.select("Lizard-man 1")
    assert panel.condition_list.count() == 0


def test_save_and_reopen_the_encounter(gm, gm_prompts, party, tmp_path, qtbot) -> None:
    start_sample(gm, party, gm_prompts)
    damage(gm, "Electrobabe", 5)
    gm.add_condition("Lizard-man 3", "Fleeing", None)
    target = tmp_path / "ford"
    gm_prompts.paths = [target]
    gm.menus.save_action.trigger()
    saved = tmp_path / "ford.encounter"
    assert saved.exists() and not gm.isWindowModified()
    assert gm.session.path == saved
    assert gm.files.recent()[0] == saved.resolve()
    lines = gm.log_view.texts()

    other = open_gm(qtbot, gm_prompts)
    try:
        gm_prompts.paths = [saved]
        assert other.files.open_dialog()
        assert other.log_view.texts() == lines
        assert other.encounter.turn.actors == tuple(LIZARDS)
        assert other.encounter.conditions_of("Lizard-man 3")[0].text == "Fleeing"
        assert not other.isWindowModified()
        other.next_turn()
        assert other.isWindowModified()
        other.menus.save_action.trigger()  # to the same file, no question asked
        assert load_encounter(saved).turn.actors == ("Sparky",)
    finally:
        other.close()
        other.deleteLater()


def test_a_broken_encounter_file_is_reported(gm, gm_prompts, tmp_path) -> None:
    broken = tmp_path / "broken.encounter"
    broken.write_text('{"format": "sheetdesk.encounter", "version": 1, "system": "pow"',
                      encoding="utf-8")
    before = gm.encounter
    assert not gm.files.open_path(broken)
    assert gm.encounter is before
    (title, text), = gm_prompts.warnings
    assert title == "Cannot open encounter"
    assert text.startswith(f"{broken}: ") and "\n" not in text
    assert broken.read_text(encoding="utf-8").endswith('"pow"'), "left as it is"


def test_an_encounter_that_no_longer_replays_is_reported(gm, gm_prompts, tmp_path,
                                                         party) -> None:
    sample_fight(gm, party, gm_prompts)
    path = tmp_path / "ford.encounter"
    save_encounter(path, gm.encounter)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["operations"].append({"op": "perform", "key": "Nobody", "action": "damage",
                               "values": {"points": 1}})
    path.write_text(json.dumps(data), encoding="utf-8")
    assert not gm.files.open_path(path)
    assert "cannot replay the fight: step 5 (perform): no combatant called 'Nobody'" in (
        gm_prompts.warnings[0][1])


def test_unsaved_changes_are_asked_about_on_close(qtbot, gm_prompts, party) -> None:
    window = open_gm(qtbot, gm_prompts)
    sample_fight(window, party, gm_prompts)
    gm_prompts.unsaved_answers = [Unsaved.CANCEL]
    assert not window.close()
    assert window.isVisible()
    assert gm_prompts.unsaved_asked == ["Lizard-men at the ford"]
    gm_prompts.unsaved_answers = [Unsaved.DISCARD]
    assert window.close()
    window.deleteLater()


def test_write_back_to_the_character_file(gm, gm_prompts, party) -> None:
    start_sample(gm, party, gm_prompts)
    damage(gm, "Electrobabe", 5)
    gm.select("Lizard-man 1")
    assert not gm.action_panel.write_back_button.isEnabled()
    assert not gm.menus.write_back_action.isEnabled()
    gm.select("Electrobabe")
    assert gm.action_panel.write_back_button.isEnabled()
    gm.action_panel.write_back_button.click()
    saved = load_character(party["electrobabe"])
    assert saved.tracking.pools == {"damage": 4}
    assert saved.name == "Electrobabe"
    assert party["electrobabe"].with_name("electrobabe.sheetdesk.bak").exists()
    assert gm.log_view.texts()[-1] == (
        f"Frame 1: Electrobabe written back to {party['electrobabe'].resolve()}")


def test_a_file_that_cannot_be_written_back_is_reported(gm, gm_prompts, party) -> None:
    sample_fight(gm, party, gm_prompts)
    party["sparky"].unlink()
    party["sparky"].mkdir()  # a folder where the file was
    gm.select("Sparky")
    assert not gm.sources.write_back("Sparky")
    assert gm_prompts.warnings and gm_prompts.warnings[0][0] == "Cannot write back"


def test_adding_a_broken_character_file_is_reported(gm, gm_prompts, tmp_path) -> None:
    broken = tmp_path / "broken.sheetdesk"
    broken.write_text("{ nope", encoding="utf-8")
    gm_prompts.character_files = [broken]
    assert not gm.add_files()
    assert gm_prompts.warnings == [("Cannot add character",
                                    f"{broken}: line 1: not JSON: Expecting property name "
                                    "enclosed in double quotes")]
    assert not gm.encounter.fighters


def test_dice_roller_shows_odds_before_rolling(gm) -> None:
    dice = gm.dice
    gm.keyboard.focus_dice()
    dice.editors["stat"].set_value(3)
    dice.editors["difficulty"].set_value(12)
    expected = gm.encounter.rules.check_odds(dice.check_values())
    assert dice.check_chance.text() == expected.chance
    assert dice.check_detail.text().startswith("Stat 3 vs Difficulty 12")
    dice.check_button.click()
    assert gm.log_view.texts()[-1].startswith(f"Setup: {expected.setup} ({expected.chance}): ")
    assert dice.result.text() == gm.encounter.log[-1].text

    dice.expression.setText("2d6+3")
    dice.target.setValue(12)
    assert dice.expression_odds.text() == "2d6+3: 5 to 15, mean 10 · P(≥ 12) = 27.8 %"
    QTest.keyClick(dice.expression, Qt.Key.Key_Return)
    assert gm.log_view.texts()[-1].startswith("Setup: Roll 2d6+3 = [")
    dice.expression.setText("2d6 + banana")
    assert not dice.roll_button.isEnabled()
    assert "cannot read" in dice.expression_odds.text()


def test_rolls_repeat_with_the_encounter_seed(qtbot, gm_prompts) -> None:
    results = []
    for _ in range(2):
        window = open_gm(qtbot, gm_prompts)
        window.roll_expression("3d6")
        window.roll_check({"stat": 2, "difficulty": 10, "doubles": True, "triples": False,
                           "criticals": False})
        results.append(window.log_view.texts())
        window.close()
        window.deleteLater()
    assert results[0] == results[1]


def test_the_reference_panel_filters_the_charts(gm) -> None:
    gm.keyboard.focus_reference()
    everything = gm.reference.visible_lines()
    assert any(line.startswith("Combat: Step 1") for line in everything)
    QTest.keyClicks(gm.reference.filter, "dodg")
    shown = gm.reference.visible_lines()
    assert shown and all("dodg" in line.lower() for line in shown)
    assert len(shown) < len(everything)
    gm.reference.filter.setText("no such rule anywhere")
    assert gm.reference.visible_lines() == []
    assert "Nothing in the charts matches" in gm.reference.view.toPlainText()


def test_the_log_filter(gm, gm_prompts, party) -> None:
    start_sample(gm, party, gm_prompts)
    damage(gm, "Electrobabe", 5)
    gm.log_view.filter.setText("electrobabe: 5")
    assert gm.log_view.texts(visible_only=True) == ["Frame 1: Electrobabe: 5 damage: pool 9→4"]
    gm.next_turn()
    assert gm.log_view.texts(visible_only=True) == ["Frame 1: Electrobabe: 5 damage: pool 9→4"]


def test_removing_a_combatant(gm, gm_prompts, party) -> None:
    sample_fight(gm, party, gm_prompts)
    gm.select("Lizard-man 2")
    gm.roster.view.setFocus()
    QTest.keyClick(gm, Qt.Key.Key_Delete)
    assert "Lizard-man 2" not in gm.encounter.fighters
    assert gm.log_view.texts()[-1] == "Setup: Lizard-man 2 leaves the fight"


def test_a_group_line_acts_on_the_whole_group(gm, gm_prompts, party) -> None:
    sample_fight(gm, party, gm_prompts)
    gm.roster.view.setCurrentIndex(gm.model.index(3, 0))
    assert gm.roster.selected_key() is None
    assert gm.roster.selected_keys() == LIZARDS
    assert gm.action_panel.title.text() == "Lizard-men (3)"
    assert "Pick one member" in gm.action_panel.subtitle.text()
    assert gm.action_panel.keys == LIZARDS
    assert "damage" in gm.action_panel.buttons


def test_new_encounter_asks_to_save_first(gm, gm_prompts, party) -> None:
    sample_fight(gm, party, gm_prompts)
    gm_prompts.unsaved_answers = [Unsaved.CANCEL]
    assert not gm.files.new_encounter()
    assert gm.encounter.fighters
    gm_prompts.unsaved_answers = [Unsaved.DISCARD]
    assert gm.files.new_encounter()
    assert not gm.encounter.fighters and not gm.isWindowModified()
    assert gm.session.undo_stack.count() == 0


def test_rename_is_one_undo_step(gm, gm_prompts) -> None:
    gm_prompts.texts = ["The sewer ambush"]
    assert gm.files.rename()
    assert gm.windowTitle().startswith("GM Screen — The sewer ambush")
    gm.menus.undo_action.trigger()
    assert gm.encounter.name == "Lizard-men at the ford"


def test_the_roster_model_is_a_well_behaved_tree(gm, gm_prompts, party, qtbot) -> None:
    tester = QAbstractItemModelTester(
        gm.model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    start_sample(gm, party, gm_prompts)
    damage(gm, "Lizard-man 2", 8)
    gm.next_turn()
    gm.remove("Cutter")
    gm.menus.undo_action.trigger()
    assert tester is not None
    assert gm.model.keys() == [*LIZARDS, "Sparky", "Cutter", "Electrobabe"]


def test_print_writes_cards_and_a_status_sheet(gm, gm_prompts, party, tmp_path) -> None:
    from pypdf import PdfReader

    start_sample(gm, party, gm_prompts)
    gm_prompts.paths = [tmp_path / "ford"]
    assert gm.files.print_dialog()
    reader = PdfReader(tmp_path / "ford.pdf")
    # 4 cards (the group is one), each on its own page so that POW!'s key charts on the
    # back stay at 6 pt or more, then the status sheet
    assert len(reader.pages) == 5
    status = reader.pages[-1].extract_text()
    assert "initiative and status" in status.lower()
    assert "Lizard-man 3" in status and "Electrobabe" in status


def test_space_presses_a_focused_button_and_otherwise_passes_the_turn(gm, gm_prompts,
                                                                     party, qtbot) -> None:
    start_sample(gm, party, gm_prompts)
    gm.select("Sparky")
    button = gm.action_panel.buttons["damage"]
    button.setFocus()
    QTest.keyClick(button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: gm.log_view.texts()[-1] == "Frame 1: Sparky: 1 damage: pool 16→15")
    assert gm.encounter.turn.actors == tuple(LIZARDS)
    gm.roster.view.setFocus()
    QTest.keyClick(gm.roster.view, Qt.Key.Key_Space)
    assert gm.encounter.turn.actors == ("Sparky",)
    spin = gm.action_panel.editors["damage"]["points"].widget
    spin.setFocus()
    QTest.keyClick(spin, Qt.Key.Key_N)
    assert gm.encounter.turn.actors == ("Cutter",), "N in a number box still passes the turn"
    assert gm.keyboard.focus_condition() is None
    text = gm.action_panel.condition_text
    QTest.keyClicks(text, "Nn ")
    assert text.text() == "Nn " and gm.encounter.turn.actors == ("Cutter",), (
        "in a text field N and Space are letters")
    QTest.keyClick(text, Qt.Key.Key_Escape)
    assert gm.roster.view.hasFocus(), "Esc leaves the text field"


def test_a_character_of_another_game_is_not_added(gm, gm_prompts, party, tmp_path) -> None:
    from desktop.systems import SYSTEMS
    from desktop.systems.files import save_character

    other = next((s for s in SYSTEMS.values() if s.id != "pow"), None)
    if other is None:
        pytest.skip("only one game in this build")
    stranger = tmp_path / "stranger.sheetdesk"
    save_character(stranger, other.new_character("Stranger"))
    gm_prompts.character_files = [stranger, party["sparky"]]
    assert gm.add_files()
    assert list(gm.encounter.fighters) == ["Sparky"]
    (title, text), = gm_prompts.warnings
    assert title == "Cannot add character"
    assert text == (f"{stranger.resolve()}: a {other.name} character; this encounter is "
                    "POW! Core Rules v1.01")


def test_an_encounter_opened_with_a_group_shows_its_members(qtbot, gm_prompts) -> None:
    from desktop.systems.encounters import new_encounter
    from desktop.systems.pow.rules import npcs

    lizard = next(c for c in npcs.npcs() if "Lizard" in c.name)
    encounter = new_encounter("pow", "Ford", seed=2).add_group(lizard, 3, "Lizard-men")
    window = open_gm(qtbot, gm_prompts, encounter=encounter)
    try:
        roots = [window.model.index(r, 0) for r in range(window.model.rowCount())]
        assert roots and all(window.roster.view.isExpanded(i) for i in roots)
        assert window.roster.view.header().sectionSize(1) < 100, "columns fit their numbers"
    finally:
        window.close()
        window.deleteLater()


def test_typed_inputs_belong_to_their_combatant(gm, gm_prompts, party) -> None:
    sample_fight(gm, party, gm_prompts)
    assert gm.select("Sparky")
    gm.action_panel.set_value("act", "what", "bite")
    assert gm.select("Cutter")
    assert gm.action_panel.editors["act"]["what"].value() == ""
    assert gm.select("Sparky")
    assert gm.action_panel.editors["act"]["what"].value() == "bite"


def test_the_start_box_says_what_the_game_takes(qtbot, gm_prompts) -> None:
    from desktop.systems.encounters import new_encounter

    window = open_gm(qtbot, gm_prompts, encounter=new_encounter("protector", "Raid", seed=1))
    try:
        assert "Seats clockwise" in window.turn_bar.totals.placeholderText()
    finally:
        window.close()
        window.deleteLater()
