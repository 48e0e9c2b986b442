"""The GM's dice roller for Protector: an Energy System roll against a target value or
an opponent's dice, with its exact odds (The Energy System; Multiples; Damage)."""

from __future__ import annotations

from typing import Any

from desktop.model.combat_rules import CheckOdds, CheckSpec, Param
from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.protector.fight.gm_state import Values
from desktop.systems.protector.fight.gm_text import plural
from desktop.systems.protector.rules.dice import (
    contest,
    contest_odds,
    dice_text,
    parse_dice,
    roll,
    roll_odds,
)


def check_spec() -> CheckSpec:
    """The roller's inputs: dice, depleted dice on the table, a target or an opponent."""
    return CheckSpec((
        Param("dice", "Dice", "text", "2d6"),
        Param("depleted", "Depleted on the table", default=0, maximum=1000),
        Param("target", "Target value (no opponent)", default=6, maximum=100_000),
        Param("vs", "Opponent's dice", "text", ""),
        Param("vs_depleted", "Opponent's depleted", default=0, maximum=1000),
    ), title="Energy System roll (d6,d6,d8 · 3d6 · d8:trade · 1d4x10)")


def _check_dice(values: Values) -> tuple[Any, Any]:
    mine = parse_dice(str(values.get("dice", "")).strip() or "d6")
    text = str(values.get("vs", "")).strip()
    return mine, parse_dice(text) if text else None


def check_odds(values: Values) -> CheckOdds:
    """Exact odds: P(success value ≥ target), or win/tie/lose and damage dealt."""
    mine, theirs = _check_dice(values)
    odds = roll_odds(mine, int(values.get("depleted", 0)))
    table = f" + {odds.on_table} depleted" if odds.on_table else ""
    base = (f"mean {float(odds.mean):.2f}; a die depletes {percent(odds.p_any_depleted)};"
            f" multiple {percent(odds.p_multiple)}; catastrophe "
            f"{percent(odds.p_catastrophe)}")
    if theirs is not None:
        vs = contest_odds(odds, roll_odds(theirs, int(values.get("vs_depleted", 0))))
        dealt = ", ".join(f"{plural(k, 'die')} {percent(p)}"
                          for k, p in vs.damage_dealt().items())
        return CheckOdds(f"{dice_text(mine)}{table} vs {dice_text(theirs)}",
                         f"{percent(vs.p_win)} win",
                         f"tie {percent(vs.p_tie)}, lose {percent(vs.p_lose)}; damage "
                         f"dealt: {dealt or 'none'}; {base}")
    target = int(values.get("target", 0))
    if target <= 0:
        raise ValueError("give a target value or the opponent's dice")
    return CheckOdds(f"{dice_text(mine)}{table} for {target}+",
                     percent(odds.p_at_least(target)), base)


def check_roll(values: Values, roller: Roller) -> str:
    """The roll (or contest) made, in words."""
    mine, theirs = _check_dice(values)
    if theirs is not None:
        return contest(mine, theirs, roller, int(values.get("depleted", 0)),
                       int(values.get("vs_depleted", 0))).describe("you", "opponent")
    result = roll(mine, roller, int(values.get("depleted", 0)))
    target = int(values.get("target", 0))
    verdict = "success" if result.value >= target else "failure"
    return f"{result.describe()} — {verdict} against {target}"
