"""Step 6 of ``derive``: Melee and Missile Defense (Pocket Universe, 2.5 Defense Values,
2.51, 2.52).

"Characters may use their currently active Melee, Punch, Kick, Dodge, or Shield skill
(including a shield's Parry Modifier) for Melee Defense. Remember to include the
unskilled penalty if the character is unskilled, and any other modifiers which apply.
Subtract 10 from the modified skill score." Missile Defense: only Dodge and Shield.

Every usable choice is listed as a ``DefenseOption`` (the sheet's "Skill Name, Skill,
Modifiers, −10 = Total"); the defence is the best of those always available
(RULINGS Pocket 5). Our readings, checked against Artos (DEFT 10, blades 12, shield
11 with +2, unskilled Dodge → 2 / 3 / −1):

- a weapon's Hit bonus does not help defence (Artos's sword would make it 3, not 2);
  its PHYS shortfall does, since it lowers the "effective weapon skill" (3.2);
- each melee weapon carried offers its Melee skill; Punch, Kick and Dodge are always
  there; Shield needs a ready shield, and its Parry counts for missiles too ("in the
  same way as Melee Defense", 2.52);
- Small +1 / Gigantism −1 apply to every option (2.2 "including Defense");
- Grapple (only against grapples) and Acrobatics (only the round after flips) are
  listed with their condition under Melee Defense but never picked as the defence;
  neither is a Missile Defense ("only Dodge and Shield skills may be used", 2.52):
  skills.json gives each skill's ``defense`` kinds.

``defense_values`` reads the character and steps 1, 2, 3 and 5 (``attributes``,
``traits``, ``skills``, ``equipment``: the shields).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from desktop.systems.pocket.rules import catalog_skills, catalog_weapons, skills
from desktop.systems.pocket.rules.attributes import AttributeValues
from desktop.systems.pocket.rules.character import Attribute, PocketCharacter
from desktop.systems.pocket.rules.equipment import EquipmentValues, Part, ShieldLine
from desktop.systems.pocket.rules.skills import SkillValues
from desktop.systems.pocket.rules.traits import TraitSummary, TraitValues

DEFENSE_BASE = 10
"""Subtracted from the modified skill score (2.51)."""


class DefenseOption(NamedTuple):
    """One way to defend, a Melee or Missile Defense choice: skill + modifiers − 10."""

    skill_label: str
    """"Melee (blade): Sword", "Shield: Medium Shield", "Dodge, unskilled"."""
    skill: int
    """The skill score, or for an unskilled use the Attribute."""
    skilled: bool
    modifiers: tuple[Part, ...]
    total: int
    """skill + modifiers − 10."""
    condition: str = ""
    """When it applies, if not always; such options are never the defence shown."""

    def sum_text(self) -> str:
        terms = [f"{self.skill_label} {self.skill}", *(str(p) for p in self.modifiers)]
        return " + ".join(terms) + f" − {DEFENSE_BASE} = {self.total}"


def _option(use: skills.Use, label: str, parts: list[Part], condition: str = ""
            ) -> DefenseOption:
    if not use.skilled:
        parts = [Part("unskilled", use.penalty), *parts]
    total = use.base + sum(p.value for p in parts) - DEFENSE_BASE
    return DefenseOption(label, use.base, use.skilled, tuple(parts), total, condition)


def _label(use: skills.Use, extra: str = "") -> str:
    text = use.label.removesuffix(", unskilled")
    return f"{text}: {extra}" if extra else text


def defense_options(character: PocketCharacter, lines: tuple[skills.SkillLine, ...],
                    scores: Mapping[Attribute, int], phys: int, shields: tuple[ShieldLine, ...],
                    traits: TraitSummary) -> tuple[list[DefenseOption], list[DefenseOption]]:
    """(melee options, missile options), best-first order not implied."""
    size = [Part("Small" if traits.defense > 0 else "Gigantism", traits.defense)] \
        if traits.defense else []
    melee: list[DefenseOption] = []
    missile: list[DefenseOption] = []

    seen: set[str] = set()
    for weapon in character.equipment.weapons:
        if weapon.kind != "melee" or weapon.name in seen:
            continue
        seen.add(weapon.name)
        use = skills.use(lines, "Melee", weapon.group, scores)
        needed = weapon.phys
        if weapon.wield == "two_hands" and not traits.one_handed:
            needed -= catalog_weapons.weapon_data().melee.two_handed_phys_reduction
        parts = list(size)
        if needed > phys:
            parts.insert(0, Part("PHYS short", phys - needed))
        melee.append(_option(use, _label(use, weapon.name), parts))

    for name in ("Punch", "Kick"):
        use = skills.use(lines, name, "", scores)
        melee.append(_option(use, _label(use), list(size)))
    dodge = skills.use(lines, "Dodge", "", scores)
    melee.append(_option(dodge, _label(dodge), list(size)))
    missile.append(_option(dodge, _label(dodge), list(size)))

    shield_skill = skills.use(lines, "Shield", "", scores)
    for shield in shields:
        if not shield.ready:
            continue
        parts = [Part("Parry", shield.parry), *size]
        if shield.shortfall:
            parts.insert(0, Part("PHYS short", -shield.shortfall))
        melee.append(_option(shield_skill, _label(shield_skill, shield.name), parts))
        missile.append(_option(shield_skill, _label(shield_skill, shield.name), list(parts)))

    for name in ("Grapple", "Acrobatics"):
        info = catalog_skills.skill(name)
        assert info is not None, name
        use = skills.use(lines, name, "", scores)
        if name == "Acrobatics" and not use.skilled:
            continue  # −4 unskilled flips are never worth listing
        melee.append(_option(use, _label(use), list(size), info.defense_condition))
        if "missile" in info.defense:
            missile.append(_option(use, _label(use), list(size), info.defense_condition))
    return melee, missile


def best(options: list[DefenseOption]) -> DefenseOption:
    """The highest option that always applies (Dodge always does)."""
    return max((o for o in options if not o.condition), key=lambda o: o.total)


class DefenseValues(NamedTuple):
    """Step 6: every defence choice, and the defences in use (the best of each)."""

    melee: tuple[DefenseOption, ...]
    missile: tuple[DefenseOption, ...]
    melee_defense: int
    missile_defense: int


def defense_values(character: PocketCharacter, attrs: AttributeValues, traits: TraitValues,
                   learnt: SkillValues, gear: EquipmentValues) -> DefenseValues:
    melee, missile = defense_options(character, learnt.lines, attrs.scores,
                                     attrs.final["phys"], gear.shields, traits.summary)
    return DefenseValues(tuple(melee), tuple(missile), best(melee).total,
                         best(missile).total)
