"""Where Warlords of Kruhl numbers and findings come from: sections of the Actions
chapter, cited once for all."""

from __future__ import annotations

from desktop.model.findings import Rule

BOOK = "Warlords of Kruhl"
CHAPTER = "Actions"


def section(name: str) -> Rule:
    return Rule(BOOK, f"{CHAPTER}, {name}")


R_ROLLING = section("Rolling Dice")
R_SKILL_ROLL = section("Skill Roll")
R_EQUIPMENT = R_SKILL_ROLL
R_POWER_LEVEL = R_SKILL_ROLL
R_DIFFICULTY = section("Difficulty")
R_BONUSES = section("Bonuses And Penalties")
R_PENETRATING = section("Penetrating")
R_COMBINING = section("Combining Effort")
R_INITIATIVE = section("Initiating Conflict")
R_DELAY = section("Delaying A Turn")
R_FORCING = section("Forcing An Action")
R_ORDER = section("Order Of Play")
R_ENDURANCE = section("Endurance And Recovery")
R_STUNNING = section("Stunning")
R_RABBLE = section("Rabble")
R_PLOT_POINTS = section("Plot Points")
R_SPENDING = section("Spending Plot Points")
