"""Warlords of Kruhl rolls (Actions: Rolling Dice; Bonuses And Penalties; Penetrating;
Combining Effort), their exact odds and seeded rolls.

A roll is dice plus what is added: 1d6 unskilled, 2d6 with the skill, 2d6 re-rolling 1s
and 2s with expertise (bonus dice too: RULINGS.md Kruhl 3), plus the attribute, the
best equipment rating and the Power Level. Bonus dice add dice and penalty dice take
them away; below zero, the opponent (or the GM) rolls the deficit as bonus dice. The
actor succeeds on a total equal to or above the target (ties to the actor, RULINGS.md
Kruhl 2): the opponent's roll plus theirs, or 2d6 + DV when nobody opposes. A
penetrating attack makes the defender re-roll every 5 and 6 until it shows less than 5.
Distracting is the one roll that needs strictly more than the target ("rolls more than
the target": ``strict``, a tie goes to the target). DV 0 is a routine task: no roll,
"characters automatically succeed at routine tasks".

Odds are exact: sums of independent dice by convolution, in integer counts, compared
with a running total — no simulation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import accumulate
from typing import NamedTuple

from desktop.model.dice import Roller
from desktop.systems.kruhl.rules.character import MAX_DICE, Level

BASE_DICE: dict[Level, int] = {"none": 1, "skill": 2, "expertise": 2}
PLAIN = (1, 2, 3, 4, 5, 6)
MAX_COMBINED = 10
"""Combining Effort: the number working together adds to the lowest roll, at most +10."""
DIFFICULTIES = (3, 6, 9, 12)
MAX_TOTAL_DICE = 4 * MAX_DICE
"""Dice one side can end up rolling (own bonus dice plus the other side's deficit)."""


class RollError(ValueError):
    """A roll that cannot be made as asked (too many dice)."""


@dataclass(frozen=True)
class Roll:
    """One side of a roll: its dice before bonuses, bonus and penalty dice, and the
    number added to the dice (attribute + equipment + Power Level + Combining Effort)."""

    dice: int = 2
    expertise: bool = False
    bonus_dice: int = 0
    penalty_dice: int = 0
    add: int = 0

    @classmethod
    def of(cls, level: Level, add: int = 0, bonus_dice: int = 0,
           penalty_dice: int = 0) -> Roll:
        return cls(BASE_DICE[level], level == "expertise", bonus_dice, penalty_dice, add)

    @property
    def net_dice(self) -> int:
        return self.dice + self.bonus_dice - self.penalty_dice


def gm_roll(dv: int) -> Roll:
    """The target of an unopposed task: 2d6 + the difficulty value."""
    return Roll(dice=2, add=dv)


def faces(expertise: bool, penetrated: bool = False) -> tuple[int, ...]:
    """The faces a die can end on: expertise re-rolls 1s and 2s, a penetrating attack
    makes the defender re-roll 5s and 6s; each re-roll leaves the others equally
    likely."""
    low = 3 if expertise else 1
    high = 4 if penetrated else 6
    return tuple(range(low, high + 1))


class Contest(NamedTuple):
    """What is actually rolled: each side's dice after bonuses, penalties and deficits."""

    actor_dice: int
    opponent_dice: int
    actor_faces: tuple[int, ...]
    opponent_faces: tuple[int, ...]
    actor_add: int
    opponent_add: int


def contest(actor: Roll, opponent: Roll, penetrating: bool = False) -> Contest:
    a, o = actor.net_dice, opponent.net_dice
    actor_dice = max(a, 0) + max(-o, 0)
    opponent_dice = max(o, 0) + max(-a, 0)
    if max(actor_dice, opponent_dice) > MAX_TOTAL_DICE:
        raise RollError(f"at most {MAX_TOTAL_DICE} dice a side")
    return Contest(actor_dice, opponent_dice, faces(actor.expertise),
                   faces(opponent.expertise, penetrating), actor.add, opponent.add)


@cache
def sum_counts(die_faces: tuple[int, ...], count: int) -> tuple[int, tuple[int, ...]]:
    """(lowest total, ways to make each total from it on) for ``count`` such dice."""
    if count == 0:
        return 0, (1,)
    low, ways = sum_counts(die_faces, count - 1)
    width = die_faces[-1] - die_faces[0]
    out = [0] * (len(ways) + width)
    for i, w in enumerate(ways):
        for face in die_faces:
            out[i + face - die_faces[0]] += w
    return low + die_faces[0], tuple(out)


class Odds(NamedTuple):
    """The exact chance of the actor's success, and the contest it was worked out for."""

    p_success: Fraction
    contest: Contest


def odds(actor: Roll, opponent: Roll, penetrating: bool = False, strict: bool = False
         ) -> Odds:
    """The chance that the actor's total equals or beats the opponent's (``strict``:
    beats it)."""
    c = contest(actor, opponent, penetrating)
    a_low, a_ways = sum_counts(c.actor_faces, c.actor_dice)
    o_low, o_ways = sum_counts(c.opponent_faces, c.opponent_dice)
    at_most = list(accumulate(o_ways))  # at_most[j]: opponent dice total <= o_low + j
    wins = 0
    for i, ways in enumerate(a_ways):
        # success: a_low + i + actor_add >= o_low + j + opponent_add
        j = a_low + i + c.actor_add - c.opponent_add - o_low - (1 if strict else 0)
        if j >= 0:
            wins += ways * at_most[min(j, len(at_most) - 1)]
    total = len(c.actor_faces) ** c.actor_dice * len(c.opponent_faces) ** c.opponent_dice
    return Odds(Fraction(wins, total), c)


def roll_faces(roller: Roller, count: int, die_faces: tuple[int, ...], why: str) -> list[int]:
    """Roll ``count`` d6, re-rolling each die until it shows one of ``die_faces``."""
    out = []
    for _ in range(count):
        face = roller.throw(1, 6, why).total
        while face not in die_faces:
            face = roller.throw(1, 6, f"{why} (re-roll)").total
        out.append(face)
    return out


@dataclass(frozen=True)
class RollResult:
    """A roll as made: each side's faces and total; a tie goes to the actor."""

    actor_faces: list[int]
    opponent_faces: list[int]
    actor_total: int
    opponent_total: int
    contest: Contest = field(repr=False)
    strict: bool = False
    """The actor needs more than the opponent (Distracting): a tie goes to the opponent."""

    @property
    def success(self) -> bool:
        if self.strict:
            return self.actor_total > self.opponent_total
        return self.actor_total >= self.opponent_total


def roll(actor: Roll, opponent: Roll, roller: Roller, penetrating: bool = False,
         strict: bool = False) -> RollResult:
    c = contest(actor, opponent, penetrating)
    mine = roll_faces(roller, c.actor_dice, c.actor_faces, "actor")
    theirs = roll_faces(roller, c.opponent_dice, c.opponent_faces, "opponent")
    return RollResult(mine, theirs, sum(mine) + c.actor_add, sum(theirs) + c.opponent_add, c,
                      strict)


def with_bonus_die(result: RollResult, actor: Roll, opponent: Roll, actor_side: bool,
                   roller: Roller) -> tuple[RollResult, str]:
    """The roll as it stands after one side gains a bonus die once the dice are down
    (Spending Plot Points, Bonus Die: "may decide ... after the rest of her dice are
    rolled"): one more die of its kind (expertise re-rolls 1s and 2s, a penetrated
    defender 5s and 6s). A side whose penalties went below zero had given the other side
    its deficit as bonus dice: the bonus die takes one of those back instead (ours: the
    last one rolled). ``actor`` and ``opponent`` are the sides as rolled; returns the new
    result and what happened, in words."""
    c = result.contest
    mine, theirs = list(result.actor_faces), list(result.opponent_faces)
    own = actor if actor_side else opponent
    if own.net_dice < 0 and (theirs if actor_side else mine):
        taken = (theirs if actor_side else mine).pop()
        what = f"the other side's last extra die ({taken}) is taken back"
    else:
        die_faces = c.actor_faces if actor_side else c.opponent_faces
        face = roll_faces(roller, 1, die_faces, "bonus die")[0]
        (mine if actor_side else theirs).append(face)
        what = f"one more die: {face}"
    new = RollResult(mine, theirs, sum(mine) + c.actor_add, sum(theirs) + c.opponent_add,
                     Contest(len(mine), len(theirs), c.actor_faces, c.opponent_faces,
                             c.actor_add, c.opponent_add), result.strict)
    return new, what


def dice_text(count: int, expertise: bool, add: int = 0) -> str:
    """"2d6 (re-roll 1s and 2s) + 5": how a player reads a roll."""
    if count == 0:
        return f"no dice, {add}"
    dice = f"{count}d6" + (" (re-roll 1s and 2s)" if expertise and count else "")
    if add:
        return f"{dice} {'+' if add > 0 else '−'} {abs(add)}"
    return dice
