"""The reference charts of the Kruhl GM screen, from the chapter's tables in
``resources/kruhl`` (Order Of Play; Types Of Actions; Difficulty; Range; the bonus and
penalty tables; Endurance And Recovery; Plot Points)."""

from __future__ import annotations

from functools import cache

from desktop.model.combat_rules import ReferenceChart
from desktop.systems.kruhl.fight.plot import effect_text
from desktop.systems.kruhl.rules.catalog import (
    ENDS_TEXT,
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
SPECIAL = (
    "Grapple: Hand-to-hand Combat (Brawn) vs the target's Hand-to-hand Combat with Agility "
    "or Brawn, whichever is greater; success restrains, no Endurance lost",
    "Break free: a standard action, Hand-to-hand Combat with Agility or Brawn, whichever "
    "is greater, vs the grappler's (Brawn); no restrained penalty on it",
    "Disarm: Hand-to-hand Combat (Brawn) vs (Brawn), the attacker a penalty die",
    "Slam: Hand-to-hand Combat (Brawn) vs (Brawn); a stationary, unrestrained defender a "
    "bonus die, a moving one a penalty die; success lays it prone",
    "Distract: Deception (Presence) vs Deception (Presence); only rolling more succeeds; "
    "a penalty die on the target's next attack or defense roll",
    "Plot point, bonus die: may be added after the dice; the roll is resolved again",
)
OURS = (
    "A tie goes to the one who acts (the attacker, the roller), except a distraction",
    "A weapon adds to attacks, a shield to defense; a piece marked for both adds to "
    "both (the chapter: 'the rating of their relevant equipment')",
    "Equipment and Power Level add to grapple, escape, disarm and slam rolls as to an "
    "attack (the one who acts) or a defense; the escaper's roll counts as its attack",
    "Running and Sprinting last until the runner's next turn taken",
    "A forced dodge lasts until the dodger's next turn taken (the one given up is not)",
    "Rally: half the lasting and half the stunning damage back, each rounded up",
    "Initiative under a condition that fails the roll: no dice, the attribute alone",
    "A newcomer rolls initiative and takes its place by it; the GM may place it",
    "Delay, delayed turns and forced actions of a group move the whole group's turn",
    "Defender helpless or unconscious: the attack succeeds without a roll",
    "A bonus die on a side whose penalties went below zero takes back the other side's "
    "last extra die",
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
        ReferenceChart("Conditions", tuple(
            f"{c.label}: {effect_text(c.id)}"
            + (f"; {ENDS_TEXT[c.ends]}" if ENDS_TEXT[c.ends] else "")
            + (f" (one state with {c.same_as}: counted once)" if c.same_as else "")
            for c in conditions())),
        ReferenceChart("Special actions", SPECIAL),
        ReferenceChart("Endurance and plot points", ENDURANCE + tuple(
            f"Plot point, {u.name}: {u.text}" for u in plot_point_uses())),
        ReferenceChart("Ours: where the chapter is silent", OURS),
    )
