"""The Protector editor as a user drives it: the life-path generator (roll, choose, undo),
the live ledger, pools drawn as dice, the roll panel's exact odds, findings, examples."""

from __future__ import annotations

import re
from pathlib import Path

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
from desktop.systems.files import load_character
from desktop.systems.protector.editor.editor import EDITOR, ProtectorEditor
from desktop.systems.protector.editor.roll_panel import KEY
from desktop.systems.protector.fight import fighter as combat_character
from desktop.systems.protector.fight import pools as combat_pools
from desktop.systems.protector.rules import catalog, lifepath, npcs
from desktop.systems.protector.rules.character import EventLink, new_character
from desktop.systems.protector.rules.dice import contest_odds, parse_dice, roll_odds
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.widgets.dice_pool import DieState
from tests.systems.protector.helpers import ARCLIGHT_SEED, ARCLIGHT_TRAITS, arclight_choices

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "protector" / "characters"
TRADE = ARCLIGHT_TRAITS["a trade"]


def make(qtbot, character) -> ProtectorEditor:
    editor = ProtectorEditor(CharacterDocument(character))
    qtbot.addWidget(editor)
    editor.resize(1280, 860)
    editor.show()
    return editor


@pytest.fixture
def blank(qtbot) -> ProtectorEditor:
    return make(qtbot, new_character("Nova"))


@pytest.fixture
def arclight(qtbot) -> ProtectorEditor:
    return make(qtbot, load_character(EXAMPLES / "arclight.sheetdesk"))


def w(editor: ProtectorEditor, kind, name: str):
    return child(editor.form, kind, name)


def text(editor: ProtectorEditor, name: str) -> str:
    return w(editor, QLabel, name).text()


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


# ---------------------------------------------------------------- ledger, traits, pools


def test_buying_a_trait_updates_the_ledger_live(blank, qtbot) -> None:
    blank.lifepath.choose("School")
    assert text(blank, "energyLeftValue").startswith("9 energy dice left")
    skill = w(blank, QSpinBox, "skillDiceSpin")
    skill.selectAll()
    qtbot.keyClicks(skill, "1")
    assert blank.document.character.trait_dice.skill == 1
    assert text(blank, "energyLeftValue").startswith("8 energy dice left")
    assert "4 bought but not assigned yet" in text(blank, "skillStepsValue")
    ledger = w(blank, QListWidget, "ledgerList")
    lines = [ledger.item(i).text() for i in range(ledger.count())]
    assert lines == ["+10  starting energy pool", "−1  Decade 1 (first tier): School",
                     "−1  skill steps: 1 die × 4", "= 8 left (10 gained − 2 spent)"]
    blank.tables["traits"].add()
    table = blank.tables["traits"].table
    table.item(0, 2).setData(Qt.ItemDataRole.EditRole, 3)
    assert "1 bought but not assigned yet" in text(blank, "skillStepsValue")
    assert len(blank.energy_view.shown()) == 8
    merged = w(blank, QTableWidget, "mergedTable")
    names = [merged.item(r, 0).text() for r in range(merged.rowCount())]
    assert names == ["Reading and Writing", "Math", "Fitness", "New trait"]


def test_clicking_a_die_marks_energy_depleted(arclight, qtbot) -> None:
    view = arclight.energy_view
    assert [d.state for d in view.shown()] == [DieState.READY] * 3
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                     pos=view.cell_rect(2).center().toPoint())
    assert arclight.document.character.energy.depleted == 1
    assert w(arclight, QSpinBox, "energyDepletedSpin").value() == 1
    assert view.shown()[2].state is DieState.DEPLETED
    view.click(0, damage=True)
    assert (arclight.document.character.energy.depleted,
            arclight.document.character.energy.damaged) == (0, 3)
    arclight.document.undo_stack.undo()
    assert arclight.document.character.energy.damaged == 0


def test_powers_show_their_pool_as_dice_and_activate(arclight) -> None:
    powers = arclight.tables["powers"]
    powers.table.selectRow(2)  # Damage absorption: 8 dice, No Deplete, 6 steps
    assert [str(d.die) for d in arclight.power_view.shown()] == ["d10", "d8", "d8", "d8",
                                                                "d8"]
    assert "= 5 in the pool" in text(arclight, "powerPoolValue")
    powers.table.selectRow(0)  # latent
    assert arclight.power_view.shown() == []
    activate = w(arclight, QPushButton, "activateButton")
    assert activate.isEnabled()
    activate.click()
    power = arclight.document.character.powers[0]
    assert (power.active, power.energy_dice, power.dice_per_die) == (True, 1, 8)
    assert len(arclight.power_view.shown()) == 8
    assert text(arclight, "energyLeftValue").startswith("2 energy dice left")
    combo = w(arclight, QComboBox, "effectCombo")
    combo.setCurrentIndex(combo.findData("Ranged"))
    w(arclight, QPushButton, "addEffectButton").click()
    assert [e.name for e in arclight.document.character.powers[0].effects] == ["Ranged"]
    assert len(arclight.power_view.shown()) == 7
    assert arclight.tables["effects"].table.item(0, 2).text() == "1"


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
    assert len(arclight.agent_view.shown()) == 6 - 2  # Fast 2 steps cost 2 build dice
    assert text(arclight, "energyLeftValue").startswith("2 energy dice left")


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
    risked = re.sub("<[^>]+>", "", text(arclight, "riskedText"))
    for word in ("Reduce", "Insult", "Setback", "Knowledge", "Equipment", "Damage"):
        assert word in risked
    assert "What made it go that way?" in risked


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
    assert text(arclight, "rollResult") == shown
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


def test_the_book_s_npcs_show_their_pools(qtbot) -> None:
    for npc in npcs.npcs():
        editor = make(qtbot, npc)
        assert text(editor, "ageValue") == "NPC (no life path)"
        assert text(editor, "stepPrompt").startswith("An NPC has no life path")
        assert len(editor.energy_view.shown()) == editor.document.derived.energy_dice
        if npc.name == "The Visionary":
            editor.tables["powers"].table.selectRow(0)  # Super Strength: 3d8x10
            assert [str(d.die) for d in editor.power_view.shown()] == ["1d8x10"] * 3
        editor.close()


def test_a_ledger_line_goes_to_what_it_paid_for(arclight) -> None:
    ledger = w(arclight, QListWidget, "ledgerList")
    items = [ledger.item(i) for i in range(ledger.count())]
    agent = next(i for i in items if "Wrench and Socket Set" in i.text())
    ledger.itemActivated.emit(agent)
    assert arclight.tables["agents"].selected_row() == 1
    assert w(arclight, QTabWidget, "detailTabs").currentIndex() == 3
    steps = next(i for i in items if "skill steps" in i.text())
    ledger.itemActivated.emit(steps)
    assert w(arclight, QSpinBox, "skillDiceSpin").hasFocus()
