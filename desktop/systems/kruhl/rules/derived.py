"""Warlords of Kruhl derived values and findings, recomputed from the character.

The order, each step reading only the ones before it:
1. attributes and Endurance (maximum, current, stunning damage apart);
2. skills: the chapter's and the custom ones, each with its level and attribute;
3. equipment: per skill and kind of roll, the highest rating that is relevant (only it
   adds): a weapon adds to attacks, a shield to defense (``Equipment.use``);
4. conditions: per kind of roll, the net bonus/penalty dice or an automatic failure
   (one state under two names, Grappled and Restrained, counts once);
5. rolls: per skill, the dice the player actually rolls and the number added, for each
   kind of roll the skill makes (a combat skill attacks and defends), and initiative =
   the Perception (Reason) roll;
6. findings: only what the chapter states (RULINGS.md Kruhl 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from desktop.model.findings import Finding, Rule, Severity, missing_name
from desktop.systems.kruhl.rules import catalog
from desktop.systems.kruhl.rules.catalog import ROLL_KINDS, Attribute, RollKind
from desktop.systems.kruhl.rules.character import KruhlCharacter, Level
from desktop.systems.kruhl.rules.citations import (
    R_ENDURANCE,
    R_EQUIPMENT,
    R_PLOT_POINTS,
    R_POWER_LEVEL,
    R_SKILL_ROLL,
)
from desktop.systems.kruhl.rules.dice import BASE_DICE, dice_text

SKILL_KINDS: dict[str, tuple[RollKind, ...]] = {
    "Hand-to-hand Combat": ("attack_hth", "defense_hth"),
    "Ranged Combat": ("attack_ranged", "defense_ranged"),
    "Thaumaturgy/Theology": ("attack_magic",),
    "Magic Resistance": ("defense_magic",),
}
"""The rolls a skill makes; every other skill makes skill rolls."""
INITIATIVE_SKILL = "Perception"


class ConditionDice(NamedTuple):
    """Net dice from the conditions in effect on one kind of roll."""

    dice: int = 0
    fails: bool = False
    why: tuple[str, ...] = ()


class RollLine(NamedTuple):
    """One kind of roll with one skill, as the player makes it."""

    kind: RollKind
    dice: int
    """Dice to roll after the conditions (0 or more)."""
    opponent_bonus: int
    """Bonus dice the opponent gains when the penalties go below zero."""
    fails: bool
    text: str
    add: int = 0
    """What is added to the dice: attribute + the relevant equipment + Power Level."""
    equipment: int = 0


class InitiativeRoll(NamedTuple):
    """The Perception (Reason) roll for initiative as the engine makes it: under a
    condition that fails the roll no dice are rolled (the attribute alone: ours, the
    order of play still needs a total), and a deficit below zero dice has nobody to go
    to (ours: no opponent on an initiative roll)."""

    dice: int
    expertise: bool
    add: int
    fails: bool

    def text(self) -> str:
        text = dice_text(self.dice, self.expertise, self.add)
        return text + (" (the roll fails: no dice)" if self.fails else "")


class SkillLine(NamedTuple):
    """One skill as the character has it: its level, what adds to the dice, and its rolls."""

    name: str
    level: Level
    attribute: Attribute
    attribute_score: int
    equipment: int
    equipment_name: str
    power_level: int
    custom: bool
    rolls: tuple[RollLine, ...]

    @property
    def base_dice(self) -> int:
        return BASE_DICE[self.level]

    @property
    def expertise(self) -> bool:
        return self.level == "expertise"

    @property
    def bonus(self) -> int:
        """Attribute + the best equipment of any of its rolls + Power Level (each roll's
        own ``add`` counts only the equipment relevant to it)."""
        return self.attribute_score + self.equipment + self.power_level

    def roll(self, kind: RollKind) -> RollLine:
        return next(r for r in self.rolls if r.kind == kind)


@dataclass
class KruhlDerived:
    """Everything ``derive`` works out from a Warlords of Kruhl character, with its findings."""

    endurance_max: int
    endurance_current: int
    stun: int
    skills: dict[str, SkillLine]
    conditions: dict[RollKind, ConditionDice]
    findings: list[Finding] = field(default_factory=list)

    @property
    def initiative(self) -> SkillLine:
        return self.skills[INITIATIVE_SKILL]

    def initiative_roll(self, ambush: bool = False) -> InitiativeRoll:
        """The initiative roll the GM screen makes: +1 bonus die in an ambush."""
        line = self.initiative
        roll = line.roll("skill")
        net = 0 if roll.fails else roll.dice - roll.opponent_bonus
        return InitiativeRoll(max(0, net + (1 if ambush else 0)), line.expertise, roll.add,
                              roll.fails)

    @property
    def defeated(self) -> bool:
        return self.endurance_current <= 0

    def to_json(self, character: KruhlCharacter) -> dict[str, Any]:
        init = self.initiative
        start = self.initiative_roll()
        return {
            "system": "kruhl",
            "name": character.name,
            "findings": [f.to_json() for f in self.findings],
            "endurance": {"max": self.endurance_max, "current": self.endurance_current,
                          "stun": self.stun},
            "initiative": {"dice": start.dice, "expertise": init.expertise,
                           "bonus": start.add, "attribute": init.attribute,
                           "fails": start.fails},
            "skills": {
                line.name: {
                    "dice": line.base_dice, "expertise": line.expertise,
                    "attribute": line.attribute, "bonus": line.bonus,
                    "level": line.level, "attribute_score": line.attribute_score,
                    "equipment": line.equipment, "power_level": line.power_level,
                    "custom": line.custom,
                    "rolls": {r.kind: {"dice": r.dice, "opponent_bonus": r.opponent_bonus,
                                       "fails": r.fails, "text": r.text, "add": r.add,
                                       "equipment": r.equipment}
                              for r in line.rolls},
                }
                for line in self.skills.values()
            },
            "conditions": {kind: {"dice": c.dice, "fails": c.fails, "why": list(c.why)}
                           for kind, c in self.conditions.items() if c.dice or c.fails},
            "plot_points": character.plot_points,
            "power_level": character.attributes.power_level,
            "rabble": character.rabble,
        }


# ----------------------------------------------------------------------- the steps

def _skill_levels(character: KruhlCharacter) -> list[tuple[str, Level, Attribute, bool, bool]]:
    """(name, level, attribute, adds Power Level, custom) for every skill."""
    power = set(character.power_level_skills)
    out = [(info.name, character.skills.get(info.name, "none"), info.attribute,
            info.name in power, False) for info in catalog.skills()]
    out += [(s.name, s.level, s.attribute, s.adds_power_level or s.name in power, True)
            for s in character.custom_skills]
    return out


def relevant(use: str, kind: RollKind, skill: str) -> bool:
    """Whether a piece used for ``use`` helps a roll of ``kind`` with ``skill``: on the
    two combat skills, which attack and defend, a weapon (attack) only attacks and a
    shield (defense) only defends; every other skill makes one kind of roll, and its
    pieces add to it."""
    if len(SKILL_KINDS.get(skill, ())) < 2 or use == "both":
        return True
    return kind.startswith(use)


def best_equipment(character: KruhlCharacter, skill: str, kind: RollKind | None = None
                   ) -> tuple[int, str]:
    """The highest rated piece that applies to ``skill`` (only it adds), and its name;
    with ``kind``, only the pieces relevant to that kind of roll."""
    best = (0, "")
    for item in character.equipment:
        if skill not in item.skills or (kind is not None and
                                        not relevant(item.use, kind, skill)):
            continue
        if item.rating > best[0]:
            best = (item.rating, item.name)
    return best


def condition_dice(conditions: list[str]) -> dict[RollKind, ConditionDice]:
    """Net dice per kind of roll; a state under two names (Grappled is Restrained)
    counts once."""
    out: dict[RollKind, ConditionDice] = {}
    states: dict[str, str] = {}
    for condition_id in conditions:
        states.setdefault(catalog.condition(condition_id).state, condition_id)
    for kind in ROLL_KINDS:
        dice, fails, why = 0, False, []
        for condition_id in states.values():
            info = catalog.condition(condition_id)
            effect = info.effect_on(kind)
            if effect == "fail":
                fails = True
                why.append(f"{info.label}: fails")
            elif effect:
                dice += effect
                why.append(f"{info.label}: {'bonus' if effect > 0 else 'penalty'} die")
        out[kind] = ConditionDice(dice, fails, tuple(why))
    return out


def roll_line(kind: RollKind, level: Level, bonus: int,
              conditions: dict[RollKind, ConditionDice], equipment: int = 0) -> RollLine:
    c = conditions[kind]
    net = BASE_DICE[level] + c.dice
    dice, opponent_bonus = max(net, 0), max(-net, 0)
    if c.fails:
        text = "fails"
    else:
        text = dice_text(dice, level == "expertise", bonus)
        if opponent_bonus:
            text += f"; opponent +{opponent_bonus} bonus"
    return RollLine(kind, dice, opponent_bonus, c.fails, text, bonus, equipment)


def derive(character: KruhlCharacter) -> KruhlDerived:
    a = character.attributes
    conditions = condition_dice(character.conditions)
    skills: dict[str, SkillLine] = {}
    for name, level, attribute, adds_power, custom in _skill_levels(character):
        power = a.power_level if adds_power else 0
        rolls = []
        for kind in SKILL_KINDS.get(name, ("skill",)):
            rating = best_equipment(character, name, kind)[0]
            rolls.append(roll_line(kind, level, a.get(attribute) + rating + power,
                                   conditions, rating))
        equipment, item = best_equipment(character, name)  # the best of any of its rolls
        skills.setdefault(name, SkillLine(name, level, attribute, a.get(attribute),
                                          equipment, item, power, custom, tuple(rolls)))
    derived = KruhlDerived(a.endurance, character.current_endurance(),
                           character.tracking.stun, skills, conditions)
    derived.findings = findings(character, derived)
    return derived


R_NAME = Rule("Warlords of Kruhl", "ours: the sheet, the card and the fight show the name")


def findings(character: KruhlCharacter, derived: KruhlDerived) -> list[Finding]:
    out: list[Finding] = []
    if (no_name := missing_name(character.name, R_NAME)) is not None:
        out.append(no_name)
    current = character.tracking.endurance
    if current is not None and current > character.attributes.endurance:
        out.append(Finding(Severity.ERROR, f"Current Endurance {current} is above the "
                           f"maximum {character.attributes.endurance}", R_ENDURANCE,
                           "tracking.endurance"))
    names = [s.name for s in character.custom_skills]
    for index, name in enumerate(names):
        if name in catalog.skill_names():
            out.append(Finding(Severity.WARNING, f"Custom skill {name!r} is a skill of the "
                               "chapter: give it a level there instead", R_SKILL_ROLL,
                               f"custom_skills.{index}.name"))
        elif names.index(name) != index:
            out.append(Finding(Severity.ERROR, f"Skill {name!r} twice: a skill has one "
                               "level (none, skill or expertise)", R_SKILL_ROLL,
                               f"custom_skills.{index}.name"))
    known = set(derived.skills)
    for index, item in enumerate(character.equipment):
        for skill in item.skills:
            if skill not in known:
                out.append(Finding(Severity.WARNING, f"{item.name} helps {skill!r}, which "
                                   "the character has no line for", R_EQUIPMENT,
                                   f"equipment.{index}.skills"))
    for skill in character.power_level_skills:
        if skill not in known:
            out.append(Finding(Severity.WARNING, f"Power Level added to {skill!r}, which "
                               "the character has no line for", R_POWER_LEVEL,
                               "power_level_skills"))
    if derived.defeated and character.attributes.endurance > 0:
        out.append(Finding(Severity.INFO, "Endurance 0: defeated, out of the fight and "
                           "probably unconscious", R_ENDURANCE, "tracking.endurance"))
    if character.plot_points == 0:
        out.append(Finding(Severity.INFO, "No plot points: each player starts each session "
                           "with one", R_PLOT_POINTS, "plot_points"))
    return out

