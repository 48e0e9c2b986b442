"""The Protector editor as a user drives it: the life-path generator (roll, choose, undo),
the tables and edits with a rule behind them, the roll panel's exact odds, findings,
examples. The pools and the ledger: test_pools_panel.py."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTabWidget,
)

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.protector.editor.editor import EDITOR, ProtectorEditor
from desktop.systems.protector.editor.roll_panel import KEY
from desktop.systems.protector.fight import fighter as combat_character
from desktop.systems.protector.fight import pools as combat_pools
from desktop.systems.protector.rules import catalog, lifepath
from desktop.systems.protector.rules.character import EventLink, new_character
from desktop.systems.protector.rules.dice import contest_odds, parse_dice, roll_odds
from desktop.ui.check_panel import result_html
from desktop.ui.document import CharacterDocument
from tests.systems.protector.editor.conftest import text, w
from tests.systems.protector.helpers import ARCLIGHT_SEED, ARCLIGHT_TRAITS, arclight_choices

TRADE = ARCLIGHT_TRAITS["a trade"]


# ---------------------------------------------------------------- the generator


def test_a_fixed_seed_rolls_a_finished_hero_through_the_panel(blank, qtbot) -> None:
    panel = blank.lifepath
    panel.roller = Roller(ARCLIGHT_SEED)
    roll_button = w(blank, QPushButton, "lifeRollButton")
    taken = 0
    while not panel.step.done:
        step = panel.step
        if step.rollable:
            assert roll_button.isEnabled() and roll_button.text() == f"&Roll {step.dice}"
            qtbot.mouseClick(roll_button, Qt.MouseButton.LeftButton)
        elif step.kind == "decade_trait" and step.free_text:
            own = w(blank, QLineEdit, "ownEdit")
            qtbot.keyClicks(own, TRADE)
            qtbot.mouseClick(w(blank, QPushButton, "lifeOwnButton"), Qt.MouseButton.LeftButton)
        else:
            assert panel.select(arclight_choices(panel.character, step))
            qtbot.mouseClick(w(blank, QPushButton, "lifeChooseButton"),
                             Qt.MouseButton.LeftButton)
        taken += 1
        assert taken < 60
    expected, outcomes = lifepath.run(new_character("Nova"), Roller(ARCLIGHT_SEED),
                                      arclight_choices)
    character = blank.document.character
    assert character.decades == expected.decades
    assert character.powers == expected.powers
    assert character.power_count == 3
    assert taken == len(outcomes) == blank.document.undo_stack.count()
    # The finished hero: the panel says so and offers nothing more to roll.
    assert text(blank, "stepPrompt").startswith("The life path is complete")
    assert not w(blank, QPushButton, "lifeRollButton").isVisible()
    # Two Decades cost two dice; the ledger shows it and the powers wait to be activated.
    assert text(blank, "energyLeftValue").startswith("8 energy dice left")
    assert blank.tables["powers"].table.rowCount() == 3


def test_each_roll_shows_its_dice_and_undo_offers_the_step_again(blank) -> None:
    panel = blank.lifepath
    panel.roller = Roller(ARCLIGHT_SEED)
    first = panel.roll()
    assert first is not None and first.throws[0].faces == (14,)
    assert "1d20: [14]" in text(blank, "lastOutcome")
    assert "Military parent" in text(blank, "lastOutcome")
    assert panel.step.kind == "event_count"
    second = panel.roll()
    assert second is not None and panel.step.kind == "event"
    stack = blank.document.undo_stack
    assert stack.count() == 2 and stack.undoText() == "Life path: Decade 1"
    stack.undo()
    assert panel.step.kind == "event_count"
    assert text(blank, "stepPrompt") == panel.step.prompt
    assert "Undone" in text(blank, "lastOutcome")
    assert w(blank, QPushButton, "lifeRollButton").text() == "&Roll 1d4"
    stack.undo()
    assert blank.document.character.decades == []
    assert w(blank, QTableWidget, "optionsTable").rowCount() == 8  # the first-tier table
    assert text(blank, "energyLeftValue").startswith("10 energy dice left")
    stack.redo()
    assert blank.document.character.decades[0].entry == "Military parent"


def test_choose_an_entry_instead_of_rolling(blank, qtbot) -> None:
    table = w(blank, QTableWidget, "optionsTable")
    rows = [table.item(r, 1).text() for r in range(table.rowCount())]
    assert rows[:3] == ["School", "Life on the street", "Child performer"]
    assert table.item(0, 0).text() == "1–8"
    assert "Reading and Writing" in table.item(0, 2).text()
    choose = w(blank, QPushButton, "lifeChooseButton")
    assert not choose.isEnabled()  # nothing selected yet
    table.selectRow(rows.index("Wealthy parents"))
    assert "Confidence" in text(blank, "optionText")
    qtbot.mouseClick(choose, Qt.MouseButton.LeftButton)
    decade = blank.document.character.decades[0]
    assert (decade.entry, decade.roll) == ("Wealthy parents", None)
    # Activating an entry (double-click or Enter) chooses it too.
    table.selectRow(2)  # "3 Events"
    table.itemActivated.emit(table.item(2, 1))
    assert blank.document.character.decades[0].event_count == 3
    assert blank.document.undo_stack.count() == 2


def test_the_describe_line_writes_the_latest_event_in_one_undo_step(blank, qtbot) -> None:
    panel = blank.lifepath
    panel.choose("School")
    edit = w(blank, QLineEdit, "describeEdit")
    assert text(blank, "describeLabel") == "Descri&be Decade 1 (School):"
    assert "doing" in edit.placeholderText()
    qtbot.keyClicks(edit, "Top of the class")
    assert blank.document.character.decades[0].description == "Top of the class"
    panel.choose(1)
    panel.roller = Roller(2)
    panel.roll()
    assert "Event 1" in text(blank, "describeLabel")
    assert edit.hasFocus()  # ready for the one-sentence description
    qtbot.keyClicks(edit, "A fall from the gym rafters.")
    event = blank.document.character.decades[0].events[0]
    assert event.description == "A fall from the gym rafters."
    stack = blank.document.undo_stack
    assert stack.count() == 5 and stack.undoText().startswith("Describe Decade 1, Event 1")
    stack.undo()
    assert blank.document.character.decades[0].events[0].description == ""
    assert edit.text() == ""


def test_the_continuation_and_a_power_s_event_can_be_chosen(blank, qtbot) -> None:
    panel = blank.lifepath
    for choice in ("School", 1, "Loss"):
        assert panel.choose(choice) is not None
    qtbot.keyClicks(panel.describe_edit, "Her brother moved away.")
    assert panel.step.kind == "continuation"
    assert panel.select(False)
    assert panel.choose() is not None  # on to powers
    panel.choose(1)
    panel.choose("Freedom")
    assert panel.step.kind == "power_application"
    assert panel.use_own("Gliding on updrafts") is not None
    assert panel.step.kind == "power_event"
    table = w(blank, QTableWidget, "optionsTable")
    assert (table.item(0, 1).text(), table.item(0, 2).text()) == (
        "Decade 1 (School), Loss", "Her brother moved away.")
    assert panel.select((0, 0)) and panel.choose() is not None
    power = blank.document.character.powers[0]
    assert (power.application, power.event) == ("Gliding on updrafts", EventLink(decade=0,
                                                                               event=0))
    assert panel.step.done


def test_a_bad_choice_is_one_line_in_the_panel(blank) -> None:
    panel = blank.lifepath
    assert panel.choose("Pirate king") is None
    assert "no Decade 'Pirate king'" in text(blank, "lastOutcome")
    assert blank.document.undo_stack.count() == 0


# ---------------------------------------------------------------- tables and edits


def test_power_event_link_and_agent_from_the_book(arclight) -> None:
    arclight.tables["powers"].table.selectRow(1)
    combo = w(arclight, QComboBox, "powerEventCombo")
    assert combo.currentData() == "0.1"
    combo.setCurrentIndex(combo.findData("1.0"))
    assert arclight.document.character.powers[1].event == EventLink(decade=1, event=0)
    equipment = w(arclight, QComboBox, "equipmentCombo")
    equipment.setCurrentIndex(equipment.findData("Motorcycle"))
    assert "Cost 4d, System Pool 2d" in text(arclight, "equipmentPreview")
    w(arclight, QPushButton, "addEquipmentButton").click()
    agents = arclight.document.character.agents
    assert agents[-1].name == "Motorcycle" and agents[-1].energy_dice == 1
    assert arclight.tables["agents"].selected_row() == len(agents) - 1
    # The book's Motorcycle: "System Pool 2d" (Equipment; RULINGS Protector 10).
    assert len(arclight.agent_view.shown()) == 2
    assert text(arclight, "energyLeftValue").startswith("2 energy dice left")


def test_a_new_event_lists_again_and_shows_the_power_again(arclight, monkeypatch) -> None:
    """A power no edit touched is not shown again, unless its Event list changed."""
    arclight.tables["powers"].table.selectRow(1)
    combo = w(arclight, QComboBox, "powerEventCombo")
    details = arclight.details["powers"]
    forced: list[bool] = []
    refresh = details.refresh
    monkeypatch.setattr(details, "refresh",
                        lambda force=False: forced.append(force) or refresh(force))
    count = combo.count()
    w(arclight, QSpinBox, "energyDepletedSpin").setValue(1)  # no Event changed
    assert forced[-1] is False
    arclight.tables["decades"].table.selectRow(0)
    arclight.tables["events"].add()
    assert combo.count() == count + 1 and combo.currentData() == "0.1"
    assert forced[-1] is True


def test_a_conflict_from_the_book_adds_a_die(blank) -> None:
    combo = w(blank, QComboBox, "conflictExampleCombo")
    combo.setCurrentIndex(2)
    w(blank, QPushButton, "addConflictExampleButton").click()
    conflict = blank.document.character.conflicts[0]
    assert conflict.conflict == "I can never save all of them"
    assert conflict.trigger == "Failure to save a victim"
    assert text(blank, "energyLeftValue").startswith("11 energy dice left")


def test_removing_a_decade_keeps_power_links_right(arclight) -> None:
    arclight.tables["decades"].table.selectRow(1)
    w(arclight, QPushButton, "removeDecadeButton").click()
    character = arclight.document.character
    assert len(character.decades) == 1
    assert [p.event for p in character.powers] == [
        EventLink(decade=0, event=0), EventLink(decade=0, event=1), EventLink(decade=0, event=3)]


def test_the_risked_prompts_are_on_the_editor(arclight) -> None:
    assert w(arclight, QLabel, "riskedText").wordWrap()
    risked = re.sub("<[^>]+>", "", text(arclight, "riskedText"))
    for word in ("Reduce", "Insult", "Setback", "Knowledge", "Equipment", "Damage"):
        assert word in risked
    assert "What made it go that way?" in risked


def test_the_table_captions_are_bold(arclight) -> None:
    body = arclight.font()
    for name in ("decadesCaption", "eventsCaption", "traitsCaption", "mergedCaption"):
        caption = w(arclight, QLabel, name)
        assert caption.font().bold() and not body.bold(), name
        assert caption.font().pointSizeF() == body.pointSizeF(), name


# ---------------------------------------------------------------- findings


def test_a_finding_goes_to_its_event(arclight, qtbot) -> None:
    arclight.document.apply("blank", lambda c: setattr(
        c.decades[0].events[1], "description", ""))
    w(arclight, QTabWidget, "detailTabs").setCurrentIndex(3)
    view = w(arclight, QListWidget, "findingsList")
    rows = [view.item(i) for i in range(view.count())]
    target = next(r for r in rows if "Event 2" in r.text())
    assert "(Protector, Character Generation, Events)" in target.text()
    view.itemActivated.emit(target)
    assert arclight.tables["decades"].selected_row() == 0
    assert arclight.tables["events"].selected_row() == 1
    assert w(arclight, QTabWidget, "detailTabs").currentIndex() == 0
    assert arclight.tables["events"].table.hasFocus()


def test_findings_reach_powers_agents_and_fields(arclight) -> None:
    assert arclight.focus_field("powers.2.effects.0.note")
    assert arclight.tables["effects"].selected_row() == 0
    assert w(arclight, QTabWidget, "detailTabs").currentIndex() == 2
    assert arclight.focus_field("agents.0.invention_of")
    assert w(arclight, QComboBox, "agentInventionCombo").hasFocus()
    assert arclight.focus_field("trait_dice.skill")
    assert w(arclight, QSpinBox, "skillDiceSpin").hasFocus()
    assert arclight.focus_field("energy_pool")
    assert not arclight.focus_field("nothing.here")


# ---------------------------------------------------------------- the roll panel


def test_the_roll_panel_odds_match_the_engine(arclight) -> None:
    panel = arclight.roll_panel
    panel.energy.setValue(2)
    panel.trait.setCurrentIndex(panel.trait.findText("Machining (skill, 4 steps)"))
    panel.target.setValue(10)
    dice = parse_dice("d10,d10")  # 4 steps spread over 2 dice
    assert text(arclight, "oddsValue") == percent(roll_odds(dice).p_at_least(10))
    assert "d10, d10 for 10+" in text(arclight, "oddsDetail")
    assert [str(d.die) for d in panel.preview.shown()] == ["d10", "d10"]
    panel.stack.setChecked(True)  # all four steps on one die: d20 + d6
    assert text(arclight, "oddsValue") == percent(
        roll_odds(parse_dice("d20,d6")).p_at_least(10))
    panel.vs_radio.setChecked(True)
    panel.vs.setText("3d8")
    panel.vs_depleted.setValue(1)
    contest = contest_odds(roll_odds(parse_dice("d20,d6")), roll_odds(parse_dice("3d8"), 1))
    assert text(arclight, "oddsValue") == percent(contest.p_win)
    assert f"tie {percent(contest.p_tie)}" in text(arclight, "oddsDetail")
    panel.vs.setText("3q8")
    assert text(arclight, "oddsValue") == "—"
    assert not w(arclight, QPushButton, "rollButton").isEnabled()


def test_depleted_dice_on_the_table_and_trades_change_the_odds(arclight) -> None:
    arclight.document.apply("depleted", lambda c: setattr(c.energy, "depleted", 1))
    panel = arclight.roll_panel
    assert panel.energy.maximum() == 2
    panel.energy.setValue(2)
    panel.trait.setCurrentIndex(panel.trait.findText("Welder (trade, 3 steps)"))
    panel.target.setValue(9)
    dice = parse_dice("d10:trade,d8:trade")
    expected = roll_odds(dice, 1)
    assert text(arclight, "oddsValue") == percent(expected.p_at_least(9))
    assert percent(expected.p_any_depleted) == "100 %"
    assert "any die depletes 100 %" in text(arclight, "oddsDetail")


def test_a_power_adds_its_best_die(arclight) -> None:
    panel = arclight.roll_panel
    index = next(i for i in range(panel.agent.count())
                 if panel.agent.itemText(i).startswith("Power Damage absorption"))
    panel.agent.setCurrentIndex(index)
    assert panel.agent_count.value() == 1 and not panel.agent_count.isEnabled()
    panel.energy.setValue(1)
    panel.target.setValue(7)
    dice = parse_dice("d6,d10:no-deplete")
    assert text(arclight, "oddsValue") == percent(roll_odds(dice).p_at_least(7))


def test_a_seeded_roll_is_shown_and_can_mark_the_sheet(arclight) -> None:
    panel = arclight.roll_panel
    panel.energy.setValue(3)
    panel.target.setValue(8)
    panel.roller = Roller(11)
    built = panel.built()
    _after, side = combat_pools.throw({KEY: built.combatant}, [KEY], built.picks, Roller(11))
    shown = panel.roll()
    assert shown.startswith(side.roll.describe())
    assert text(arclight, "rollResult") == result_html(shown)
    assert arclight.document.undo_stack.count() == 0  # just looking
    w(arclight, QLabel, "rollResult")  # still there
    # Roll for real: the dice that deplete are marked on the sheet, one undo step.
    for seed in range(200):
        result = combat_pools.throw({KEY: built.combatant}, [KEY], built.picks,
                                    Roller(seed))[1].roll
        if result.depleted and not result.multiple:
            break
    panel.apply.setChecked(True)
    panel.roller = Roller(seed)
    assert panel.roll().endswith("(marked on the sheet)")
    assert arclight.document.character.energy.depleted == result.depleted
    assert arclight.document.undo_stack.undoText() == "Roll: mark depletions"
    assert combat_character.from_character(
        arclight.document.character).energy.on_table == result.depleted


# ---------------------------------------------------------------- the whole window


@pytest.mark.parametrize("name", sorted(catalog.example_characters()))
def test_each_example_opens_in_the_main_window(qtbot, name) -> None:
    from desktop.ui.main_window import MainWindow
    from tests.ui.conftest import ScriptedPrompts

    prompts = ScriptedPrompts()
    window = MainWindow(prompts=prompts)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    window.show()
    editor = window.open_path(catalog.example_characters()[name])
    assert prompts.warnings == []
    assert isinstance(editor, ProtectorEditor) and EDITOR is ProtectorEditor
    assert w(editor, QLineEdit, "nameEdit").text() == editor.document.character.name
    assert text(editor, "energyLeftValue")
    window.close()


def test_fits_small_screens(arclight) -> None:
    hint = arclight.minimumSizeHint()
    assert hint.width() <= 800 and hint.height() <= 600


@pytest.mark.parametrize("width", [1280, 1920, 900])
def test_the_sheet_takes_the_room_and_the_side_panel_its_width(qtbot, width) -> None:
    from desktop.systems.protector.editor.editor import SIDE_WIDTH

    editor = ProtectorEditor(CharacterDocument(new_character("Nova")))
    qtbot.addWidget(editor)
    editor.resize(width, 860)
    editor.show()
    qtbot.waitExposed(editor)
    side = editor.splitter.widget(1)
    sheet, panel = editor.splitter.sizes()
    assert panel == max(SIDE_WIDTH, side.minimumWidth())
    assert sheet + panel + editor.splitter.handleWidth() == editor.splitter.width()




def test_the_era_box_after_the_visionarys_death_adds_the_dice(blank) -> None:
    """Choosing "The Coming Menace, after The Visionary's death" in the era box gives the
    powers "an additional 3d for each die they spent", as the button does; one undo
    takes it back."""
    from desktop.systems.protector.rules import edits
    from desktop.systems.protector.rules.character import Power

    character = edits.activate_power(blank.character.model_copy(update={
        "era": "coming_menace", "powers": [Power(name="Speed", category="freedom")]}), 0, 2)
    blank._replace("setup", character)
    era = w(blank, QComboBox, "eraCombo")
    era.setCurrentIndex(era.findData("coming_menace_after"))
    assert blank.character.era == "coming_menace_after"
    assert blank.character.powers[0].dice_per_die == 6
    blank.document.undo_stack.undo()
    assert blank.character.era == "coming_menace"
    assert blank.character.powers[0].dice_per_die == 3
