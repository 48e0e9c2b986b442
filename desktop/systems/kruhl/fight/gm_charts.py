"""The reference charts of the Kruhl GM screen, from the chapter's tables in
``resources/kruhl`` (Order Of Play; Types Of Actions; Difficulty; Range; the bonus and
penalty tables; Endurance And Recovery; Plot Points)."""

from __future__ import annotations

from functools import cache

from desktop.model.combat_rules import ReferenceChart
from desktop.systems.kruhl.fight.plot import effect_text
from desktop.systems.kruhl.rules.catalog import (
    actions,
    conditions,
    difficulty_values,
    plot_point_uses,
    range_bands,
)

ROUND = (
    "Initiative: Perception (Reason) roll once when the conflict starts; ambushers +1 "
    "bonus die; highest first; the order holds for the conflict",
    "Each round every character gets one turn, then the environment acts last",
    "Delay: hold the turn, interrupt a later turn (this round or a later one), act once",
    "Forced action: a defensive action now (dodge, dive clear, defensive spell), once "
    "per round; the next available turn is lost",
)
ENDURANCE = (
    "Successful attack: −1 current Endurance; 0 = defeated (out, probably unconscious); "
    "never below 0",
    "Stunning: recorded apart, all back after the fight",
    "Rabble: defeated by any successful attack",
    "Rest about an hour: half the lost Endurance back, rounded up; then only a night's "
    "sleep, which restores all",
)


@cache
def charts() -> tuple[ReferenceChart, ...]:
    return (
        ReferenceChart("Order of play", ROUND + tuple(f"{a.when}: {a.what}"
                                                     for a in actions())),
        ReferenceChart("Rolls", (
            "Dice: 1d6 unskilled, 2d6 with the skill, 2d6 re-rolling 1s and 2s with "
            "expertise; + attribute + best equipment + Power Level",
            "Opposed: equal to or above the opponent's total succeeds",
            "Bonus die +1 die, penalty die −1 die; below zero the opponent gains them",
            "Penetrating: the defender re-rolls 5s and 6s",
            "Combining effort: + the number working together to the lowest roll (max +10)",
            *(f"DV {d.dv} {d.name}: {d.example}" for d in difficulty_values()),
            *(f"Range {r.name} ({r.distance}): {r.weapons}" for r in range_bands()),
        )),
        ReferenceChart("Conditions", tuple(f"{c.label}: {effect_text(c.id)}"
                                           for c in conditions())),
        ReferenceChart("Endurance and plot points", ENDURANCE + tuple(
            f"Plot point, {u.name}: {u.text}" for u in plot_point_uses())),
    )
