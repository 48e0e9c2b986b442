"""The Powers adapter in the real GM screen window (offscreen): columns, turns, the
attack and Close to Death actions, undo and redo, the Dice tab's check and save, with nothing
Powers-specific in the window."""

from __future__ import annotations

from desktop.systems.powers.fight.gm import RULES
from tests.systems.powers.fight.helpers import DRAFT_HITS, three
from tests.ui.gm.conftest import ScriptedGmPrompts, open_gm


def test_a_powers_fight_in_the_window(qtbot, tmp_path) -> None:
    prompts = ScriptedGmPrompts()
    gm = open_gm(qtbot, prompts, encounter=three())
    try:
        assert "(Powers" in gm.windowTitle()
        headers = [gm.model.horizontalHeaderItem(i).text()
                   for i in range(gm.model.columnCount())]
        assert headers == ["Name", *RULES.columns, "Status", "Conditions"]
        assert gm.start_fight({"totals": DRAFT_HITS})
        assert gm.turn_bar.label.full_text() == "Turn 1 · Bob (5 hits)"
        assert gm.select("Bob")
        buttons = gm.action_panel.buttons
        assert buttons["attack:Blammo Cannon"].isEnabled()
        assert not buttons["ctd_roll"].isEnabled() and "move" in buttons
        assert "exact" in buttons["attack:Blammo Cannon"].toolTip().lower() or \
            "%" in buttons["attack:Blammo Cannon"].toolTip()
        assert gm.perform("Bob", "attack:Blammo Cannon", {"target": "Dave"}, "Attack")
        assert any(t.startswith("Turn 1: Bob attacks Dave with Blammo Cannon: 15 dice vs "
                                "Agility 7 dice (") for t in gm.log_view.texts())
        assert not gm.perform("Bob", "attack:Blammo Cannon", {"target": "Nigel"}, "Attack"), \
            "refused: one power a turn"
        assert gm.perform("Nigel", "damage", {"points": 9, "kind": "normal"}, "Damage")
        assert gm.model.line(gm.model.index_of("Nigel")).status.startswith("Close to Death")
        assert gm.select("Nigel")
        assert next(iter(gm.action_panel.buttons)) == "ctd_roll", "the prompt first"
        assert gm.action_panel.buttons["ctd_roll"].isEnabled()
        gm.action_panel.buttons["ctd_roll"].click()
        assert gm.log_view.texts()[-1].startswith(
            "Turn 1: Nigel: Close to Death roll, Resilience 3 dice needing 1 hit: ")
        gm.session.undo_stack.undo()  # the roll, then the damage, undone step by step
        assert gm.encounter.state.ctd_due("Nigel")
        gm.session.undo_stack.undo()
        assert gm.encounter.character("Nigel").tracking.damage.normal == 0
        assert not gm.model.line(gm.model.index_of("Nigel")).status
        gm.session.undo_stack.redo()
        assert gm.encounter.character("Nigel").tracking.damage.normal == 9
        gm.next_turn()
        assert gm.turn_bar.label.full_text() == "Turn 1 · Nigel (3 hits)"
        assert gm.dice.check_box.title() == RULES.check_spec().title
        assert gm.dice.check_chance.text().endswith("%")
        gm.dice.check_button.click()
        assert gm.log_view.texts()[-1].startswith("Turn 1: Nigel: 9 dice needing 2 hits (")
        prompts.paths = [tmp_path / "three.encounter"]
        assert gm.save_as()
        assert (tmp_path / "three.encounter").exists()
    finally:
        gm.close()
        gm.deleteLater()
