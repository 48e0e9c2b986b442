"""The Energy System roll in the editor: pick dice from the pools, see the exact odds.

The player picks how many ready energy dice to roll, the trait (and any further steps)
that steps them up, a voluntary step down to d4s, and a power or agent that adds its
die (Fast Burn: more); the energy dice depleted or awarded are on the table and add to
the value (RULINGS Protector 4). Against a target value (value ≥ target) or an opposing
handful of dice (strictly higher wins, RULINGS Protector 5), the exact chance, mean,
P(multiple), P(any depletion) and P(catastrophe) come from ``dice.roll_odds`` before the
roll. The roll itself is seeded and shown; "Mark depletions on the sheet" settles the
pools (``combat_pools.throw``) as one undoable edit.

Ours, where the book leaves it to the player: steps are spread over the energy dice best
die first, or all on one die; when the trait is a trade, every die it steps up is a
trade die (it depletes whatever it shows, Different Trait Types); a power's extra dice
(Fast Burn) are its best ready dice.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from desktop.model.dice import Roller
from desktop.model.dice_pool import BASE, Die, PoolDie
from desktop.model.odds import percent
from desktop.systems.protector.fight import fighter as combat_character
from desktop.systems.protector.fight import pools as combat_pools
from desktop.systems.protector.fight.pools import ENERGY, Combatant, CombatError, Pick
from desktop.systems.protector.rules import stepping
from desktop.systems.protector.rules.character import ProtectorCharacter
from desktop.systems.protector.rules.derived import ProtectorDerived
from desktop.systems.protector.rules.dice import (
    Contest,
    contest_odds,
    dice_text,
    parse_dice,
    pool_die,
    roll_odds,
)
from desktop.systems.protector.rules.dice import roll as roll_dice
from desktop.ui.check_panel import CheckPanel, Odds
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.widgets.combo_items import given_again
from desktop.ui.widgets.dice_pool import DicePoolView

KEY = "you"
"""The character's name in the roll's combatant (never shown)."""


class AgentChoice(NamedTuple):
    """A power or agent that can add dice, and the die it adds for one use."""

    name: str
    """The combatant's agent name."""
    label: str
    dice: tuple[Die, ...]
    """Its ready dice, best first, at the step this use gives them."""
    fast_burn: bool
    no_deplete: bool

    @property
    def most(self) -> int:
        return len(self.dice) if self.fast_burn else min(1, len(self.dice))


class RollChoice(NamedTuple):
    """What the player picked."""

    energy: int = 0
    steps: int = 0
    trade: bool = False
    stack: bool = False
    d4: bool = False
    agent: AgentChoice | None = None
    agent_dice: int = 0


class BuiltRoll(NamedTuple):
    """The dice a choice puts in a roll, checked against the pools."""

    combatant: Combatant
    picks: tuple[Pick, ...]
    dice: tuple[PoolDie, ...]
    on_table: int
    problems: tuple[str, ...] = ()


def agent_choices(character: ProtectorCharacter, derived: ProtectorDerived,
                  combatant: Combatant) -> list[AgentChoice]:
    """Every power and agent with ready dice, once per use its traits give it."""
    powers = [p for p in derived.powers if character.powers[p.index].active and p.pool > 0]
    names = list(combatant.agents)
    out: list[AgentChoice] = []
    for name, pool in zip(names, powers, strict=False):
        agent = combatant.agents[name]
        ready = agent.pool.ready
        dice = tuple(sorted(pool.dice, key=stepping.ladder().cost, reverse=True))[:ready]
        if dice:
            out.append(AgentChoice(name, f"Power {name} ({_dice_words(dice)})", dice,
                                   agent.fast_burn, agent.no_deplete))
    for name in names[len(powers):]:
        agent = combatant.agents[name]
        ready = agent.pool.ready
        if not ready:
            continue
        uses = dict(agent.trait_steps) or {"": 0}
        for use, steps in uses.items():
            die = stepping.ladder().up(agent.pool.base, steps) if steps else agent.pool.base
            what = f" — {use}" if use else ""
            out.append(AgentChoice(name, f"{name}{what} ({ready} × {die})", (die,) * ready,
                                   agent.fast_burn, agent.no_deplete))
    return out


def energy_dice(count: int, steps: int, stack: bool, d4: bool) -> tuple[tuple[Die, int], ...]:
    """``count`` energy dice with ``steps`` on them (spread best die first, or all on
    one), and each die's steps; unstepped dice step down to d4s if ``d4``."""
    if count <= 0:
        return ()
    if stack:
        on_dice = [steps] + [0] * (count - 1)
    else:
        on_dice = list(stepping.step_dice(count, steps).steps_on_dice)
    out = []
    for on in on_dice:
        die = stepping.die_for(on) if on else (Die(4) if d4 else BASE)
        out.append((die, on))
    return tuple(out)


def build_roll(character: ProtectorCharacter, derived: ProtectorDerived,
               choice: RollChoice, combatant: Combatant | None = None) -> BuiltRoll:
    """The picks and dice of ``choice``, with what is wrong with it (if anything);
    ``combatant`` is the character's, if already made."""
    if combatant is None:
        combatant = combat_character.from_character(character, KEY, derived)
    problems: list[str] = []
    ready = combatant.energy.ready
    count = choice.energy
    if count > ready:
        problems.append(f"{count} energy dice picked, {ready} ready")
        count = ready
    picks: list[Pick] = []
    dice: list[PoolDie] = []
    for die, on in energy_dice(count, choice.steps, choice.stack, choice.d4):
        trade = choice.trade and on > 0
        picks.append(Pick(die, ENERGY, trade, KEY))
        dice.append(pool_die(die, trade=trade))
    if choice.steps and not count:
        problems.append("steps step up energy dice: pick at least one")
    agent = choice.agent
    if agent is not None and choice.agent_dice:
        wanted = choice.agent_dice
        if wanted > agent.most:
            problems.append(f"{agent.name} adds {'one die' if agent.most == 1 else agent.most}"
                            f"{'' if agent.fast_burn else ' (Fast Burn adds more)'}")
            wanted = agent.most
        for die in agent.dice[:wanted]:
            picks.append(Pick(die, agent.name, False, KEY))
            dice.append(pool_die(die, no_deplete=agent.no_deplete))
    if not dice:
        problems.append("a roll needs at least one die from the pool")
    return BuiltRoll(combatant, tuple(picks), tuple(dice), combatant.energy.on_table,
                     tuple(problems))


def _dice_words(dice: tuple[Die, ...]) -> str:
    from desktop.ui.widgets.dice_pool import dice_list

    return dice_list(list(dice))


def _set_items(combo: QComboBox, items: list[tuple[str, object]]) -> None:
    """Refill ``combo`` keeping the current choice (by label) when it is still there."""
    if given_again(combo, items):
        return
    current = combo.currentText()
    labels = [label for label, _ in items]
    if [combo.itemText(i) for i in range(combo.count())] == labels:
        for index, (_label, data) in enumerate(items):
            combo.setItemData(index, data)
        return
    blocked = combo.blockSignals(True)
    try:
        combo.clear()
        for label, data in items:
            combo.addItem(label, data)
        index = combo.findText(current)
        combo.setCurrentIndex(index if index >= 0 else 0)
    finally:
        combo.blockSignals(blocked)


def _set_maximum(spin: QSpinBox, maximum: int) -> None:
    if spin.maximum() != maximum:
        blocked = spin.blockSignals(True)
        spin.setMaximum(maximum)
        spin.blockSignals(blocked)


class ProtectorRollPanel(CheckPanel):
    """The form's Energy System roll group."""

    def __init__(self, form: QWidget, document: CharacterDocument,
                 roller: Roller | None = None) -> None:
        super().__init__(form, document, roller)
        self.energy = child(form, QSpinBox, "rollEnergySpin")
        self.trait = child(form, QComboBox, "rollTraitCombo")
        self.steps = child(form, QSpinBox, "rollStepsSpin")
        self.stack = child(form, QCheckBox, "rollStackCheck")
        self.d4 = child(form, QCheckBox, "rollD4Check")
        self.agent = child(form, QComboBox, "rollAgentCombo")
        self.agent_count = child(form, QSpinBox, "rollAgentSpin")
        self.target_radio = child(form, QAbstractButton, "rollTargetRadio")
        self.target = child(form, QSpinBox, "rollTargetSpin")
        self.vs_radio = child(form, QAbstractButton, "rollVsRadio")
        self.vs = child(form, QLineEdit, "rollVsEdit")
        self.vs_depleted = child(form, QSpinBox, "rollVsDepletedSpin")
        self.apply = child(form, QCheckBox, "rollApplyCheck")
        self.preview = DicePoolView(interactive=False)
        self.preview.setObjectName("rollDicePreview")
        self.preview.set_empty_text("pick dice to roll")
        child(form, QWidget, "rollDice").layout().addWidget(self.preview)
        self.energy.setValue(3)
        self.target.setValue(8)
        self.vs.setText("4d6")
        self.trait.addItem("(no trait)", None)
        self.agent.addItem("(none)", None)
        self.last_text = ""
        self._built: tuple[Combatant, RollChoice, BuiltRoll] | None = None
        self._combatant_of: tuple[object, object, Combatant] | None = None
        for spin in (self.energy, self.steps, self.agent_count, self.target, self.vs_depleted):
            spin.valueChanged.connect(lambda _v: self.refresh())
        for box in (self.trait, self.agent):
            box.currentIndexChanged.connect(lambda _i: self.refresh())
        for button in (self.stack, self.d4, self.target_radio, self.vs_radio):
            button.toggled.connect(lambda _on: self.refresh())
        self.vs.textChanged.connect(lambda _t: self.refresh())
        self.agent.currentIndexChanged.connect(self._agent_changed)

    @property
    def character(self) -> ProtectorCharacter:
        return self.document.character  # type: ignore[return-value]

    # -- inputs -----------------------------------------------------------------------
    def _sync_inputs(self) -> None:
        """Fill the trait and agent lists and cap the counts from the character."""
        character = self.character
        derived: ProtectorDerived = self.document.derived
        traits = [(f"{t.name} ({t.type}, {t.steps} step{'s' if t.steps != 1 else ''})",
                   (t.name, t.type, t.steps))
                  for t in derived.traits if t.type != "limit" and t.steps > 0]
        _set_items(self.trait, [("(no trait)", None), *traits])
        combatant = self._combatant()
        choices = agent_choices(character, derived, combatant)
        _set_items(self.agent, [("(none)", None), *((c.label, c) for c in choices)])
        _set_maximum(self.energy, max(combatant.energy.ready, 0))
        chosen = self.agent.currentData()
        _set_maximum(self.agent_count, chosen.most if isinstance(chosen, AgentChoice) else 0)
        self.agent_count.setEnabled(isinstance(chosen, AgentChoice) and chosen.most > 1)
        vs = self.vs_radio.isChecked()
        self.vs.setEnabled(vs)
        self.vs_depleted.setEnabled(vs)
        self.target.setEnabled(not vs)

    def _agent_changed(self, _index: int) -> None:
        chosen = self.agent.currentData()
        blocked = self.agent_count.blockSignals(True)
        _set_maximum(self.agent_count, chosen.most if isinstance(chosen, AgentChoice) else 0)
        self.agent_count.setValue(1 if isinstance(chosen, AgentChoice) else 0)
        self.agent_count.blockSignals(blocked)
        self.refresh()

    def choice(self) -> RollChoice:
        trait = self.trait.currentData()
        trait_steps = trait[2] if trait else 0
        agent = self.agent.currentData()
        return RollChoice(
            energy=self.energy.value(), steps=trait_steps + self.steps.value(),
            trade=bool(trait) and trait[1] == "trade", stack=self.stack.isChecked(),
            d4=self.d4.isChecked(), agent=agent if isinstance(agent, AgentChoice) else None,
            agent_dice=self.agent_count.value() if isinstance(agent, AgentChoice) else 0)

    def built(self) -> BuiltRoll:
        """The roll the panel's choice makes of the current character. Kept while the
        character and the choice stay: a refresh asks for it twice (the dice shown, the
        odds), and building it makes the character's combatant (an edit
        within 2 ms)."""
        combatant, choice = self._combatant(), self.choice()
        kept = self._built
        if kept is None or kept[0] is not combatant or kept[1] != choice:
            kept = self._built = (combatant, choice, build_roll(
                self.character, self.document.derived, choice, combatant))
        return kept[2]

    def _combatant(self) -> Combatant:
        """The character as the roll's pools see it, made once per change."""
        character, derived = self.character, self.document.derived
        kept = self._combatant_of
        if kept is None or kept[0] is not character or kept[1] is not derived:
            kept = self._combatant_of = (
                character, derived, combat_character.from_character(character, KEY, derived))
        return kept[2]

    def opposing(self) -> tuple[tuple[PoolDie, ...] | None, str]:
        """The opposing dice, or None and why they cannot be read."""
        try:
            return parse_dice(self.vs.text()), ""
        except ValueError as exc:
            return None, str(exc)

    # -- CheckPanel -------------------------------------------------------------------
    def refresh(self) -> None:
        self._sync_inputs()
        built = self.built()
        table = [d.die for d in built.dice] + [BASE] * built.on_table
        self.preview.set_pool(table, depleted=built.on_table)
        super().refresh()

    def odds(self) -> Odds:
        built = self.built()
        if built.problems:
            return Odds("—", "Cannot roll", "; ".join(built.problems), can_roll=False)
        mine = roll_odds(built.dice, built.on_table)
        table = f" + {built.on_table} on the table" if built.on_table else ""
        stats = (f"mean value {float(mine.mean):.2f} · multiple {percent(mine.p_multiple)}"
                 f" · any die depletes {percent(mine.p_any_depleted)}"
                 f" · catastrophe {percent(mine.p_catastrophe)}")
        if not self.vs_radio.isChecked():
            target = self.target.value()
            setup = f"{dice_text(built.dice)}{table} for {target}+"
            return Odds(percent(mine.p_at_least(target)), setup, stats)
        theirs, why = self.opposing()
        if theirs is None:
            return Odds("—", "Against dice", why, can_roll=False)
        opposed = roll_odds(theirs, self.vs_depleted.value())
        contest = contest_odds(mine, opposed)
        vs_table = (f" + {self.vs_depleted.value()} depleted" if self.vs_depleted.value()
                    else "")
        setup = f"{dice_text(built.dice)}{table} vs {dice_text(theirs)}{vs_table}"
        dealt = ", ".join(f"{k} {'die' if k == 1 else 'dice'} {percent(p)}"
                          for k, p in contest.damage_dealt().items())
        detail = (f"win {percent(contest.p_win)} · tie {percent(contest.p_tie)} · lose "
                  f"{percent(contest.p_lose)}\n{stats}"
                  + (f"\ndamage dealt: {dealt}" if dealt else ""))
        return Odds(percent(contest.p_win), setup, detail)

    def throw(self) -> str:
        built = self.built()
        try:
            after, side = combat_pools.throw({KEY: built.combatant}, [KEY], built.picks,
                                             self.roller)
        except CombatError as exc:
            return f"Cannot roll: {exc}"
        text = side.roll.describe()
        if self.vs_radio.isChecked():
            theirs, why = self.opposing()
            if theirs is None:
                return f"Cannot roll: {why}"
            opposed = roll_dice(theirs, self.roller, self.vs_depleted.value())
            text = Contest(side.roll, opposed).describe("you", "they")
        else:
            target = self.target.value()
            verdict = "success" if side.roll.value >= target else "failure"
            text += f" — {verdict} against {target}"
        if self.apply.isChecked() and side.changes:
            new = combat_character.to_character(after[KEY], self.character)
            self.document.apply("Roll: mark depletions",
                                lambda c: _copy_play_state(c, new))
            text += " (marked on the sheet)"
        self.last_text = text
        return text


def _copy_play_state(target: ProtectorCharacter, source: ProtectorCharacter) -> None:
    """The in-play dice of ``source`` (energy, powers, agents) onto ``target``."""
    target.energy = source.energy.model_copy()
    for mine, theirs in zip(target.powers, source.powers, strict=True):
        mine.depleted, mine.damaged = theirs.depleted, theirs.damaged
    for mine, theirs in zip(target.agents, source.agents, strict=True):
        mine.depleted, mine.damaged = theirs.depleted, theirs.damaged
