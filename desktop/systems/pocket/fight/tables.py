"""The numbers and tables of Pocket Universe combat (``resources/pocket/combat.json``).

Chapter 5 (Combat) with 3.41–3.42 (shields, helmets) and 4.7 (Falling): the critical
tables (5.35), cover (5.33), called shots (5.6), stances (5.7), grappling (5.82), the
falling rules (4.7; the landing surfaces are in falling.json), the scale (5.1).
Validated once and cached; a broken file is a DocumentError naming the file and the key.
Pure Python, no Qt.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from desktop.systems.pocket.rules.dice import CheckError

Side = Literal["success", "failure"]


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class Scale(_Data):
    meters_per_space: int
    seconds_per_round: int
    rounds_per_minute: int


class Initiative(_Data):
    tie_break: str
    tie_break_note: str


class ZoneOfControl(_Data):
    reach_spaces: int


class Movement(_Data):
    stealth_divisor: int


class Surprise(_Data):
    off_guard: int
    immobile: int


class CoverType(_Data):
    name: str
    obstructed_to: int
    aim_penalty: int


class Cover(_Data):
    types: tuple[CoverType, ...]


class Damage(_Data):
    stop_factor: int
    subtract_divisor: int
    through_divisor: int


class Unconsciousness(_Data):
    knocked_out_divisor: int
    rouse_bonus: int
    bleed_per_minute: int


class Healing(_Data):
    rest_per_day: int
    medicine_per_day: int
    medicine_critical_extra: int
    medicine_fumble_damage: int


class Knockout(_Data):
    to_hit: int
    hard_object_levels: int
    stay_awake_bonus: int


class HeadShot(_Data):
    to_hit: int
    damage_factor: int


class Disarm(_Data):
    to_hit: int


class AvoidArmor(_Data):
    to_hit_per_armor_point: int
    exposed_head_to_hit: int


class Equipment(_Data):
    to_hit: dict[str, int]


class DeathBlow(_Data):
    to_hit: int
    bleed_per_round: int


class CalledShots(_Data):
    knockout: Knockout
    head_shot: HeadShot
    disarm: Disarm
    avoid_armor: AvoidArmor
    equipment: Equipment
    death_blow: DeathBlow


class Defensive(_Data):
    defense_bonus: int


class Desperation(_Data):
    move_factor: int
    phys_bonus: int
    damage_levels: int
    check_penalty: int
    defense_penalty: int


class Stances(_Data):
    defensive: Defensive
    desperation: Desperation


class Grappling(_Data):
    full_hold_to_hit: int


class Falling(_Data):
    large_phys_base: int
    large_phys_step: int
    check_penalty_per_space: int
    negates_base: int


class Objects(_Data):
    hole_width_feet: int
    hole_depth_inches: int


class Critical(_Data):
    roll: int
    default: int | None
    effect: str
    text: str
    base_to_hit: int | None = None


class Criticals(_Data):
    success: tuple[Critical, ...]
    failure: tuple[Critical, ...]


class Morale(_Data):
    pass


class CombatTables(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
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
