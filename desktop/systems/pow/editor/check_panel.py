"""The Difficulty check panel: pick a Stat and a Difficulty, see the exact odds, roll.

The odds follow the character's optional rules (Doubles, Triples, Criticals) and its
current (reduced) Stat, and update on every edit.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QSpinBox, QWidget

from desktop.model.dice import Roller
from desktop.systems.pow.rules import catalog
from desktop.systems.pow.rules.character import STAT_LABELS, STATS, PowCharacter, Stat
from desktop.systems.pow.rules.dice import check_text, roll_check, rules_of
from desktop.ui.check_panel import CheckPanel, Odds
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child


def difficulty_presets() -> list[tuple[int, str]]:
    """The book's Difficulty scale (0 Infantile … 20 Impossible), for the preset menu."""
    return [(row.value, f"{row.name}: {row.text}") for row in catalog.tables().difficulty.rows]


class PowCheckPanel(CheckPanel):
    """Pick a Stat and a Difficulty (or one of the book's presets)."""

    def __init__(self, form: QWidget, document: CharacterDocument,
                 roller: Roller | None = None) -> None:
        super().__init__(form, document, roller)
        self.stat_combo = child(form, QComboBox, "checkStatCombo")
        self.difficulty = child(form, QSpinBox, "checkDifficultySpin")
        self.presets = child(form, QComboBox, "checkPresetCombo")
        for stat in STATS:
            self.stat_combo.addItem(STAT_LABELS[stat], stat)
        self.difficulty.setValue(10)
        self.presets.addItem("Difficulty presets…", None)
        for value, text in difficulty_presets():
            self.presets.addItem(f"{value} — {text}", value)
        self.stat_combo.currentIndexChanged.connect(self.refresh)
        self.difficulty.valueChanged.connect(self.refresh)
        self.presets.activated.connect(self._preset_chosen)

    @property
    def character(self) -> PowCharacter:
        return self.document.character  # type: ignore[return-value]

    @property
    def stat(self) -> Stat:
        return self.stat_combo.currentData()

    def _preset_chosen(self, index: int) -> None:
        value = self.presets.itemData(index)
        if value is not None:
            self.difficulty.setValue(value)
        self.presets.setCurrentIndex(0)

    def odds(self) -> Odds:
        character = self.character
        for index, key in enumerate(STATS):
            self.stat_combo.setItemText(
                index, f"{STAT_LABELS[key]} ({character.current_stat(key)})")
        stat = character.current_stat(self.stat)
        head, detail = check_text(STAT_LABELS[self.stat], stat, self.difficulty.value(),
                                 rules_of(character))
        setup, chance = head.rsplit(": ", 1)
        return Odds(chance, setup, detail, can_roll=stat >= 0)

    def throw(self) -> str:
        character = self.character
        return roll_check(character.current_stat(self.stat), self.difficulty.value(),
                          self.roller, rules_of(character)).describe()
