"""The reference charts of the Powers GM screen, from the draft (Dice Rolls; Fail, and
Epic Fail; Combat: Basics, Hitting a Target, Damaging a Target, Close to Death (CTD);
Component Listing: Move, Range, Duration, Damage, Resistance, Healing), with the app's
own readings where the draft is silent marked "ours"."""

from __future__ import annotations

from desktop.model.combat_rules import ReferenceChart

TURN = (
    "Each combat turn (10-15 seconds): initiative is rolled, highest first",
    "Initiative: hits on Agility + Intelligence dice (+ power modifiers); ties to more "
    "dice, still tied a tie-break die (ours); re-rolled every turn",
    "On its turn each character may declare a move and/or activate a single power",
    "When all have gone, another initiative roll is made",
)
ROLLS = (
    "d6 pool: each 5 or 6 is a hit; modifiers change hits, never dice",
    "Opposed: most hits wins; a net of 0 is a failure",
    "Fail: more than half the dice show 1; Epic Fail: a Fail with no hits (optional)",
    "Ours: a roll that passes (a modifier carrying it) is at worst a Fail, never an Epic "
    "Fail; no hits means none on the dice",
    "Epic Fail, when the fight's table rules switch it on (off by default): add the PR "
    "of every power affecting the roll, the opponent's too, and roll on your saved "
    "Epic Fail table for that total",
)
ATTACK = (
    "Attack: Agility + Accurate vs the target's Agility; hits on more hits",
    "Damage: damage rating (or linked attribute) vs Resilience + matching resistances; "
    "Psychic: vs Willpower; Mind over Matter: resist with Willpower",
    "The attack's net hits are added to the damage hits (ours: the draft allows adding "
    "or subtracting them)",
    "Touch: the melee hit is the power's attack roll, in the same action; Personal "
    "range: the power targets only its user",
    "Net damage hits are points of damage, never below 0",
)
DAMAGE = (
    "Hit points: Health less normal and phantom damage; kinds kept apart",
    "Stun: stun + normal damage reaching Health knocks out",
    "Phantom (rating): each combat turn a Willpower test against the rating; success "
    "removes all phantom damage",
    "Close to Death at 0 or fewer hit points: each turn a Resilience roll, hits ≥ the "
    "amount below 0 (ours: at exactly 0, no hits), to stay alive; ours: a roll still "
    "due is made when the turn passes",
    "DoT / HoT: every turn for its turns; Fading: halves each turn; Increase: doubles",
    "Sprint: up to half the turns saved; Resilience test against the turns saved, one "
    "Stun per hit short, one point a turn",
)


DURATION = (
    "Instant (default): counts the turn it is used",
    "Always On: always counts; Toggled: from switching on until switched off (ours: "
    "switching off is free)",
    "Time (N): N turns from the turn it is used",
    "Delayed (N): lands N turns later (ours: at the start of that turn, once initiative "
    "is rolled)",
    "Build Up (N): as Delayed, and the user is busy until it lands; Build Down (N): lands "
    "now, busy N turns after",
    "Busy: any other move or power needs a concentration roll (ours: the attribute and "
    "hits are set in the fight's table rules, Willpower 1 hit unless changed; failing "
    "loses the power)",
    "RoT Fading: the rating halves each turn after it is triggered (timed or toggled: "
    "after it would finish); RoT Increase (N): doubles, N turns in all (ours)",
    "Ours: a weakness (negative resistance) always counts",
)


def charts() -> tuple[ReferenceChart, ...]:
    return (ReferenceChart("Combat turn", TURN), ReferenceChart("Rolls", ROLLS),
            ReferenceChart("Attack and damage", ATTACK),
            ReferenceChart("Damage, Close to Death, timers", DAMAGE),
            ReferenceChart("Duration and resistance over time", DURATION))
