"""Warlords of Kruhl on the command line: ``sheetdesk odds kruhl`` / ``roll kruhl`` and the
text form of ``sheetdesk derive`` (hooks named in ``desktop/cli.py``).

``--attr N --dice unskilled|skilled|expertise [--bonus B] [--penalty P]`` is the actor's
roll (B and P count bonus and penalty dice); either ``--dv D`` (2d6 + D, unopposed) or
``--vs-attr N --vs-dice ... [--vs-bonus B] [--vs-penalty P] [--penetrating]`` (an
opposed roll; ties to the actor). ``--add M`` adds equipment and Power Level to the
actor's total, ``--vs-add M`` to the opponent's; ``--together K`` is Combining Effort:
K characters working together add K (at most 10) when this is their lowest roll.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.cli_args import usage_error, whole_number
from desktop.systems.kruhl.rules.catalog import ROLL_KIND_LABELS
from desktop.systems.kruhl.rules.character import (
    ATTRIBUTE_LABELS,
    LEVEL_LABELS,
    MAX_DICE,
    MAX_SCORE,
    KruhlCharacter,
    Level,
)
from desktop.systems.kruhl.rules.derived import KruhlDerived
from desktop.systems.kruhl.rules.dice import (
    MAX_COMBINED,
    Roll,
    dice_text,
    gm_roll,
)
from desktop.systems.kruhl.rules.dice import (
    odds as roll_odds,
)
from desktop.systems.kruhl.rules.dice import (
    roll as roll_dice,
)

DICE_CHOICES: dict[str, Level] = {"unskilled": "none", "skilled": "skill",
                                  "expertise": "expertise"}
DV_RANGE = (0, 99)


def add_roll_arguments(parser: argparse.ArgumentParser) -> None:
    score = whole_number(0, MAX_SCORE)
    dice = whole_number(0, MAX_DICE)
    parser.add_argument("--attr", type=score, required=True, metavar="N",
                        help="the actor's attribute for this skill")
    parser.add_argument("--dice", choices=DICE_CHOICES, required=True,
                        help="1d6 unskilled, 2d6 skilled, 2d6 re-rolling 1s and 2s expertise")
    parser.add_argument("--bonus", type=dice, default=0, metavar="B", help="bonus dice")
    parser.add_argument("--penalty", type=dice, default=0, metavar="P", help="penalty dice")
    parser.add_argument("--add", type=whole_number(0, MAX_SCORE), default=0, metavar="M",
                        help="equipment rating and Power Level added to the roll")
    parser.add_argument("--together", type=whole_number(0, 99), default=0, metavar="K",
                        help="Combining Effort: K characters working together (adds K, "
                             f"at most {MAX_COMBINED}, to the lowest roll: this one)")
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--dv", type=whole_number(*DV_RANGE), metavar="D",
                        help="unopposed: the difficulty value (3, 6, 9, 12) over 2d6")
    target.add_argument("--vs-attr", type=score, metavar="N",
                        help="opposed: the opponent's attribute")
    parser.add_argument("--vs-dice", choices=DICE_CHOICES, default="skilled",
                        help="the opponent's dice (default skilled)")
    parser.add_argument("--vs-bonus", type=dice, default=0, metavar="B")
    parser.add_argument("--vs-penalty", type=dice, default=0, metavar="P")
    parser.add_argument("--vs-add", type=whole_number(0, MAX_SCORE), default=0, metavar="M",
                        help="the opponent's equipment rating and Power Level")
    parser.add_argument("--penetrating", action="store_true",
                        help="the attack is penetrating: the defender re-rolls 5s and 6s")


add_odds_arguments = add_roll_arguments


def _sides(args: argparse.Namespace) -> tuple[Roll, Roll, bool]:
    together = min(args.together, MAX_COMBINED)
    actor = Roll.of(DICE_CHOICES[args.dice], args.attr + args.add + together,
                    args.bonus, args.penalty)
    if args.dv is not None:
        if args.penetrating:
            raise usage_error("--penetrating: only for an opposed roll (--vs-attr)")
        return actor, gm_roll(args.dv), False
    opponent = Roll.of(DICE_CHOICES[args.vs_dice], args.vs_attr + args.vs_add,
                       args.vs_bonus, args.vs_penalty)
    return actor, opponent, args.penetrating


def _echo(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"attr": args.attr, "dice": args.dice, "bonus": args.bonus,
                           "penalty": args.penalty, "add": args.add,
                           "together": args.together}
    if args.dv is not None:
        out["dv"] = args.dv
    else:
        out.update(vs_attr=args.vs_attr, vs_dice=args.vs_dice, vs_bonus=args.vs_bonus,
                   vs_penalty=args.vs_penalty, vs_add=args.vs_add,
                   penetrating=args.penetrating)
    return out


def _rolled(c: Any) -> dict[str, Any]:
    return {"actor_dice": c.actor_dice, "opponent_dice": c.opponent_dice,
            "actor_text": dice_text(c.actor_dice, c.actor_faces[0] == 3, c.actor_add),
            "opponent_text": dice_text(c.opponent_dice, c.opponent_faces[0] == 3,
                                       c.opponent_add)}


def odds(args: argparse.Namespace) -> dict[str, Any]:
    actor, opponent, penetrating = _sides(args)
    result = roll_odds(actor, opponent, penetrating)
    return {**_echo(args), **_rolled(result.contest), "p_success": float(result.p_success),
            "p_success_exact": str(result.p_success)}


def odds_text(result: dict[str, Any]) -> str:
    p = Fraction(result["p_success_exact"])
    target = (f"DV {result['dv']} ({result['opponent_text']})" if "dv" in result
              else result["opponent_text"] + (" penetrated" if result["penetrating"] else ""))
    return f"{result['actor_text']} vs {target}: success {percent(p)} ({p})"


def roll(args: argparse.Namespace, roller: Roller) -> dict[str, Any]:
    actor, opponent, penetrating = _sides(args)
    result = roll_dice(actor, opponent, roller, penetrating)
    return {**_echo(args), **_rolled(result.contest), "actor_faces": result.actor_faces,
            "opponent_faces": result.opponent_faces, "total": result.actor_total,
            "target": result.opponent_total, "success": result.success}


def roll_text(result: dict[str, Any]) -> str:
    verdict = "success" if result["success"] else "failure"
    return (f"{result['actor_text']}: {result['actor_faces']} → {result['total']} vs "
            f"{result['opponent_text']}: {result['opponent_faces']} → {result['target']}: "
            f"{verdict}")


def derive_text(character: KruhlCharacter, derived: KruhlDerived) -> str:
    """``sheetdesk derive FILE`` without --json: the numbers a player looks up."""
    a = character.attributes
    lines = [character.name or "(no name)"]
    lines.append("  " + ", ".join(f"{ATTRIBUTE_LABELS[n]} {a.get(n)}" for n in
                                  ("agility", "brawn", "reason", "presence", "power_level")))
    stun = f" ({derived.stun} stunned)" if derived.stun else ""
    lines.append(f"Endurance: {derived.endurance_current} of {derived.endurance_max}{stun}")
    lines.append(f"Plot points: {character.plot_points}")
    lines.append(f"Initiative (Perception): {derived.initiative_roll().text()}")
    for line in derived.skills.values():
        if line.level == "none" and not line.custom:
            continue
        rolls = "; ".join(f"{ROLL_KIND_LABELS[r.kind]} {r.text}" for r in line.rolls)
        lines.append(f"  {line.name} ({ATTRIBUTE_LABELS[line.attribute]}), "
                     f"{LEVEL_LABELS[line.level]}: {rolls}")
    lines += [f"{f.severity}: {f.message} ({f.rule})" for f in derived.findings]
    return "\n".join(lines)
