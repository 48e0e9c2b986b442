"""A POW! character as the sheet and the ID card print it: words and numbers, no
reportlab (``sheet_view``). The PDF sheet, the card and the text export read this one
view, so they print the same values.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from desktop.paths import resource
from desktop.systems import SYSTEMS
from desktop.systems.pow.rules.character import STAT_LABELS, STATS, PowCharacter
from desktop.systems.pow.rules.derived import derive

BOOK_TITLE = SYSTEMS["pow"].name


@dataclass(frozen=True)
class StatRow:
    """One Stat's row of the sheet's Statistics box, as printed."""

    letter: str
    label: str
    score: int
    current: int
    pool: int
    current_pool: int
    raise_xp: str


@dataclass(frozen=True)
class SpecialRow:
    """One Special's row of the sheet's Specials table, as printed."""

    name: str
    stat: str
    costs: str
    effect: str
    upgrade: str
    note: str = ""


@dataclass(frozen=True)
class WeaponRow:
    """One weapon's row of the sheet's Equipment box, as printed."""

    name: str
    damage: str
    range: str
    notes: str


@dataclass(frozen=True)
class ArmorRow:
    """One piece of armor's row of the sheet's Equipment box, as printed."""

    name: str
    frame_rating: str
    damage_rating: str
    notes: str


@dataclass(frozen=True)
class PowSheetView:
    """Everything the sheet and card print, already worded and computed."""

    name: str
    concept: str
    player: str
    worldbook: str
    description: str
    stats: tuple[StatRow, ...]
    points_spent: int
    points_budget: int
    points_left: int
    initiative: str
    actions: str
    actions_note: str
    to_hit: tuple[tuple[str, int], ...]
    move_action: str
    move_frame: str
    unarmed: str
    size: str
    specials: tuple[SpecialRow, ...]
    weapons: tuple[WeaponRow, ...]
    armor: tuple[ArmorRow, ...]
    items: str
    money: str
    xp_earned: int
    xp_spent: int
    xp_left: int
    xp_notes: str
    options: str
    notes: str
    charts: tuple[dict[str, Any], ...] = field(default=())
    picture: bytes | None = None
    """The character's picture (PNG or JPEG), drawn in the Sketch box."""


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _feet(value: float) -> str:
    return f"{value:g} ft"


@cache
def key_charts() -> tuple[dict[str, Any], ...]:
    """The book's key charts (Stat Save corrected), from resources/pow/key_charts.json."""
    data = json.loads(resource("pow", "key_charts.json").read_text(encoding="utf-8"))
    return tuple(data["charts"])


def sheet_view(character: PowCharacter) -> PowSheetView:
    d = derive(character)
    stats = tuple(
        StatRow(
            letter="ABCDEF"[i], label=STAT_LABELS[s], score=character.attributes.get(s),
            current=d.current_stats[s], pool=d.pools[s], current_pool=d.current_pools[s],
            raise_xp=(str(d.stat_raise_xp[s]) if d.stat_raise_xp[s] is not None else
                      "max" if character.attributes.get(s) >= 5 else "—"),
        )
        for i, s in enumerate(STATS)
    )
    specials = []
    for sp in character.specials:
        if sp.upgrade_cost is None:
            upgrade = ""
        else:
            taken = " (taken)" if sp.upgrade != "none" else ""
            upgrade = f"Cost {sp.upgrade_cost}{taken}: {sp.upgrade_effect}".rstrip(": ")
        action = "always" if sp.action_cost == 0 else str(sp.action_cost)
        notes = []
        if sp.prerequisites:
            notes.append("Needs " + ", ".join(sp.prerequisites))
        if sp.requirements:
            notes.append(sp.requirements)
        if not d.usable_specials.get(sp.name, True):
            notes.append("Unusable while the Stat is reduced")
        effect = sp.effect + ("".join(f" [{n}]" for n in notes))
        specials.append(SpecialRow(
            name=sp.name, stat=f"{STAT_LABELS[sp.stat]} {sp.minimum}",
            costs=f"{sp.purchase_cost} / {sp.pool_cost} / {action}",
            effect=effect.strip(), upgrade=upgrade))
    weapons = []
    for w, wd in zip(character.weapons, d.weapon_damage, strict=True):
        how = f"{w.damage} + Brawn" if w.adds_brawn else "weapon only"
        weapons.append(WeaponRow(
            name=w.name, damage=f"{wd.damage} ({how})",
            range=_feet(w.base_range_ft) if w.ranged and w.base_range_ft else
            ("ranged" if w.ranged else f"melee {_feet(character.height_ft)}"),
            notes=w.notes))
    armor = []
    for a in character.armor:
        left = a.damage_rating if a.damage_rating_left is None else a.damage_rating_left
        bits = [b for b in (a.cost, a.description, "" if a.worn else "not worn") if b]
        armor.append(ArmorRow(a.name, str(a.frame_rating), f"{left} / {a.damage_rating}",
                              " · ".join(bits)))
    items = ", ".join(
        f"{i.name}{f' ×{i.quantity}' if i.quantity != 1 else ''}"
        f"{f' ({i.note})' if i.note else ''}" for i in character.items)
    upgrades = [f"{name} upgrade {cost}" for name, cost in d.upgrade_xp.items()
                if cost is not None and next(
                    sp for sp in character.specials if sp.name == name).upgrade == "none"]
    xp_notes = "Raise a Stat: new score² each step. New Special: purchase cost²."
    if upgrades:
        xp_notes += " Upgrades: " + ", ".join(upgrades) + "."
    on = [label for key, label in (
        ("price_of_greatness", "Price of Greatness"), ("doubles", "Doubles"),
        ("triples", "Triples"), ("criticals", "Criticals"),
        ("combat_tactics", "Combat Tactics and Leadership"),
        ("size_category", "Size Category")) if getattr(character.options, key)]
    size_note = f"Size {_signed(character.size_category)}"
    if d.armor_frame_rating:
        size_note += f" · Armor FR {d.armor_frame_rating}"
    return PowSheetView(
        name=character.name, concept=character.concept, player=character.player,
        worldbook=character.worldbook, description=character.description, stats=stats,
        points_spent=d.points_spent, points_budget=d.points_budget,
        points_left=d.points_left,
        initiative=f"{_signed(d.initiative_bonus)} + 2d6",
        actions=str(d.actions_per_frame),
        actions_note=("after everyone else" if d.acts_last else
                      "per frame" if d.actions_per_frame else
                      "unconscious, dying" if d.current_stats["damage"] < 0 else
                      "Energy below 0"),
        to_hit=(("Surprised", d.to_hit_difficulty["surprised"]),
                ("Normal", d.to_hit_difficulty["normal"]),
                ("Dodging", d.to_hit_difficulty["dodging"])),
        move_action=f"{d.move_per_action_ft} ft", move_frame=f"{d.full_frame_move_ft} ft",
        unarmed=str(d.unarmed_damage), size=size_note,
        specials=tuple(specials), weapons=tuple(weapons), armor=tuple(armor), items=items,
        money=f"{character.currency}{character.money:,}",
        xp_earned=d.xp_earned, xp_spent=d.xp_spent, xp_left=d.xp_left, xp_notes=xp_notes,
        options=", ".join(on), notes=character.notes, charts=key_charts(),
        picture=character.picture.image_bytes() if character.picture else None)
