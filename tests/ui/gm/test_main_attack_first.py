"""Each game's main attack is the first action the GM sees for a combatant, never
folded under "More actions" (Powers: every attack power)."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.systems.encounters import new_encounter
from desktop.systems.files import load_character
from tests.ui.gm.conftest import open_gm

REPO = Path(__file__).resolve().parents[3]
MAIN_ATTACK = {"pow": "attack", "pocket": "attack", "protector": "contest",
               "powers": "attack:", "kruhl": "attack"}


@pytest.mark.parametrize("game", sorted(MAIN_ATTACK))
def test_the_main_attack_comes_first(qtbot, gm_prompts, game) -> None:
    encounter = new_encounter(game, "Examples", seed=3)
    for path in sorted((REPO / "resources" / game / "characters").glob("*.sheetdesk")):
        encounter = encounter.add_character(load_character(path))
    gm = open_gm(qtbot, gm_prompts, encounter=encounter.start())
    try:
        assert gm.select(next(iter(gm.encounter.fighters)))
        shown = [a for a in gm.action_panel.list.visible_actions()
                 if not a.startswith(("save:", "ctd_roll", "phantom_test"))]
        assert shown and shown[0].startswith(MAIN_ATTACK[game]), shown
        assert shown[0] not in gm.action_panel.list._rest
    finally:
        gm.session.undo_stack.setClean()
        gm.close()
