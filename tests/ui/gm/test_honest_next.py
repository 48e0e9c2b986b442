"""Next asks about every roll owed, not only the acting combatant's: a POW! Stat Save
owed by someone hit on another's turn stops Next, and the GM is taken to it."""

from __future__ import annotations

from tests.ui.gm.test_window import start_sample


def test_next_asks_for_a_stat_save_owed_off_turn(gm, gm_prompts, party) -> None:
    start_sample(gm, party, gm_prompts)
    acting = gm.encounter.turn.actors
    victim = next(k for k in ("Sparky", "Cutter", "Electrobabe") if k not in acting)
    assert gm.perform(victim, "damage", {"points": 30}, "Damage")
    owed = [(key, action.id) for key, action in gm.encounter.due()]
    assert any(key == victim and action.startswith("save:") for key, action in owed)
    gm.select(acting[0])
    gm_prompts.pass_anyway = False
    turn = gm.encounter.turn
    assert not gm.next_turn()
    assert gm.encounter.turn == turn  # not passed
    assert any(text.startswith(f"{victim}: ") and "Stat Save" in text
               for text in gm_prompts.due_asked[-1])
    assert gm.roster.selected_key() == victim
    assert any(a.startswith("save:") for a in gm.action_panel.buttons)
    assert "Still due" in gm.statusBar().currentMessage()
    gm_prompts.pass_anyway = True
    assert gm.next_turn()  # the GM may pass anyway
