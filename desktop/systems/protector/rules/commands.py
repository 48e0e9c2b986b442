"""Protector on the command line: ``sheetdesk odds protector`` and ``sheetdesk roll
protector`` (hooks named in ``desktop/cli.py``), and the text form of ``derive``.

Both take ``--dice d6,d6,d8 [--depleted D]``: the dice rolled (each at its step;
``3d6`` for three, ``1d4x10`` for a higher step, ``d8:trade`` for a die stepped up by a
trade, ``d6:no-deplete`` for an agent with No Deplete) and the depleted dice already on
the table. Then ``--target T`` (success: value ≥ T) or ``--vs DICE [--vs-depleted D]``
(a contest: strictly higher wins; RULINGS Protector 4 and 5). ``odds`` needs one of the
two; ``roll`` may roll alone.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from desktop.model.dice import Roller
from desktop.model.dice_pool import Depletion, PoolDie
from desktop.model.odds import percent
from desktop.systems.cli_args import parsed_by, usage_error, whole_number
from desktop.systems.protector.rules.dice import (
    MAX_ON_TABLE,
    Catastrophe,
    Contest,
    EnergyRoll,
    RollOdds,
    contest_odds,
    dice_text,
    parse_dice,
    pool_die,
    roll_odds,
)
from desktop.systems.protector.rules.dice import roll as roll_dice

if TYPE_CHECKING:
    from desktop.systems.protector.rules.character import ProtectorCharacter
    from desktop.systems.protector.rules.derived import ProtectorDerived

TARGET_RANGE = (-100_000, 100_000)


_dice = parsed_by(parse_dice, ValueError)


def _common(parser: argparse.ArgumentParser, need_target: bool) -> None:
    parser.add_argument("--dice", type=_dice, required=True, metavar="DICE",
                        help="dice rolled, each at its step: d6,d6,d8 or 3d6,d10:trade,1d4x10")
    parser.add_argument("--depleted", type=whole_number(0, MAX_ON_TABLE), default=0, metavar="D",
                        help="depleted (and awarded) dice on the table, showing 1: --depleted 2")
    aim = parser.add_mutually_exclusive_group(required=need_target)
    aim.add_argument("--target", type=whole_number(*TARGET_RANGE), metavar="T",
                     help="success when the value is T or more: --target 9")
    aim.add_argument("--vs", type=_dice, metavar="DICE",
                     help="a contest, strictly higher wins: --vs d6,d8:no-deplete")
    parser.add_argument("--vs-depleted", type=whole_number(0, MAX_ON_TABLE), metavar="D",
                        help="the opponent's depleted dice (with --vs): --vs-depleted 1")


def add_odds_arguments(parser: argparse.ArgumentParser) -> None:
    _common(parser, need_target=True)


def add_roll_arguments(parser: argparse.ArgumentParser) -> None:
    _common(parser, need_target=False)
    parser.add_argument("--catastrophe", choices=[c.value for c in Catastrophe],
                        default=Catastrophe.DEPLETE.value,
                        help="on a multiple of ones: deplete every die but one (default) "
                             "or remove one die from play: --catastrophe remove")


def _vs_depleted(args: argparse.Namespace) -> int:
    if args.vs_depleted is not None and args.vs is None:
        raise usage_error("--vs-depleted: give --vs DICE as well")
    return args.vs_depleted or 0


def _exact(p: Fraction) -> str:
    return str(p)


def die_spec(die: PoolDie) -> str:
    """A die as ``--dice`` takes it, its tag kept: "d8:trade", "d6:no-deplete", "d6"."""
    if die.depletion is Depletion.ALWAYS:
        return f"{die.die}:trade"
    if die.depletion is Depletion.NEVER and pool_die(die.die).depletion is not Depletion.NEVER:
        return f"{die.die}:no-deplete"
    return str(die.die)


def _roll_summary(odds: RollOdds) -> dict[str, Any]:
    return {
        "dice": [die_spec(d) for d in odds.dice],
        "dice_text": dice_text(odds.dice),
        "depleted": odds.on_table,
        "mean": float(odds.mean),
        "p_multiple": float(odds.p_multiple),
        "p_any_depleted": float(odds.p_any_depleted),
        "p_catastrophe": float(odds.p_catastrophe),
        "mean_exact": _exact(odds.mean),
        "p_multiple_exact": _exact(odds.p_multiple),
        "p_any_depleted_exact": _exact(odds.p_any_depleted),
        "p_catastrophe_exact": _exact(odds.p_catastrophe),
        "values": {str(v): float(p) for v, p in odds.values().items()},
        "depletions": {str(n): float(p) for n, p in odds.depletions().items()},
    }


def odds(args: argparse.Namespace) -> dict[str, Any]:
    """The ``odds protector --json`` object: floats at full precision, exact fractions."""
    vs_depleted = _vs_depleted(args)
    mine = roll_odds(args.dice, args.depleted)
    result: dict[str, Any] = {}
    if args.vs is None:
        p = mine.p_at_least(args.target)
        result.update(target=args.target, p_success=float(p), p_success_exact=_exact(p))
    else:
        theirs = roll_odds(args.vs, vs_depleted)
        contest = contest_odds(mine, theirs)
        result.update(
            p_success=float(contest.p_win), p_success_exact=_exact(contest.p_win),
            p_tie=float(contest.p_tie), p_lose=float(contest.p_lose),
            p_tie_exact=_exact(contest.p_tie), p_lose_exact=_exact(contest.p_lose),
            damage={str(k): float(p) for k, p in contest.damage_dealt().items()},
            damage_taken={str(k): float(p) for k, p in contest.damage_taken().items()},
            mean_damage=float(contest.mean_damage_dealt),
            opponent=_roll_summary(theirs),
        )
    summary = _roll_summary(mine)
    return {**{k: summary.pop(k) for k in ("dice", "dice_text", "depleted")}, **result,
            **summary}


def _aim(result: dict[str, Any]) -> str:
    if "opponent" in result:
        vs = result["opponent"]
        table = f" + {vs['depleted']} depleted" if vs["depleted"] else ""
        return f"vs {vs['dice_text']}{table}"
    return f"for {result['target']}+"


def odds_text(result: dict[str, Any]) -> str:
    table = f" + {result['depleted']} depleted" if result["depleted"] else ""
    p = Fraction(result["p_success_exact"])
    lines = [f"{result['dice_text']}{table} {_aim(result)}: {percent(p)}"]
    if "opponent" in result:
        lines[0] += (f" win, {percent(Fraction(result['p_tie_exact']))} tie, "
                     f"{percent(Fraction(result['p_lose_exact']))} lose")
        dealt = ", ".join(f"{k} {'die' if k == '1' else 'dice'} {percent(Fraction(v))}"
                          for k, v in result["damage"].items())
        if dealt:
            lines.append(f"damage dealt: {dealt}")
    lines.append(
        f"mean value {float(Fraction(result['mean_exact'])):.2f}; any die depletes "
        f"{percent(Fraction(result['p_any_depleted_exact']))}; multiple "
        f"{percent(Fraction(result['p_multiple_exact']))}; catastrophe "
        f"{percent(Fraction(result['p_catastrophe_exact']))}")
    return "\n".join(lines)


def _shown(result: EnergyRoll) -> tuple[str, str]:
    """The roll's dice as ``describe()`` shows them, and the same with their tags."""
    tagged = []
    for part, die in zip(result.dice_shown().split(", "), result.dice, strict=True):
        spec = die_spec(die)
        tagged.append(spec + part.removeprefix(str(die.die)))
    return result.dice_shown(), ", ".join(tagged)


def _describe(text: str, *rolls: EnergyRoll) -> str:
    """``text`` with each roll's dice shown with their tags (d8:trade 5)."""
    for result in rolls:
        plain, tagged = _shown(result)
        text = text.replace(plain, tagged, 1)
    return text


def _roll_json(result: EnergyRoll) -> dict[str, Any]:
    return {
        "dice": [die_spec(d) for d in result.dice],
        "dice_text": dice_text(result.dice),
        "faces": list(result.faces),
        "values": list(result.values),
        "checks": list(result.checks),
        "depleted": result.on_table,
        "value": result.value,
        "depletes": result.depleted,
        "depletes_each": list(result.depletes),
        "multiple": result.multiple,
        "catastrophe": result.catastrophe,
        "returns": result.returns,
        "removed": result.removed,
        "throws": [t.to_json() for t in result.throws],
        "description": _describe(result.describe(), result),
    }


def roll(args: argparse.Namespace, roller: Roller) -> dict[str, Any]:
    """The ``roll protector --json`` object: every die, the value, what depleted."""
    vs_depleted = _vs_depleted(args)
    choice = Catastrophe(args.catastrophe)
    mine = roll_dice(args.dice, roller, args.depleted, choice)
    out = _roll_json(mine)
    if args.target is not None:
        out.update(target=args.target, success=mine.value >= args.target)
        out["description"] += (f" — {'success' if out['success'] else 'failure'} "
                               f"against {args.target}")
    if args.vs is not None:
        theirs = roll_dice(args.vs, roller, vs_depleted)
        contest = Contest(mine, theirs)
        out.update(opponent=_roll_json(theirs), winner=contest.winner,
                   difference=contest.difference, damage=contest.damage,
                   success=contest.winner == "actor",
                   description=_describe(contest.describe("actor", "opponent"), mine,
                                         theirs))
    return out


def roll_text(result: dict[str, Any]) -> str:
    return str(result["description"])


def _dice_list(dice: list[str]) -> str:
    """["d20", "d20", "d6"] → "2d20 + d6"."""
    counts: dict[str, int] = {}
    for die in dice:
        counts[die] = counts.get(die, 0) + 1
    return " + ".join(f"{n if n > 1 else ''}{die.removeprefix('1') if n > 1 else die}"
                      for die, n in counts.items()) or "no dice"


def derive_text(character: ProtectorCharacter, derived: ProtectorDerived) -> str:
    """``sheetdesk derive FILE`` without --json: the pools a player looks up."""
    title = character.name or "(no name)"
    age = " (NPC)" if character.npc else f", age {derived.age}"
    lines = [f"{title} — {derived.era_name}{age}"]
    state = character.energy
    table = [f"{n} {what}" for n, what in ((state.depleted, "depleted"),
                                           (state.awarded, "awarded"),
                                           (state.damaged, "damaged")) if n]
    lines.append(f"Energy: {derived.energy_dice} dice"
                 + (f" ({derived.energy_ready} ready, {', '.join(table)})" if table else ""))
    if derived.traits:
        lines.append("Traits: " + ", ".join(
            f"{t.name} ({t.type}) {t.steps} step{'' if t.steps == 1 else 's'}"
            for t in derived.traits))
    for name, dice in derived.power_pools.items():
        lines.append(f"Power {name}: {_dice_list(dice) if dice else 'latent'}")
    for name, dice in derived.agent_pools.items():
        lines.append(f"Agent {name}: {_dice_list(dice)}")
    if not derived.next_step.done:
        lines.append(f"Next: {derived.next_step.prompt}")
    lines += [f"{f.severity}: {f.message} ({f.rule})" for f in derived.findings]
    return "\n".join(lines)
