"""A combatant of a Pocket Universe fight: the numbers combat reads, frozen.

``Fighter`` holds what the GM screen needs per combatant (2.3 Other Characteristics,
2.5 Defense Values, 3.2–3.42 equipment, 5.41 hits and consciousness). It is built from a
character's derived values (``fighter_from``) or from a catalog creature
(``fighter_from_creature``), and changed only by copies (``dataclasses.replace``), so
the GM screen can keep every earlier state for undo.

Also here: reading the Attribute table's Roll column by "levels" (2.33, 5.61, 5.72).
Pure Python, no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from desktop.systems.pocket.rules.dice import Triplet, check_triplet, format_triplet

if TYPE_CHECKING:
    from desktop.systems.pocket.rules.catalog_attributes import AttributeTable
    from desktop.systems.pocket.rules.catalog_creatures import Creature
    from desktop.systems.pocket.rules.character import PocketCharacter
    from desktop.systems.pocket.rules.derived import PocketDerived

WeaponKind = Literal["melee", "missile", "thrown", "unarmed"]
Bleeding = Literal["", "minute", "round"]

# Conditions a fighter can be in. "unconscious", "dead" and "fled" take it out of the
# fight; "prone" costs its next turn (5.35); "defensive" and "desperate" last until its
# next turn (5.71, 5.72); "immobile" means no Defense and +4 to hit it (5.34, 5.82).
CONDITIONS = frozenset({
    "unconscious", "dead", "fled", "prone", "defensive", "desperate", "immobile",
    "off guard", "unaware", "jammed", "stuck", "disarmed",
})
OUT_OF_FIGHT = frozenset({"dead", "fled"})


class FighterError(ValueError):
    """A fighter that cannot be built as given: one line saying why."""


# --- the Attribute table's Roll column as "levels" ---------------------------------------


def _table() -> AttributeTable:
    # Imported on use: the catalog brings in the book loader and the character model.
    from desktop.systems.pocket.rules import catalog_attributes

    return catalog_attributes.tables().attribute_table


def attribute_roll(score: int) -> Triplet:
    """The Roll column for ``score`` (2.3): PHYS → unarmed damage, DEFT → initiative.

    Ours: below the table every Roll is 0/0/0 as at 2–5; above it the column goes on
    as its last rows do, +1/+1/+1 a row (16: 6/8/10, 17: 7/9/11 …), so +2 PHYS for
    Desperation (5.72) still counts at PHYS 15 and 16.
    """
    table = _table()
    if score <= table.highest:
        return tuple(table.row(score).roll)  # type: ignore[return-value]
    top = table.row(table.highest).roll
    extra = score - table.highest
    return (top[0] + extra, top[1] + extra, top[2] + extra)


def attribute_modifier(score: int) -> int:
    """The Modifier column (2.3), e.g. for Disarm (5.62). Ours: +1 a row beyond the
    table and −1 a row below it, as the column runs."""
    table = _table()
    if table.covers(score):
        return table.row(score).modifier
    edge = table.highest if score > table.highest else table.lowest
    return table.row(edge).modifier + (score - edge)


def shift_levels(triplet: Triplet, levels: int) -> Triplet:
    """A damage or initiative range moved ``levels`` rows along the Roll column.

    A range found in the column moves from the highest score that has it (RULINGS
    Pocket 2: Acute Reflexes turns DEFT 11's 2/3/4 into DEFT 12's 2/4/6). Ours: a weapon
    range not in the column (6/9/12, 7/10/13 …) gains 1 per number per level, never
    below 0 (Kick +1 level 2.43, Desperation +2 weapon damage levels 5.72).
    """
    triplet = check_triplet(triplet)
    if levels == 0:
        return triplet
    table = _table()
    scores = [score for score in range(table.lowest, table.highest + max(triplet) + 1)
              if attribute_roll(score) == triplet]
    if scores:
        return attribute_roll(max(scores) + levels)
    low, mid, high = (max(0, n + levels) for n in triplet)
    return (low, mid, high)


# --- equipment and the fighter -----------------------------------------------------------


@dataclass(frozen=True)
class Weapon:
    """One way to attack: a weapon, a thrown weapon, a punch or kick (3.2, 3.3, 2.43)."""

    name: str
    damage: Triplet
    to_hit: int
    """The roll to hit before the situation: skill + the weapon's Hit − PHYS shortfall
    (and the two-handed, off-hand and unarmed modifiers) as the character sheet shows."""
    kind: WeaponKind = "melee"
    energy: bool = False
    """An energy attack: Energy armor applies (5.4)."""
    edged: bool = True
    """Has an edge or point: a head shot doubles its damage (5.61); blunt ones knock out."""
    range: int | None = None
    """Missile and thrown range in spaces (3.21, 3.3)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "damage", check_triplet(self.damage))

    @property
    def ranged(self) -> bool:
        return self.kind in ("missile", "thrown")

    def describe(self) -> str:
        return f"{self.name} {self.to_hit}- {format_triplet(self.damage)}"


@dataclass(frozen=True)
class Helmet:
    """Protection against knockouts (3.42); its armor bonus is already in the totals."""

    name: str
    phys: int
    energy: int


@dataclass(frozen=True)
class Shield:
    """A shield's Parry bonus is in the Shield defence; its Hits take excess damage (3.41)."""

    name: str
    parry: int
    hits_max: int
    hits: int

    @property
    def broken(self) -> bool:
        return self.hits <= 0


@dataclass(frozen=True)
class Fighter:
    """A combatant. ``key`` is unique in an encounter ("Orc 2"); ``name`` is shown."""

    key: str
    name: str
    phys: int
    deft: int
    armored_deft: int
    """DEFT under the armor's DEFT limit: initiative, Move, DEFT rolls (3.4)."""
    will: int
    hits_max: int
    initiative: Triplet
    weapons: tuple[Weapon, ...]
    """The first is the one in hand by default."""
    hits: int | None = None
    """Current hit points; None at creation means full."""
    armor_phys: int = 0
    armor_energy: int = 0
    """Total armor (worn + helmet bonus + Toughness + natural), 5.4."""
    natural_phys: int = 0
    natural_energy: int = 0
    """Toughness and natural armor: with the helmet, all that stops knockouts (5.61)."""
    helmet: Helmet | None = None
    shield: Shield | None = None
    melee_defense: int = 0
    missile_defense: int = 0
    shield_defense: bool = False
    """Its Defense is the Shield skill: a missed attack hits the shield (3.41)."""
    dodge: int = 0
    """Dodge score (unskilled penalty included): zones of control (5.25)."""
    grapple: int = 0
    """Grapple score (unskilled penalty included), 5.82."""
    move: int = 0
    swim_rate: int = 0
    """Spaces a turn swimming: Swim − 9, at least 0 (2.43)."""
    acute_vision: int = 0
    npc: bool = False
    """Played by the GM: only NPCs check morale (5.5)."""
    conditions: frozenset[str] = frozenset()
    bleeding: Bleeding = ""
    bled_rounds: int = 0
    """Rounds counted towards the next per-minute loss of blood (5.41)."""
    held_by: str = ""
    """Who holds it in a grapple (5.82)."""
    full_hold: bool = False
    """Held at −3: it can do nothing but try to escape."""

    def __post_init__(self) -> None:
        if not self.key:
            raise FighterError("a fighter needs a key (a unique name)")
        if self.hits_max < 1:
            raise FighterError(f"{self.key}: Hits must be 1 or more, not {self.hits_max}")
        if self.hits is None:
            object.__setattr__(self, "hits", self.hits_max)
        object.__setattr__(self, "initiative", check_triplet(self.initiative))
        unknown = set(self.conditions) - CONDITIONS
        if unknown:
            raise FighterError(f"{self.key}: unknown condition {sorted(unknown)[0]!r}")

    # --- reading

    @property
    def current_hits(self) -> int:
        return self.hits if self.hits is not None else self.hits_max

    @property
    def phys_roll(self) -> Triplet:
        """Unarmed damage, knockouts, squeezes, breaking free (2.32, 5.61, 5.82);
        +2 PHYS while desperate (5.72)."""
        bonus = self.stance_phys_bonus()
        return attribute_roll(self.phys + bonus)

    def stance_phys_bonus(self) -> int:
        from desktop.systems.pocket.fight.tables import tables

        return tables().stances.desperation.phys_bonus if self.desperate else 0

    @property
    def unconscious(self) -> bool:
        return "unconscious" in self.conditions

    @property
    def dead(self) -> bool:
        return "dead" in self.conditions

    @property
    def dying(self) -> bool:
        """Below 0 hits (5.41); it bleeds until a Medicine roll binds the wound."""
        return self.current_hits < 0 and not self.dead

    @property
    def desperate(self) -> bool:
        return "desperate" in self.conditions

    @property
    def out_of_fight(self) -> bool:
        return bool(self.conditions & OUT_OF_FIGHT)

    @property
    def can_act(self) -> bool:
        return not (self.out_of_fight or self.unconscious)

    @property
    def immobile(self) -> bool:
        return "immobile" in self.conditions or self.unconscious or bool(self.held_by)

    def armor(self, energy: bool = False) -> int:
        return max(0, self.armor_energy if energy else self.armor_phys)

    def head_armor(self, energy: bool = False) -> int:
        """What protects the head: helmet, Toughness and natural armor (5.61, 5.63)."""
        helmet = 0 if self.helmet is None else (
            self.helmet.energy if energy else self.helmet.phys)
        return max(0, helmet + (self.natural_energy if energy else self.natural_phys))

    def weapon(self, which: int | str = 0) -> Weapon:
        """A weapon by position or name (any case)."""
        if isinstance(which, int):
            if 0 <= which < len(self.weapons):
                return self.weapons[which]
            raise FighterError(f"{self.key} has no weapon number {which + 1}")
        key = which.strip().casefold()
        for weapon in self.weapons:
            if weapon.name.casefold() == key:
                return weapon
        known = ", ".join(w.name for w in self.weapons) or "none"
        raise FighterError(f"{self.key} has no weapon called {which!r} (has: {known})")

    def describe(self) -> str:
        state = ", ".join(sorted(self.conditions))
        bleed = f", bleeding per {self.bleeding}" if self.bleeding else ""
        return (f"{self.key}: {self.current_hits}/{self.hits_max} hits, armor "
                f"{self.armor_phys}/{self.armor_energy}" + (f", {state}" if state else "")
                + bleed)

    # --- changing (copies)

    def with_conditions(self, add: set[str] | frozenset[str] = frozenset(),
                        remove: set[str] | frozenset[str] = frozenset()) -> Fighter:
        return replace(self, conditions=(self.conditions - set(remove)) | set(add))


# --- building fighters -------------------------------------------------------------------

BLUNT_GROUPS = frozenset({"bludgeon", "flail", "staff", "whip"})
"""Weapon groups with no edge or point: a head shot with them is a knockout blow (5.61)."""


def _score(derived: PocketDerived, skill: str) -> int:
    """A skill's score as used: learnt, else unskilled (penalty included)."""
    return derived.skill_scores.get(skill, derived.unskilled.get(skill, 0))


def fighter_from(character: PocketCharacter, key: str = "",
                 derived: PocketDerived | None = None, npc: bool = False) -> Fighter:
    """A combatant from a character file and its derived values (``rules.derive``).

    Every attack line of the sheet becomes a ``Weapon`` (to-hit as the sheet totals it);
    the Defense is the best usable one (2.51); a character saved below 0 hits is dying
    and bleeding (5.41). ``npc``: the GM plays it, so morale applies (5.5). Two-weapon
    and off-hand penalties are already in the sheet's attack lines (5.81).
    """
    from desktop.systems.pocket.rules.derived import derive

    derived = derived if derived is not None else derive(character)
    weapons: list[Weapon] = []
    for attack in derived.attacks:
        group = ""
        if attack.weapon_index is not None:
            group = character.equipment.weapons[attack.weapon_index].group.casefold()
        kind: WeaponKind = attack.mode
        weapons.append(Weapon(
            name=attack.name, damage=tuple(attack.damage), to_hit=attack.total,  # type: ignore[arg-type]
            kind=kind, edged=kind != "unarmed" and not any(g in group for g in BLUNT_GROUPS),
            range=attack.range))
    armor = derived.armor
    helmet = Helmet(armor.helmet_name, *armor.helmet_knockout) if armor.helmet_name else None
    ready = [s for s in derived.shields if s.ready]
    shield = Shield(ready[0].name, ready[0].parry, ready[0].hits, ready[0].hits_left) if (
        ready) else None
    best = derived.best_melee()
    hits = derived.current_hits
    return Fighter(
        key=key or character.name or "Character",
        name=character.name or "Character",
        phys=derived.attributes["phys"],
        deft=derived.attributes["deft"],
        armored_deft=derived.armored_deft,
        will=derived.attributes["will"],
        hits_max=derived.hits,
        hits=hits,
        initiative=tuple(derived.initiative),  # type: ignore[arg-type]
        weapons=tuple(weapons),
        armor_phys=armor.total[0],
        armor_energy=armor.total[1],
        natural_phys=armor.natural[0],
        natural_energy=armor.natural[1],
        helmet=helmet,
        shield=shield,
        melee_defense=derived.melee_defense,
        missile_defense=derived.missile_defense,
        shield_defense=shield is not None and best.skill_label.startswith("Shield"),
        dodge=_score(derived, "Dodge"),
        grapple=_score(derived, "Grapple"),
        move=derived.move,
        swim_rate=derived.swim_rate,
        acute_vision=derived.traits.ignore_range_penalty,
        npc=npc,
        bleeding="minute" if hits < 0 else "",
    )


def fighter_from_creature(creature: Creature, key: str = "") -> Fighter:
    """A combatant from a catalog creature as the book prints it (6.2, the crocodile).
    Its armor is natural armor, so it also protects against knockouts (5.61)."""
    from desktop.systems.pocket.rules import catalog_skills

    def unskilled(skill: str) -> int:
        info = catalog_skills.skill(skill)
        return creature.deft + (info.penalty if info else 0)

    weapons = tuple(Weapon(a.name, tuple(a.damage), a.skill, "melee")  # type: ignore[arg-type]
                    for a in creature.attacks)
    return Fighter(
        key=key or creature.name, name=creature.name, phys=creature.phys,
        deft=creature.deft, armored_deft=creature.deft, will=creature.will,
        hits_max=creature.hits, initiative=tuple(creature.initiative),  # type: ignore[arg-type]
        weapons=weapons, armor_phys=creature.armor.phys, armor_energy=creature.armor.energy,
        natural_phys=creature.armor.phys, natural_energy=creature.armor.energy,
        melee_defense=creature.melee_defense, missile_defense=creature.missile_defense,
        dodge=creature.skills.get("Dodge", unskilled("Dodge")),
        grapple=creature.skills.get("Grapple", unskilled("Grapple")),
        move=creature.move, npc=True)
