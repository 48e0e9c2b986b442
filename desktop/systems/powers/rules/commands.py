"""Powers on the command line: ``sheetdesk odds powers`` / ``roll powers`` and the text
form of ``sheetdesk derive`` (hooks named in ``desktop/cli.py``).

``--dice N [--mod M]`` is the actor's pool (M adds to or takes from the hits, never the
dice: Dice Rolls); either ``--target-hits H`` (unopposed: hits + M ≥ H) or ``--vs N
[--vs-mod M]`` (opposed: the actor needs strictly more hits, a net of 1 or more;
ours where the draft is silent). ``p_fail`` and ``p_epic_fail`` are the actor's (Fail,
and Epic Fail; ours: a roll that passes is no Epic Fail). ``roll`` takes the same
options; the CLI adds ``--seed``.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.cli_args import usage_error, whole_number
from desktop.systems.powers.rules.character import ATTRIBUTE_LABELS, PowersCharacter
from desktop.systems.powers.rules.derived import PowersDerived, rating_text
from desktop.systems.powers.rules.dice import (
    PASSED_NOT_EPIC,
    Odds,
    Pool,
    PoolRoll,
    odds_opposed,
    odds_target,
    pool_text,
    roll_opposed,
    roll_target,
)

MAX_CLI_DICE = 60
"""Dice a side on the command line (PRODUCT.md: exact for pools up to 60 a side)."""
MAX_MOD = 60


def add_roll_arguments(parser: argparse.ArgumentParser) -> None:
    dice = whole_number(0, MAX_CLI_DICE)
    mod = whole_number(-MAX_MOD, MAX_MOD)
    parser.add_argument("--dice", type=dice, required=True, metavar="N",
                        help="the actor's pool: N d6, each 5 or 6 a hit")
    parser.add_argument("--mod", type=mod, default=0, metavar="M",
                        help="situational modifier to the actor's hits (not dice)")
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--target-hits", type=whole_number(0, 2 * MAX_CLI_DICE), metavar="H",
                        help="unopposed: succeed on hits + M of H or more")
    target.add_argument("--vs", type=dice, metavar="N",
                        help="opposed: the opponent's pool (the actor needs more hits)")
    parser.add_argument("--vs-mod", type=mod, default=None, metavar="M",
                        help="the opponent's modifier to their hits")


add_odds_arguments = add_roll_arguments


def _sides(args: argparse.Namespace) -> tuple[Pool, Pool | None]:
    actor = Pool(args.dice, args.mod)
    if args.vs is None:
        if args.vs_mod is not None:
            raise usage_error("--vs-mod: only for an opposed roll (--vs)")
        return actor, None
    return actor, Pool(args.vs, args.vs_mod or 0)


def _echo(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"dice": args.dice, "mod": args.mod}
    if args.vs is None:
        out["target_hits"] = args.target_hits
    else:
        out.update(vs=args.vs, vs_mod=args.vs_mod or 0)
    return out


def _exact(name: str, p: Fraction) -> dict[str, Any]:
    return {name: float(p), f"{name}_exact": str(p)}


def odds(args: argparse.Namespace) -> dict[str, Any]:
    actor, opponent = _sides(args)
    result: Odds = (odds_target(actor, args.target_hits) if opponent is None
                    else odds_opposed(actor, opponent))
    key = "hits" if opponent is None else "net_hits"
    return {**_echo(args), **_exact("p_success", result.p_success),
            **_exact("p_fail", result.p_fail), **_exact("p_epic_fail", result.p_epic_fail),
            key: {str(n): float(p) for n, p in sorted(result.distribution().items())}}


def _against(result: dict[str, Any]) -> str:
    if "target_hits" in result:
        return f"{result['target_hits']} hits"
    return pool_text(result["vs"], result["vs_mod"])


def odds_text(result: dict[str, Any]) -> str:
    p = Fraction(result["p_success_exact"])
    return (f"{pool_text(result['dice'], result['mod'])} vs {_against(result)}: success "
            f"{percent(p)} ({p}); Fail {percent(Fraction(result['p_fail_exact']))}, "
            f"Epic Fail {percent(Fraction(result['p_epic_fail_exact']))}")


def _rolled(side: PoolRoll, passed: bool) -> dict[str, Any]:
    return {"faces": list(side.faces), "hits": side.hits, "total": side.total,
            "ones": side.ones, "fail": side.fail, "epic_fail": side.epic_fail_if(passed)}


def roll(args: argparse.Namespace, roller: Roller) -> dict[str, Any]:
    actor, opponent = _sides(args)
    result = (roll_target(actor, args.target_hits, roller) if opponent is None
              else roll_opposed(actor, opponent, roller))
    out = {**_echo(args), "actor": _rolled(result.actor, result.success),
           "net": result.net, "success": result.success}
    if result.opponent is not None:
        out["opponent"] = _rolled(result.opponent, not result.success)
    return out


def roll_text(result: dict[str, Any]) -> str:
    def side(rolled: dict[str, Any]) -> str:
        marks = " Epic Fail!" if rolled["epic_fail"] else " Fail!" if rolled["fail"] else ""
        if rolled["fail"] and not rolled["hits"] and not rolled["epic_fail"]:
            marks += f" ({PASSED_NOT_EPIC})"
        return f"{rolled['faces']} → {rolled['total']} hits{marks}"

    text = f"{pool_text(result['dice'], result['mod'])}: {side(result['actor'])}"
    if "opponent" in result:
        text += f" vs {pool_text(result['vs'], result['vs_mod'])}: {side(result['opponent'])}"
    else:
        text += f" vs {result['target_hits']} hits"
    verdict = "success" if result["success"] else "failure"
    return f"{text}: {verdict} (net {result['net']})"


def derive_text(character: PowersCharacter, derived: PowersDerived) -> str:
    """``sheetdesk derive FILE`` without --json: the numbers a player looks up."""
    a = character.attributes
    lines = [character.name or "(no name)"]
    lines.append("  " + ", ".join(f"{label} {a.get(name)}"
                                  for name, label in ATTRIBUTE_LABELS.items()))
    d = derived.damage
    lines.append(f"Hit points: {derived.hit_points_current} of {derived.hit_points} "
                 f"(normal {d.normal}, stun {d.stun}, phantom {d.phantom})")
    lines.append(f"Initiative: {derived.initiative_dice} dice (Agility + Intelligence)")
    lines.append(f"Costs: {derived.table.name} ({derived.table.label})")
    for line in derived.powers:
        lines.append(f"  {line.power.name}: {rating_text(line)}; range {line.range}, "
                     f"{line.duration}")
        if line.attack is not None:
            lines.append(f"    attack {line.attack.dice} dice vs Agility")
        for dmg in line.damage:
            lines.append(f"    damage {dmg.dice} dice ({', '.join(dmg.types)}; "
                         f"{'/'.join(dmg.kinds)}) vs {dmg.resisted_by.capitalize()}"
                         + (f", {dmg.over_time}" if dmg.over_time else ""))
        for res in line.resistance:
            lines.append(f"    resist {res.type} with {res.dice} dice "
                         f"({res.attribute.capitalize()} {res.rating:+d})")
        for heal in line.healing:
            lines.append(f"    heal {heal.points}" + (f", {heal.over_time}"
                                                       if heal.over_time else ""))
    lines += [f"{f.severity}: {f.message} ({f.rule})" for f in derived.findings]
    return "\n".join(lines)
