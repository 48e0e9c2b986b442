"""The dice roller's free roll starts at each game's own dice."""

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


def test_the_check_is_the_selected_combatants_and_the_log_says_who(gm, gm_prompts,
                                                                   party) -> None:
    from tests.ui.gm.test_window import start_sample

    start_sample(gm, party, gm_prompts)
    assert gm.select("Electrobabe")
    agility = gm.encounter.character("Electrobabe").current_stat("agility")
    assert gm.dice.editors["stat"].value() == agility
    assert "Electrobabe" in gm.dice.roller_label.text()
    gm.dice.check_button.click()
    assert ": Electrobabe: Stat " in gm.log_view.texts()[-1]
    gm.dice.editors["stat"].set_value(1)  # typed by the GM: kept while it stays selected
    gm.refresh()
    assert gm.dice.editors["stat"].value() == 1
