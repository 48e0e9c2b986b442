"""The odds panel: pick a skill and a kind of roll, unopposed (2d6 + DV 3/6/9/12) or
against an opponent, see the exact chance before rolling, then roll it seeded.

The actor's dice come from ``derive()`` (level, attribute, best equipment, Power Level,
and the conditions ticked for that kind of roll), so the odds follow every edit; the
chance itself is ``rules.dice.odds``, never a simulation.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSpinBox, QWidget

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.kruhl.rules import catalog, dice
from desktop.systems.kruhl.rules.catalog import ROLL_KIND_LABELS, RollKind
from desktop.systems.kruhl.rules.character import LEVEL_LABELS, LEVELS, KruhlCharacter
from desktop.systems.kruhl.rules.derived import KruhlDerived, SkillLine
from desktop.systems.kruhl.rules.dice import DIFFICULTIES, Contest, Roll, RollError, dice_text
from desktop.ui.check_panel import CheckPanel, Odds
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child

OPPONENT = -1
"""The target box's choice "an opponent" (the others are difficulty values)."""


def difficulty_choices() -> list[tuple[str, int]]:
    """The chapter's DVs that call for a roll (3, 6, 9, 12), named as the book names them."""
    names = {row.dv: row.name for row in catalog.difficulty_values()}
    return [(f"DV {dv} · {names.get(dv, '')}".rstrip(" ·"), dv) for dv in DIFFICULTIES]


def split(net: int) -> tuple[int, int]:
    """Signed extra dice as (bonus dice, penalty dice)."""
    return max(net, 0), max(-net, 0)


def side_text(count: int, faces: tuple[int, ...], add: int) -> str:
    text = dice_text(count, faces[0] == 3, add)
    return text + (" (5s and 6s re-rolled)" if faces[-1] == 4 and count else "")


class Setup(NamedTuple):
    """One roll as the panel would make it."""

    line: SkillLine
    kind: RollKind
    actor: Roll
    opponent: Roll
    penetrating: bool
    fails: bool
    target: str


class KruhlCheckPanel(CheckPanel):
    def __init__(self, form: QWidget, document: CharacterDocument,
                 roller: Roller | None = None) -> None:
        super().__init__(form, document, roller)
        self.skill_combo = child(form, QComboBox, "checkSkillCombo")
        self.kind_combo = child(form, QComboBox, "checkKindCombo")
        self.extra = child(form, QSpinBox, "checkExtraSpin")
        self.target = child(form, QComboBox, "checkTargetCombo")
        self.opponent_add = child(form, QSpinBox, "opponentAddSpin")
        self.opponent_dice = child(form, QComboBox, "opponentDiceCombo")
        self.opponent_extra = child(form, QSpinBox, "opponentExtraSpin")
        self.penetrating = child(form, QCheckBox, "penetratingCheck")
        self.opponent_widgets: list[QWidget] = [
            self.opponent_add, self.opponent_dice, self.opponent_extra,
            child(form, QLabel, "opponentAddLabel"), child(form, QLabel, "opponentDiceLabel"),
            child(form, QLabel, "opponentExtraLabel")]
        for label, dv in difficulty_choices():
            self.target.addItem(label, dv)
        self.target.addItem("An opponent (opposed roll)", OPPONENT)
        self.target.setCurrentIndex(0)  # DV 3: "In most cases ... moderately difficult"
        for level in LEVELS:
            self.opponent_dice.addItem(LEVEL_LABELS[level], level)
        self.opponent_dice.setCurrentIndex(1)  # skilled
        self.opponent_add.setValue(3)
        self._skills: list[str] = []
        self.skill_combo.currentIndexChanged.connect(self._skill_chosen)
        for signal in (self.kind_combo.currentIndexChanged, self.extra.valueChanged,
                       self.target.currentIndexChanged, self.opponent_add.valueChanged,
                       self.opponent_dice.currentIndexChanged,
                       self.opponent_extra.valueChanged, self.penetrating.toggled):
            signal.connect(self.refresh)

    @property
    def character(self) -> KruhlCharacter:
        return self.document.character  # type: ignore[return-value]

    @property
    def derived(self) -> KruhlDerived:
        return self.document.derived

    @property
    def opposed(self) -> bool:
        return self.target.currentData() == OPPONENT

    # -- the choices follow the character -------------------------------------------
    def _sync_skills(self) -> None:
        """List the character's skills (the chapter's and the custom ones), keeping the
        one chosen; the chosen starts on the first the character has learnt."""
        derived = self.derived
        names = list(derived.skills)
        if names != self._skills:
            blocked = self.skill_combo.blockSignals(True)
            chosen = self.skill_combo.currentData()
            self.skill_combo.clear()
            for name in names:
                self.skill_combo.addItem(name, name)
            if chosen is None:
                chosen = next((n for n in names if derived.skills[n].level != "none"),
                              names[0])
            self.skill_combo.setCurrentIndex(max(self.skill_combo.findData(chosen), 0))
            self.skill_combo.blockSignals(blocked)
            self._skills = names
        for index, name in enumerate(names):
            tip = f"{name}: {LEVEL_LABELS[derived.skills[name].level]}"
            if self.skill_combo.itemData(index, Qt.ItemDataRole.ToolTipRole) != tip:
                self.skill_combo.setItemData(index, tip, Qt.ItemDataRole.ToolTipRole)
        self._sync_kinds()

    def _sync_kinds(self) -> None:
        line = self.derived.skills[self.skill_combo.currentData()]
        kinds = [r.kind for r in line.rolls]
        shown = [self.kind_combo.itemData(i) for i in range(self.kind_combo.count())]
        if kinds != shown:
            blocked = self.kind_combo.blockSignals(True)
            self.kind_combo.clear()
            for kind in kinds:
                self.kind_combo.addItem(ROLL_KIND_LABELS[kind], kind)
            self.kind_combo.blockSignals(blocked)
        self.kind_combo.setEnabled(len(kinds) > 1)

    def _skill_chosen(self) -> None:
        self._sync_kinds()
        self.refresh()

    def choose(self, skill: str, kind: RollKind | None = None) -> None:
        """Select ``skill`` (and one of its kinds of roll), as a user would."""
        self.skill_combo.setCurrentIndex(self.skill_combo.findData(skill))
        if kind is not None:
            self.kind_combo.setCurrentIndex(self.kind_combo.findData(kind))

    # -- the roll --------------------------------------------------------------------
    def setup(self) -> Setup:
        self._sync_skills()
        line = self.derived.skills[self.skill_combo.currentData()]
        kind: RollKind = self.kind_combo.currentData() or line.rolls[0].kind
        conditions = self.derived.conditions[kind]
        bonus, penalty = split(conditions.dice + self.extra.value())
        actor = Roll(line.base_dice, line.expertise, bonus, penalty, line.roll(kind).add)
        attack = kind.startswith("attack")
        self.penetrating.setEnabled(self.opposed and attack)
        for widget in self.opponent_widgets:
            widget.setEnabled(self.opposed)
        if self.opposed:
            obonus, openalty = split(self.opponent_extra.value())
            opponent = Roll.of(self.opponent_dice.currentData(), self.opponent_add.value(),
                               obonus, openalty)
            penetrating = attack and self.penetrating.isChecked()
            target = "the opponent"
        else:
            opponent = dice.gm_roll(self.target.currentData())
            penetrating = False
            target = f"DV {self.target.currentData()}"
        return Setup(line, kind, actor, opponent, penetrating, conditions.fails, target)

    def odds(self) -> Odds:
        s = self.setup()
        head = f"{roll_name(s.line.name, s.kind)} vs {s.target}"
        why = self.derived.conditions[s.kind].why
        conditions = ("Conditions: " + "; ".join(why)) if why else ""
        if s.fails:
            return Odds("0 %", head, f"The roll fails. {conditions}", can_roll=False)
        try:
            result = dice.odds(s.actor, s.opponent, s.penetrating)
        except RollError as exc:
            return Odds("—", head, str(exc), can_roll=False)
        lines = [contest_text(result.contest), "Ties go to the one rolling."]
        if conditions:
            lines.append(conditions)
        return Odds(percent(result.p_success), head, "\n".join(lines))

    def throw(self) -> str:
        s = self.setup()
        if s.fails:
            return f"{s.line.name}: the roll fails"
        result = dice.roll(s.actor, s.opponent, self.roller, s.penetrating)
        c = result.contest
        verdict = "success" if result.success else "failure"
        return (f"{side_text(c.actor_dice, c.actor_faces, c.actor_add)} "
                f"{result.actor_faces} = {result.actor_total} vs "
                f"{side_text(c.opponent_dice, c.opponent_faces, c.opponent_add)} "
                f"{result.opponent_faces} = {result.opponent_total}: {verdict}")


def roll_name(skill: str, kind: RollKind) -> str:
    """"Hand-to-hand attack", "Thaumaturgy/Theology: magical attack", "Culture roll":
    the skill is named only where the kind of roll does not already say it."""
    if kind == "skill":
        return f"{skill} roll"
    label = ROLL_KIND_LABELS[kind]
    if label.lower().startswith(skill.split()[0].lower()):
        return label[0].upper() + label[1:]
    return f"{skill}: {label}"


def contest_text(c: Contest) -> str:
    """What each side actually rolls, after bonus, penalty and deficit dice."""
    return (f"Roll {side_text(c.actor_dice, c.actor_faces, c.actor_add)} against "
            f"{side_text(c.opponent_dice, c.opponent_faces, c.opponent_add)}.")
