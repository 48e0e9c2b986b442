"""Pocket Universe attacks resolved: the roll to hit and all that follows it (5.3–5.82).

``resolve_attack`` takes an attacker, a target, an ``AttackPlan`` (``to_hit``: weapon,
called shot, range, cover, simultaneous Actions, GM's modifiers) and a ``Roller``, and
returns both fighters afterwards with the events that explain every number
(``describe()``): criticals (``criticals``), damage through cover and armor (5.33, 5.4),
head shots, knockouts and death blows (5.6), disarming (5.62), items struck (5.64),
grabs (5.82), and a shield's block on a miss (3.41). Readings of our own are marked
"Ours:". Pure Python, no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from desktop.model.dice import Roller
from desktop.systems.pocket.fight.criticals import CriticalRolled, roll_criticals
from desktop.systems.pocket.fight.damage import (
    CombatError,
    shield_block,
    stay_conscious,
    survive_death_blow,
    through_armor,
    wound,
)
from desktop.systems.pocket.fight.events import (
    Armored,
    Changed,
    Event,
    Note,
    Picked,
    Rolled,
    Wounded,
    Wrapped,
)
from desktop.systems.pocket.fight.fighter import Fighter, Weapon, attribute_modifier, shift_levels
from desktop.systems.pocket.fight.tables import Side, tables
from desktop.systems.pocket.fight.to_hit import (
    CALLED_SHOTS,
    NO_DAMAGE,
    AttackPlan,
    cover_of,
    to_hit_modifiers,
)
from desktop.systems.pocket.fight.world_damage import damage_object
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.dice import Modifier, TripletRoll, roll_check


@dataclass(frozen=True)
class AttackOutcome:
    """One attack resolved: both fighters after it, whether it hit, and the events explaining it."""

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
        kind = cover_of(cover.kind)
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
