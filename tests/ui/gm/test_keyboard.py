"""The GM screen from the keyboard, typed exactly as a GM types: choose Damage, 5, Enter;
N / Space / Esc / Ctrl+Z wherever the focus is; the due prompt reminder on Next."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.ui.gm.conftest import SAMPLE_TOTALS, open_gm, sample_fight

LIZARDS = ["Lizard-man 1", "Lizard-man 2", "Lizard-man 3"]


def start(gm, party, prompts) -> None:
    sample_fight(gm, party, prompts)
    gm.turn_bar.totals.setText(SAMPLE_TOTALS)
    gm.turn_bar.start_button.click()


def pool(gm, key: str) -> str:
    row = next(r for r in gm.encounter.rules.rows(gm.encounter.state) if r.key == key)
    return row.cells[gm.encounter.rules.columns.index("Damage")]


def test_choose_damage_type_5_enter_applies_5(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.select("Sparky")
    gm.action_panel.set_value("damage", "points", 1)  # an old value in the box
    QTest.keyClick(gm, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)  # the actions
    spin = gm.action_panel.editors["damage"]["points"].widget
    assert QApplication.focusWidget() in (spin, spin.lineEdit())
    QTest.keyClicks(QApplication.focusWidget(), "5")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert gm.log_view.texts()[-1] == "Frame 1: Sparky: 5 damage: pool 16→11", "not 15"
    assert pool(gm, "Sparky").endswith("11/16")


def test_find_an_action_by_name(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.select("Cutter")
    QTest.keyClick(gm, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    search = gm.action_panel.list.search
    assert search.hasFocus()
    QTest.keyClicks(search, "dam")
    assert gm.action_panel.list.visible_actions() == ["damage"]
    QTest.keyClick(search, Qt.Key.Key_Return)
    QTest.keyClicks(QApplication.focusWidget(), "3")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Enter)
    assert gm.log_view.texts()[-1].startswith("Frame 1: Cutter: 3 damage")


def test_table_keys_work_from_a_number_box(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.select("Sparky")
    gm.keyboard.focus_actions()
    box = QApplication.focusWidget()
    QTest.keyClicks(box, "4")
    QTest.keyClick(box, Qt.Key.Key_Return)
    done = len(gm.encounter.ops)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier)
    assert len(gm.encounter.ops) == done - 1, "Ctrl+Z undoes the damage, not the typing"
    before = gm.encounter.turn.actors
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)
    assert gm.encounter.turn.actors != before, "Space passes the turn"
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert gm.roster.view.hasFocus()


def test_shortcuts_are_in_the_tooltips(gm) -> None:
    assert "(N" in gm.menus.next_action.toolTip()
    assert "Ctrl+F" in gm.menus.find_action_action.toolTip()
    assert "Ctrl+Z" in gm.menus.undo_action.toolTip()


def test_next_with_a_due_save_asks_first(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.select("Lizard-man 1")
    gm.action_panel.set_value("damage", "points", 40)
    gm.action_panel.buttons["damage"].click()
    assert gm.encounter.due(), "a Stat Save is due"
    gm_prompts.pass_anyway = False
    actors = gm.encounter.turn.actors
    assert not gm.next_turn()
    assert gm_prompts.due_asked and "Lizard-man 1" in gm_prompts.due_asked[-1][0]
    assert gm.encounter.turn.actors == actors
    due_action = gm.encounter.due()[0][1].id
    widget = QApplication.focusWidget()
    assert gm.action_panel.list.rows[due_action].isAncestorOf(widget), (
        "the cursor waits in the due action")
    gm_prompts.pass_anyway = True
    assert gm.next_turn()
    assert gm.encounter.turn.actors != actors


def test_the_table_keys_watch_the_focus_widget_alone(qtbot, gm_prompts, party,
                                                      monkeypatch) -> None:
    """No application-wide event filter: it would run Python for every event of every
    object, ~15 ms of the GM screen's start alone. (The keys still work from any field:
    ``test_table_keys_work_from_a_number_box``.)"""
    app_wide: list[object] = []
    install = QApplication.installEventFilter
    monkeypatch.setattr(QApplication, "installEventFilter",
                        lambda app, spy: (app_wide.append(spy), install(app, spy))[1])
    gm = open_gm(qtbot, gm_prompts)
    start(gm, party, gm_prompts)
    gm.select("Sparky")
    gm.keyboard.focus_actions()
    try:
        assert app_wide == []
    finally:
        gm_prompts.unsaved_answers.clear()
        gm.close()
        gm.deleteLater()
