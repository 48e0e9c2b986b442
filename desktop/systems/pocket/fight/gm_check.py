"""The GM's dice roller for Pocket Universe: a check, 2d10 at or under the score with
its modifiers, difficulty and extra time, and its exact odds (4.0–4.4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desktop.model.combat_rules import CheckOdds, CheckSpec, Param
from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.gm_inputs import whole
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.dice import CheckError, Modifier


def check_spec() -> CheckSpec:
    """The roller's inputs: score, difficulty (4.3), other modifiers, extra time (4.4)."""
    names = tuple((name, f"{name} {mod:+d}") for name, mod in dice.difficulties().items())
    steps = (("0", "no extra time"), *((str(s.bonus), f"extra time +{s.bonus} (fumble "
                                                     f"{s.fumble_from}+)")
                                       for s in dice.tables().extra_time.steps))
    return CheckSpec((
        Param("score", "Score", default=12, minimum=-20, maximum=40),
        Param("difficulty", "Difficulty", "choice", "Average", names),
        Param("modifier", "Other ±", default=0, minimum=-30, maximum=30),
        Param("extra_time", "Extra time", "choice", "0", steps),
    ), title="Check (2d10 ≤ score + modifiers)")


def _check_target(values: Mapping[str, Any]) -> tuple[int, int, tuple[Modifier, ...]]:
    score = whole(values, "score", 12)
    mods = []
    difficulty = str(values.get("difficulty") or "Average")
    try:
        value = dice.difficulty_modifier(difficulty)
    except CheckError as exc:
        raise CombatError(str(exc)) from None
    if value:
        mods.append(Modifier(difficulty, value))
    if whole(values, "modifier"):
        mods.append(Modifier("other", whole(values, "modifier")))
    return score, whole(values, "extra_time"), tuple(mods)


def check_odds(values: Mapping[str, Any]) -> CheckOdds:
    """Exact odds of success, critical success and fumble."""
    score, extra, mods = _check_target(values)
    try:
        odds = dice.check_odds(dice.target_of(score, mods), extra)
    except CheckError as exc:
        raise CombatError(str(exc)) from None
    parts = "".join(f", {m}" for m in mods) + (f", extra time +{extra}" if extra else "")
    setup = f"2d10 ≤ {odds.target} (score {score}{parts})"
    detail = (f"Critical success {percent(odds.p_critical)}, fumble "
              f"{percent(odds.p_fumble)}; a 20 always fails (4.0, 4.3"
              + (", 4.4)" if extra else ")"))
    return CheckOdds(setup, percent(odds.p_success), detail)


def check_roll(values: Mapping[str, Any], roller: Roller) -> str:
    """The check rolled, in words."""
    score, extra, mods = _check_target(values)
    try:
        return dice.roll_check(dice.target_of(score, mods), roller, extra,
                               modifiers=mods).describe()
    except CheckError as exc:
        raise CombatError(str(exc)) from None
