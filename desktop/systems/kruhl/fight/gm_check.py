"""The GM's dice roller for Warlords of Kruhl: one roll against a difficulty value or an
opponent's roll, with its exact odds before the dice (Rolling Dice; Difficulty;
Bonuses And Penalties; Penetrating; Combining Effort; Distracting). DV 0 is a routine
task, which needs no roll."""

from __future__ import annotations

from desktop.model.combat_rules import CheckOdds, CheckSpec, Param
from desktop.model.dice import Roller
from desktop.systems.kruhl.fight.contest import LEVEL_CHOICES, check_roll, check_setup, read_check
from desktop.systems.kruhl.fight.gm_state import Values

AGAINST = (("dv", "Difficulty value (2d6 + DV)"), *(
    (level, f"Opponent: {label}") for level, label in LEVEL_CHOICES))


def check_spec() -> CheckSpec:
    return CheckSpec((
        Param("level", "Dice", "choice", "skill", LEVEL_CHOICES),
        Param("add", "Attribute + equipment + Power Level", default=3, maximum=99),
        Param("bonus", "Bonus dice", default=0, maximum=20),
        Param("penalty", "Penalty dice", default=0, maximum=20),
        Param("together", "Working together (combining effort)", default=0, maximum=99),
        Param("against", "Against", "choice", "dv", AGAINST),
        Param("dv", "Difficulty value", default=3, maximum=99),
        Param("vs_add", "Opponent's attribute + equipment + PL", default=3, maximum=99),
        Param("vs_bonus", "Opponent's bonus dice", default=0, maximum=20),
        Param("vs_penalty", "Opponent's penalty dice", default=0, maximum=20),
        Param("penetrating", "Penetrating (opponent re-rolls 5s and 6s)", "bool", False),
        Param("distracting", "Distracting (only more than the opponent succeeds)", "bool",
              False),
    ), title="Skill roll (dice + attribute, ties to the roller; DV 0 routine, no roll)")


def check_odds(values: Values) -> CheckOdds:
    setup, chance, detail = check_setup(read_check(values))
    return CheckOdds(setup, chance, detail)


def roll(values: Values, roller: Roller) -> str:
    return check_roll(read_check(values), roller)
