"""The Powers editor as a player and a GM work it: the examples open with their live
values, a power built from components shows the right Power Rating, a cost changed in
the GM's table changes every rating, undo/redo, findings that lead to their field, and
the odds panel against rules.dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
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
from desktop.systems.powers.editor.check_panel import fraction_text
from desktop.systems.powers.editor.editor import EDITOR, PowersEditor
from desktop.systems.powers.editor.table_dialogs import COST_COLUMN
from desktop.systems.powers.rules import catalog, dice
from desktop.systems.powers.rules import costs as cost_rules
from desktop.systems.powers.rules.character import Power, new_character
from desktop.systems.powers.rules.components import Damage, Range
from desktop.systems.powers.rules.costs import power_cost
from desktop.systems.powers.rules.derived import derive
from desktop.systems.powers.rules.dice import Pool
from desktop.ui.check_panel import result_html
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "powers" / "characters"


def make(qtbot, character, size=(1280, 720)) -> PowersEditor:
    editor = PowersEditor(CharacterDocument(character))
    qtbot.addWidget(editor)
    editor.resize(*size)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


@pytest.fixture
def bob(qtbot) -> PowersEditor:
    return make(qtbot, load_character(EXAMPLES / "bob.sheetdesk"))


def text(editor: PowersEditor, name: str) -> str:
    return child(editor.form, QLabel, name).text()


def spin(editor: PowersEditor, name: str) -> QSpinBox:
    return child(editor.form, QSpinBox, name)


def ratings_shown(editor: PowersEditor) -> dict[str, str]:
    table = editor.powers.table.table
    return {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}


def form_widget(editor: PowersEditor, field: str) -> QWidget:
    return editor.powers.component_form.widgets[field]


# ------------------------------------------------------------------ showing a character

@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.sheetdesk")), ids=lambda p: p.stem)
def test_each_example_opens_with_its_live_values(qtbot, path):
    character = load_character(path)
    editor = make(qtbot, character)
    derived = derive(character)
    assert child(editor.form, QLineEdit, "nameEdit").text() == character.name
    for name in ("strength", "resilience", "intelligence", "willpower", "agility", "health"):
        assert spin(editor, f"{name}Spin").value() == character.attributes.get(name)
    assert text(editor, "hitPointsValue").startswith(
        f"{derived.hit_points_current} of {derived.hit_points}")
    assert text(editor, "initiativeValue").startswith(f"{derived.initiative_dice} dice")
    assert ratings_shown(editor) == {
        name: cost_rules.number_text(pr) for name, pr in derived.power_ratings.items()}
    assert editor.powers.selected() == 0
    assert text(editor, "ratingValue") == (
        f"PR {cost_rules.number_text(derived.powers[0].rating)} ({derived.table.name})")
    assert child(editor.form, QListWidget, "findingsList").count() >= 1
    warning = child(editor.form, QLabel, "tableWarningLabel")
    assert warning.isHidden()
    assert warning.styleSheet() == ""  # no style-sheet engine for a warning not shown


def test_the_registry_names_this_editor():
    assert systems.get("powers").part("editor").EDITOR is EDITOR is PowersEditor


def test_bobs_blammo_cannon_reads_as_in_the_draft(bob):
    """Hitting a Target: Agility 10 and Accurate (5): 15 dice; initiative 20."""
    assert text(bob, "initiativeValue") == "20 dice (Agility 10 + Intelligence 10)"
    assert bob.check_panel.choice().dice == 15
    assert "Attack: 15 dice vs 10 dice (Agility)" in text(bob, "oddsDetail")


# ------------------------------------------------------------------ building a power

def test_a_power_built_from_components_shows_its_rating(qtbot):
    editor = make(qtbot, new_character("Zap"))
    panel = editor.powers
    panel.buttons["newPowerButton"].click()
    assert editor.document.character.powers[0].name == "New power"
    panel.name.setText("Zapper")
    panel.name.textEdited.emit("Zapper")
    for kind in ("range", "damage", "accurate"):
        panel.kind.setCurrentIndex(panel.kind.findData(kind))
        panel.buttons["addComponentButton"].click()
    panel.components.setCurrentRow(0)
    box = form_widget(editor, "range")
    assert isinstance(box, QComboBox)
    box.setCurrentIndex(box.findData("long"))
    form_widget(editor, "modifiers.touch").click()
    panel.components.setCurrentRow(1)
    form_widget(editor, "rating").setValue(6)
    form_widget(editor, "types.fire").click()
    form_widget(editor, "modifiers.dot").click()
    form_widget(editor, "modifiers.dot.param").setValue(3)
    panel.components.setCurrentRow(2)
    form_widget(editor, "rating").setValue(5)

    power = editor.document.character.powers[0]
    assert power.name == "Zapper"
    assert [c.kind for c in power.components] == ["range", "damage", "accurate"]
    damage = power.components[1]
    assert damage.rating == 6 and damage.types == ["bashing", "fire"]
    assert damage.modifier("dot").turns == 3
    t = cost_rules.shipped_table()
    expected = sum(x for x in (
        t.cost("range.long") + t.cost("range.modifier.touch"),
        6 * t.cost("damage.per_point") + t.cost("damage.type.bashing")
        + t.cost("damage.type.fire") + t.cost("damage.modifier.dot")
        + 3 * t.cost("damage.modifier.dot.per_turn"),
        5 * t.cost("accurate.per_point")) if x > 0)
    pr = cost_rules.number_text(expected)
    assert text(editor, "ratingValue") == f"PR {pr} ({t.name})"
    assert ratings_shown(editor) == {"Zapper": pr}
    damage_cost = power_cost(power, t).components[1].total
    assert panel.components.item(1).text() == (
        f"Damage 6: Bashing, Fire (DoT 3) = {cost_rules.number_text(damage_cost)}")
    costs = text(editor, "costsValue")  # the selected component, entry by entry, in words
    assert "1 per point × 5" in costs and t.name in costs and "accurate" not in costs
    panel.components.setCurrentRow(1)
    costs = text(editor, "costsValue")
    assert "2 per point × 6" in costs and "DoT" in costs and "per_turn" not in costs


def test_duration_turns_follow_the_choice(qtbot):
    editor = make(qtbot, new_character("Slow"))
    panel = editor.powers
    panel.buttons["newPowerButton"].click()
    panel.kind.setCurrentIndex(panel.kind.findData("duration"))
    panel.buttons["addComponentButton"].click()
    turns = form_widget(editor, "turns")
    assert not turns.isEnabled()
    box = form_widget(editor, "duration")
    box.setCurrentIndex(box.findData("delayed"))
    assert editor.document.character.powers[0].components[0].turns == 1
    assert turns.isEnabled()
    turns.setValue(4)
    assert editor.document.character.powers[0].components[0].turns == 4


def test_examples_duplicates_and_removal(bob, monkeypatch):
    from desktop.systems.powers.editor import add_lists

    def accept_at_once(*args):  # the list opens on the box's example; Add takes it
        chooser = add_lists.power_chooser(*args)
        chooser.exec = lambda: add_lists.CatalogChooser.DialogCode.Accepted
        return chooser

    monkeypatch.setitem(add_lists.CHOOSERS, "powers", accept_at_once)
    panel = bob.powers
    panel.catalog.setCurrentIndex(panel.catalog.findData("Super-Slap"))
    panel.buttons["addCatalogButton"].click()
    names = [p.name for p in bob.document.character.powers]
    assert names[-1] == "Super-Slap" and panel.selected() == len(names) - 1
    panel.buttons["addCatalogButton"].click()
    assert bob.document.character.powers[-1].name == "Super-Slap 2"
    panel.select(0)
    panel.buttons["duplicatePowerButton"].click()
    copy = bob.document.character.powers[-1]
    assert copy.name == "Blammo Cannon (copy)"
    assert copy.components == bob.document.character.powers[0].components
    panel.buttons["removePowerButton"].click()
    assert "Blammo Cannon (copy)" not in [p.name for p in bob.document.character.powers]


# ------------------------------------------------------------------ the GM's tables

def test_a_cost_changed_in_the_table_changes_every_rating(bob):
    dialog = bob.open_cost_table()
    key = "damage.per_point"
    row = cost_rules.COST_KEYS.index(key)
    before = ratings_shown(bob)
    dialog.table.item(row, COST_COLUMN).setText("7")  # as the GM types it
    changed = dialog.working()
    assert changed.cost(key) == 7
    for power in bob.document.character.powers:
        assert ratings_shown(bob)[power.name] == cost_rules.number_text(
            power_cost(power, changed).rating)
    assert ratings_shown(bob)["Blammo Cannon"] != before["Blammo Cannon"]
    assert "your unsaved draft" in text(bob, "costTableValue")
    shipped = cost_rules.shipped_table().name
    assert changed.name == f"GM's costs (from {shipped})"  # never the shipped name
    assert text(bob, "ratingValue").endswith(f"({changed.name})")
    assert dialog.save()
    assert cost_rules.active_table().origin == "user"
    dialog.close()
    assert bob.preview is None
    assert ratings_shown(bob)["Blammo Cannon"] == cost_rules.number_text(
        power_cost(bob.document.character.powers[0], changed).rating)
    assert "your own table" in text(bob, "costTableValue")
    assert bob.use_table_button.isVisible()  # Bob was built with the shipped table
    bob.open_cost_table().reset()
    assert ratings_shown(bob) == before


def test_closing_the_cost_table_unsaved_drops_the_draft(bob):
    before = ratings_shown(bob)
    dialog = bob.open_cost_table()
    dialog.set_cost("range.long", 50)
    assert ratings_shown(bob) != before
    dialog.close()
    assert ratings_shown(bob) == before
    assert cost_rules.active_table().origin == "shipped"


def test_a_bad_cost_is_refused_and_the_draft_kept(bob):
    dialog = bob.open_cost_table()
    row = cost_rules.COST_KEYS.index("range.long")
    dialog.table.item(row, COST_COLUMN).setText("lots")
    assert dialog.table.item(row, COST_COLUMN).text() == "5"
    assert "\nRange Long: “lots” is not a cost" in dialog.status.text()
    assert "range.long" not in dialog.status.text()  # the file's key is for files only


def test_the_cost_table_names_choices_not_file_keys(bob):
    dialog = bob.open_cost_table()
    model = dialog.table.model()
    headers = [model.headerData(c, Qt.Orientation.Horizontal)
               for c in range(model.columnCount())]
    assert headers == ["Choice", "Cost"]
    shown = [model.index(r, c).data() for r in range(model.rowCount())
             for c in range(model.columnCount())]
    assert not [t for t in shown if ("." in t and "_" in t) or t in cost_rules.COST_KEYS]
    row = cost_rules.COST_KEYS.index("move.speed.very_slow")
    assert model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole).endswith(
        "move.speed.very_slow")
    dialog.find.setText("per turn")
    visible = [r for r in range(model.rowCount()) if not dialog.table.isRowHidden(r)]
    assert visible and all("per turn" in model.index(r, 0).data() for r in visible)


def test_export_import_and_a_bad_import(bob, tmp_path):
    dialog = bob.open_cost_table()
    dialog.set_cost("accurate.per_point", 3)
    out = tmp_path / "mine.json"
    dialog.ask_path = lambda saving, name: out
    dialog.export()
    assert json.loads(out.read_text())["costs"]["accurate.per_point"] == 3
    dialog.reset()
    bad = tmp_path / "bad.json"
    data = json.loads(out.read_text())
    del data["costs"]["range.long"]
    bad.write_text(json.dumps(data))
    dialog.ask_path = lambda saving, name: bad
    dialog.import_()
    assert "costs.range.long" in dialog.status.text() and "unchanged" in dialog.status.text()
    assert cost_rules.active_table().origin == "shipped"
    dialog.ask_path = lambda saving, name: out
    dialog.import_()
    assert cost_rules.active_table().table.cost("accurate.per_point") == 3
    blammo = bob.document.character.powers[0]
    assert ratings_shown(bob)["Blammo Cannon"] == cost_rules.number_text(
        power_cost(blammo, cost_rules.active_table().table).rating)


def test_a_broken_user_table_is_warned_about(qtbot):
    path = cost_rules.COST_TABLE.user_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json")
    editor = make(qtbot, load_character(EXAMPLES / "bob.sheetdesk"))
    warning = child(editor.form, QLabel, "tableWarningLabel")
    assert warning.isVisible()
    assert "could not be read" in warning.text()
    assert "background: #fff3cd" in warning.styleSheet()  # the form's warning look
    assert editor.focus_field("cost_table")


def test_a_character_built_with_another_table(qtbot):
    character = load_character(EXAMPLES / "bob.sheetdesk")
    character.cost_table = "Old house rules"
    editor = make(qtbot, character)
    assert "'Old house rules'" in text(editor, "costTableValue")
    assert editor.use_table_button.isVisible()
    editor.use_table_button.click()
    assert editor.document.character.cost_table == cost_rules.shipped_table().name
    assert not editor.use_table_button.isVisible()
    editor.document.undo_stack.undo()
    assert editor.document.character.cost_table == "Old house rules"


def test_the_epic_fail_table_is_edited_and_saved(bob):
    from desktop.systems.powers.rules import epic_fail

    dialog = bob.open_epic_fail_table()
    assert dialog.table.rowCount() == 0
    child(dialog, QWidget, "addBandButton").click()
    dialog.table.item(0, 2).setText("Power Down! | Dimension Shift!")
    assert dialog.working().bands[0].results == ["Power Down!", "Dimension Shift!"]
    dialog.table.item(0, 1).setText("-3")
    assert "Not a table yet" in dialog.status.text()
    dialog.table.item(0, 1).setText("")
    assert dialog.save()
    saved = epic_fail.active_table()
    assert saved.origin == "user"
    assert saved.table.bands[0].max_pr is None
    assert saved.table.band_for(40).results == ["Power Down!", "Dimension Shift!"]


# ------------------------------------------------------------------ undo and redo

def test_edits_undo_and_redo(bob):
    stack = bob.document.undo_stack
    spin(bob, "agilitySpin").setValue(12)
    assert text(bob, "initiativeValue").startswith("22 dice")
    assert bob.check_panel.choice().dice == 17
    spin(bob, "stunDamageSpin").setValue(2)
    spin(bob, "normalDamageSpin").setValue(5)
    assert text(bob, "hitPointsValue").startswith("7 of 12")
    bob.powers.select(0, 2)
    form_widget(bob, "rating").setValue(9)
    assert bob.document.character.powers[0].components[2].rating == 9
    bob.powers.buttons["removeComponentButton"].click()
    assert len(bob.document.character.powers[0].components) == 3
    for _ in range(5):
        stack.undo()
    c = bob.document.character
    assert c.attributes.agility == 10 and c.tracking.damage.stun == 0
    assert c.powers[0].components[2].rating == 6 and len(c.powers[0].components) == 4
    assert spin(bob, "agilitySpin").value() == 10
    assert text(bob, "initiativeValue").startswith("20 dice")
    for _ in range(5):
        stack.redo()
    assert bob.document.character.attributes.agility == 12
    assert len(bob.document.character.powers[0].components) == 3


def test_typing_a_power_name_is_one_undo_step(bob, qtbot):
    name = bob.powers.name
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Boom")
    assert bob.document.character.powers[0].name == "Boom"
    assert ratings_shown(bob).get("Boom")
    bob.document.undo_stack.undo()
    assert bob.document.character.powers[0].name == "Blammo Cannon"
    assert name.text() == "Blammo Cannon"


# ------------------------------------------------------------------ findings

def test_choosing_a_finding_focuses_its_field(qtbot):
    character = new_character("Glitch")
    character.powers = [Power(name="Nothing yet"), Power(name="Typeless", components=[
        Range(range="short"), Damage(rating=2, types=[])])]
    editor = make(qtbot, character)
    with qtbot.waitActive(editor):
        editor.activateWindow()
    view = child(editor.form, QListWidget, "findingsList")
    rows = [view.item(i) for i in range(view.count())]
    target = next(r for r in rows if "at least one type" in r.text())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualItemRect(target).center())
    assert editor.powers.selected() == 1
    assert editor.powers.components.currentRow() == 1
    assert QApplication.focusWidget() is form_widget(editor, "types.bashing")
    assert editor.focus_field("powers.0.components")
    assert editor.powers.selected() == 0
    assert editor.focus_field("powers.1.name")
    assert QApplication.focusWidget() is editor.powers.name
    spin(editor, "normalDamageSpin").setValue(12)  # Health 10: Close to Death
    assert editor.focus_field("tracking.damage")
    assert QApplication.focusWidget() is spin(editor, "normalDamageSpin")


# ------------------------------------------------------------------ the odds panel

def test_odds_match_rules_dice_opposed(bob):
    panel = bob.check_panel
    panel.choose("attack")
    panel.opponent_dice.setValue(7)
    panel.mod_spin.setValue(-1)
    exact = dice.odds_opposed(Pool(15, -1), Pool(7, 0))
    assert text(bob, "oddsValue") == percent(exact.p_success)
    detail = text(bob, "oddsDetail")
    for p in (exact.p_success, exact.p_fail, exact.p_epic_fail):
        assert fraction_text(p) in detail
    assert "/" not in detail  # 2436531985/3486784401 says nothing to a player


def test_odds_match_rules_dice_against_target_hits(bob):
    panel = bob.check_panel
    panel.choose("damage.0")
    assert panel.dice_spin.value() == 6
    panel.versus.setCurrentIndex(panel.versus.findData("target"))
    panel.target_hits.setValue(3)
    panel.mod_spin.setValue(1)
    exact = dice.odds_target(Pool(6, 1), 3)
    assert text(bob, "oddsValue") == percent(exact.p_success)
    assert str(exact.p_epic_fail) in text(bob, "oddsDetail")
    panel.choose("any")
    assert panel.dice_spin.isEnabled()
    panel.dice_spin.setValue(2)
    assert text(bob, "oddsValue") == percent(dice.odds_target(Pool(2, 1), 3).p_success)


def test_resistance_rolls_follow_mind_over_matter(bob):
    panel = bob.check_panel
    panel.choose("any")
    bob.powers.select(2)  # Jet Boots: no roll of its own
    assert panel.roll_combo.currentData() == "any"
    bob.powers.select(1)  # another power starts on its own first roll
    assert panel.roll_combo.currentData() == "resistance.0"
    panel.choose("resistance.0")
    assert panel.dice_spin.value() == 6 + 3  # Willpower 6 + Mind Shield 3


def test_the_roll_is_seeded(bob):
    panel = bob.check_panel
    panel.choose("attack")
    panel.roller = Roller(seed=11)
    shown = panel.roll()
    result = dice.roll_opposed(Pool(15), Pool(10), Roller(seed=11))
    assert shown.startswith(f"{list(result.actor.faces)} = {result.actor.total} hits")
    assert shown.endswith(f"(net {result.net})")
    assert text(bob, "rollResult") == result_html(shown)


# ------------------------------------------------------------------ layout and keyboard

@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_fits_without_sideways_scrolling(qtbot, size):
    character = load_character(EXAMPLES / "bob.sheetdesk")
    character.powers = catalog.example_powers()  # every kind of component
    editor = make(qtbot, character, size)
    scroll = child(editor.form, QScrollArea, "sheetScroll")
    tabs = child(editor.form, QTabWidget, "detailTabs")
    for power, entry in enumerate(character.powers):
        for component in range(len(entry.components)):
            editor.powers.select(power, component)
            qtbot.wait(1)
            assert not scroll.horizontalScrollBar().isVisible()
            content = scroll.widget()
            assert content.width() <= scroll.viewport().width()
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        qtbot.wait(1)
        assert not scroll.horizontalScrollBar().isVisible(), tabs.tabText(index)
    for name in ("rollButton", "oddsDetail", "costTableButton", "epicFailButton"):
        widget = child(editor.form, QWidget, name)
        assert widget.mapTo(editor, widget.rect().bottomRight()).y() <= editor.height()


def test_mnemonics_reach_fields_and_pages(bob, qtbot):
    with qtbot.waitActive(bob):
        bob.activateWindow()
    child(bob.form, QLineEdit, "nameEdit").setFocus()
    alt = Qt.KeyboardModifier.AltModifier
    for key, name in ((Qt.Key.Key_G, "agilitySpin"), (Qt.Key.Key_U, "stunDamageSpin"),
                      (Qt.Key.Key_T, "phantomDamageSpin")):
        qtbot.keyClick(QApplication.focusWidget(), key, alt)
        assert QApplication.focusWidget() is spin(bob, name)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_L, alt)
    assert QApplication.focusWidget() is bob.check_panel.roll_combo
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, alt)
    assert QApplication.focusWidget() is bob.powers.name
    tabs = child(bob.form, QTabWidget, "detailTabs")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_E, alt)
    assert tabs.currentWidget().objectName() == "notesTab"


def test_tab_reaches_the_component_choices_after_the_component_buttons(bob, qtbot):
    with qtbot.waitActive(bob):
        bob.activateWindow()
    bob.powers.select(0, 2)
    bob.powers.buttons["removeComponentButton"].setFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is form_widget(bob, "rating")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is form_widget(bob, "types.bashing")
    assert isinstance(QApplication.focusWidget(), QCheckBox)


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
    assert isinstance(editor, PowersEditor), prompts.warnings
    assert prompts.warnings == []
    qtbot.wait(1)
    scroll = child(editor.form, QScrollArea, "sheetScroll")
    assert not scroll.horizontalScrollBar().isVisible()
    for name in ("rollButton", "costTableButton"):
        button = child(editor.form, QPushButton, name)
        assert button.mapTo(editor, button.rect().bottomLeft()).y() <= editor.height()
    editor.document.undo_stack.clear()
    window.close()


def test_tab_walks_the_sheet_in_reading_order(qtbot):
    editor = make(qtbot, load_character(EXAMPLES / "dave.sheetdesk"))
    with qtbot.waitActive(editor):
        editor.activateWindow()
    order = ["nameEdit", "playerEdit", "conceptEdit", "strengthSpin", "resilienceSpin",
             "intelligenceSpin", "willpowerSpin", "agilitySpin", "healthSpin",
             "normalDamageSpin", "stunDamageSpin", "phantomDamageSpin", "qt_tabwidget_tabbar",
             "powersTable", "addCatalogButton", "savePowersToMyListButton",
                 "newPowerButton",
             "duplicatePowerButton", "removePowerButton", "powerNameEdit", "fluffEdit",
             "componentsList", "componentKindCombo", "addComponentButton",
             "removeComponentButton", "component_range", "component_modifier_touch",
             "component_modifier_no_los", "checkRollCombo", "checkModSpin",
             "checkVersusCombo", "opponentDiceSpin", "opponentModSpin", "rollButton",
             "costTableButton", "epicFailButton", "findingsList", "nameEdit"]
    child(editor.form, QLineEdit, "nameEdit").setFocus()
    for name in order[1:]:  # disabled boxes (the power's own dice) are skipped
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        assert QApplication.focusWidget().objectName() == name


def test_the_cost_table_is_named_and_searched(bob):
    dialog = bob.open_cost_table()
    dialog.name.setText("House rules")
    dialog.name.textEdited.emit("House rules")
    assert dialog.working().name == "House rules"
    assert text(bob, "ratingValue").endswith("(House rules)")
    dialog.find.setText("fly")
    shown = [dialog.table.item(r, 0).toolTip() for r in range(dialog.table.rowCount())
             if not dialog.table.isRowHidden(r)]
    assert shown == ["In an exported table file: move.modifier.fly"]


def test_a_roll_a_modifier_carries_reads_as_a_fail_not_an_epic_fail(bob):
    """Fail, and Epic Fail: "If they have rolled sufficient hits to pass the test, the
    result is calculated as normal." Ours: such a roll is never called an Epic Fail."""
    from desktop.model.dice import Roller, Throw

    class Ones(Roller):
        def throw(self, count, sides, why=""):  # type: ignore[no-untyped-def]
            return Throw(sides, (1,) * count, why)

    panel = bob.check_panel
    panel.choose("any")
    panel.dice_spin.setValue(2)
    panel.versus.setCurrentIndex(panel.versus.findData("target"))
    panel.target_hits.setValue(1)
    panel.mod_spin.setValue(2)
    panel.roller = Ones()
    shown = panel.throw()
    assert "Epic Fail!" not in shown and shown.endswith("success (net 1)")
    assert f"Fail! ({dice.PASSED_NOT_EPIC})" in shown
    assert "a roll that passes is at worst a Fail" in text(bob, "oddsDetail")
