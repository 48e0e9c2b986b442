"""The Difficulty check panel: pick a Stat and a Difficulty, see the exact odds, roll.

The odds follow the character's optional rules (Doubles, Triples, Criticals) and its
current (reduced) Stat, and update on every edit. The book's modifiers — range bands and
point blank (POW!, Combat Basics, Ranged Combat), Cooperation, Size and the situational
Difficulty Modifiers (Difficulty Checks, Difficulty Modifiers) — change the Difficulty
before the odds; the panel shows how (rules/modifiers.py).
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QSpinBox, QWidget

from desktop.model.dice import Roller
from desktop.systems.pow.rules import catalog
from desktop.systems.pow.rules.character import STAT_LABELS, STATS, PowCharacter, Stat
from desktop.systems.pow.rules.dice import check_text, roll_check, rules_of
from desktop.systems.pow.rules.modifiers import Modified, ModifierError, Situation, apply, choices
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
        self.range_spin = child(form, QSpinBox, "checkRangeSpin")
        self.point_blank = child(form, QCheckBox, "checkPointBlankBox")
        self.cooperation = child(form, QSpinBox, "checkCooperationSpin")
        self.size_diff = child(form, QSpinBox, "checkSizeSpin")
        for spin in (self.range_spin, self.cooperation, self.size_diff):
            spin.valueChanged.connect(self.refresh)
        self.point_blank.toggled.connect(self.refresh)
        # The situational modifiers, one menu each, from the book's table (tables.json).
        layout = child(form, QWidget, "checkModifiersGroup").layout()
        assert isinstance(layout, QFormLayout)
        self.situational: dict[str, QComboBox] = {}
        for choice in choices():
            combo = QComboBox(form)
            combo.setObjectName("checkMod" + "".join(w.capitalize() for w in
                                                      choice.name.replace("&", "").split()))
            combo.addItem("none", None)
            for index, (condition, value) in enumerate(choice.options):
                combo.addItem(f"{condition}: {value:+d}", index)
            combo.setToolTip(f"{choice.name} (POW!, Difficulty Checks, Difficulty Modifiers)")
            combo.currentIndexChanged.connect(self.refresh)
            short = choice.name.replace(" Actions", "").replace("&", "&&")
            layout.addRow(f"{short}:", combo)
            self.situational[choice.name] = combo

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

    def situation(self) -> Situation:
        chosen = {name: combo.currentData() for name, combo in self.situational.items()
                  if combo.currentData() is not None}
        return Situation(range_multiple=self.range_spin.value(),
                         point_blank=self.point_blank.isChecked(),
                         cooperation=self.cooperation.value(),
                         size_diff=self.size_diff.value(), chosen=chosen)

    def modified(self) -> Modified:
        """The Difficulty after the book's modifiers (ModifierError if they clash)."""
        return apply(self.difficulty.value(), self.situation())

    def odds(self) -> Odds:
        character = self.character
        for index, key in enumerate(STATS):
            self.stat_combo.setItemText(
                index, f"{STAT_LABELS[key]} ({character.current_stat(key)})")
        stat = character.current_stat(self.stat)
        try:
            modified = self.modified()
        except ModifierError as exc:
            return Odds("—", "Difficulty modifiers", str(exc), can_roll=False)
        head, detail = check_text(STAT_LABELS[self.stat], stat, modified.difficulty,
                                  rules_of(character))
        setup, chance = head.rsplit(": ", 1)
        if modified.terms:
            detail = f"Difficulty {modified.describe()}.\n{detail}"
        # A Stat below 0 "cannot be used for anything" (POW!, Stat Reduction).
        return Odds(chance, setup, detail, can_roll=stat >= 0)

    def throw(self) -> str:
        character = self.character
        return roll_check(character.current_stat(self.stat), self.modified().difficulty,
                          self.roller, rules_of(character)).describe()
