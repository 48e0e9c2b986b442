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
from desktop.systems.cli_args import usage_error, whole_number
from desktop.systems.pow.rules.character import STAT_LABELS, STATS, PowCharacter
from desktop.systems.pow.rules.derived import PowDerived
from desktop.systems.pow.rules.dice import (
    BELOW_ZERO,
    CheckRules,
    check_odds,
    roll_check,
    unusable,
)
from desktop.systems.pow.rules.modifiers import (
    DIFFICULTY_RANGE,
    Modified,
    ModifierError,
    Situation,
    apply,
)

STAT_RANGE = (-99, 99)  # as wide as a character file allows
MULTIPLE_RANGE = (1, 999)
ALLIES_RANGE = (0, 999)
SIZE_DIFF_RANGE = (-10, 10)  # Size Categories run from −5 to +5
RULE_NAMES = ("doubles", "triples", "criticals")


def add_check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--stat", type=whole_number(*STAT_RANGE), required=True, metavar="N",
                        help="the Stat's current score (below 0 it cannot be used)")
    parser.add_argument("--difficulty", type=whole_number(*DIFFICULTY_RANGE), required=True,
                        metavar="D", help="the Difficulty Number (Average is 10)")
    parser.add_argument("--doubles", action="store_true",
                        help="optional rule: doubles roll 2d6 again and add, while they come")
    parser.add_argument("--triples", action="store_true",
                        help="optional rule: both dice equal to the Stat succeed")
    parser.add_argument("--criticals", action="store_true",
                        help="optional rule: first throw + Stat exactly the Difficulty is a "
                             "critical (double effect)")
    parser.add_argument("--range-multiple", type=whole_number(*MULTIPLE_RANGE), default=1,
                        metavar="K", help="distance as K times the weapon's base range: "
                        "+5 per multiple past the first (Ranged Combat)")
    parser.add_argument("--point-blank", action="store_true",
                        help="firing at point blank range (0 feet): −5 (Ranged Combat)")
    parser.add_argument("--cooperation", type=whole_number(*ALLIES_RANGE), default=0,
                        metavar="N", help="allies assisting: −1 each, at most −5 "
                        "(Difficulty Modifiers)")
    parser.add_argument("--size-diff", type=whole_number(*SIZE_DIFF_RANGE), default=0,
                        metavar="S", help="target's Size Category minus the actor's: −S "
                        "(Difficulty Modifiers, Size Modifier)")


add_odds_arguments = add_check_arguments
add_roll_arguments = add_check_arguments


def _rules(args: argparse.Namespace) -> CheckRules:
    return CheckRules(doubles=args.doubles, triples=args.triples, criticals=args.criticals)


def _usable(args: argparse.Namespace) -> None:
    """A Stat below 0 is a usage error in the book's words: "the Stat is reduced below 0,
    and that Stat cannot be used for anything (combat, other actions, Specials, etc.)"
    (POW!, Stat Reduction)."""
    if unusable(args.stat):
        raise usage_error(f"pow: --stat {args.stat}: {BELOW_ZERO}")


def _modified(args: argparse.Namespace) -> Modified:
    _usable(args)
    situation = Situation(range_multiple=args.range_multiple, point_blank=args.point_blank,
                          cooperation=args.cooperation, size_diff=args.size_diff)
    try:
        return apply(args.difficulty, situation)
    except ModifierError as exc:
        raise usage_error(f"pow: {exc}") from None


def _check(args: argparse.Namespace, modified: Modified) -> dict[str, Any]:
    return {
        "stat": args.stat,
        "difficulty": modified.difficulty,
        "base_difficulty": modified.base,
        "modifiers": [{"label": t.label, "value": t.value, "rule": t.rule}
                      for t in modified.terms],
        "rules": {name: getattr(args, name) for name in RULE_NAMES},
    }


def odds(args: argparse.Namespace) -> dict[str, Any]:
    """The ``odds pow --json`` object: floats at full precision plus exact fractions."""
    modified = _modified(args)
    result = check_odds(args.stat, modified.difficulty, _rules(args))
    return {
        **_check(args, modified),
        "p_success": float(result.p_success),
        "p_critical": float(result.p_critical),
        "p_success_exact": str(result.p_success),
        "p_critical_exact": str(result.p_critical),
        "automatic": result.automatic,
    }


def _rules_text(result: dict[str, Any]) -> str:
    used = [name.capitalize() for name in RULE_NAMES if result["rules"][name]]
    return f" (with {', '.join(used)})" if used else ""


def _difficulty_text(result: dict[str, Any]) -> str:
    if not result.get("modifiers"):
        return str(result["difficulty"])
    terms = " ".join(f"{m['value']:+d} ({m['label']})".replace("-", "−", 1)
                     for m in result["modifiers"])
    return f"{result['difficulty']} ({result['base_difficulty']} {terms})"


def odds_text(result: dict[str, Any]) -> str:
    head = f"Stat {result['stat']} vs Difficulty {_difficulty_text(result)}"
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
    modified = _modified(args)
    result = roll_check(args.stat, modified.difficulty, roller, _rules(args))
    return {
        **_check(args, modified),
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
