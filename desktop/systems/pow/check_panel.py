"""The Difficulty check panel: pick a Stat and a Difficulty, see the exact odds, roll.

The odds follow the character's optional rules (Doubles, Triples, Criticals) and its
current (reduced) Stat, and update on every edit.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QSpinBox, QWidget

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.pow import catalog
from desktop.systems.pow.character import STAT_LABELS, STATS, PowCharacter, Stat
from desktop.systems.pow.dice import CheckRules, check_odds, roll_check
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child


def rules_of(character: PowCharacter) -> CheckRules:
    options = character.options
    return CheckRules(options.doubles, options.triples, options.criticals)


def odds_text(stat_label: str, stat: int, difficulty: int, rules: CheckRules) -> tuple[str, str]:
    """Headline and detail, e.g. ("Agility 3 vs Difficulty 12: 27.8 %", "needs 9+ …")."""
    odds = check_odds(stat, difficulty, rules)
    head = f"{stat_label} {stat} vs Difficulty {difficulty}: {percent(odds.p_success)}"
    if odds.automatic:
        return head, "The Stat beats the Difficulty: automatic success, no roll."
    need = difficulty - stat
    detail = f"Needs {need}+ on 2d6" if need > 2 else "Any roll succeeds"
    extras = []
    if rules.doubles:
        extras.append("doubles roll again")
    if rules.triples and 1 <= stat <= 6:
        extras.append(f"double {stat}s always succeed")
    if rules.criticals and odds.p_critical:
        extras.append(f"critical {percent(odds.p_critical)}")
    return head, detail + (f" ({'; '.join(extras)})" if extras else "") + "."


def difficulty_presets() -> list[tuple[int, str]]:
    """The book's Difficulty scale (0 Infantile … 20 Impossible), for the preset menu."""
    return [(row.value, f"{row.name}: {row.text}") for row in catalog.tables().difficulty.rows]


class CheckPanel:
    def __init__(self, form: QWidget, document: CharacterDocument,
                 roller: Roller | None = None) -> None:
        self.document = document
        self.roller = roller or Roller()
        self.stat_combo = child(form, QComboBox, "checkStatCombo")
        self.difficulty = child(form, QSpinBox, "checkDifficultySpin")
        self.presets = child(form, QComboBox, "checkPresetCombo")
        self.odds = child(form, QLabel, "oddsValue")
        self.detail = child(form, QLabel, "oddsDetail")
        self.result = child(form, QLabel, "rollResult")
        self.roll_button = child(form, QPushButton, "rollButton")
        font = self.odds.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.odds.setFont(font)
        for stat in STATS:
            self.stat_combo.addItem(STAT_LABELS[stat], stat)
        self.difficulty.setValue(10)
        self.presets.addItem("Difficulty presets…", None)
        for value, text in difficulty_presets():
            self.presets.addItem(f"{value} — {text}", value)
        self.stat_combo.currentIndexChanged.connect(self.refresh)
        self.difficulty.valueChanged.connect(self.refresh)
        self.presets.activated.connect(self._preset_chosen)
        self.roll_button.clicked.connect(self.roll)

    @property
    def stat(self) -> Stat:
        return self.stat_combo.currentData()

    def _preset_chosen(self, index: int) -> None:
        value = self.presets.itemData(index)
        if value is not None:
            self.difficulty.setValue(value)
        self.presets.setCurrentIndex(0)

    def refresh(self) -> None:
        character: PowCharacter = self.document.character  # type: ignore[assignment]
        stat = character.current_stat(self.stat)
        for index, key in enumerate(STATS):
            self.stat_combo.setItemText(
                index, f"{STAT_LABELS[key]} ({character.current_stat(key)})")
        head, detail = odds_text(STAT_LABELS[self.stat], stat, self.difficulty.value(),
                                 rules_of(character))
        setup, chance = head.rsplit(": ", 1)
        self.odds.setText(chance)
        self.odds.setToolTip(head)
        self.detail.setText(f"{setup}\n{detail}")
        self.roll_button.setEnabled(stat >= 0)

    def roll(self) -> str:
        character: PowCharacter = self.document.character  # type: ignore[assignment]
        result = roll_check(character.current_stat(self.stat), self.difficulty.value(),
                            self.roller, rules_of(character))
        self.roller.take_throws()
        text = result.describe()
        self.result.setText(text)
        return text
