"""The attack plan and the roll to hit (5.3): the weapon's score − the target's Melee or
Missile Defense (5.31; none if it is unaware or immobile, 5.34) + range (5.32) + cover aim
(5.33) + surprise (5.34) + called shot (5.6) + stances (5.7) + multiple Actions (5.22) +
two weapons (5.81). Readings of our own are marked "Ours:". Pure Python, no Qt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import Fighter, Weapon
from desktop.systems.pocket.fight.tables import CoverType, cover_type, equipment_penalty, tables
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.dice import Modifier

CalledShot = Literal["", "knockout", "head_shot", "disarm", "avoid_armor", "exposed_head",
                     "equipment", "death_blow", "grapple", "full_hold"]
CALLED_SHOTS: tuple[CalledShot, ...] = (
    "knockout", "head_shot", "disarm", "avoid_armor", "exposed_head", "equipment",
    "death_blow", "grapple", "full_hold")
NO_DAMAGE = frozenset({"disarm", "grapple", "full_hold"})
"""Called shots that do no damage (5.62, 5.82)."""


@dataclass(frozen=True)
class Cover:
    """A partial barrier (5.33): light, medium or heavy, and its Material Strength."""

    kind: str
    strength: int
    aim: bool = False
    """Take the aim penalty to strike an exposed part and skip the cover roll."""


@dataclass(frozen=True)
class AttackPlan:
    """How one attack is made: the weapon, any called shot, and what bears on the roll to hit."""

    weapon: int | str = 0
    called: CalledShot = ""
    equipment: str = "large"
    """For ``called="equipment"``: large, medium, small or tiny (5.64)."""
    equipment_strength: int | None = None
    """The struck item's Material Strength (4.8); None: the GM applies the damage."""
    range: int | None = None
    """Spaces to the target, for ranged attacks (5.32; point blank 3.3)."""
    cover: Cover | None = None
    actions: int = 1
    """This attack is one of N simultaneous Actions (5.22)."""
    both_weapons: bool = False
    """Attacking with two 1-handed weapons this turn: −1 with each (5.81)."""
    hard_object: bool | None = None
    """Knockout with a hard, heavy object: +1 level (5.61). None: any weapon but unarmed."""
    modifiers: tuple[Modifier, ...] = ()
    """The GM's other modifiers (darkness, Far-Sighted, equipment quality …)."""


def defense_of(target: Fighter, ranged: bool, grapple: bool = False) -> tuple[Modifier, ...]:
    """The target's Defense as modifiers to the attacker's roll (5.31, 5.34, 5.7).

    None while it is unaware, immobile, held or unconscious (5.34). Ours: against a
    grapple the target may use its Grapple score − 10 if that is better (Grapple, 2.43);
    thrown weapons are missile attacks.
    """
    if target.immobile or "unaware" in target.conditions:
        return ()
    value = target.missile_defense if ranged else target.melee_defense
    why = "Missile Defense" if ranged else "Melee Defense"
    if grapple and target.grapple - 10 > value:
        value, why = target.grapple - 10, "Grapple defense"
    mods = [Modifier(f"{target.key}'s {why}", -value)]
    stances = tables().stances
    if "defensive" in target.conditions:
        mods.append(Modifier(f"{target.key} fights defensively",
                             -stances.defensive.defense_bonus))
    if target.desperate:
        mods.append(Modifier(f"{target.key} is desperate",
                             -stances.desperation.defense_penalty))
    return tuple(mods)


def surprise_of(target: Fighter) -> tuple[Modifier, ...]:
    """+4 against a completely immobile target, +2 against one mobile but off guard,
    prone or off balance (5.34). Ours: an unaware target counts as off guard."""
    rules = tables().surprise
    if target.immobile:
        return (Modifier("target immobile", rules.immobile),)
    for state in ("unaware", "off guard", "prone"):
        if state in target.conditions:
            return (Modifier(f"target {state}", rules.off_guard),)
    return ()


def called_shot_modifier(attacker: Fighter, target: Fighter, plan: AttackPlan,
                         weapon: Weapon) -> tuple[Modifier, ...]:
    shots = tables().called_shots
    called = plan.called
    if called == "knockout":
        return (Modifier("knockout", shots.knockout.to_hit),)
    if called == "head_shot":
        reading = " (the app's reading)" if "to_hit" in shots.head_shot.ours else ""
        return (Modifier(f"head shot{reading}", shots.head_shot.to_hit),)
    if called == "disarm":
        return (Modifier("disarm", shots.disarm.to_hit),)
    if called == "avoid_armor":
        armor = target.armor(weapon.energy)
        return (Modifier(f"around {armor} points of armor",
                         shots.avoid_armor.to_hit_per_armor_point * armor),)
    if called == "exposed_head":
        if target.helmet is not None:
            raise CombatError(f"{target.key} wears a helmet: the head is not exposed")
        return (Modifier("exposed head", shots.avoid_armor.exposed_head_to_hit),)
    if called == "equipment":
        try:
            return (Modifier(f"{plan.equipment} equipment", equipment_penalty(plan.equipment)),)
        except dice.CheckError as exc:
            raise CombatError(str(exc)) from None
    if called == "death_blow":
        return (Modifier("death blow", shots.death_blow.to_hit),)
    if called == "full_hold":
        return (Modifier("full hold", tables().grappling.full_hold_to_hit),)
    return ()


def to_hit_modifiers(attacker: Fighter, target: Fighter, plan: AttackPlan
                     ) -> tuple[Weapon, int, tuple[Modifier, ...]]:
    """The weapon, the base score and every modifier of the roll to hit (5.3)."""
    weapon = attacker.weapon(plan.weapon)
    grappling = plan.called in ("grapple", "full_hold")
    base = attacker.grapple if grappling else weapon.to_hit
    ranged = weapon.ranged and not grappling
    mods: list[Modifier] = list(called_shot_modifier(attacker, target, plan, weapon))
    if ranged:
        if plan.range is None:
            raise CombatError(f"{weapon.name} is a ranged attack: give the range in spaces")
        try:
            mods.append(Modifier(f"range {plan.range}",
                                 dice.range_modifier(plan.range, attacker.acute_vision)))
        except dice.CheckError as exc:
            raise CombatError(str(exc)) from None
        blank = dice.point_blank_modifier(plan.range, missile=weapon.kind == "missile")
        if blank:
            mods.append(Modifier("point blank (1 space or less: the app's reading)", blank))
    if plan.cover is not None and plan.cover.aim:
        mods.append(Modifier(f"aiming past {plan.cover.kind} cover",
                             cover_of(plan.cover.kind).aim_penalty))
    if plan.actions > 1:
        mods.append(Modifier(f"{plan.actions} actions at once",
                             dice.multiple_action_modifier(plan.actions)))
    if plan.both_weapons:
        from desktop.systems.pocket.rules import catalog_weapons

        mods.append(Modifier("both weapons",
                             catalog_weapons.weapon_data().off_hand.both_weapons_hit))
    if attacker.desperate:
        mods.append(Modifier("desperate", tables().stances.desperation.check_penalty))
    mods += defense_of(target, ranged, grappling)
    mods += surprise_of(target)
    mods += plan.modifiers
    return weapon, base, tuple(mods)


def cover_of(kind: str) -> CoverType:
    """The cover type called ``kind`` (5.33); a clear CombatError for an unknown one."""
    try:
        return cover_type(kind)
    except dice.CheckError as exc:
        raise CombatError(str(exc)) from None
