from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.model.dice import Roller
from desktop.systems import get
from desktop.ui.check_panel import (
    FAILURE_COLOUR,
    SUCCESS_COLOUR,
    CheckPanel,
    Odds,
    result_html,
    verdict,
)
from desktop.ui.document import CharacterDocument
from tests.ui.tooltip_changes import ToolTipChanges


class CoinPanel(CheckPanel):
    """A made-up game: heads wins, unless the character has no name."""

    def odds(self) -> Odds:
        named = bool(self.document.character.name)
        return Odds("50.0 %", "Coin vs heads", "Needs a 2 on 1d2.", can_roll=named)

    def throw(self) -> str:
        face = self.roller.throw(1, 2).faces[0]
        return f"1d2 [{face}]: {'success' if face == 2 else 'failure'}"


def _form(qtbot) -> QWidget:
    form = QWidget()
    layout = QVBoxLayout(form)
    for kind, name in ((QLabel, "oddsValue"), (QLabel, "oddsDetail"), (QLabel, "rollResult"),
                       (QPushButton, "rollButton")):
        widget = kind(form)
        widget.setObjectName(name)
        layout.addWidget(widget)
    qtbot.addWidget(form)
    return form


def test_the_panel_shows_the_chance_the_setup_and_the_seeded_roll(qtbot) -> None:
    form = _form(qtbot)
    document = CharacterDocument(get("pow").new_character("Ann"))
    panel = CoinPanel(form, document, Roller(seed=3))
    panel.refresh()
    assert form.findChild(QLabel, "oddsValue").text() == "50.0 %"
    assert form.findChild(QLabel, "oddsValue").toolTip() == "Coin vs heads: 50.0 %"
    assert form.findChild(QLabel, "oddsDetail").text() == "Coin vs heads\nNeeds a 2 on 1d2."
    form.findChild(QPushButton, "rollButton").click()
    shown = form.findChild(QLabel, "rollResult").text()
    assert shown == result_html(CoinPanel(form, document, Roller(seed=3)).throw())
    assert panel.roller.throws == [], "each roll's throws are taken, not piled up"


def test_a_check_that_cannot_be_rolled_disables_the_button(qtbot) -> None:
    form = _form(qtbot)
    panel = CoinPanel(form, CharacterDocument(get("pow").new_character("")))
    panel.refresh()
    assert not form.findChild(QPushButton, "rollButton").isEnabled()


def test_odds_that_did_not_change_are_not_given_again(qtbot) -> None:
    """Each new tooltip is an event to the label and whatever watches it: a refresh
    after an edit that leaves the odds as they were gives the panel nothing."""
    form = _form(qtbot)
    document = CharacterDocument(get("pow").new_character("Ann"))
    panel = CoinPanel(form, document)
    changes = ToolTipChanges(form.findChild(QLabel, "oddsValue"))
    for _ in range(3):
        panel.refresh()
    assert changes.count == 1
    document.character.name = ""  # odds that change are shown
    panel.refresh()
    assert not form.findChild(QPushButton, "rollButton").isEnabled()


@pytest.mark.parametrize(("text", "word"), [
    ("Needs 8+ on 2d6. 2d6 [5, 1] + 2 = 8 vs 10: failure", "✘ Failure"),
    ("2d10 [3, 4] = 7 vs 12: success", "✔ Success"),
    ("2d10 [10, 10] = 20 vs 21: failure (a 20 always fails)", "✘ Failure"),
    ("2d10 [1, 1] = 2 vs 12: critical success", "✔ Success"),
    ("you: 8 | they: 5 | you win by 3: 2 dice of damage", "✔ Success"),
    ("you: 5 | they: 8 | they win by 3: 2 dice of damage", "✘ Failure"),
])
def test_a_result_says_success_or_failure_plainly_with_colour_and_sign(text, word) -> None:
    shown = result_html(text)
    assert shown.startswith("<b style='color:") and word in shown
    assert (SUCCESS_COLOUR if word.startswith("✔") else FAILURE_COLOUR) in shown


def test_a_tie_says_neither() -> None:
    assert verdict("you: 5 | they: 5 | tie at 5: no damage") is None
