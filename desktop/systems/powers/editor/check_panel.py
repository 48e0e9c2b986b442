"""The odds panel: one roll of the selected power — its attack (Agility + Accurate,
opposed by Agility), a damage roll (against Resilience, Willpower if Psychic), a
resistance roll — or any pool; a modifier to the hits; against a number of hits or an
opposed pool. It shows p_success, p_fail and p_epic_fail exactly (``rules.dice``, never
a simulation) before a seeded Roll.

The dice follow the character: the roll's pool is read from ``derive()`` on every
refresh, so raising Agility changes the attack odds at once; only "Any pool" takes the
dice from the box.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox, QWidget

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.powers.rules import dice
from desktop.systems.powers.rules.derived import PowerLine, PowersDerived
from desktop.systems.powers.rules.dice import Pool, RollError, pool_text
from desktop.ui.check_panel import CheckPanel, Odds
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child

ANY = "any"
"""The roll box's last choice: any pool, its dice typed in."""
TARGET, OPPOSED = "target", "opposed"


class RollChoice(NamedTuple):
    """A roll the selected power makes: its label, its dice and what it is rolled
    against by default."""

    key: str
    label: str
    dice: int
    against: str
    """"Agility", "Resilience", "Willpower" (opposed) or "" (any pool)."""
    against_dice: int


def power_rolls(line: PowerLine | None, derived: PowersDerived) -> list[RollChoice]:
    """The attack, damage and resistance rolls of ``line`` (the defender's pool defaults
    to this character's own, a placeholder the player changes)."""
    if line is None:
        return []
    defence = derived.defence_dice
    out: list[RollChoice] = []
    if line.attack is not None:
        acc = f" + Accurate {line.attack.accurate}" if line.attack.accurate else ""
        out.append(RollChoice("attack", f"Attack: Agility{acc} ({line.attack.dice} dice)",
                              line.attack.dice, "Agility", defence["agility"]))
    for index, dmg in enumerate(line.damage):
        against = dmg.resisted_by.capitalize()
        out.append(RollChoice(f"damage.{index}", f"Damage: {dmg.dice} dice vs {against}",
                              dmg.dice, against, defence[dmg.resisted_by]))
    for index, res in enumerate(line.resistance):
        out.append(RollChoice(f"resistance.{index}",
                              f"Resist {res.type}: {res.attribute.capitalize()} "
                              f"{res.rating:+d} ({res.dice} dice)", res.dice, "Damage", 5))
    return out


class PowersCheckPanel(CheckPanel):
    def __init__(self, form: QWidget, document: CharacterDocument,
                 selected: Callable[[], int], roller: Roller | None = None) -> None:
        super().__init__(form, document, roller)
        self.selected = selected
        self.roll_combo = child(form, QComboBox, "checkRollCombo")
        self.dice_spin = child(form, QSpinBox, "checkDiceSpin")
        self.mod_spin = child(form, QSpinBox, "checkModSpin")
        self.versus = child(form, QComboBox, "checkVersusCombo")
        self.target_hits = child(form, QSpinBox, "targetHitsSpin")
        self.opponent_dice = child(form, QSpinBox, "opponentDiceSpin")
        self.opponent_mod = child(form, QSpinBox, "opponentModSpin")
        self.target_widgets = [self.target_hits, child(form, QLabel, "targetHitsLabel")]
        self.opponent_widgets = [self.opponent_dice, self.opponent_mod,
                                 child(form, QLabel, "opponentDiceLabel"),
                                 child(form, QLabel, "opponentModLabel")]
        self.versus.addItem("Target hits (unopposed)", TARGET)
        self.versus.addItem("An opposed pool", OPPOSED)
        self.dice_spin.setMaximum(dice.MAX_POOL)
        self.opponent_dice.setMaximum(dice.MAX_POOL)
        self.target_hits.setValue(1)
        self.opponent_dice.setValue(5)
        self._choices: list[RollChoice] = []
        self._power = -1
        """The power whose rolls are listed."""
        self.roll_combo.currentIndexChanged.connect(self._roll_chosen)
        for signal in (self.dice_spin.valueChanged, self.mod_spin.valueChanged,
                       self.versus.currentIndexChanged, self.target_hits.valueChanged,
                       self.opponent_dice.valueChanged, self.opponent_mod.valueChanged):
            signal.connect(self.refresh)

    @property
    def derived(self) -> PowersDerived:
        return self.document.derived

    def _line(self) -> PowerLine | None:
        index = self.selected()
        powers = self.derived.powers
        return powers[index] if 0 <= index < len(powers) else None

    def _sync(self) -> None:
        """List the selected power's rolls (keeping the chosen one) and put its dice in."""
        choices = power_rolls(self._line(), self.derived)
        labels = [c.label for c in choices] + ["Any pool (type the dice)"]
        shown = [self.roll_combo.itemText(i) for i in range(self.roll_combo.count())]
        power = self.selected()
        if labels != shown or power != self._power:
            keys = [c.key for c in self._choices]
            # another power: its first roll; the same power: the roll chosen, if kept
            before = self.roll_combo.currentData() if power == self._power else None
            self._power = power
            with QSignalBlocker(self.roll_combo):
                self.roll_combo.clear()
                for choice in choices:
                    self.roll_combo.addItem(choice.label, choice.key)
                self.roll_combo.addItem(labels[-1], ANY)
                index = self.roll_combo.findData(before) if before in keys or before == ANY \
                    else 0
                self.roll_combo.setCurrentIndex(max(index, 0))
            self._choices = choices
            if before != self.roll_combo.currentData():
                self._defaults()
        choice = self.choice()
        self.dice_spin.setEnabled(choice is None)
        if choice is not None and self.dice_spin.value() != choice.dice:
            with QSignalBlocker(self.dice_spin):
                self.dice_spin.setValue(choice.dice)
        opposed = self.versus.currentData() == OPPOSED
        for widget in self.target_widgets:
            widget.setEnabled(not opposed)
        for widget in self.opponent_widgets:
            widget.setEnabled(opposed)

    def choice(self) -> RollChoice | None:
        key = self.roll_combo.currentData()
        return next((c for c in self._choices if c.key == key), None)

    def _defaults(self) -> None:
        """A power's roll is opposed by default (attack vs Agility, damage vs the
        resisting attribute); its opposing pool starts at this character's own."""
        choice = self.choice()
        if choice is None:
            return
        with QSignalBlocker(self.versus), QSignalBlocker(self.opponent_dice):
            self.versus.setCurrentIndex(self.versus.findData(OPPOSED))
            self.opponent_dice.setValue(choice.against_dice)

    def _roll_chosen(self) -> None:
        self._defaults()
        self.refresh()

    def choose(self, key: str) -> None:
        """Select the roll ``key`` ("attack", "damage.0", "resistance.0", "any")."""
        self._sync()
        self.roll_combo.setCurrentIndex(self.roll_combo.findData(key))

    # -- the roll ------------------------------------------------------------------------
    def sides(self) -> tuple[Pool, Pool | None, int]:
        """The actor's pool, the opponent's (None: unopposed) and the target hits."""
        self._sync()
        actor = Pool(self.dice_spin.value(), self.mod_spin.value())
        if self.versus.currentData() == OPPOSED:
            return actor, Pool(self.opponent_dice.value(), self.opponent_mod.value()), 0
        return actor, None, self.target_hits.value()

    def exact(self) -> dice.Odds:
        actor, opponent, target = self.sides()
        return (dice.odds_target(actor, target) if opponent is None
                else dice.odds_opposed(actor, opponent))

    def _setup(self, actor: Pool, opponent: Pool | None, target: int) -> str:
        choice = self.choice()
        name = choice.label.split(":")[0] if choice is not None else "Any pool"
        against = (f"{target} hits" if opponent is None else
                   f"{pool_text(opponent.dice, opponent.mod)}"
                   + (f" ({choice.against})" if choice is not None else ""))
        return f"{name}: {pool_text(actor.dice, actor.mod)} vs {against}"

    def odds(self) -> Odds:
        try:
            actor, opponent, target = self.sides()
            result = self.exact()
        except RollError as exc:
            return Odds("—", "No such roll", str(exc), can_roll=False)
        need = ("needs strictly more hits (a net of 0 fails)" if opponent is not None
                else "needs hits + modifier to reach the target")
        detail = (f"Success {fraction_text(result.p_success)}; {need}.\n"
                  f"Fail {fraction_text(result.p_fail)} (more than half the dice show 1)\n"
                  f"Epic Fail {fraction_text(result.p_epic_fail)} (a Fail with no hit on the "
                  "dice that does not pass; ours: a roll that passes is at worst a Fail)")
        return Odds(percent(result.p_success), self._setup(actor, opponent, target), detail)

    def throw(self) -> str:
        actor, opponent, target = self.sides()
        result = (dice.roll_target(actor, target, self.roller) if opponent is None
                  else dice.roll_opposed(actor, opponent, self.roller))

        def side(rolled: dice.PoolRoll, passed: bool) -> str:
            reading = dice.fail_reading(rolled, passed)
            mark = f" {reading}!" if reading in ("Fail", "Epic Fail") else (
                f" Fail! ({dice.PASSED_NOT_EPIC})" if reading else "")
            return f"{list(rolled.faces)} = {rolled.total} hits{mark}"

        text = side(result.actor, result.success)
        text += (f" vs {side(result.opponent, not result.success)}"
                 if result.opponent is not None
                 else f" vs {target} hits")
        verdict = "success" if result.success else "failure"
        return f"{text}: {verdict} (net {result.net})"


def fraction_text(p: Fraction) -> str:
    """"12.3 %", with the exact chance as "1 in 8" or "(5/36)" where it reads at a
    glance (six digits at most); a longer fraction says nothing to a player."""
    if p.numerator == 1 and p.denominator <= 999_999:
        return f"{percent(p)} (1 in {p.denominator})"
    if 0 < p < 1 and p.denominator <= 999_999:
        return f"{percent(p)} ({p.numerator}/{p.denominator})"
    return percent(p)
