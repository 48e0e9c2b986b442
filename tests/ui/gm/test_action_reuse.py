"""Another combatant with the same actions reuses the action panel's widgets: only the
choices that differ (whom to attack) are refilled."""

from __future__ import annotations

from tests.ui.gm.test_window import start_sample


def test_the_attack_targets_follow_the_combatant_without_a_rebuild(gm, gm_prompts,
                                                                   party) -> None:
    start_sample(gm, party, gm_prompts)
    panel = gm.action_panel
    assert gm.select("Lizard-man 1")
    row = panel.list.rows["attack"]
    combo = panel.editors["attack"]["target"].widget
    targets = [combo.itemData(i) for i in range(combo.count())]
    assert "Lizard-man 1" not in targets and "Lizard-man 2" in targets
    assert gm.select("Lizard-man 2")
    assert panel.list.rows["attack"] is row  # the same widgets, refilled
    targets = [combo.itemData(i) for i in range(combo.count())]
    assert "Lizard-man 2" not in targets and "Lizard-man 1" in targets
    assert combo.currentData() == targets[0]  # the new combatant's default target
    wanted = next(a for a in gm.encounter.rules.actions(gm.encounter.state, "Lizard-man 2")
                  if a.id == "attack").param("target")
    assert wanted is not None
    assert [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] == list(
        wanted.choices)  # refilled by the difference, in the rules' order
