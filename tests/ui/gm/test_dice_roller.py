"""The dice roller's free roll starts at each game's own dice (issue 15, item 4)."""

from __future__ import annotations

from desktop.systems import get
from desktop.ui.gm.dice_roller import FREE_DICE, DiceRoller


def _rules(game: str):
    return get(game).part("gm").RULES


def test_the_free_roll_follows_the_game_unless_the_gm_typed_one(qtbot) -> None:
    roller = DiceRoller()
    qtbot.addWidget(roller)
    assert roller.expression.text() == FREE_DICE == "2d6"
    roller.set_rules(_rules("pocket"))
    assert roller.expression.text() == "2d10", "Pocket Universe rolls 2d10"
    roller.set_rules(_rules("pow"))
    assert roller.expression.text() == "2d6"
    roller.expression.setText("d20+2")
    roller.set_rules(_rules("pocket"))
    assert roller.expression.text() == "d20+2", "what the GM typed stays"
