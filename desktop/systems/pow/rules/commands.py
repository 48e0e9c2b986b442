"""POW! on the command line: the options and outputs of ``sheetdesk odds pow`` and
``sheetdesk roll pow``, and the text form of ``sheetdesk derive`` (hooks named in
``desktop/cli.py``).

Both commands take ``--stat N --difficulty D [--doubles] [--triples] [--criticals]``
(POW!, Difficulty Checks; optional rules Doubles, Triples and Criticals; RULINGS.md
POW! 2 and 10). ``p_critical`` is always the chance that the first throw + stat hits
the difficulty exactly, whether or not ``--criticals`` is given: it is what the
Criticals rule would make a critical.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.cli_args import whole_number
from desktop.systems.pow.rules.character import STAT_LABELS, STATS, PowCharacter
from desktop.systems.pow.rules.derived import PowDerived
from desktop.systems.pow.rules.dice import CheckRules, check_odds, roll_check

STAT_RANGE = (-99, 99)  # as wide as a character file allows
DIFFICULTY_RANGE = (-199, 199)  # the book's 0–20 and then some; keeps the exact Doubles
# chain (one recursion level per double) well inside Python's stack
RULE_NAMES = ("doubles", "triples", "criticals")


def add_check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--stat", type=whole_number(*STAT_RANGE), required=True, metavar="N",
                        help="the Stat's current score")
    parser.add_argument("--difficulty", type=whole_number(*DIFFICULTY_RANGE), required=True,
                        metavar="D", help="the Difficulty Number (Average is 10)")
    parser.add_argument("--doubles", action="store_true",
                        help="optional rule: doubles roll 2d6 again and add, while they come")
    parser.add_argument("--triples", action="store_true",
                        help="optional rule: both dice equal to the Stat succeed")
    parser.add_argument("--criticals", action="store_true",
                        help="optional rule: first throw + Stat exactly the Difficulty is a "
                             "critical (double effect)")


add_odds_arguments = add_check_arguments
add_roll_arguments = add_check_arguments


def _rules(args: argparse.Namespace) -> CheckRules:
    return CheckRules(doubles=args.doubles, triples=args.triples, criticals=args.criticals)


def _check(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "stat": args.stat,
        "difficulty": args.difficulty,
        "rules": {name: getattr(args, name) for name in RULE_NAMES},
    }


def odds(args: argparse.Namespace) -> dict[str, Any]:
    """The ``odds pow --json`` object: floats at full precision plus exact fractions."""
    result = check_odds(args.stat, args.difficulty, _rules(args))
    return {
        **_check(args),
        "p_success": float(result.p_success),
        "p_critical": float(result.p_critical),
        "p_success_exact": str(result.p_success),
        "p_critical_exact": str(result.p_critical),
        "automatic": result.automatic,
    }


def _rules_text(result: dict[str, Any]) -> str:
    used = [name.capitalize() for name in RULE_NAMES if result["rules"][name]]
    return f" (with {', '.join(used)})" if used else ""


def odds_text(result: dict[str, Any]) -> str:
    head = f"Stat {result['stat']} vs Difficulty {result['difficulty']}"
    if result["automatic"]:
        return f"{head}: automatic success, no roll"
    p_success = Fraction(result["p_success_exact"])
    p_critical = Fraction(result["p_critical_exact"])
    return (f"{head}{_rules_text(result)}: {percent(p_success)}{_exact(p_success)}; "
            f"critical {percent(p_critical)}{_exact(p_critical)}")


def _exact(p: Fraction) -> str:
    """The fraction beside a percentage, where it is short enough to read (--json has all)."""
    return f" ({p})" if 0 < p < 1 and p.denominator < 10**6 else ""


def roll(args: argparse.Namespace, roller: Roller) -> dict[str, Any]:
    """The ``roll pow --json`` object: every throw (doubles re-rolls too) and the verdict."""
    result = roll_check(args.stat, args.difficulty, roller, _rules(args))
    return {
        **_check(args),
        "throws": [throw.to_json() for throw in result.throws],
        "dice": [face for throw in result.throws for face in throw.faces],
        "dice_total": result.dice_total,
        "total": None if result.automatic else result.total,
        "success": result.success,
        "automatic": result.automatic,
        "critical": result.critical,
        "triple": result.triple,
        "description": result.describe(),
    }


def roll_text(result: dict[str, Any]) -> str:
    return str(result["description"])


def derive_text(character: PowCharacter, derived: PowDerived) -> str:
    """``sheetdesk derive FILE`` without --json: the numbers a player looks up."""
    title = character.name or "(no name)"
    lines = [f"{title} — {character.concept}" if character.concept else title]
    for stat in STATS:
        current = derived.current_stats[stat]
        score = character.attributes.get(stat)
        shown = f"{current} of {score}" if current != score else f"{score}"
        lines.append(f"  {STAT_LABELS[stat]:<11}{shown:>8}   pool "
                     f"{derived.current_pools[stat]}/{derived.pools[stat]}")
    lines += [
        f"Character Points: {derived.points_spent} spent of {derived.points_budget} "
        f"({derived.points_left} left)",
        f"Initiative: 2d6 + {derived.initiative_bonus}",
        f"Actions per frame: {derived.actions_per_frame}"
        + (" (after everyone else)" if derived.acts_last else ""),
        f"Unarmed damage: {derived.unarmed_damage}",
        *(f"Weapon damage: {w.name} {w.damage}" for w in derived.weapon_damage),
        "Difficulty to hit: " + ", ".join(
            f"{k} {v}" for k, v in derived.to_hit_difficulty.items()),
        f"Move: {derived.move_per_action_ft} ft per action, "
        f"{derived.full_frame_move_ft} ft per full frame",
        f"Experience: {derived.xp_spent} spent of {derived.xp_earned}",
    ]
    lines += [f"{f.severity}: {f.message} ({f.rule})" for f in derived.findings]
    return "\n".join(lines)
