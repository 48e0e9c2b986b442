"""Where Powers numbers and findings come from: sections of the draft (Powers V0.1),
cited once for all, and the rulings that fill its gaps (RULINGS.md § Powers)."""

from __future__ import annotations

from desktop.model.findings import Rule

BOOK = "Powers"


def section(name: str) -> Rule:
    return Rule(BOOK, name)


R_POWERS = section("Basic Concepts, Powers")
R_COMPONENTS = section("Basic Concepts, Components")
R_POWER_RATINGS = section("Basic Concepts, Power Ratings")
R_ATTRIBUTES = section("Attributes")
R_DICE = section("Dice Rolls")
R_FAIL = section("Fail, and Epic Fail")
R_SPECIFIC = section("Contradicting Rules, Specific beats General")
R_INITIATIVE = section("Combat, Basics")
R_ATTACK = section("Combat, Hitting a Target (the Attack Roll)")
R_DAMAGING = section("Combat, Damaging a Target")
R_CTD = section("Combat, Close to Death (CTD)")
R_MOVE = section("Component Listing, Move")
R_RANGE = section("Component Listing, Range")
R_DURATION = section("Component Listing, Duration")
R_DAMAGE = section("Component Listing, Damage")
R_RESISTANCE = section("Component Listing, Resistance")
R_HEALING = section("Component Listing, Healing")
R_COSTS = Rule("Sheetdesk", "provisional cost table (ours: the draft has no costs)")
