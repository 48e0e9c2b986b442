"""The numbers and tables of Pocket Universe combat (``resources/pocket/combat.json``).

Chapter 5 (Combat) with 3.41–3.42 (shields, helmets) and 4.7 (Falling): the critical
tables (5.35), cover (5.33), called shots (5.6), stances (5.7), grappling (5.82), the
falling rules (4.7; the landing surfaces are in falling.json), the scale (5.1).
Read once into records and cached; a broken file is a DocumentError naming the file and
the key. Pure Python, no Qt.
"""

from __future__ import annotations

from functools import cache
from typing import Literal, NamedTuple

from desktop.systems.pocket.rules.dice import CheckError

Side = Literal["success", "failure"]


# Records read by ``book_records``; any entry may say where it comes from ("source"), which
# values the book does not print ("ours"), and add a "note".


class Scale(NamedTuple):
    meters_per_space: int
    seconds_per_round: int
    rounds_per_minute: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Initiative(NamedTuple):
    tie_break: str
    tie_break_note: str
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class ZoneOfControl(NamedTuple):
    reach_spaces: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Movement(NamedTuple):
    stealth_divisor: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Surprise(NamedTuple):
    off_guard: int
    immobile: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class CoverType(NamedTuple):
    name: str
    obstructed_to: int
    aim_penalty: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Cover(NamedTuple):
    types: tuple[CoverType, ...]
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Damage(NamedTuple):
    stop_factor: int
    subtract_divisor: int
    through_divisor: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Unconsciousness(NamedTuple):
    knocked_out_divisor: int
    rouse_bonus: int
    bleed_per_minute: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Healing(NamedTuple):
    rest_per_day: int
    medicine_per_day: int
    medicine_critical_extra: int
    medicine_fumble_damage: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Knockout(NamedTuple):
    to_hit: int
    hard_object_levels: int
    stay_awake_bonus: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class HeadShot(NamedTuple):
    to_hit: int
    damage_factor: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Disarm(NamedTuple):
    to_hit: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class AvoidArmor(NamedTuple):
    to_hit_per_armor_point: int
    exposed_head_to_hit: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Equipment(NamedTuple):
    to_hit: dict[str, int]
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class DeathBlow(NamedTuple):
    to_hit: int
    bleed_per_round: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class CalledShots(NamedTuple):
    knockout: Knockout
    head_shot: HeadShot
    disarm: Disarm
    avoid_armor: AvoidArmor
    equipment: Equipment
    death_blow: DeathBlow
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Defensive(NamedTuple):
    defense_bonus: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Desperation(NamedTuple):
    move_factor: int
    phys_bonus: int
    damage_levels: int
    check_penalty: int
    defense_penalty: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Stances(NamedTuple):
    defensive: Defensive
    desperation: Desperation
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Grappling(NamedTuple):
    full_hold_to_hit: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Falling(NamedTuple):
    large_phys_base: int
    large_phys_step: int
    check_penalty_per_space: int
    negates_base: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Objects(NamedTuple):
    hole_width_feet: int
    hole_depth_inches: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Critical(NamedTuple):
    roll: int
    default: int | None
    effect: str
    text: str
    base_to_hit: int | None = None
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Criticals(NamedTuple):
    success: tuple[Critical, ...]
    failure: tuple[Critical, ...]
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Morale(NamedTuple):
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class CombatTables(NamedTuple):
    """Everything in combat.json, read once."""

    book: str
    about: str
    scale: Scale
    initiative: Initiative
    zone_of_control: ZoneOfControl
    movement: Movement
    surprise: Surprise
    cover: Cover
    damage: Damage
    unconsciousness: Unconsciousness
    healing: Healing
    morale: Morale
    called_shots: CalledShots
    stances: Stances
    grappling: Grappling
    falling: Falling
    objects: Objects
    criticals: Criticals


@cache
def tables() -> CombatTables:
    from desktop.systems.pocket.rules.catalog import BOOK

    return BOOK.load(CombatTables, "combat.json")


# --- lookups ----------------------------------------------------------------------------


def cover_type(name: str) -> CoverType:
    """Light, medium or heavy cover (5.33)."""
    for kind in tables().cover.types:
        if kind.name == name.strip().lower():
            return kind
    known = ", ".join(k.name for k in tables().cover.types)
    raise CheckError(f"unknown cover {name!r} (known: {known})")


def critical_table(side: Side) -> tuple[Critical, ...]:
    return tables().criticals.success if side == "success" else tables().criticals.failure


def critical(side: Side, roll: int) -> Critical:
    """The row of the Critical Success or Critical Failure table for a d10 (5.35)."""
    for row in critical_table(side):
        if row.roll == roll:
            return row
    raise CheckError(f"a d10 shows 1 to 10, not {roll}")


def critical_default(side: Side, roll: int) -> Critical | None:
    """The result to use instead when ``roll``'s does not fit; None where the book has '-'."""
    row = critical(side, roll)
    return None if row.default is None else critical(side, row.default)


def equipment_penalty(size: str) -> int:
    """To hit a thing the target carries or wears (5.64): large −1 … tiny −4."""
    penalties = tables().called_shots.equipment.to_hit
    try:
        return penalties[size]
    except KeyError:
        raise CheckError(f"unknown size {size!r} (known: {', '.join(penalties)})") from None
