"""Pocket Universe damage and its aftermath: armor, shields, wounds, consciousness,
bleeding, death and healing (falling and objects: ``world_damage``).

* Armor (5.4): armor at least twice the damage stops it; armor less than half of it is
  subtracted; otherwise half the damage (rounded up) gets through.
* Shields (3.41): a missed attack's damage beyond the shield's Hits hurts the shield and,
  through armor, the defender.
* Wounds (5.41): losing more than half of one's remaining hits to one attack knocks one
  out; below 0 one is dying and bleeds 1 hit a minute; below −(original Hits) one is dead.
  Wake-up rolls: 2d10 ≤ remaining hits, once a round (+2 when someone spends an Action).
* Healing (5.42, Medicine): 1 hit a day of rest; Medicine binds wounds or heals a hit.

Every function returns new values (frozen dataclasses); nothing is changed in place.
Readings of our own where the book is silent are marked "Ours:". Pure Python, no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from desktop.model.dice import Roller
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.fight.tables import tables
from desktop.systems.pocket.rules.dice import CheckResult, TripletRoll, roll_check


class CombatError(ValueError):
    """Something the rules do not allow now; the message says why, for the UI."""


# --- armor (5.4) --------------------------------------------------------------------------

ArmorRule = Literal["none", "stopped", "subtracted", "halved"]


@dataclass(frozen=True)
class ArmorCheck:
    """One damage roll against one armor value (5.4), or an object's Material Strength."""

    damage: int
    armor: int
    through: int
    rule: ArmorRule

    def describe(self) -> str:
        if self.rule == "none":
            return f"{self.damage} damage, no armor: {self.through} through"
        if self.rule == "stopped":
            return (f"{self.damage} damage vs armor {self.armor}: armor at least twice the "
                    "damage stops it")
        if self.rule == "subtracted":
            return (f"{self.damage} damage vs armor {self.armor}: armor under half the damage, "
                    f"{self.damage} − {self.armor} = {self.through} through")
        return (f"{self.damage} damage vs armor {self.armor}: half the damage (rounded up), "
                f"{self.through} through")


def through_armor(damage: int, armor: int) -> ArmorCheck:
    """How much of ``damage`` gets past ``armor`` (5.4). Damage 0 does nothing."""
    if damage < 0:
        raise CombatError(f"damage is 0 or more, not {damage}")
    armor = max(0, armor)
    rules = tables().damage
    if damage == 0:
        return ArmorCheck(0, armor, 0, "stopped" if armor else "none")
    if armor == 0:
        return ArmorCheck(damage, 0, damage, "none")
    if armor >= rules.stop_factor * damage:
        return ArmorCheck(damage, armor, 0, "stopped")
    if rules.subtract_divisor * armor < damage:
        return ArmorCheck(damage, armor, damage - armor, "subtracted")
    half = -(-damage // rules.through_divisor)
    return ArmorCheck(damage, armor, half, "halved")


# --- wounds, consciousness, death (5.41) --------------------------------------------------


@dataclass(frozen=True)
class Wound:
    """Hits lost by one fighter at once, and what that did."""

    before: Fighter
    after: Fighter
    points: int
    cause: str = ""
    knocked_out: bool = False
    """Newly unconscious: more than half its remaining hits lost to one attack."""
    started_dying: bool = False
    died: bool = False

    def describe(self) -> str:
        why = f" ({self.cause})" if self.cause else ""
        text = (f"{self.after.key} loses {self.points} hit{'' if self.points == 1 else 's'}"
                f"{why}: {self.before.current_hits} → {self.after.current_hits}")
        if self.died:
            return text + f"; below −{self.after.hits_max}: dead"
        if self.knocked_out:
            text += (f"; over half of its {self.before.current_hits} remaining hits in one "
                     "attack: unconscious")
        if self.started_dying:
            text += "; below 0: dying, loses 1 hit a minute until a Medicine roll binds it"
        return text


def is_knockout(points: int, remaining: int) -> bool:
    """More than half of the remaining hits in damage from one attack (5.41)."""
    return points > 0 and tables().unconsciousness.knocked_out_divisor * points > remaining


def wound(fighter: Fighter, points: int, cause: str = "", attack: bool = True) -> Wound:
    """Take ``points`` off the hits (armor already counted). ``attack=False`` for blood
    loss and the like, which knock no one out (ours: 5.41 speaks of "a single attack")."""
    if points < 0:
        raise CombatError(f"cannot lose {points} hits")
    if fighter.dead:
        raise CombatError(f"{fighter.key} is dead")
    before = fighter.current_hits
    hits = before - points
    knocked = attack and not fighter.unconscious and is_knockout(points, before)
    after = replace(fighter, hits=hits)
    started = hits < 0 <= before
    died = hits < -fighter.hits_max
    if knocked:
        after = after.with_conditions({"unconscious"})
    if started and not after.bleeding:
        after = replace(after, bleeding="minute", bled_rounds=0)
    if died:
        after = replace(after.with_conditions({"dead"}, {"unconscious", "desperate",
                                                         "defensive"}),
                        bleeding="", held_by="", full_hold=False)
    return Wound(fighter, after, points, cause, knocked, started and not died, died)


def bleed(fighter: Fighter, rounds: int = 1) -> tuple[Fighter, Wound | None]:
    """Blood loss over ``rounds`` combat rounds (5.41, 5.65): 1 hit a round after a death
    blow; else 1 hit a minute (10 rounds, 5.1), counted from when the bleeding began."""
    if not fighter.bleeding or fighter.dead or rounds <= 0:
        return fighter, None
    if fighter.bleeding == "round":
        lost = rounds * tables().called_shots.death_blow.bleed_per_round
        counted = 0
    else:
        per_minute = tables().scale.rounds_per_minute
        total = fighter.bled_rounds + rounds
        lost = (total // per_minute) * tables().unconsciousness.bleed_per_minute
        counted = total % per_minute
    fighter = replace(fighter, bled_rounds=counted)
    if not lost:
        return fighter, None
    result = wound(fighter, lost, "blood loss", attack=False)
    return result.after, result


@dataclass(frozen=True)
class WakeUp:
    """A wake-up roll (5.41): 2d10 ≤ remaining hits (+2 when roused by another)."""

    after: Fighter
    check: CheckResult
    roused_by: str = ""

    @property
    def woke(self) -> bool:
        return self.check.success

    def describe(self) -> str:
        who = f", roused by {self.roused_by} (+2)" if self.roused_by else ""
        verdict = ("wakes up and may act and move at once" if self.woke else
                   "stays unconscious")
        return f"{self.after.key} wake-up roll{who}: {self.check.describe()}: {verdict}"


def wake_up(fighter: Fighter, roller: Roller, roused_by: str = "") -> WakeUp:
    """Roll to wake up. Ours: a 2d10 check like any other, so a 20 never wakes anyone
    and a character at 1 hit or less cannot wake by rolling."""
    if not fighter.unconscious:
        raise CombatError(f"{fighter.key} is not unconscious")
    if fighter.dead:
        raise CombatError(f"{fighter.key} is dead")
    bonus = tables().unconsciousness.rouse_bonus if roused_by else 0
    check = roll_check(fighter.current_hits + bonus, roller, label="wake-up")
    after = fighter.with_conditions(remove={"unconscious"}) if check.success else fighter
    return WakeUp(after, check, roused_by)


@dataclass(frozen=True)
class Resisted:
    """A 2d10 roll a target makes against a called shot: to stay conscious (5.61), to
    keep hold of an object (5.62) or to survive a death blow (5.65)."""

    after: Fighter
    what: str
    check: CheckResult
    outcome: str

    def describe(self) -> str:
        return f"{self.after.key} {self.what}: {self.check.describe()}: {self.outcome}"


def stay_conscious(fighter: Fighter, damage: int, roller: Roller) -> Resisted:
    """After a knockout blow that did damage: 2d10 ≤ PHYS + 2 − damage, or out (5.61)."""
    bonus = tables().called_shots.knockout.stay_awake_bonus
    check = roll_check(fighter.phys + bonus - damage, roller, label="stay conscious")
    if check.success or fighter.unconscious or fighter.dead:
        return Resisted(fighter, "rolls to stay conscious", check,
                        "stays conscious" if check.success else "already out")
    return Resisted(fighter.with_conditions({"unconscious"}), "rolls to stay conscious",
                    check, "knocked out")


def survive_death_blow(fighter: Fighter, damage: int, roller: Roller) -> Resisted:
    """2d10 ≤ PHYS − damage past armor: else dead; if made, bleeding 1 hit a round (5.65)."""
    check = roll_check(fighter.phys - damage, roller, label="survive the death blow")
    if fighter.dead:
        return Resisted(fighter, "rolls to survive", check, "already dead")
    if check.success:
        after = replace(fighter, bleeding="round", bled_rounds=0)
        return Resisted(after, "rolls to survive", check, "lives, bleeding 1 hit a round")
    after = replace(fighter.with_conditions({"dead"}, {"unconscious"}), bleeding="",
                    held_by="", full_hold=False)
    return Resisted(after, "rolls to survive", check, "slain outright")


# --- shields (3.41) -----------------------------------------------------------------------


@dataclass(frozen=True)
class ShieldBlock:
    """A missed attack's damage against the defender's shield (3.41)."""

    damage: TripletRoll
    shield_before: int
    excess: int
    armor: ArmorCheck | None
    wound: Wound | None
    after: Fighter

    def describe(self) -> str:
        shield = self.after.shield
        name = shield.name if shield else "shield"
        head = (f"{self.after.key}'s {name} ({self.shield_before} hits) takes the missed "
                f"blow's {self.damage.value} damage")
        if not self.excess:
            return head + ": the shield holds"
        text = head + f": {self.excess} over its Hits"
        text += "; the shield breaks" if shield and shield.broken else (
            f"; shield {self.shield_before} → {shield.hits if shield else 0} hits")
        if self.armor is not None:
            text += f"; {self.armor.describe()}"
        return text


def shield_block(defender: Fighter, damage: TripletRoll, energy: bool = False) -> ShieldBlock:
    shield = defender.shield
    if shield is None or shield.broken:
        raise CombatError(f"{defender.key} has no whole shield")
    excess = max(0, damage.value - shield.hits)
    after = replace(defender, shield=replace(shield, hits=max(0, shield.hits - excess)))
    if not excess:
        return ShieldBlock(damage, shield.hits, 0, None, None, after)
    armor = through_armor(excess, defender.armor(energy))
    hurt = wound(after, armor.through, "through the shield") if armor.through else None
    return ShieldBlock(damage, shield.hits, excess, armor, hurt,
                       hurt.after if hurt else after)


# --- healing (5.42, Medicine) -------------------------------------------------------------


@dataclass(frozen=True)
class Healing:
    """A rest or a Medicine treatment (5.42): the fighter before and after, with the roll if any."""

    before: Fighter
    after: Fighter
    why: str
    check: CheckResult | None = None
    note: str = ""

    @property
    def gained(self) -> int:
        return self.after.current_hits - self.before.current_hits

    def describe(self) -> str:
        roll = f"{self.check.describe()}: " if self.check else ""
        change = (f"{self.before.current_hits} → {self.after.current_hits} hits"
                  if self.gained else "no hits gained")
        bleeding = "; the bleeding stops" if self.before.bleeding and not (
            self.after.bleeding) else ""
        note = f" ({self.note})" if self.note else ""
        return f"{self.after.key} {self.why}: {roll}{change}{bleeding}{note}"


def _heal(fighter: Fighter, points: int) -> Fighter:
    hits = min(fighter.hits_max, fighter.current_hits + points)
    after = replace(fighter, hits=max(hits, fighter.current_hits))
    if after.current_hits >= 0 and after.bleeding == "minute":
        after = replace(after, bleeding="", bled_rounds=0)  # no longer dying
    return after


def rest(fighter: Fighter, days: int = 1) -> Healing:
    """1 hit per full day without strenuous activity (5.42). A bleeding character must
    have the wound bound first."""
    if days < 0:
        raise CombatError(f"cannot rest {days} days")
    if fighter.dead:
        raise CombatError(f"{fighter.key} is dead")
    if fighter.bleeding:
        raise CombatError(f"{fighter.key} is bleeding: bind the wound first (Medicine)")
    gain = days * tables().healing.rest_per_day
    plural = "" if days == 1 else "s"
    return Healing(fighter, _heal(fighter, gain), f"rests {days} day{plural}")


Treatment = Literal["bind", "heal"]


def medicine(patient: Fighter, check: CheckResult, treatment: Treatment,
             treated_today: bool = False) -> Healing:
    """A Medicine roll on ``patient`` (Medicine, 2.43; 5.41; 5.42).

    ``bind``: a success stops the bleeding. ``heal``: a success heals 1 hit, only one
    such hit per patient per day (``treated_today``). Any critical success heals 1 more,
    any fumble inflicts 1. Ours: a successful roll also stops the bleeding of a death
    blow ("until they die or are healed"); the critical's extra hit ignores the daily
    limit (the book calls it extra).
    """
    if patient.dead:
        raise CombatError(f"{patient.key} is dead")
    rules = tables().healing
    if treatment == "bind" and not patient.bleeding:
        raise CombatError(f"{patient.key} is not bleeding")
    if check.fumble:
        hurt = wound(patient, rules.medicine_fumble_damage, "fumbled Medicine", attack=False)
        return Healing(patient, hurt.after, f"is treated ({treatment})", check,
                       "a fumble inflicts a point of damage")
    if not check.success:
        return Healing(patient, patient, f"is treated ({treatment})", check)
    after = replace(patient, bleeding="", bled_rounds=0)
    gain = 0
    note = ""
    if treatment == "heal":
        if treated_today:
            note = "already had today's point of medical healing"
        else:
            gain += rules.medicine_per_day
    if check.critical:
        gain += rules.medicine_critical_extra
        note = "; ".join(filter(None, [note, "a critical heals an extra point"]))
    return Healing(patient, _heal(after, gain), f"is treated ({treatment})", check, note)


def treat(patient: Fighter, medicine_score: int, roller: Roller, treatment: Treatment,
          treated_today: bool = False) -> Healing:
    """Roll the medic's Medicine score (skill, or INTL − 4 unskilled) and apply it."""
    check = roll_check(medicine_score, roller, label="Medicine")
    return medicine(patient, check, treatment, treated_today)
