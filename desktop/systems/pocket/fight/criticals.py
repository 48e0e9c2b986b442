"""Criticals (5.35): a roll on the Combat Critical Tables after a critical success or a
fumble, a result that does not fit this attack following its default, and "roll twice &
combine". Pure Python, no Qt."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.model.dice import Roller
from desktop.systems.pocket.fight.fighter import Fighter, Weapon
from desktop.systems.pocket.fight.tables import Critical, Side, critical
from desktop.systems.pocket.fight.to_hit import NO_DAMAGE, AttackPlan


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
            # The text lost the success table's defaults for 7 and 8: say the one used
            # there is the app's reading, not the book's.
            reading = " (the app's reading: the book's default is lost)" if (
                "default" in self.row.ours) else ""
            text += (f" Does not fit ({self.why_not}): default {self.used.roll}{reading}: "
                     f"{self.used.text}")
        return text


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
