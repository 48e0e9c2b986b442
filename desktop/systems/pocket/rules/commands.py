"""Pocket Universe on the command line: ``sheetdesk odds pocket`` and ``sheetdesk roll
pocket`` (hooks named in ``desktop/cli.py``), and the text form of ``sheetdesk derive``.

Both commands take ``--target N`` — the score (or an already adjusted target) to roll
2d10 under — and optional modifiers that add to it: ``--difficulty NAME`` (4.0),
``--modifier M`` (repeatable: equipment, darkness, GM's call), ``--opposed S
[--opposed-penalty P]`` (4.2, RULINGS.md Pocket 6; P as the book's -4 or as 4),
``--range SPACES [--acute-vision K] [--missile]`` (5.32, point blank in 3.3),
``--actions N`` (5.22), and ``--extra-time K`` (4.4: +K,
and failed rolls from the step's threshold up fumble).

Instead of ``--target``, ``--triplet L/M/H`` picks one number of an initiative or damage
range with 1d10 (5.2, 5.4): ``odds`` gives the distribution, ``roll`` the pick.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.cli_args import parsed_by, usage_error, whole_number
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.dice import CheckError, Modifier

if TYPE_CHECKING:
    from desktop.systems.pocket.rules.character import PocketCharacter
    from desktop.systems.pocket.rules.derived import PocketDerived

SCORE_RANGE = (-99, 99)
MODIFIER_RANGE = (-99, 99)
RANGE_LIMIT = 10**6
ACTIONS_LIMIT = 20


def _difficulty(text: str) -> str:
    try:
        dice.difficulty_modifier(text)
    except CheckError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    wanted = text.strip().lower().replace("_", " ").replace("-", " ")
    return next(name for name in dice.difficulties() if name.lower() == wanted)


_triplet = parsed_by(dice.parse_triplet, CheckError)


def _steps() -> list[int]:
    return [0, *(step.bonus for step in dice.tables().extra_time.steps)]


def add_check_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--target", type=whole_number(*SCORE_RANGE), metavar="N",
                      help="the skill or attribute score (or a target already adjusted) "
                           "to roll 2d10 under; the options below add to it")
    what.add_argument("--triplet", type=_triplet, metavar="L/M/H",
                      help="instead: pick one number of an initiative or damage range "
                           "with 1d10 (1-2 low, 3-8 mid, 9-10 high)")
    names = ", ".join(n.lower().replace(" ", "-") for n in dice.difficulties())
    parser.add_argument("--difficulty", type=_difficulty, metavar="NAME",
                        help=f"the difficulty (4.0): {names}")
    parser.add_argument("--modifier", type=whole_number(*MODIFIER_RANGE), action="append",
                        default=[], metavar="M", help="another modifier (repeatable)")
    parser.add_argument("--opposed", type=whole_number(*SCORE_RANGE), metavar="S",
                        help="opposed by a score S: the target takes -(S - 10) (4.2)")
    parser.add_argument("--opposed-penalty", type=_penalty, default=0, metavar="P",
                        help="the opponent resists unskilled, at a penalty of P (the book's "
                             "-1 or -4; 4 and -4 mean the same): --opposed-penalty 4")
    parser.add_argument("--range", type=whole_number(0, RANGE_LIMIT), metavar="SPACES",
                        help="range in movement spaces (5.32)")
    parser.add_argument("--acute-vision", type=whole_number(0, 99), default=0, metavar="K",
                        help="Acute Vision taken K times: ignores K points of range penalty")
    parser.add_argument("--missile", action="store_true",
                        help="a missile weapon at a hostile opponent: -2 at point blank "
                             "(1 space or less)")
    parser.add_argument("--actions", type=whole_number(1, ACTIONS_LIMIT), default=1, metavar="N",
                        help="one of N simultaneous Actions: -2 per extra Action (5.22)")
    parser.add_argument("--extra-time", type=int, choices=_steps(), default=0, metavar="K",
                        help="taking extra time: +K (1-6); failed rolls from 20-2K up "
                             "fumble (4.4)")


def _penalty(text: str) -> int:
    """An unskilled opponent's penalty, given as a count (4) or as the book writes it (-4):
    both mean -4."""
    return -abs(whole_number(-99, 99)(text))


add_odds_arguments = add_check_arguments
add_roll_arguments = add_check_arguments


def _modifiers(args: argparse.Namespace) -> list[Modifier]:
    mods: list[Modifier] = []
    if args.difficulty:
        mods.append(Modifier(args.difficulty, dice.difficulty_modifier(args.difficulty)))
    mods += [Modifier("modifier", m) for m in args.modifier]
    if args.opposed is not None:
        who = f"opposed by {args.opposed}" + (
            f" (unskilled {args.opposed_penalty:+d})" if args.opposed_penalty else "")
        mods.append(Modifier(who, dice.opposed_modifier(args.opposed, args.opposed_penalty)))
    elif args.opposed_penalty:
        raise CheckError("--opposed-penalty: give --opposed S as well")
    if args.range is not None:
        vision = f", Acute Vision {args.acute_vision}" if args.acute_vision else ""
        mods.append(Modifier(f"range {args.range}{vision}",
                             dice.range_modifier(args.range, args.acute_vision)))
        if args.missile and dice.point_blank_modifier(args.range):
            mods.append(Modifier("point blank", dice.point_blank_modifier(args.range)))
    elif args.acute_vision or args.missile:
        raise CheckError(f"{'--acute-vision' if args.acute_vision else '--missile'}: "
                         "give --range SPACES as well")
    if args.actions > 1:
        mods.append(Modifier(f"{args.actions} actions",
                             dice.multiple_action_modifier(args.actions)))
    return mods


def _check(args: argparse.Namespace) -> tuple[dict[str, Any], int]:
    """The check's description and final target (before extra time)."""
    try:
        if args.triplet is not None:
            given = [name for name in ("difficulty", "opposed", "range")
                     if getattr(args, name) is not None]
            if given or args.modifier or args.actions > 1 or args.extra_time:
                raise CheckError("--triplet: a d10 pick takes no check modifiers")
            return {}, 0
        mods = _modifiers(args)
    except CheckError as exc:
        raise usage_error(str(exc)) from None
    target = dice.target_of(args.target, mods)
    return {"score": args.target, "modifiers": [m.to_json() for m in mods],
            "extra_time": args.extra_time}, target


def _exact_text(p: Fraction) -> str:
    return f" ({p})" if 0 < p < 1 and p.denominator <= 100 else ""


def odds(args: argparse.Namespace) -> dict[str, Any]:
    """The ``odds pocket --json`` object: floats at full precision plus exact fractions."""
    if args.triplet is not None:
        return _triplet_odds(args)
    head, target = _check(args)
    result = dice.check_odds(target, args.extra_time)
    return {
        **head,
        "target": result.target,
        "p_success": float(result.p_success),
        "p_critical": float(result.p_critical),
        "p_fumble": float(result.p_fumble),
        "p_success_exact": str(result.p_success),
        "p_critical_exact": str(result.p_critical),
        "p_fumble_exact": str(result.p_fumble),
    }


def _triplet_odds(args: argparse.Namespace) -> dict[str, Any]:
    _check(args)
    levels = dice.level_odds()
    values = dice.triplet_odds(args.triplet)
    return {
        "triplet": list(args.triplet),
        "p_low": float(levels["low"]), "p_mid": float(levels["mid"]),
        "p_high": float(levels["high"]),
        "distribution": {str(v): float(p) for v, p in sorted(values.items())},
        "mean": float(sum(v * p for v, p in values.items())),
    }


def _mods_text(result: dict[str, Any]) -> str:
    parts = [f"score {result['score']}"]
    parts += [f"{m['why']} {m['value']:+d}" for m in result["modifiers"]]
    if result["extra_time"]:
        parts.append(f"extra time +{result['extra_time']}")
    return f" ({', '.join(parts)})" if len(parts) > 1 else ""


def odds_text(result: dict[str, Any]) -> str:
    if "triplet" in result:
        shown = dice.format_triplet(tuple(result["triplet"]))  # type: ignore[arg-type]
        spread = ", ".join(f"{v}: {p * 100:.0f} %" for v, p in result["distribution"].items())
        return f"1d10 on {shown}: {spread} (mean {result['mean']:g})"
    success = Fraction(result["p_success_exact"])
    critical = Fraction(result["p_critical_exact"])
    fumble = Fraction(result["p_fumble_exact"])
    return (f"2d10 ≤ {result['target']}{_mods_text(result)}: {percent(success)}"
            f"{_exact_text(success)}; critical {percent(critical)}; "
            f"fumble {percent(fumble)}")


def roll(args: argparse.Namespace, roller: Roller) -> dict[str, Any]:
    """The ``roll pocket --json`` object: the dice and the verdict."""
    if args.triplet is not None:
        _check(args)
        return dice.roll_triplet(args.triplet, roller).to_json()
    head, target = _check(args)
    mods = tuple(Modifier(m["why"], m["value"]) for m in head["modifiers"])
    result = dice.roll_check(target, roller, args.extra_time, modifiers=mods)
    return {**head, **result.to_json()}


def roll_text(result: dict[str, Any]) -> str:
    return str(result["description"])



def _triplet_text(triplet: tuple[int, ...]) -> str:
    return dice.format_triplet(triplet)  # type: ignore[arg-type]


def derive_text(character: PocketCharacter, derived: PocketDerived) -> str:
    """``sheetdesk derive FILE`` without --json: the record sheet's numbers in lines."""
    title = character.name or "(no name)"
    if character.player:
        title += f" (player {character.player})"
    lines = [title]
    for key, row in derived.rows.items():
        lines.append(f"  {key.upper()} {derived.attributes[key]:>3}   modifier "
                     f"{row.modifier:+d}, value {row.value}, roll "
                     f"{_triplet_text(tuple(row.roll))}")
    armor = derived.armor
    lines += [
        f"Hits {derived.current_hits}/{derived.hits}   Move {derived.move} "
        f"(sneaking {derived.stealth_move}, swimming {derived.swim_rate})",
        f"Armored DEFT {derived.armored_deft}   Initiative "
        f"{_triplet_text(tuple(derived.initiative))}   Unarmed damage "
        f"{_triplet_text(tuple(derived.unarmed_damage))}",
        f"Attribute points {derived.attribute_points_spent} of "
        f"{derived.attribute_points_budget}   Traits +{derived.advantage_points}/"
        f"-{derived.disadvantage_points}",
        f"EPs: starting {derived.starting_eps}, spent {derived.eps_spent}, unspent "
        f"{derived.eps_unspent}   Contact points {derived.contact_points_spent} of "
        f"{derived.contact_points}",
    ]
    if derived.traits.lines:
        lines.append("Traits: " + ", ".join(t.label for t in derived.traits.lines))
    if derived.skills:
        lines.append("Skills: " + ", ".join(f"{s.label} {s.score}" for s in derived.skills))
    for attack in derived.attacks:
        reach = f", range {attack.range}" if attack.range is not None else ""
        lines.append(f"  {attack.name} {attack.total}- {_triplet_text(tuple(attack.damage))}"
                     f"{reach}")
    lines.append(f"Melee Defense {derived.melee_defense}   Missile Defense "
                 f"{derived.missile_defense}")
    lines.append(f"Armor {armor.total[0]}/{armor.total[1]}"
                 + (f" ({armor.worn_name})" if armor.worn_name else "")
                 + f"   vs knockouts {armor.knockout[0]}/{armor.knockout[1]}")
    for shield in derived.shields:
        lines.append(f"Shield: {shield.name}, parry +{shield.parry}, hits "
                     f"{shield.hits_left}/{shield.hits}")
    lines.append(f"Money ${derived.money}")
    lines += [f"{f.severity}: {f.message} ({f.rule})" for f in derived.findings]
    return "\n".join(lines)
