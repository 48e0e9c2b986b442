"""What every game's check panel shares: the exact chance in large type, what is being
checked and what it needs under it, and a Roll button whose seeded result is shown.

A game's panel subclasses ``CheckPanel``, builds its own inputs (a Stat and a
Difficulty, a target number, a handful of dice) from the editor form, and implements
``odds()`` and ``throw()``. The form must hold the four shared widgets by name:
``oddsValue``, ``oddsDetail``, ``rollResult`` and ``rollButton``.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from desktop.model.dice import Roller
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.rich_text import escape


class Odds(NamedTuple):
    """A check as the panel shows it before the roll: its chance, what it is and what it needs."""

    chance: str
    """The exact chance as people read it: "27.8 %"."""
    setup: str
    """What is checked: "Agility 3 vs Difficulty 12"."""
    detail: str = ""
    """What it needs, and the rules that change it: "Needs 9+ on 2d6."."""
    can_roll: bool = True


class CheckPanel:
    def __init__(self, form: QWidget, document: CharacterDocument,
                 roller: Roller | None = None) -> None:
        self.document = document
        self.roller = roller or Roller()
        self.odds_label = child(form, QLabel, "oddsValue")
        self.detail = child(form, QLabel, "oddsDetail")
        self.result = child(form, QLabel, "rollResult")
        self.roll_button = child(form, QPushButton, "rollButton")
        self.odds_label.setAlignment(Qt.AlignmentFlag.AlignCenter)  # alike in every game
        font = self.odds_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.odds_label.setFont(font)
        self.roll_button.clicked.connect(self.roll)
        self._shown: Odds | None = None

    def odds(self) -> Odds:
        raise NotImplementedError

    def throw(self) -> str:
        """Roll the check with ``self.roller`` and describe the result."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Show the odds; nothing is given again when they did not change (a new tooltip
        is an event to the label and its watchers, an unchanged one too)."""
        odds = self.odds()
        if odds == self._shown:
            return
        self._shown = odds
        self.odds_label.setText(odds.chance)
        self.odds_label.setToolTip(f"{odds.setup}: {odds.chance}")
        self.detail.setText(f"{odds.setup}\n{odds.detail}" if odds.detail else odds.setup)
        self.roll_button.setEnabled(odds.can_roll)

    def roll(self) -> str:
        text = self.throw()
        self.roller.take_throws()
        self.result.setTextFormat(Qt.TextFormat.RichText)
        self.result.setText(result_html(text))
        return text


SUCCESS_WORDS = ("success", "succeeds", "you win")
FAILURE_WORDS = ("failure", "fails", "fumble", "they win", "cannot roll")
SUCCESS_COLOUR, FAILURE_COLOUR = "#1a7f37", "#c62828"
"""Green and red that read on light and dark backgrounds alike (4.5:1 on white)."""


def verdict(text: str) -> bool | None:
    """Whether a roll's description ends in success (True) or failure (False); None if it
    says neither (a tie). The last verdict word counts: the outcome comes last, and a
    reason after it ("a 20 always fails") agrees with it."""
    lower = text.lower()
    found = [(lower.rfind(word), True) for word in SUCCESS_WORDS]
    found += [(lower.rfind(word), False) for word in FAILURE_WORDS]
    place, ok = max(found)
    return ok if place >= 0 else None


def result_html(text: str) -> str:
    """The outcome first, plainly, with colour and a sign; the dice under it."""
    ok = verdict(text)
    details = escape(text)
    if ok is None:
        return details
    word, colour = ("✔ Success", SUCCESS_COLOUR) if ok else ("✘ Failure", FAILURE_COLOUR)
    return f"<b style='color:{colour}; font-size:large'>{word}</b><br>{details}"
