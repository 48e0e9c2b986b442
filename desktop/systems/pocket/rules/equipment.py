"""Step 5 of ``derive``: weapons, armor, shields and money as numbers on the record sheet
(Pocket Universe, 3.0 Equipment, 3.1 Starting Money).

Attack lines follow the sheet's "Weapon: Skill + Hit = Total, Range, Damage" with
every modifier listed (``Part``). The rules applied, by section:

- 3.2: a too-low PHYS costs one skill point per point short; two hands lower a melee
  weapon's PHYS requirement by 2 (never for One-Handed characters, 2.21).
- 3.21: a thrown melee weapon uses Throw Weapon, reaches 3 + PHYS − its PHYS spaces,
  and is −2 to hit unless balanced (our reading: no skill penalty for PHYS, the
  shorter range is the penalty; 0 spaces or less cannot be thrown).
- 3.3: two hands do not lower a missile weapon's PHYS; a crossbow's shortfall adds
  reload Actions instead of a to-hit penalty.
- 5.81: the off hand is −1 to hit with +2 PHYS needed, unless Ambidextrous (2.22).
- 2.21: Far-Sighted −1 on physical Actions not at range, One-Eyed −2 on those at range.
- 3.4/3.42/2.22: one suit of armor counts (the first worn); helmets add their bonus
  to the overall armor and their own protection only against knockouts (5.61), as
  do Toughness and natural armor.

``equipment_values`` reads the character and steps 1 to 3 (``attributes``, ``traits``,
``skills``): attacks use the skills as scored there; Wealth or Poor replace the $500.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NamedTuple

from desktop.systems.pocket.rules import (
    attributes,
    catalog_attributes,
    catalog_skills,
    catalog_weapons,
    skills,
)
from desktop.systems.pocket.rules.attributes import AttributeValues
from desktop.systems.pocket.rules.character import Attribute, PocketCharacter, Triplet, Weapon
from desktop.systems.pocket.rules.skills import SkillValues
from desktop.systems.pocket.rules.traits import TraitSummary, TraitValues

Mode = Literal["melee", "missile", "thrown", "unarmed"]


def signed(value: int) -> str:
    """"+2", "−1" (a true minus sign, as the sheet prints it)."""
    return f"+{value}" if value >= 0 else f"−{-value}"


class Part(NamedTuple):
    """One term of a sum the sheet shows, e.g. ("PHYS short", −2)."""

    label: str
    value: int

    def __str__(self) -> str:
        return f"{self.label} {signed(self.value)}"


class Attack(NamedTuple):
    """One attack a character can make, in numbers: a weapon wielded or thrown, Punch or Kick."""

    name: str
    mode: Mode
    weapon_index: int | None
    """Index in ``equipment.weapons``; None for Punch and Kick."""
    skill_label: str
    skill: int
    """The skill as used: the learnt score, or the Attribute with the unskilled penalty."""
    skilled: bool
    hit: int
    """The weapon's Hit (Punch +2, Kick +1)."""
    modifiers: tuple[Part, ...]
    total: int
    damage: Triplet
    range: int | None
    """Spaces: a missile weapon's range, a throw's reach; None in melee."""
    phys_needed: int | None
    shortfall: int
    reload_actions: int = 0

    def sum_text(self) -> str:
        """"Melee (blade) 12 + Hit +1 + PHYS short −2 = 11"."""
        terms = [f"{self.skill_label} {self.skill}", f"Hit {signed(self.hit)}",
                 *(str(p) for p in self.modifiers)]
        return " + ".join(terms) + f" = {self.total}"


class ArmorTotals(NamedTuple):
    """The armor a character has on: the suit worn, helmet and natural armor, and the totals."""

    worn_name: str
    worn: tuple[int, int]
    """Physical/energy of the suit worn, after damage."""
    deft_limit: int | None
    helmet_name: str
    helmet_bonus: tuple[int, int]
    helmet_knockout: tuple[int, int]
    perception_penalty: int
    natural: tuple[int, int]
    """Toughness plus natural armor."""
    total: tuple[int, int]
    knockout: tuple[int, int]
    """What protects against knockout attempts: helmet, Toughness, natural armor."""


class ShieldLine(NamedTuple):
    """One shield carried, with its Hits left and any PHYS it falls short of."""

    index: int
    name: str
    parry: int
    hits: int
    hits_left: int
    phys: int
    shortfall: int
    ready: bool


def _pair(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return a[0] + b[0], a[1] + b[1]


def armor_totals(character: PocketCharacter, traits: TraitSummary) -> ArmorTotals:
    worn = [a for a in character.equipment.armor if a.worn]
    suit = worn[0] if worn else None
    helmets = [h for h in character.equipment.helmets if h.worn]
    helmet = helmets[0] if helmets else None
    suit_pair = ((max(suit.phys - suit.damage, 0), max(suit.energy - suit.damage, 0))
                 if suit else (0, 0))
    bonus = (helmet.bonus_phys, helmet.bonus_energy) if helmet else (0, 0)
    knock = (helmet.phys, helmet.energy) if helmet else (0, 0)
    natural = _pair(traits.natural_armor,
                    (character.natural_armor.phys, character.natural_armor.energy))
    return ArmorTotals(
        worn_name=suit.name if suit else "",
        worn=suit_pair,
        deft_limit=attributes.deft_limit(character),
        helmet_name=helmet.name if helmet else "",
        helmet_bonus=bonus,
        helmet_knockout=knock,
        perception_penalty=helmet.perception_penalty if helmet else 0,
        natural=natural,
        total=_pair(_pair(suit_pair, bonus), natural),
        knockout=_pair(knock, natural),
    )


def shield_lines(character: PocketCharacter, phys: int) -> tuple[ShieldLine, ...]:
    return tuple(
        ShieldLine(i, s.name, s.parry, s.hits,
                   s.hits if s.hits_left is None else s.hits_left,
                   s.phys, max(s.phys - phys, 0), s.ready)
        for i, s in enumerate(character.equipment.shields))


def _hand_parts(weapon: Weapon, traits: TraitSummary) -> tuple[int, list[Part]]:
    """PHYS requirement change and to-hit parts from the hand a weapon is in."""
    rules = catalog_weapons.weapon_data()
    phys, parts = 0, []
    if weapon.wield == "two_hands" and weapon.kind == "melee" and not traits.one_handed:
        phys -= rules.melee.two_handed_phys_reduction
    if weapon.wield == "off_hand" and not traits.ambidextrous:
        phys += rules.off_hand.phys
        parts.append(Part("off hand", rules.off_hand.hit))
    return phys, parts


def weapon_attacks(index: int, weapon: Weapon, lines: tuple[skills.SkillLine, ...],
                   scores: Mapping[Attribute, int], phys: int,
                   traits: TraitSummary) -> list[Attack]:
    """The attack lines of one weapon: as wielded, and thrown if it is thrown."""
    rules = catalog_weapons.weapon_data()
    group = catalog_weapons.weapon_group(weapon.group) if weapon.group else None
    out: list[Attack] = []
    skill_name = "Melee" if weapon.kind == "melee" else "Missile"
    used = skills.use(lines, skill_name, weapon.group, scores)
    phys_change, parts = _hand_parts(weapon, traits)
    needed = max(weapon.phys + phys_change, 0)
    shortfall = max(needed - phys, 0)
    reload = weapon.reload_actions
    if shortfall and group is not None and group.shortfall == "reload":
        reload += shortfall
    elif shortfall:
        parts.append(Part("PHYS short", -shortfall))
    if weapon.kind == "melee" and traits.close_actions:
        parts.append(Part("Far-Sighted", traits.close_actions))
    if weapon.kind == "missile" and traits.ranged_actions:
        parts.append(Part("One-Eyed", traits.ranged_actions))
    out.append(Attack(
        name=weapon.name, mode=weapon.kind, weapon_index=index,
        skill_label=used.label, skill=used.score, skilled=used.skilled, hit=weapon.hit,
        modifiers=tuple(parts), total=used.score + weapon.hit + sum(p.value for p in parts),
        damage=weapon.damage, range=weapon.range if weapon.kind == "missile" else None,
        phys_needed=needed, shortfall=shortfall, reload_actions=reload))

    if weapon.kind == "melee" and weapon.thrown:
        thrown = rules.thrown
        used = skills.use(lines, "Throw Weapon", weapon.group, scores)
        parts = []
        if not weapon.balanced:
            parts.append(Part("unbalanced", thrown.unbalanced_penalty))
        if traits.ranged_actions:
            parts.append(Part("One-Eyed", traits.ranged_actions))
        out.append(Attack(
            name=f"{weapon.name} (thrown)", mode="thrown", weapon_index=index,
            skill_label=used.label, skill=used.score, skilled=used.skilled, hit=weapon.hit,
            modifiers=tuple(parts),
            total=used.score + weapon.hit + sum(p.value for p in parts),
            damage=weapon.damage, range=thrown_range(weapon, phys),
            phys_needed=weapon.phys, shortfall=max(weapon.phys - phys, 0)))
    return out


def thrown_range(weapon: Weapon, phys: int) -> int:
    """Spaces a melee weapon can be thrown: 3 + PHYS − its PHYS (3.21), at least 0."""
    return max(catalog_weapons.weapon_data().thrown.base_range + phys - weapon.phys, 0)


def unarmed_attacks(lines: tuple[skills.SkillLine, ...], scores: Mapping[Attribute, int],
                    phys: int, traits: TraitSummary) -> list[Attack]:
    """Punch (+2 to hit) and Kick (+1 to hit, +1 damage level), 2.43."""
    out = []
    for name in ("Punch", "Kick"):
        info = catalog_skills.skill(name)
        assert info is not None, name  # the book's skill list has both
        used = skills.use(lines, name, "", scores)
        parts = (Part("Far-Sighted", traits.close_actions),) if traits.close_actions else ()
        out.append(Attack(
            name=name, mode="unarmed", weapon_index=None, skill_label=used.label,
            skill=used.score, skilled=used.skilled, hit=info.attack_bonus, modifiers=parts,
            total=used.score + info.attack_bonus + sum(p.value for p in parts),
            damage=attributes.roll(phys, info.damage_levels), range=None, phys_needed=None,
            shortfall=0))
    return out


def purchase_cost(character: PocketCharacter) -> int:
    """Money spent on equipment bought at creation (3.0; balanced weapons +50%, 3.21;
    ammunition in whole lots, 3.31)."""
    thrown = catalog_weapons.weapon_data().thrown
    eq = character.equipment
    total = 0
    for w in eq.weapons:
        if w.acquired == "creation":
            each = thrown.balanced_cost(w.cost) if w.balanced else w.cost
            total += each * w.quantity
    for a in eq.ammunition:
        if a.acquired == "creation":
            total += -(-a.quantity // a.per) * a.cost
    for items in (eq.armor, eq.shields, eq.helmets):
        total += sum(i.cost for i in items if i.acquired == "creation")
    total += sum(g.cost * g.quantity for g in eq.gear if g.acquired == "creation")
    return total


class EquipmentValues(NamedTuple):
    """Step 5: armor, shields, attack lines and money."""

    armor: ArmorTotals
    shields: tuple[ShieldLine, ...]
    attacks: tuple[Attack, ...]
    starting_money: int
    money_spent: int
    """Spent on equipment bought at creation."""
    money: int
    """Cash now: tracked, or what is left of the starting money."""

    @property
    def money_left(self) -> int:
        """Starting money less what was bought at creation."""
        return self.starting_money - self.money_spent


def equipment_values(character: PocketCharacter, attrs: AttributeValues, traits: TraitValues,
                     learnt: SkillValues) -> EquipmentValues:
    summary = traits.summary
    phys = attrs.final["phys"]
    attacks: list[Attack] = []
    for index, weapon in enumerate(character.equipment.weapons):
        attacks += weapon_attacks(index, weapon, learnt.lines, attrs.scores, phys, summary)
    attacks += unarmed_attacks(learnt.lines, attrs.scores, phys, summary)
    starting = (summary.starting_money if summary.starting_money is not None
                else catalog_attributes.tables().starting_money.amount)
    spent = purchase_cost(character)
    return EquipmentValues(
        armor=armor_totals(character, summary),
        shields=shield_lines(character, phys),
        attacks=tuple(attacks),
        starting_money=starting,
        money_spent=spent,
        money=(starting - spent if character.tracking.money is None
               else character.tracking.money),
    )
