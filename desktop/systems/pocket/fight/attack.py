"""Pocket Universe attacks: the roll to hit, criticals, called shots, cover, shields,
grappling, stances, morale, zones of control and movement (chapter 5).

``resolve_attack`` takes an attacker, a target, an ``AttackPlan`` (weapon, called shot,
range, cover, simultaneous Actions, GM's modifiers) and a ``Roller``, and returns both
fighters afterwards with the events that explain every number (``describe()``).

The roll to hit (5.3): the weapon's score − the target's Melee or Missile Defense (5.31;
none if it is unaware or immobile, 5.34) + range (5.32) + cover aim (5.33) + surprise
(5.34) + called shot (5.6) + stances (5.7) + multiple Actions (5.22) + two weapons
(5.81). Readings of our own are marked "Ours:". Pure Python, no Qt.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from desktop.model.dice import Roller
from desktop.systems.pocket.fight.damage import (
    ArmorCheck,
    CombatError,
    Resisted,
    ShieldBlock,
    Wound,
    damage_object,
    shield_block,
    stay_conscious,
    survive_death_blow,
    through_armor,
    wound,
)
from desktop.systems.pocket.fight.fighter import Fighter, Weapon, attribute_modifier, shift_levels
from desktop.systems.pocket.fight.tables import (
    CoverType,
    Critical,
    Side,
    cover_type,
    critical,
    equipment_penalty,
    tables,
)
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.dice import CheckResult, Modifier, TripletRoll, roll_check

CalledShot = Literal["", "knockout", "head_shot", "disarm", "avoid_armor", "exposed_head",
                     "equipment", "death_blow", "grapple", "full_hold"]
CALLED_SHOTS: tuple[CalledShot, ...] = (
    "knockout", "head_shot", "disarm", "avoid_armor", "exposed_head", "equipment",
    "death_blow", "grapple", "full_hold")
NO_DAMAGE = frozenset({"disarm", "grapple", "full_hold"})
"""Called shots that do no damage (5.62, 5.82)."""


class Event(Protocol):
    def describe(self) -> str: ...


@dataclass(frozen=True)
class Note:
    """A line for the log: something the rules say the GM or players now decide or do."""

    text: str

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class Rolled:
    """A check made for a fighter, and what came of it."""

    key: str
    check: CheckResult
    outcome: str = ""

    def describe(self) -> str:
        tail = f": {self.outcome}" if self.outcome else ""
        return f"{self.key} {self.check.describe()}{tail}"


@dataclass(frozen=True)
class Picked:
    """A d10 pick on a low/mid/high range (damage, PHYS roll)."""

    key: str
    what: str
    pick: TripletRoll
    note: str = ""

    def describe(self) -> str:
        tail = f" ({self.note})" if self.note else ""
        return f"{self.key} {self.what}: {self.pick.describe()}{tail}"


@dataclass(frozen=True)
class Armored:
    """Damage against armor (5.4)."""

    key: str
    armor: ArmorCheck
    what: str = "armor"

    def describe(self) -> str:
        return f"{self.key}'s {self.what}: {self.armor.describe()}"


@dataclass(frozen=True)
class Wounded:
    wound: Wound

    def describe(self) -> str:
        return self.wound.describe()


@dataclass(frozen=True)
class Changed:
    """A condition or piece of equipment changed by the rules."""

    key: str
    text: str

    def describe(self) -> str:
        return f"{self.key}: {self.text}"


@dataclass(frozen=True)
class Wrapped:
    """A result that describes itself (shield block, resisted roll …)."""

    detail: ShieldBlock | Resisted

    def describe(self) -> str:
        return self.detail.describe()


@dataclass(frozen=True)
class CriticalRolled:
    """A d10 on a Combat Critical Table (5.35), and the row used."""

    side: Side
    face: int
    row: Critical
    used: Critical
    """The row applied: ``row`` or, when it did not fit, its default."""
    why_not: str = ""

    def describe(self) -> str:
        table = "Critical Success" if self.side == "success" else "Critical Failure"
        text = f"{table} table, d10 {self.face}: {self.row.text}"
        if self.used is not self.row:
            text += f" Does not fit ({self.why_not}): default {self.used.roll}: {self.used.text}"
        return text


# --- the plan and the roll to hit -----------------------------------------------------------


@dataclass(frozen=True)
class Cover:
    """A partial barrier (5.33): light, medium or heavy, and its Material Strength."""

    kind: str
    strength: int
    aim: bool = False
    """Take the aim penalty to strike an exposed part and skip the cover roll."""


@dataclass(frozen=True)
class AttackPlan:
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
        return (Modifier("head shot", shots.head_shot.to_hit),)
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
            mods.append(Modifier("point blank", blank))
    if plan.cover is not None and plan.cover.aim:
        mods.append(Modifier(f"aiming past {plan.cover.kind} cover",
                             _cover(plan.cover.kind).aim_penalty))
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


def _cover(kind: str) -> CoverType:
    try:
        return cover_type(kind)
    except dice.CheckError as exc:
        raise CombatError(str(exc)) from None


# --- criticals (5.35) -----------------------------------------------------------------------


def _why_unfit(side: Side, effect: str, attacker: Fighter, target: Fighter, weapon: Weapon,
               plan: AttackPlan) -> str:
    """Why a critical result does not fit this attack ("" if it does)."""
    damaging = plan.called not in NO_DAMAGE
    if side == "success":
        if effect == "armor_damaged" and not (target.armor_phys or target.armor_energy):
            return f"{target.key} wears no armor"
        if effect == "half_armor" and (not target.armor(weapon.energy) or plan.called in (
                "avoid_armor", "exposed_head")):
            return "no armor counts against this attack"
        if effect == "target_falls" and ("prone" in target.conditions or target.immobile):
            return f"{target.key} is already down or held"
        if effect in ("high_damage", "head_shot") and not damaging:
            return "the attack does no damage"
        if effect == "head_shot" and plan.called in ("knockout", "head_shot", "equipment"):
            return ("the attack is at a carried item" if plan.called == "equipment" else
                    "already a blow to the head")
    else:
        if effect == "attacker_falls" and "prone" in attacker.conditions:
            return f"{attacker.key} is already down"
        if effect == "weapon_jammed" and weapon.kind != "missile":
            return f"{weapon.name} cannot jam"
        if effect == "weapon_stuck" and weapon.kind != "melee":
            return f"{weapon.name} cannot get stuck"
        if effect == "attacker_armor_damaged" and not (
                attacker.armor_phys or attacker.armor_energy):
            return f"{attacker.key} wears no armor"
    return ""


def roll_criticals(side: Side, roller: Roller, attacker: Fighter, target: Fighter,
                   weapon: Weapon, plan: AttackPlan, face: int | None = None
                   ) -> tuple[CriticalRolled, ...]:
    """Roll on a critical table; "Roll twice & combine" rolls two more (and again on
    another 10). A result that does not fit follows its default column (5.35)."""
    out: list[CriticalRolled] = []
    pending = 1
    first = face
    while pending and len(out) < 32:  # 32: far beyond any real chain of 10s
        pending -= 1
        die = first if first is not None else roller.throw(1, 10, why=f"critical {side}").total
        first = None
        row = critical(side, die)
        used, why = row, _why_unfit(side, row.effect, attacker, target, weapon, plan)
        seen = {row.roll}
        reason = why
        while why and used.default is not None and used.default not in seen:
            used = critical(side, used.default)
            seen.add(used.roll)
            why = _why_unfit(side, used.effect, attacker, target, weapon, plan)
        out.append(CriticalRolled(side, die, row, used, reason))
        if used.effect == "roll_twice":
            pending += 2
    return tuple(out)


# --- resolving an attack --------------------------------------------------------------------


@dataclass(frozen=True)
class AttackOutcome:
    attacker: Fighter
    target: Fighter
    hit: bool
    events: tuple[Event, ...]


def _check_can_attack(attacker: Fighter, target: Fighter, plan: AttackPlan) -> None:
    if attacker.key == target.key:
        raise CombatError(f"{attacker.key} cannot attack itself")
    for who in (attacker, target):
        if who.dead:
            raise CombatError(f"{who.key} is dead")
    if attacker.unconscious:
        raise CombatError(f"{attacker.key} is unconscious")
    if "fled" in attacker.conditions:
        raise CombatError(f"{attacker.key} has fled")
    if plan.called and plan.called not in CALLED_SHOTS:
        raise CombatError(f"unknown called shot {plan.called!r}")
    if attacker.held_by:
        if attacker.full_hold:
            raise CombatError(f"{attacker.key} is in a full hold: it can only try to escape")
        mutual = target.key == attacker.held_by and target.held_by == attacker.key
        counter = target.key == attacker.held_by and plan.called == "grapple"
        if not (mutual or counter):
            raise CombatError(f"{attacker.key} is held by {attacker.held_by}: it can break "
                              "free or counter-grapple")
    if plan.actions < 1:
        raise CombatError(f"an attack is one of 1 or more Actions, not {plan.actions}")


def resolve_attack(attacker: Fighter, target: Fighter, plan: AttackPlan, roller: Roller
                   ) -> AttackOutcome:
    """Roll to hit and apply everything that follows (5.3–5.82)."""
    _check_can_attack(attacker, target, plan)
    weapon, base, mods = to_hit_modifiers(attacker, target, plan)
    label = f"{'Grapple' if plan.called in ('grapple', 'full_hold') else weapon.name}" + (
        f" ({plan.called.replace('_', ' ')})" if plan.called else "")
    check = roll_check(dice.target_of(base, mods), roller, label=label, modifiers=mods)
    events: list[Event] = [Rolled(attacker.key, check,
                                  f"{'hits' if check.success else 'misses'} {target.key}")]
    state = _State(attacker, target, weapon, plan, roller, events)
    crits: tuple[CriticalRolled, ...] = ()
    if check.critical or check.fumble:
        crits = roll_criticals("success" if check.success else "failure", roller, attacker,
                               target, weapon, plan)
        events.extend(crits)
    effects = {c.used.effect for c in crits}
    if check.success:
        state.hit(effects)
    else:
        state.miss(effects)
    return AttackOutcome(state.attacker, state.target, check.success, tuple(events))


@dataclass
class _State:
    """The two fighters while one attack is worked through (local, never shared)."""

    attacker: Fighter
    target: Fighter
    weapon: Weapon
    plan: AttackPlan
    roller: Roller
    events: list[Event]

    # --- a hit

    def hit(self, effects: set[str]) -> None:
        plan, target = self.plan, self.target
        if "armor_damaged" in effects:
            self.target = self._damage_armor(target, "the critical")
        if plan.called == "disarm":
            self._disarm()
        elif plan.called in ("grapple", "full_hold"):
            self._grab()
        elif plan.called == "equipment":
            self._strike_item(effects)
        else:
            self._damage(effects)
        self._after_effects(effects, "success")

    def _damage_armor(self, who: Fighter, why: str) -> Fighter:
        after = replace(who, armor_phys=max(0, who.armor_phys - 1),
                        armor_energy=max(0, who.armor_energy - 1))
        self.events.append(Changed(who.key, f"armor damaged by {why}: "
                                   f"{who.armor_phys}/{who.armor_energy} → "
                                   f"{after.armor_phys}/{after.armor_energy}"))
        return after

    def _disarm(self) -> None:
        attacker, target = self.attacker, self.target
        bonus = attribute_modifier(attacker.phys + attacker.stance_phys_bonus())
        check = roll_check(target.phys + target.stance_phys_bonus() - bonus, self.roller,
                           label="keep hold",
                           modifiers=(Modifier(f"{attacker.key}'s PHYS modifier", -bonus),))
        if check.success:
            self.events.append(Rolled(target.key, check, "keeps hold"))
            return
        self.target = target.with_conditions({"disarmed"})
        self.events.append(Rolled(target.key, check, "drops the object the attacker named"))

    def _grab(self) -> None:
        attacker, target = self.attacker, self.target
        full = self.plan.called == "full_hold"
        self.target = replace(target, held_by=attacker.key, full_hold=full)
        mutual = attacker.held_by == target.key
        what = ("counter-grapples: both are held, and it may attack back" if mutual else
                "holds it fast: it can do nothing but try to escape" if full else
                "holds it: it is immobilized (no Defense, +4 to hit it)")
        self.events.append(Changed(target.key, f"{attacker.key} {what}"))

    def _damage_roll(self, effects: set[str]) -> TripletRoll:
        attacker, weapon, plan = self.attacker, self.weapon, self.plan
        if plan.called == "knockout":
            hard = plan.hard_object if plan.hard_object is not None else (
                weapon.kind != "unarmed")
            levels = tables().called_shots.knockout.hard_object_levels if hard else 0
            triplet = shift_levels(attacker.phys_roll, levels)
            what = "knockout damage (PHYS roll" + (", +1 level: hard object)" if hard else ")")
        else:
            levels = tables().stances.desperation.damage_levels if attacker.desperate else 0
            triplet = shift_levels(weapon.damage, levels)
            what = f"damage with {weapon.name}" + (
                f" (desperate: +{levels} levels)" if levels else "")
        pick = dice.roll_triplet(triplet, self.roller, why="damage")
        note = ""
        if "high_damage" in effects and pick.level != "high":
            note = f"critical: high damage, {triplet[2]}"
            pick = dice.triplet_of(triplet, 10, why="critical: high damage")
        self.events.append(Picked(attacker.key, what, pick, note))
        return pick

    def _armor_for(self, effects: set[str], head: bool) -> tuple[int, str]:
        target, weapon, called = self.target, self.weapon, self.plan.called
        if called in ("avoid_armor", "exposed_head"):
            return 0, "armor (avoided)"
        if head:
            armor, what = target.head_armor(weapon.energy), "head protection"
        else:
            armor, what = target.armor(weapon.energy), "armor"
        if "half_armor" in effects:
            return armor // 2, f"{what} (halved by the critical)"
        return armor, what

    def _damage(self, effects: set[str]) -> None:
        plan, weapon = self.plan, self.weapon
        obstructed = self._cover_roll()
        damage = self._damage_roll(effects).value
        if obstructed:
            damage = self._through_cover(damage)
            if not damage:
                return
        free_head = "head_shot" in effects
        head = plan.called in ("knockout", "head_shot") or free_head
        armor, what = self._armor_for(effects, head)
        check = through_armor(damage, armor)
        self.events.append(Armored(self.target.key, check, what))
        points = check.through
        blunt_head = free_head and not (weapon.edged or weapon.ranged)
        doubles = plan.called == "head_shot" or (free_head and not blunt_head)
        if doubles and points:
            factor = tables().called_shots.head_shot.damage_factor
            self.events.append(Note(f"head shot: double damage after armor, {points} × "
                                    f"{factor} = {points * factor}"))
            points *= factor
        if "target_phys_damage" in effects:
            points += self._own_phys_damage(self.target, "critical: its own PHYS roll")
        if points:
            self._wound(points, "hit")
        if self.target.dead:
            return
        knockout = plan.called == "knockout" or blunt_head
        if knockout and check.through and not self.target.unconscious:
            resisted = stay_conscious(self.target, check.through, self.roller)
            self.target = resisted.after
            self.events.append(Wrapped(resisted))
        if plan.called == "death_blow" and check.through:
            resisted = survive_death_blow(self.target, check.through, self.roller)
            self.target = resisted.after
            self.events.append(Wrapped(resisted))

    def _strike_item(self, effects: set[str]) -> None:
        """A hit on something the target carries or wears (5.64): the damage goes to the
        item, against its Material Strength (4.8), not to the target."""
        pick = self._damage_roll(effects)
        strength = self.plan.equipment_strength
        if strength is None:
            self.events.append(Note(f"{pick.value} damage to {self.target.key}'s "
                                    f"{self.plan.equipment} item: the GM applies it"))
            return
        hit = damage_object(pick.value, strength, desperate=self.attacker.desperate)
        self.events.append(Note(f"{self.target.key}'s {self.plan.equipment} item: "
                                f"{hit.describe()}"))

    def _cover_roll(self) -> bool:
        """After a hit, 1d10 at or under the cover's number: it is in the way (5.33)."""
        cover = self.plan.cover
        if cover is None or cover.aim:
            return False
        kind = _cover(cover.kind)
        die = self.roller.throw(1, 10, why="cover").total
        obstructed = die <= kind.obstructed_to
        sign = "≤" if obstructed else ">"
        self.events.append(Note(f"cover roll d10 {die} {sign} {kind.obstructed_to}: the "
                                f"{kind.name} cover is " + ("in the way" if obstructed else
                                                            "not in the way")))
        return obstructed

    def _through_cover(self, damage: int) -> int:
        """The damage against the cover's Material Strength; what gets through hits the
        cover and the target, who then gets its own armor (ours, as behind a shield,
        3.41)."""
        cover = self.plan.cover
        assert cover is not None
        hit = damage_object(damage, cover.strength)
        self.events.append(Note(f"the cover takes it: {hit.describe()}"))
        return hit.armor.through

    def _own_phys_damage(self, who: Fighter, why: str) -> int:
        pick = dice.roll_triplet(who.phys_roll, self.roller, why=why)
        self.events.append(Picked(who.key, why, pick))
        check = through_armor(pick.value, who.armor())
        self.events.append(Armored(who.key, check))
        return check.through

    def _wound(self, points: int, cause: str) -> None:
        result = wound(self.target, points, cause)
        self.target = result.after
        self.events.append(Wounded(result))

    def _after_effects(self, effects: set[str], side: Side) -> None:
        if side == "success":
            if "extra_action" in effects:
                self.events.append(Note(f"{self.attacker.key} gets an extra Action after this "
                                        "one, with no further multiple Action penalty"))
            if "target_falls" in effects and not self.target.dead:
                self.target = self.target.with_conditions({"prone"})
                self.events.append(Changed(self.target.key, "falls down: its next turn is "
                                           "spent getting up"))
            if "target_drops" in effects:
                self.events.append(Note(f"{self.target.key} drops something"))
            if "gm_option" in effects:
                self.events.append(Note("critical success: GM's option"))
            return
        attacker = self.attacker
        if "wrong_target" in effects:
            base = next(c.base_to_hit for c in tables().criticals.failure
                        if c.effect == "wrong_target")
            self.events.append(Note(f"{attacker.key} hits at the wrong target: the GM picks "
                                    f"one near {self.target.key}; roll to hit it at {base}-"))
        if "free_attack" in effects:
            self.events.append(Note(f"{self.target.key} gets a free roll to hit "
                                    f"{attacker.key}"))
        if "attacker_falls" in effects:
            self.attacker = attacker.with_conditions({"prone"})
            self.events.append(Changed(attacker.key, "falls down: its next turn is spent "
                                       "getting up"))
        if "weapon_jammed" in effects:
            self.attacker = self.attacker.with_conditions({"jammed"})
            self.events.append(Changed(attacker.key, f"{self.weapon.name} jams: a full turn "
                                       "to unjam"))
        if "attacker_phys_damage" in effects:
            points = self._own_phys_damage(self.attacker, "critical: its own PHYS roll")
            if points:
                result = wound(self.attacker, points, "fumble")
                self.attacker = result.after
                self.events.append(Wounded(result))
        if "attacker_drops" in effects:
            self.events.append(Note(f"{attacker.key} drops something"))
        if "weapon_stuck" in effects:
            pick = dice.roll_triplet(self.weapon.damage, self.roller, why="weapon stuck")
            self.attacker = self.attacker.with_conditions({"stuck"})
            self.events.append(Changed(attacker.key, f"{self.weapon.name} is stuck "
                                       f"({pick.describe()}): a PHYS roll of {pick.value} "
                                       "or more frees it; each try takes a full move"))
        if "attacker_armor_damaged" in effects:
            self.attacker = self._damage_armor(self.attacker, "the fumble")
        if "gm_option" in effects:
            self.events.append(Note("critical failure: GM's option"))

    # --- a miss

    def miss(self, effects: set[str]) -> None:
        target, plan = self.target, self.plan
        shielded = (target.shield_defense and target.shield is not None
                    and not target.shield.broken and not target.immobile
                    and "unaware" not in target.conditions)
        if shielded and plan.called not in NO_DAMAGE:
            pick = self._damage_roll(set())
            block = shield_block(target, pick, self.weapon.energy)
            self.target = block.after
            self.events.append(Wrapped(block))
            if block.wound is not None:
                self.events.append(Wounded(block.wound))
        self._after_effects(effects, "failure")


# --- grappling (5.82) -----------------------------------------------------------------------


@dataclass(frozen=True)
class GrappleOutcome:
    holder: Fighter
    held: Fighter
    events: tuple[Event, ...]


def squeeze(holder: Fighter, held: Fighter, roller: Roller) -> GrappleOutcome:
    """The grappler squeezes for its PHYS roll in damage; a full turn (5.82). Ours: the
    victim's armor counts, as against any damage (5.4)."""
    if held.held_by != holder.key:
        raise CombatError(f"{holder.key} is not holding {held.key}")
    if not holder.can_act:
        raise CombatError(f"{holder.key} cannot act")
    pick = dice.roll_triplet(holder.phys_roll, roller, why="squeeze")
    check = through_armor(pick.value, held.armor())
    events: list[Event] = [Picked(holder.key, f"squeezes {held.key} (a full turn)", pick),
                           Armored(held.key, check)]
    if check.through:
        result = wound(held, check.through, "squeezed")
        held = result.after
        events.append(Wounded(result))
    return GrappleOutcome(holder, held, tuple(events))


def break_free(held: Fighter, holder: Fighter, roller: Roller) -> GrappleOutcome:
    """Both roll their PHYS roll; strictly higher escapes (5.82). Takes the Action."""
    if held.held_by != holder.key:
        raise CombatError(f"{held.key} is not held by {holder.key}")
    if not held.can_act:
        raise CombatError(f"{held.key} cannot act")
    mine = dice.roll_triplet(held.phys_roll, roller, why="break free")
    theirs = dice.roll_triplet(holder.phys_roll, roller, why="hold on")
    events: list[Event] = [Picked(held.key, "tries to break free", mine),
                           Picked(holder.key, "holds on", theirs)]
    if mine.value > theirs.value:
        held = replace(held, held_by="", full_hold=False)
        events.append(Changed(held.key, f"breaks free of {holder.key}"))
    else:
        events.append(Changed(held.key, f"is still held by {holder.key}"))
    return GrappleOutcome(holder, held, tuple(events))


def release(holder: Fighter, held: Fighter) -> GrappleOutcome:
    if held.held_by != holder.key:
        raise CombatError(f"{holder.key} is not holding {held.key}")
    held = replace(held, held_by="", full_hold=False)
    return GrappleOutcome(holder, held, (Changed(held.key, f"released by {holder.key}"),))


# --- stances, morale, movement, zones of control ------------------------------------------


Stance = Literal["defensive", "desperate"]


def take_stance(fighter: Fighter, stance: Stance) -> tuple[Fighter, Changed]:
    """Defensive Fighting (5.71: the Action, +2 Defense) or Desperation (5.72: declared
    with the turn, no time; double move, +2 PHYS and damage levels, −2 to checks and
    Defense). Both last until the fighter's next turn."""
    if not fighter.can_act:
        raise CombatError(f"{fighter.key} cannot act")
    rules = tables().stances
    if stance == "defensive":
        text = (f"fights defensively (its Action): +{rules.defensive.defense_bonus} Defense "
                "until its next turn")
    elif stance == "desperate":
        d = rules.desperation
        text = (f"turns desperate: move ×{d.move_factor}, +{d.phys_bonus} PHYS and "
                f"+{d.damage_levels} weapon damage levels, {d.check_penalty} on checks and "
                f"{d.defense_penalty} Defense until its next turn")
    else:
        raise CombatError(f"unknown stance {stance!r} (defensive or desperate)")
    return fighter.with_conditions({stance}), Changed(fighter.key, text)


def morale(fighter: Fighter, roller: Roller, modifiers: Iterable[Modifier] = ()
           ) -> tuple[Fighter, Rolled]:
    """A WILL check at the start of a losing NPC's turn; failure: it flees (5.5). Player
    characters never check: their players decide."""
    if not fighter.npc:
        raise CombatError(f"{fighter.key} is a player character: morale is for NPCs")
    if not fighter.can_act:
        raise CombatError(f"{fighter.key} cannot act")
    mods = tuple(modifiers)
    check = roll_check(dice.target_of(fighter.will, mods), roller, label="morale (WILL)",
                       modifiers=mods)
    if check.success:
        return fighter, Rolled(fighter.key, check, "stands firm")
    return fighter.with_conditions({"fled"}), Rolled(fighter.key, check, "flees")


def zone_of_control(mover: Fighter, blocker: Fighter, roller: Roller,
                    modifiers: Iterable[Modifier] = ()) -> Rolled:
    """Passing within 1 space of a blocker: a Dodge check minus the blocker's Melee
    Defense; failure ends the movement for the turn (5.25)."""
    if not blocker.can_act or blocker.immobile:
        raise CombatError(f"{blocker.key} cannot block")
    mods = (*defense_of(blocker, ranged=False), *modifiers)
    mods = tuple(Modifier(m.why.replace("Defense", "Defense (blocking)"), m.value)
                 for m in mods)
    check = roll_check(dice.target_of(mover.dodge, mods), roller,
                       label=f"Dodge past {blocker.key}", modifiers=mods)
    return Rolled(mover.key, check,
                  "passes" if check.success else "is blocked: its movement ends")


MoveMode = Literal["normal", "stealth", "swim"]


def move_rate(fighter: Fighter, mode: MoveMode = "normal") -> int:
    """Spaces per turn (2.34, 5.24): Move; half (rounded down) sneaking (Stealth);
    the swim rate (Swim − 9, min 0) swimming; doubled while desperate (5.72)."""
    rules = tables().movement
    if mode == "normal":
        rate = fighter.move
    elif mode == "stealth":
        rate = fighter.move // rules.stealth_divisor
    elif mode == "swim":
        rate = fighter.swim_rate
    else:
        raise CombatError(f"unknown movement {mode!r} (normal, stealth or swim)")
    rate = max(0, rate)
    return rate * tables().stances.desperation.move_factor if fighter.desperate else rate
