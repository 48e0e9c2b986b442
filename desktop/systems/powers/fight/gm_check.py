"""The GM's dice roller for Powers: a pool of d6 (5 and 6 hit) against a target number
of hits or an opposed pool, modifiers changing hits not dice, with the exact odds of
success, Fail and Epic Fail before the dice (Dice Rolls; Fail, and Epic Fail). Ours:
a roll that passes is never an Epic Fail, only a Fail (said on the roll)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desktop.model.combat_rules import CheckOdds, CheckSpec, Param
from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.powers.fight.epic import faces_text
from desktop.systems.powers.rules.dice import (
    MAX_POOL,
    Odds,
    Pool,
    odds_opposed,
    odds_target,
    pool_text,
    roll_opposed,
    roll_target,
)

AGAINST = (("target", "A target number of hits"), ("opposed", "An opposed roll"))


def check_spec() -> CheckSpec:
    return CheckSpec((
        Param("dice", "Dice", default=6, maximum=MAX_POOL),
        Param("mod", "Modifier (hits)", default=0, minimum=-60, maximum=60),
        Param("against", "Against", "choice", "target", AGAINST),
        Param("target", "Target hits", default=2, maximum=MAX_POOL),
        Param("vs_dice", "Opponent's dice", default=6, maximum=MAX_POOL),
        Param("vs_mod", "Opponent's modifier (hits)", default=0, minimum=-60, maximum=60),
    ), title="Pool roll (d6, 5 and 6 hit)")


def _read(values: Mapping[str, Any]) -> tuple[Pool, Pool | None, int]:
    actor = Pool(int(values.get("dice", 6)), int(values.get("mod", 0)))
    if str(values.get("against", "target")) == "opposed":
        return actor, Pool(int(values.get("vs_dice", 6)), int(values.get("vs_mod", 0))), 0
    return actor, None, int(values.get("target", 2))


def _odds(values: Mapping[str, Any]) -> tuple[str, Odds]:
    actor, opponent, target = _read(values)
    if opponent is None:
        return (f"{pool_text(actor.dice, actor.mod)} needing {target} hits",
                odds_target(actor, target))
    return (f"{pool_text(actor.dice, actor.mod)} vs {pool_text(opponent.dice, opponent.mod)}"
            " (more hits wins)", odds_opposed(actor, opponent))


def check_odds(values: Mapping[str, Any]) -> CheckOdds:
    setup, odds = _odds(values)
    # The exact fraction only while it is short enough to read (5/36, not 14070379/…).
    exact = (f"exactly {odds.p_success}; " if len(str(odds.p_success.denominator)) <= 6
             else "")
    detail = (f"{exact}Fail {percent(odds.p_fail)}, Epic Fail "
              f"{percent(odds.p_epic_fail)} (Fail, and Epic Fail; ours: a roll that "
              "passes is at worst a Fail)")
    return CheckOdds(setup, percent(odds.p_success), detail)


def roll(values: Mapping[str, Any], roller: Roller) -> str:
    actor, opponent, target = _read(values)
    if opponent is None:
        result = roll_target(actor, target, roller)
        mine = faces_text(result.actor, result.success, epic_on=True)
        return f"{mine}: {'success' if result.success else 'failure'}"
    result = roll_opposed(actor, opponent, roller)
    assert result.opponent is not None
    verdict = f"success, net {result.net}" if result.success else "failure"
    return (f"{faces_text(result.actor, result.success, epic_on=True)} vs "
            f"{faces_text(result.opponent, not result.success, epic_on=True)}: {verdict}")
