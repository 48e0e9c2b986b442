"""Attacks and checks with exact odds before the roll (Actions, Rolling Dice; Opposed
Tasks; Unopposed Tasks; Bonuses And Penalties; Penetrating; Combining Effort; RULINGS.md
Kruhl 2 and 3), built on ``rules.dice``.

An attack is the attacker's combat skill roll against the defender's defense with the
matching skill: Hand-to-hand Combat against Hand-to-hand Combat, Ranged Combat against
Ranged Combat, Thaumaturgy/Theology against Magic Resistance. Each side's dice come
from ``derive()`` (skill level, attribute, best equipment, Power Level and the
conditions' dice) plus any dice the GM adds for the moment (charging, a plot point).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.kruhl.rules.catalog import ROLL_KIND_LABELS, RollKind
from desktop.systems.kruhl.rules.character import KruhlCharacter, Level
from desktop.systems.kruhl.rules.derived import SKILL_KINDS, derive
from desktop.systems.kruhl.rules.dice import (
    MAX_COMBINED,
    Contest,
    Roll,
    RollResult,
    dice_text,
    gm_roll,
    odds,
    roll,
)

Mode = Literal["hth", "ranged", "magic"]
MODES: dict[Mode, tuple[RollKind, RollKind]] = {
    "hth": ("attack_hth", "defense_hth"),
    "ranged": ("attack_ranged", "defense_ranged"),
    "magic": ("attack_magic", "defense_magic"),
}
MODE_CHOICES: tuple[tuple[str, str], ...] = (
    ("hth", "Hand-to-hand"), ("ranged", "Ranged"), ("magic", "Magical"))
LEVEL_CHOICES: tuple[tuple[str, str], ...] = (
    ("none", "Unskilled (1d6)"), ("skill", "Skill (2d6)"),
    ("expertise", "Expertise (2d6, re-roll 1s and 2s)"))


def skill_for(kind: RollKind) -> str:
    return next(name for name, kinds in SKILL_KINDS.items() if kind in kinds)


@dataclass(frozen=True)
class Side:
    """One side of an attack as this character makes it now."""

    roll: Roll
    fails: bool
    why: tuple[str, ...]
    """The conditions behind its dice."""


def side(character: KruhlCharacter, kind: RollKind, bonus_dice: int = 0,
         penalty_dice: int = 0, skill: str | None = None, attribute: str | None = None,
         exempt: tuple[str, ...] = ()) -> Side:
    """The character's roll of ``kind`` with the skill that makes it (or ``skill``), its
    conditions' dice and ``bonus_dice``/``penalty_dice`` more. ``attribute`` replaces
    the skill's attribute ("using the target's Agility or Brawn"); the conditions in
    ``exempt`` do not count (the roll to escape a grapple)."""
    if exempt:
        character = character.model_copy(update={"conditions": [
            c for c in character.conditions if c not in exempt]})
    derived = derive(character)
    line = derived.skills[skill or skill_for(kind)]
    net = derived.conditions[kind]
    add = line.roll(kind).add
    if attribute is not None:
        add += character.attributes.get(attribute) - line.attribute_score
    base = Roll.of(line.level, add)
    return Side(Roll(base.dice, base.expertise, max(net.dice, 0) + bonus_dice,
                     max(-net.dice, 0) + penalty_dice, add),
                net.fails, net.why)


def roll_text(c: Contest, actor: bool) -> str:
    if actor:
        return dice_text(c.actor_dice, c.actor_faces[0] == 3, c.actor_add)
    text = dice_text(c.opponent_dice, c.opponent_faces[0] == 3, c.opponent_add)
    return text + (" re-rolling 5s and 6s" if c.opponent_faces[-1] == 4 else "")


@dataclass(frozen=True)
class Attack:
    """An attack rolled (or settled by a condition) between two characters."""

    attacker: str
    defender: str
    mode: Mode
    chance: str
    setup: str
    result: RollResult | None
    automatic: str = ""
    """Why no dice were rolled: "" when they were."""

    @property
    def success(self) -> bool:
        if self.result is None:
            return self.automatic.startswith("hits")
        return self.result.success

    def describe(self) -> str:
        what = ROLL_KIND_LABELS[MODES[self.mode][0]]
        head = f"{self.attacker} → {self.defender}, {what}"
        if self.result is None:
            return f"{head}: {self.automatic}"
        r = self.result
        verdict = "success" if r.success else "failure"
        return (f"{head}: {self.setup} ({self.chance}): {r.actor_faces} → {r.actor_total} "
                f"vs {r.opponent_faces} → {r.opponent_total}: {verdict}")


def attack(attacker: tuple[str, KruhlCharacter], defender: tuple[str, KruhlCharacter],
           mode: Mode, roller: Roller, penetrating: bool = False,
           bonus: tuple[int, int] = (0, 0), defense_bonus: tuple[int, int] = (0, 0)
           ) -> Attack:
    """Roll an attack: ties to the attacker (RULINGS.md Kruhl 2). ``bonus`` and
    ``defense_bonus`` are (bonus dice, penalty dice) the GM adds to each side.

    An attack that fails by a condition (sprinting, blinded at range) is not rolled.
    Ours: a defense that fails (helpless or unconscious) lets the attack succeed
    without a roll, "at the mercy of any attacker"."""
    attack_kind, defense_kind = MODES[mode]
    a = side(attacker[1], attack_kind, *bonus)
    d = side(defender[1], defense_kind, *defense_bonus)
    names = attacker[0], defender[0]
    if a.fails:
        return Attack(*names, mode, "0 %", "", None, "fails automatically (" +
                      "; ".join(w for w in a.why if w.endswith("fails")) + ")")
    if d.fails:
        return Attack(*names, mode, "100 %", "", None, "hits: the defender cannot defend ("
                      + "; ".join(w for w in d.why if w.endswith("fails")) + ")")
    chance = odds(a.roll, d.roll, penetrating)
    c = chance.contest
    setup = f"{roll_text(c, True)} vs {roll_text(c, False)}"
    return Attack(*names, mode, percent(chance.p_success), setup,
                  roll(a.roll, d.roll, roller, penetrating))


def attack_chance(attacker: KruhlCharacter, defender: KruhlCharacter, mode: Mode,
                  penetrating: bool = False) -> str:
    """The exact chance of a success before the roll, with no dice added: "41.2 %"."""
    attack_kind, defense_kind = MODES[mode]
    a, d = side(attacker, attack_kind), side(defender, defense_kind)
    if a.fails:
        return "0 % (fails)"
    if d.fails:
        return "100 % (cannot defend)"
    return percent(odds(a.roll, d.roll, penetrating).p_success)


# --- the GM's dice roller ------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """A roll set up on the Dice tab: the roller's dice against a DV or an opponent's roll."""

    actor: Roll
    opponent: Roll
    penetrating: bool
    against: str
    """"DV 3" (the GM rolls 2d6 + DV), "DV 0" (routine: no roll) or "opponent"."""
    strict: bool = False
    """A distraction: only rolling more than the opponent succeeds."""

    @property
    def routine(self) -> bool:
        return self.against == "DV 0"


def read_check(values: Mapping[str, Any]) -> Check:
    """The Dice tab's inputs (see ``check_params``) as the two sides of a roll."""
    level: Level = values.get("level", "skill")
    together = min(int(values.get("together", 0)), MAX_COMBINED)
    actor = Roll.of(level, int(values.get("add", 0)) + together,
                    int(values.get("bonus", 0)), int(values.get("penalty", 0)))
    against = str(values.get("against", "dv"))
    if against == "dv":  # penetrating is about a defender's dice: none here
        dv = int(values.get("dv", 3))
        return Check(actor, gm_roll(dv), False, f"DV {dv}")
    opponent = Roll.of(against, int(values.get("vs_add", 0)),  # type: ignore[arg-type]
                       int(values.get("vs_bonus", 0)), int(values.get("vs_penalty", 0)))
    return Check(actor, opponent, bool(values.get("penetrating")), "opponent",
                 bool(values.get("distracting")))


ROUTINE = "routine task: no roll, an automatic success (Unopposed Tasks)"


def check_setup(check: Check) -> tuple[str, str, str]:
    """(setup, chance, detail) before the roll: exact odds, ties to the roller (to the
    opponent for a distraction)."""
    if check.routine:
        return f"DV 0, {ROUTINE}", "100 %", "There is no need to roll for routine tasks"
    chance = odds(check.actor, check.opponent, check.penetrating, check.strict)
    c = chance.contest
    target = roll_text(c, False) if check.against == "opponent" else (
        f"{dice_text(c.opponent_dice, False)} + {check.against}")
    setup = f"{roll_text(c, True)} vs {target}"
    tie = ("a tie goes to the opponent (Distracting: only rolling more succeeds)"
           if check.strict else "a tie goes to the roller")
    detail = f"exactly {chance.p_success}; {tie}"
    return setup, percent(chance.p_success), detail


def check_roll(check: Check, roller: Roller) -> str:
    if check.routine:
        return f"DV 0, {ROUTINE}: success"
    r = roll(check.actor, check.opponent, roller, check.penetrating, check.strict)
    verdict = "success" if r.success else "failure"
    return (f"{r.actor_faces} → {r.actor_total} vs {r.opponent_faces} → "
            f"{r.opponent_total}: {verdict}")
