"""The Pocket Universe check panel: 2d10 roll-under with the book's modifiers.

Pick what to roll under (an Attribute, a skill as bought, an attack's total, a book
skill unskilled, or a target number of one's own), a difficulty (4.0), extra time
(4.4), an opposing score (4.2), a range (5.32, with the character's Acute Vision and,
for a missile attack, point blank) and simultaneous Actions (5.22). The exact chance
of success, of a critical success and of a fumble come from ``pocket.dice`` and
update with every edit of the character.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtWidgets import QComboBox, QSpinBox, QWidget

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.pocket.editor.text import num
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.character import ATTRIBUTE_LABELS, ATTRIBUTES, PocketCharacter
from desktop.systems.pocket.rules.derived import PocketDerived
from desktop.systems.pocket.rules.dice import Modifier
from desktop.ui.check_panel import CheckPanel, Odds
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.widgets.combo_items import show_items

TARGET = "target"
"""The choice "a target number of my own"."""


class Choice(NamedTuple):
    """One thing to roll under (a tuple: a hundred are listed anew after every edit)."""

    key: str
    """Stable across edits: "attr:deft", "skill:Melee (blade)", "attack:Sword"…"""
    text: str
    """As listed: "Melee (blade) 12"."""
    label: str
    """As in the odds and the roll: "Melee (blade)"."""
    score: int
    missile: bool = False
    """A missile weapon's attack: −2 at point blank (3.3 says "all missile weapons";
    a thrown melee weapon is not one, so it takes only the range penalty)."""


def choices(derived: PocketDerived) -> list[Choice]:
    """Everything the character can roll under, in the order the panel lists it."""
    out = [Choice(f"attr:{a}", f"{ATTRIBUTE_LABELS[a]} {derived.attributes[a]}",
                  ATTRIBUTE_LABELS[a], derived.attributes[a]) for a in ATTRIBUTES]
    out += [Choice(f"skill:{s.label}", f"{s.label} {s.score}", s.label, s.score)
            for s in derived.skills]
    out += [Choice(f"attack:{a.name}", f"{a.name}: to hit {num(a.total)}", a.name, a.total,
                   a.mode == "missile")
            for a in derived.attacks]
    learnt = {s.label.split(" (")[0] for s in derived.skills}
    out += [Choice(f"unskilled:{name}", f"{name}, unskilled {num(score)}",
                   f"{name}, unskilled", score)
            for name, score in derived.unskilled.items() if name.split(" (")[0] not in learnt]
    out.append(Choice(TARGET, "A target number…", "Target", 0))
    return out


class PocketCheckPanel(CheckPanel):
    def __init__(self, form: QWidget, document: CharacterDocument,
                 roller: Roller | None = None) -> None:
        super().__init__(form, document, roller)
        self.what = child(form, QComboBox, "checkWhatCombo")
        self.target = child(form, QSpinBox, "checkTargetSpin")
        self.difficulty = child(form, QComboBox, "checkDifficultyCombo")
        self.extra_time = child(form, QComboBox, "checkExtraTimeCombo")
        self.modifier = child(form, QSpinBox, "checkModifierSpin")
        self.opposed = child(form, QSpinBox, "checkOpposedSpin")
        self.range = child(form, QSpinBox, "checkRangeSpin")
        self.actions = child(form, QSpinBox, "checkActionsSpin")
        self._choices: list[Choice] = []
        self.target.setValue(10)
        self.range.setValue(self.range.minimum())
        for name, value in dice.difficulties().items():
            self.difficulty.addItem(f"{name} ({value:+d})", name)
        self.difficulty.setCurrentIndex(self.difficulty.findData("Average"))
        self.extra_time.addItem("none", 0)
        for step in dice.tables().extra_time.steps:
            self.extra_time.addItem(f"+{step.bonus} (fails from {step.fumble_from} fumble)",
                                    step.bonus)
        for signal in (self.what.currentIndexChanged, self.target.valueChanged,
                       self.difficulty.currentIndexChanged, self.extra_time.currentIndexChanged,
                       self.modifier.valueChanged, self.opposed.valueChanged,
                       self.range.valueChanged, self.actions.valueChanged):
            signal.connect(self.refresh)

    @property
    def character(self) -> PocketCharacter:
        return self.document.character  # type: ignore[return-value]

    def choose(self, key: str) -> bool:
        """Select the choice ``key`` ("skill:Dodge", "attr:deft", "target"…)."""
        self._fill()
        index = self.what.findData(key)
        if index >= 0:
            self.what.setCurrentIndex(index)
        return index >= 0

    def _fill(self) -> None:
        """List the current choices, keeping the one chosen (by key) across edits."""
        self._choices = choices(self.document.derived)
        show_items(self.what, [(c.text, c.key) for c in self._choices], default="attr:phys")

    def chosen(self) -> Choice:
        key = self.what.currentData()
        found = next((c for c in self._choices if c.key == key), self._choices[0])
        if found.key == TARGET:
            return Choice(TARGET, found.text, "Target", self.target.value())
        return found

    def modifiers(self, choice: Choice) -> list[Modifier]:
        mods: list[Modifier] = []
        name = self.difficulty.currentData()
        value = dice.difficulty_modifier(name)
        if value:
            mods.append(Modifier(name, value))
        if self.modifier.value():
            mods.append(Modifier("other", self.modifier.value()))
        if self.opposed.value() > self.opposed.minimum():
            score = self.opposed.value()
            mods.append(Modifier(f"opposed by {score}", dice.opposed_modifier(score)))
        if self.range.value() > self.range.minimum():
            spaces = self.range.value()
            vision = self.document.derived.traits.ignore_range_penalty
            why = f"range {spaces}" + (f", Acute Vision {vision}" if vision else "")
            mods.append(Modifier(why, dice.range_modifier(spaces, vision)))
            blank = dice.point_blank_modifier(spaces, choice.missile)
            if blank:
                mods.append(Modifier("point blank", blank))
        if self.actions.value() > 1:
            n = self.actions.value()
            mods.append(Modifier(f"{n} actions", dice.multiple_action_modifier(n)))
        return mods

    def odds(self) -> Odds:
        self._fill()
        choice = self.chosen()
        self.target.setEnabled(choice.key == TARGET)
        mods = self.modifiers(choice)
        extra = self.extra_time.currentData() or 0
        result = dice.check_odds(dice.target_of(choice.score, mods), extra)
        terms = [f"{choice.label} {num(choice.score)}", *(str(m) for m in mods)]
        if extra:
            terms.append(f"extra time +{extra}")
        setup = f"{', '.join(terms)} → 2d10 ≤ {num(result.target)}"
        detail = (f"Critical success {percent(result.p_critical)} · fumble "
                  f"{percent(result.p_fumble)}. Doubles are criticals; a 20 always fails.")
        return Odds(percent(result.p_success), setup, detail)

    def throw(self) -> str:
        choice = self.chosen()
        mods = self.modifiers(choice)
        extra = self.extra_time.currentData() or 0
        return dice.roll_check(dice.target_of(choice.score, mods), self.roller, extra,
                               choice.label, mods).describe()
