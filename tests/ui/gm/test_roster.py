"""The roster as a GM handles it (multi-select and area damage, the row menu, hit points
typed into their cell, hurt and down rows marked), the welcome page of an empty
encounter, the Add panel's words, and every game's screen at laptop size: nothing cut
off on the right, the roster never scrolling sideways."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelectionModel, QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget

from desktop.systems import get
from desktop.systems.encounters import has_gm_rules, new_encounter
from desktop.ui.gm.combatant_table import GLYPHS
from desktop.ui.gm.sources import catalog_characters
from tests.ui.gm.conftest import SAMPLE_TOTALS, open_gm, sample_fight

LIZARDS = ["Lizard-man 1", "Lizard-man 2", "Lizard-man 3"]
GAMES = [g for g in ("pow", "pocket", "protector", "kruhl", "powers") if has_gm_rules(g)]


def start(gm, party, prompts) -> None:
    sample_fight(gm, party, prompts)
    gm.turn_bar.totals.setText(SAMPLE_TOTALS)
    gm.turn_bar.start_button.click()


def pool(gm, key: str) -> str:
    rules = gm.encounter.rules
    row = next(r for r in rules.rows(gm.encounter.state) if r.key == key)
    return row.cells[rules.columns.index("Damage")]


def select_many(gm, keys: list[str]) -> None:
    selection = gm.roster.view.selectionModel()
    selection.clearSelection()
    for key in keys:
        selection.select(gm.model.index_of(key), QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)


def test_area_damage_to_the_selected_in_one_undo_step(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    select_many(gm, ["Lizard-man 1", "Lizard-man 3", "Sparky"])
    assert gm.roster.selected_keys() == ["Lizard-man 1", "Lizard-man 3", "Sparky"]
    panel = gm.action_panel
    assert panel.title.text() == "3 selected"
    assert "reduce" not in panel.buttons or panel.buttons["damage"]
    steps = gm.session.undo_stack.count()
    panel.set_value("damage", "points", 4)
    panel.buttons["damage"].click()
    assert gm.session.undo_stack.count() == steps + 1
    texts = gm.log_view.texts()
    for key in ("Lizard-man 1", "Lizard-man 3", "Sparky"):
        assert any(t.startswith(f"Frame 1: {key}: 4 damage") for t in texts), key
    assert pool(gm, "Lizard-man 2").endswith("9/9")
    gm.session.undo_stack.undo()
    assert pool(gm, "Lizard-man 1").endswith("9/9") and pool(gm, "Sparky").endswith("16/16")


def test_a_condition_for_everyone_selected(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    select_many(gm, LIZARDS[:2])
    gm.action_panel.condition_text.setText("Blinded")
    gm.action_panel.condition_add.click()
    assert [c.target for c in gm.encounter.conditions] == LIZARDS[:2]


def test_the_row_menu_offers_the_common_actions(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.select("Sparky")
    menu = gm.roster.row_menu()
    names = [a.text() for a in menu.actions() if a.text()]
    assert names[0] == "Damage…"
    assert "Add a condition…" in names and "Edit hit points" in names
    assert gm.menus.remove_action in menu.actions()
    damage = next(a for a in menu.actions() if a.text() == "Damage…")
    damage.trigger()
    box = gm.action_panel.editors["damage"]["points"].widget
    assert QApplication.focusWidget() in (box, box.lineEdit())


def test_hit_points_typed_into_the_cell(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    column = gm.model.health
    assert gm.model.headerData(column, Qt.Orientation.Horizontal) == "Damage"
    index = gm.model.index_of("Sparky").siblingAtColumn(column)
    assert gm.model.itemFromIndex(index).isEditable()
    assert gm.model.setData(index, "10") is False  # not stored: done through the rules
    assert gm.log_view.texts()[-1] == "Frame 1: Sparky: 6 damage: pool 16→10"
    gm.model.setData(gm.model.index_of("Sparky").siblingAtColumn(column), "-2")
    assert gm.log_view.texts()[-1] == "Frame 1: Sparky: 2 damage: pool 10→8"
    gm.model.setData(gm.model.index_of("Sparky").siblingAtColumn(column), "lots")
    assert "type a number of hit points" in gm.statusBar().currentMessage()
    gm.model.setData(gm.model.index_of("Sparky").siblingAtColumn(column), "+2")
    assert "no healing action" in gm.statusBar().currentMessage()


def test_hurt_and_down_rows_are_marked(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.select("Cutter")
    gm.action_panel.set_value("damage", "points", 2)
    gm.action_panel.buttons["damage"].click()
    name = gm.model.index_of("Cutter").data()
    assert GLYPHS["hurt"] in name
    assert "hurt" in gm.model.index_of("Cutter").data(Qt.ItemDataRole.ToolTipRole)
    assert gm.model.index_of("Cutter").data(Qt.ItemDataRole.BackgroundRole) is not None
    assert GLYPHS["hurt"] not in gm.model.index_of("Electrobabe").data()


def test_the_empty_screen_welcomes_and_says_the_game(gm) -> None:
    assert gm.pages.currentIndex() == 1
    assert "No one in this fight yet" in gm.welcome.title.text()
    assert "POW!" in gm.welcome.title.text()
    assert gm.welcome.game.currentData() == "pow"
    gm.welcome.game.setCurrentIndex(gm.welcome.game.findData("pocket"))
    gm.welcome.game.activated.emit(gm.welcome.game.currentIndex())
    assert gm.encounter.system == "pocket" and "Pocket" in gm.welcome.title.text()
    assert gm.add_panel.source.itemText(0).startswith("Crocodile")
    assert gm.welcome.buttons["files"].isVisibleTo(gm)
    assert not gm.welcome.buttons["open"].isVisibleTo(gm)  # nothing open in the app
    gm.welcome.buttons["npcs"].click()
    assert gm.add_panel.source.hasFocus()


def test_the_add_panel_says_what_a_group_is(gm, qtbot, gm_prompts) -> None:
    panel = gm.add_panel
    assert panel.select_source("Lizard-man")
    panel.count.setValue(6)
    assert panel.note.text().startswith("Adds a group “Lizard-men” of 6 (Lizard-man 1 to "
                                        "Lizard-man 6): one turn and one initiative")
    pocket = open_gm(qtbot, gm_prompts, encounter=new_encounter("pocket", "x", seed=1))
    try:
        pocket.add_panel.count.setValue(3)
        assert "acts on its own" in pocket.add_panel.note.text()
    finally:
        pocket.close()


def _busy(game: str):
    npcs = catalog_characters(get(game))
    e = new_encounter(game, "Ambush", seed=3).add_group(npcs[0], 4)
    for npc in npcs[1:4]:
        e = e.add_character(npc)
    return e.start()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_nothing_cut_off_on_the_right(game, size, qtbot, gm_prompts) -> None:
    gm = open_gm(qtbot, gm_prompts, encounter=_busy(game))
    try:
        gm.resize(*size)
        qtbot.wait(20)
        assert gm.minimumSizeHint().height() <= 720 and gm.minimumSizeHint().width() <= 1280
        assert gm.height() <= size[1]
        roster = gm.roster.view
        assert not roster.horizontalScrollBar().isVisible()
        assert roster.header().length() <= roster.viewport().width() + 1
        panel = gm.action_panel
        viewport = panel.scroll.viewport()
        for widget in panel.scroll.widget().findChildren(QWidget):
            if not widget.isVisibleTo(panel) or widget.width() == 0:
                continue
            right = widget.mapTo(viewport, QPoint(widget.width(), 0)).x()
            assert right <= viewport.width() + 1, (widget.objectName(), right)
    finally:
        gm.session.undo_stack.setClean()
        gm.close()


def test_dice_left_to_the_app_say_roll_here_not_0(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.select("Lizard-man 1")
    gm.action_panel.set_value("damage", "points", 40)
    gm.action_panel.buttons["damage"].click()
    save = next(a for a in gm.action_panel.editors if a.startswith("save:"))
    box = gm.action_panel.editors[save]["die"].widget
    assert box.text() == "roll here" and box.value() == 0
    label = gm.encounter.action("Lizard-man 1", save).params[0].label
    assert "0 =" not in label


def test_a_greyed_action_folds_its_inputs(qtbot, gm_prompts) -> None:
    gm = open_gm(qtbot, gm_prompts, encounter=_busy("pocket"))
    try:
        gm.select("Crocodile 1")
        shoot = gm.encounter.action("Crocodile 1", "shoot")
        assert shoot is not None and not shoot.enabled  # a crocodile has no missile weapon
        panel = gm.action_panel
        assert panel.buttons["shoot"].toolTip().startswith("Not now: ")
        assert not any(e.widget.isVisibleTo(panel) for e in panel.editors["shoot"].values())
        assert all(e.widget.isVisibleTo(panel) for e in panel.editors["damage"].values())
    finally:
        gm.session.undo_stack.setClean()
        gm.close()


def test_a_number_that_grows_widens_its_column(gm, gm_prompts, party, qtbot) -> None:
    start(gm, party, gm_prompts)
    gm.resize(1600, 900)  # room for every column: none squeezed
    qtbot.wait(20)
    column = gm.model.health
    header = gm.roster.view.header()
    header.resizeSection(column, 36)  # as narrow as a column goes
    before = gm.model.index_of("Sparky").siblingAtColumn(column).data()
    gm.model.setData(gm.model.index_of("Sparky").siblingAtColumn(column), "-30")
    cell = gm.model.index_of("Sparky").siblingAtColumn(column)
    assert len(cell.data()) > len(before)
    assert header.sectionSize(column) >= gm.roster.view.sizeHintForIndex(cell).width() > 36


def test_selecting_a_row_shows_its_actions_once(gm, gm_prompts, party, monkeypatch) -> None:
    start(gm, party, gm_prompts)
    shown: list[str | None] = []
    show = gm.action_panel.show_combatant
    monkeypatch.setattr(gm.action_panel, "show_combatant",
                        lambda encounter, key, *rest: (shown.append(key),
                                                       show(encounter, key, *rest)))
    gm.select("Cutter")
    assert shown == ["Cutter"]
    assert gm.action_panel.title.text().startswith("Cutter")
