"""The Kruhl adapter in the real GM screen window (offscreen): columns, turns, the
turn-order actions and the Dice tab's check, with nothing Kruhl-specific in the window."""

from __future__ import annotations

from desktop.systems.kruhl.fight.gm import RULES
from tests.systems.kruhl.fight.helpers import (
    LACKEYS,
    corner_fight,
)
from tests.ui.gm.conftest import ScriptedGmPrompts, open_gm


def test_a_kruhl_fight_in_the_window(qtbot, tmp_path) -> None:
    prompts = ScriptedGmPrompts()
    gm = open_gm(qtbot, prompts, encounter=corner_fight())
    try:
        assert "(Warlords of Kruhl 3e)" in gm.windowTitle()
        headers = [gm.model.horizontalHeaderItem(i).text()
                   for i in range(gm.model.columnCount())]
        assert headers == ["Name", *RULES.columns, "Status", "Conditions"]
        assert gm.start_fight({"totals": {"Soraya": 12, "Virek-Kohl": 9, LACKEYS: 5}})
        assert gm.turn_bar.label.full_text() == "Round 1 · Soraya"
        assert gm.select("Soraya")
        buttons = gm.action_panel.buttons
        assert buttons["delay"].isEnabled() and not buttons["take_delayed"].isEnabled()
        assert "plot:rally" in buttons and "condition_on" in buttons
        buttons["delay"].click()
        assert gm.turn_bar.label.full_text() == "Round 1 · Virek-Kohl"
        assert gm.select("Soraya")
        assert next(iter(gm.action_panel.buttons)) == "take_delayed", "the prompt first"
        gm.action_panel.buttons["take_delayed"].click()
        assert gm.turn_bar.label.full_text() == (
            "Round 1 · Soraya (delayed turn, interrupting Virek-Kohl)")
        gm.next_turn()
        assert gm.log_view.texts()[-1] == "Round 1: Virek-Kohl's turn resumes"
        assert gm.perform("Lackey 1", "hit", {"hits": 1}, "Successful attack")
        assert gm.model.line(gm.model.index_of("Lackey 1")).out
        assert not gm.perform("Lackey 1", "hit", {"hits": 1}, "Successful attack"), \
            "refused: defeated"
        gm.next_turn()
        gm.next_turn()
        assert gm.turn_bar.label.full_text() == "Round 1 · Environment"
        gm.next_turn()
        assert gm.turn_bar.label.full_text() == "Round 2 · Soraya"
        assert gm.dice.check_box.title() == RULES.check_spec().title
        assert gm.dice.check_chance.text().endswith("%")
        gm.dice.check_button.click()
        assert " vs 2d6 + DV 3 (" in gm.log_view.texts()[-1]
        prompts.paths = [tmp_path / "corner.encounter"]
        assert gm.save_as()
    finally:
        gm.close()
        gm.deleteLater()
