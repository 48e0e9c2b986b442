"""Warlords of Kruhl on the command line: ``sheetdesk odds kruhl`` / ``roll kruhl`` and the
text form of ``sheetdesk derive`` (hooks named in ``desktop/cli.py``).

``--attr N --dice unskilled|skilled|expertise [--bonus B] [--penalty P]`` is the actor's
roll (B and P count bonus and penalty dice); either ``--dv D`` (2d6 + D, unopposed) or
``--vs-attr N --vs-dice ... [--vs-bonus B] [--vs-penalty P] [--penetrating]`` (an
opposed roll; ties to the actor, or with ``--distracting`` to the opponent: "If the
character attempting to use distraction rolls more than the target"). ``--add M`` adds
equipment and Power Level to the actor's total, ``--vs-add M`` to the opponent's;
``--together K`` is Combining Effort: K characters working together add K (at most 10)
when this is their lowest roll. ``--dv 0`` is a routine task: no roll, success
("There is no need to roll for routine tasks"). The ``--vs-*`` options describe an
opponent, so with ``--dv`` they are a usage error.
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
    parser.add_argument("--vs-dice", choices=DICE_CHOICES, default=None,
                        help="the opponent's dice (default skilled)")
    parser.add_argument("--vs-bonus", type=dice, default=None, metavar="B")
    parser.add_argument("--vs-penalty", type=dice, default=None, metavar="P")
    parser.add_argument("--vs-add", type=whole_number(0, MAX_SCORE), default=None,
                        metavar="M", help="the opponent's equipment rating and Power Level")
    parser.add_argument("--penetrating", action="store_true",
                        help="the attack is penetrating: the defender re-rolls 5s and 6s")
    parser.add_argument("--distracting", action="store_true",
                        help="a distraction (Deception against Deception): only rolling "
                             "more than the opponent succeeds, a tie goes to the opponent")


VS_OPTIONS = ("vs_dice", "vs_bonus", "vs_penalty", "vs_add")


add_odds_arguments = add_roll_arguments


def _sides(args: argparse.Namespace) -> tuple[Roll, Roll, bool]:
    together = min(args.together, MAX_COMBINED)
    actor = Roll.of(DICE_CHOICES[args.dice], args.attr + args.add + together,
                    args.bonus, args.penalty)
    if args.dv is not None:
        for option in ("penetrating", "distracting", *VS_OPTIONS):
            if getattr(args, option) not in (None, False):
                flag = "--" + option.replace("_", "-")
                raise usage_error(f"{flag}: only for an opposed roll (--vs-attr), not "
                                  "with --dv")
        return actor, gm_roll(args.dv), False
    opponent = Roll.of(DICE_CHOICES[args.vs_dice or "skilled"],
                       args.vs_attr + (args.vs_add or 0), args.vs_bonus or 0,
                       args.vs_penalty or 0)
    return actor, opponent, args.penetrating


def _routine(args: argparse.Namespace) -> bool:
    """DV 0: a routine task, no roll ("characters automatically succeed")."""
    return args.dv == 0


def _echo(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"attr": args.attr, "dice": args.dice, "bonus": args.bonus,
                           "penalty": args.penalty, "add": args.add,
                           "together": args.together}
    if args.dv is not None:
        out["dv"] = args.dv
        out["routine"] = _routine(args)
    else:
        out.update(vs_attr=args.vs_attr, vs_dice=args.vs_dice or "skilled",
                   vs_bonus=args.vs_bonus or 0, vs_penalty=args.vs_penalty or 0,
                   vs_add=args.vs_add or 0, penetrating=args.penetrating,
                   distracting=args.distracting)
    return out


def _rolled(c: Any) -> dict[str, Any]:
    return {"actor_dice": c.actor_dice, "opponent_dice": c.opponent_dice,
            "actor_text": dice_text(c.actor_dice, c.actor_faces[0] == 3, c.actor_add),
            "opponent_text": dice_text(c.opponent_dice, c.opponent_faces[0] == 3,
                                       c.opponent_add)}


ROUTINE = "routine task: no roll, an automatic success (Unopposed Tasks)"


def _no_roll(args: argparse.Namespace, actor: Roll) -> dict[str, Any]:
    return {"actor_dice": 0, "opponent_dice": 0,
            "actor_text": dice_text(actor.net_dice, actor.expertise, actor.add),
            "opponent_text": "no roll"}


def odds(args: argparse.Namespace) -> dict[str, Any]:
    actor, opponent, penetrating = _sides(args)
    if _routine(args):
        return {**_echo(args), **_no_roll(args, actor), "p_success": 1.0,
                "p_success_exact": "1"}
    result = roll_odds(actor, opponent, penetrating, args.distracting)
    return {**_echo(args), **_rolled(result.contest), "p_success": float(result.p_success),
            "p_success_exact": str(result.p_success)}


def odds_text(result: dict[str, Any]) -> str:
    p = Fraction(result["p_success_exact"])
    if result.get("routine"):
        return f"DV 0, {ROUTINE}: success 100 % (1)"
    target = (f"DV {result['dv']} ({result['opponent_text']})" if "dv" in result
              else result["opponent_text"] + (" penetrated" if result["penetrating"] else ""))
    tie = ", a tie goes to the opponent" if result.get("distracting") else ""
    return f"{result['actor_text']} vs {target}: success {percent(p)} ({p}){tie}"


def roll(args: argparse.Namespace, roller: Roller) -> dict[str, Any]:
    actor, opponent, penetrating = _sides(args)
    if _routine(args):
        return {**_echo(args), **_no_roll(args, actor), "actor_faces": [],
                "opponent_faces": [], "total": None, "target": None, "success": True}
    result = roll_dice(actor, opponent, roller, penetrating, args.distracting)
    return {**_echo(args), **_rolled(result.contest), "actor_faces": result.actor_faces,
            "opponent_faces": result.opponent_faces, "total": result.actor_total,
            "target": result.opponent_total, "success": result.success}


def roll_text(result: dict[str, Any]) -> str:
    if result.get("routine"):
        return f"DV 0, {ROUTINE}: success"
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
