"""The reference charts of the Powers GM screen, from the draft (Dice Rolls; Fail, and
Epic Fail; Combat: Basics, Hitting a Target, Damaging a Target, Close to Death (CTD);
Component Listing: Move, Damage, Healing) and RULINGS.md § Powers."""

from __future__ import annotations

from desktop.model.combat_rules import ReferenceChart

TURN = (
    "Each combat turn (10-15 seconds): initiative is rolled, highest first",
    "Initiative: hits on Agility + Intelligence dice (+ power modifiers); ties to more "
    "dice, still tied a tie-break die (RULINGS.md Powers 2); re-rolled every turn",
    "On its turn each character may declare a move and/or activate a single power",
    "When all have gone, another initiative roll is made",
)
ROLLS = (
    "d6 pool: each 5 or 6 is a hit; modifiers change hits, never dice",
    "Opposed: most hits wins; a net of 0 is a failure",
    "Fail: more than half the dice show 1; Epic Fail: a Fail with no hits (optional)",
)
ATTACK = (
    "Attack: Agility + Accurate vs the target's Agility; hits on more hits",
    "Damage: damage rating (or linked attribute) vs Resilience + matching resistances; "
    "Psychic: vs Willpower; Mind over Matter: resist with Willpower",
    "The attack's net hits are added to the damage hits (RULINGS.md Powers 3)",
    "Net damage hits are points of damage, never below 0",
)
DAMAGE = (
    "Hit points: Health less normal and phantom damage; kinds kept apart",
    "Stun: stun + normal damage reaching Health knocks out",
    "Phantom (rating): each combat turn a Willpower test against the rating; success "
    "removes all phantom damage",
    "Close to Death at 0 or fewer hit points: each turn a Resilience roll, hits ≥ the "
    "amount below 0, to stay alive (RULINGS.md Powers 5)",
    "DoT / HoT: every turn for its turns; Fading: halves each turn; Increase: doubles",
    "Sprint: up to half the turns saved; Resilience test against the turns saved, one "
    "Stun per hit short, one point a turn",
)


def charts() -> tuple[ReferenceChart, ...]:
    return (ReferenceChart("Combat turn", TURN), ReferenceChart("Rolls", ROLLS),
            ReferenceChart("Attack and damage", ATTACK),
            ReferenceChart("Damage, Close to Death, timers", DAMAGE))
