"""Pocket Universe's reference charts for the GM screen, every number and sentence from
resources/pocket/*.json (2.3; 4.0–4.8; 5.2–5.82)."""

from __future__ import annotations

from functools import cache
from typing import Any

from desktop.model.combat_rules import ReferenceChart
from desktop.systems.pocket.fight import tables as ct
from desktop.systems.pocket.rules import catalog_attributes, catalog_world, dice
from desktop.systems.pocket.rules.dice import format_triplet


def _note(item: Any) -> list[str]:
    return [item.note] if getattr(item, "note", "") else []


@cache
def charts() -> tuple[ReferenceChart, ...]:
    """The key charts, every number and sentence from resources/pocket/*.json."""
    checks, combat = dice.tables(), ct.tables()
    levels = ", ".join(f"{b.from_}–{b.to} {b.name}" for b in checks.d10_levels.levels)
    charts = [
        ReferenceChart("Checks (4.0–4.4)", (
            *_note(checks.check),
            "Difficulty: " + ", ".join(f"{d.name} {d.modifier:+d}" for d in checks.difficulties),
            "Taking extra time (4.4): " + ", ".join(
                f"+{s.bonus} (fumbles {s.fumble_from}+)" for s in checks.extra_time.steps),
            *_note(checks.extra_time), *_note(checks.opposed))),
        ReferenceChart("Initiative and turns (5.2, 5.21–5.24)", (
            f"1d10: {levels}.", *_note(combat.initiative),
            f"Tie-break: {combat.initiative.tie_break}.",
            f"Ours: {combat.initiative.tie_break_note}",
            *_note(checks.multiple_actions), *_note(combat.movement),
            *_note(combat.zone_of_control), *_note(combat.scale))),
        ReferenceChart("Rolling to hit (5.3, 5.31–5.34)", (
            "Range: " + ", ".join(f"{b.from_}–{b.to} spaces {b.modifier:+d}"
                                  for b in checks.range.bands)
            + f", {checks.range.per_doubling:+d} per doubling beyond.",
            *_note(checks.range),
            "Cover: " + ", ".join(f"{c.name} obstructs on 1–{c.obstructed_to}, aim past it "
                                  f"{c.aim_penalty:+d}" for c in combat.cover.types) + ".",
            *_note(combat.cover), *_note(combat.surprise))),
        ReferenceChart("Damage, unconsciousness, healing (5.4–5.42)", (
            f"1d10 on the damage range: {levels}.", *_note(combat.damage),
            *_note(combat.unconsciousness), *_note(combat.healing), *_note(combat.morale))),
    ]
    for side, title in (("success", "Critical Success (5.35)"),
                        ("failure", "Critical Failure (5.35)")):
        rows = ct.critical_table(side)  # type: ignore[arg-type]
        charts.append(ReferenceChart(title, (
            *_note(combat.criticals)[:1],
            *(f"{r.roll}: {r.text}" + (f" (default {r.default})" if r.default else "")
              for r in rows))))
    shots = combat.called_shots
    charts += [
        ReferenceChart("Called shots (5.6)", tuple(
            f"{name} ({item.source}): {item.note}" for name, item in (
                ("Knockout", shots.knockout), ("Head shot", shots.head_shot),
                ("Disarm", shots.disarm), ("Avoid armor", shots.avoid_armor),
                ("Equipment", shots.equipment), ("Death blow", shots.death_blow)))),
        ReferenceChart("Stances and grappling (5.7, 5.82)", (
            f"Defensive ({combat.stances.defensive.source}): {combat.stances.defensive.note}",
            f"Desperation ({combat.stances.desperation.source}): "
            f"{combat.stances.desperation.note}",
            f"Grappling ({combat.grappling.source}): {combat.grappling.note}")),
        ReferenceChart("Falling and objects (4.7, 4.8)", (
            catalog_world.falling().text,
            "Surfaces: " + ", ".join(f"{s.name} {s.modifier:+d}"
                                     for s in catalog_world.falling().surfaces),
            *_note(combat.falling), catalog_world.materials().text,
            "Material strength: " + ", ".join(f"{' / '.join(m.names)} {m.strength}"
                                              for m in catalog_world.materials().materials),
            *_note(combat.objects))),
        ReferenceChart("Attribute table (2.3)", (
            "Score: Modifier, Value (Hits for PHYS), Roll (unarmed damage for PHYS, "
            "initiative for DEFT)",
            *(f"{r.score}: {r.modifier:+d}, {r.value}, {format_triplet(r.roll)}"
              for r in catalog_attributes.tables().attribute_table.rows))),
    ]
    return tuple(charts)
