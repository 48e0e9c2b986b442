"""Protector's reference charts for the GM screen, every number and sentence from
resources/protector/*.json (The Energy System, Damage; Noncharacter Challenges;
Distance; Resting and Healing; Higher Dice Steps; Capacity Tests; Groups; Repairing
Equipment; Training; RISKED; Agents, Equipment)."""

from __future__ import annotations

from functools import cache

from desktop.model.combat_rules import ReferenceChart
from desktop.systems.protector.fight.gm_text import plural
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.combat_tables import (
    damage_dice,
    narration_prompts,
    rest_phases,
    risked,
    rule_of,
    section,
)


def _cite(name: str) -> str:
    return f"({rule_of(name)})"


def _note(text: str) -> str:
    """A note's own colons must not read as a heading (the panel bolds up to the first)."""
    return f"Note: {text}"


@cache
def charts() -> tuple[ReferenceChart, ...]:
    """The key charts for the reference panel (built once)."""
    charts: list[ReferenceChart] = []
    damage = section("contest_damage")
    per = int(damage["points_per_extra_die"])
    bands = [(1, per - 1), *((lo, lo + per - 1) for lo in range(per, 4 * per, per))]
    charts.append(ReferenceChart("Contest damage", (
        *(f"win by {lo}–{hi}: {plural(damage_dice(lo), 'die')}" for lo, hi in bands),
        f"and one more die for every further {per} points", _note(damage["note"]),
        _cite("contest_damage"))))
    table = section("challenge_difficulties")
    charts.append(ReferenceChart("Challenge Difficulties", (
        "Difficulty: " + " · ".join(table["dice"]),
        *(f"{row['name']}: " + " · ".join(f"{n}{d}" for n, d in zip(
            row["counts"], table["dice"], strict=True)) for row in table["rows"]),
        _note(table["note"]), _cite("challenge_difficulties"))))
    distance = section("distance")
    charts.append(ReferenceChart("Distance", (
        *(f"{r['name']}: {r['text']}" for r in distance["ranges"]),
        *(f"{m['from']} to {m['to']}: {m['dice']}" for m in distance["moves"]),
        _note(distance["note"]), _cite("distance"))))
    rest = section("rest_phases")
    charts.append(ReferenceChart("Resting and Healing", (
        *(f"{p.name}: {plural(p.rolls, 'roll')}, {p.restore} depleted back automatically "
          f"— {p.text}" for p in rest_phases().values()),
        f"Helping: skip the rest roll, 1 extra {rest['rest_die']} per "
        f"{rest['help_points_per_die']} points of the roll",
        f"Unresolved challenges roll first: deplete that many dice among the players, or "
        f"1 die of damage per {rest['unresolved_challenge_points_per_damage']} points",
        _note(rest["note"]), _cite("rest_phases"))))
    steps = section("higher_dice_steps")
    charts.append(ReferenceChart("Higher Dice Steps", (
        "d4 (voluntary; depletes only on a pair of ones) · d6 · d8 · d10 · d12 · d20",
        *(f"{r['die']}: {r['cost']} steps (= {r['equal_to']})" for r in steps["rungs"]),
        _note(steps["note"]), _cite("higher_dice_steps"))))
    capacity = section("capacity")
    charts.append(ReferenceChart("Capacity Tests", (
        f"1{capacity['passenger_die']} per normal-sized passenger; 1{capacity['cargo_die']} "
        "per die's worth of cargo", _note(capacity["note"]), _cite("capacity"))))
    for name, title in (("groups", "Groups"), ("repair", "Repairing Equipment")):
        charts.append(ReferenceChart(title, (_note(section(name)["note"]), _cite(name))))
    training = section("training")
    charts.append(ReferenceChart("Buying Traits and Agents", (
        *(f"{k['name']}: {k['difficulty']} ({k['gains']})"
          + (f" — {k['note']}" if k.get("note") else "") for k in training["kinds"]),
        _note(training["note"]), _cite("training"))))
    charts.append(ReferenceChart("RISKED: why a die depleted", (
        *(f"{e.letter} — {e.name}: {e.text}" + (" (physical)" if e.physical_only else "")
          for e in risked(physical=True)),
        "Prompts:", *(f"“{say}” — {when}" for say, when in narration_prompts()),
        _note(section("risked")["note"]), _cite("risked"))))
    rules = catalog.agent_rules()
    charts.append(ReferenceChart("Equipment types", (
        *(f"{t.name}: {t.text}" for t in rules.equipment_types),
        _note(rules.equipment_types_note), "(Protector, Agents, Equipment)")))
    return tuple(charts)

