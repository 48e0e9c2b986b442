"""Powers rolls (Dice Rolls; Fail, and Epic Fail), their exact odds and seeded rolls.

A pool is d6s, each 5 or 6 a hit; situational modifiers add to or take from the hits,
never the dice. Unopposed: the hits plus the modifier reach a target number of hits.
Opposed: the net hits are the actor's (with modifier) minus the opponent's; the actor
succeeds on a net of 1 or more ("a net of 0 is a failure"). Fail: strictly more than
half the dice show 1; Epic Fail: a Fail in which no die is a hit (the dice's hits: a
modifier does not turn a roll of 1s into hits) and which does not pass. Ours, the one
reading everywhere a roll is shown: "If they have rolled sufficient hits to pass the
test, the result is calculated as normal", so a roll that passes (a modifier carrying
it) is at worst a Fail, never an Epic Fail; in an opposed roll the side that wins is
the one that passes.

Odds are exact and fast for large pools: a die is one of three classes — a 1 (1 way in
6), a miss 2–4 (3 ways) or a hit 5–6 (2 ways) — so the ways to roll ``k`` hits on ``n``
dice are C(n, k)·2^k·4^(n−k), a Fail's C(n, j)·5^(n−j) summed over j > n/2, an Epic
Fail's C(n, j)·3^(n−j): integer counts with ``math.comb``, never an enumeration of faces.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import NamedTuple

from desktop.model.dice import Roller

MAX_POOL = 120
"""Dice one side may roll (an attribute of 60 and an Accurate of 60)."""
HIT_FACES = (5, 6)


class RollError(ValueError):
    """A roll that cannot be made as asked (no such pool)."""


def _check(dice: int) -> None:
    if not 0 <= dice <= MAX_POOL:
        raise RollError(f"a pool is 0 to {MAX_POOL} dice, not {dice}")


@cache
def hit_ways(dice: int) -> tuple[int, ...]:
    """Ways (out of 6**dice) to roll exactly k hits, for k = 0 … dice."""
    _check(dice)
    return tuple(comb(dice, k) * 2**k * 4 ** (dice - k) for k in range(dice + 1))


@cache
def fail_ways(dice: int) -> int:
    """Ways (out of 6**dice) for strictly more than half the dice to show 1."""
    _check(dice)
    return sum(comb(dice, j) * 5 ** (dice - j) for j in range(dice // 2 + 1, dice + 1))


@cache
def epic_fail_ways(dice: int) -> int:
    """Ways for a Fail with no hit: more than half 1s, every other die a 2, 3 or 4."""
    _check(dice)
    return sum(comb(dice, j) * 3 ** (dice - j) for j in range(dice // 2 + 1, dice + 1))


def p_fail(dice: int) -> Fraction:
    return Fraction(fail_ways(dice), 6**dice)


def p_epic_fail(dice: int) -> Fraction:
    return Fraction(epic_fail_ways(dice), 6**dice)


def hits_distribution(dice: int, mod: int = 0) -> dict[int, Fraction]:
    """P(hits + mod = h) for each h."""
    total = 6**dice
    return {k + mod: Fraction(ways, total) for k, ways in enumerate(hit_ways(dice))}


def p_target(dice: int, mod: int, target_hits: int) -> Fraction:
    """Unopposed: P(hits + mod ≥ target_hits)."""
    ways = hit_ways(dice)
    need = max(target_hits - mod, 0)
    return Fraction(sum(ways[need:]), 6**dice)


@cache
def net_ways(dice: int, vs_dice: int) -> tuple[int, ...]:
    """Ways (out of 6**(dice + vs_dice)) for the actor's hits minus the opponent's to
    be d, for d = −vs_dice … dice (index d + vs_dice)."""
    mine, theirs = hit_ways(dice), hit_ways(vs_dice)
    out = [0] * (dice + vs_dice + 1)
    for a, wa in enumerate(mine):
        for d, wd in enumerate(theirs):
            out[a - d + vs_dice] += wa * wd
    return tuple(out)


def net_distribution(dice: int, mod: int, vs_dice: int, vs_mod: int) -> dict[int, Fraction]:
    """Opposed: P(net hits = n) for each n, modifiers included."""
    total = 6 ** (dice + vs_dice)
    shift = mod - vs_mod - vs_dice
    return {i + shift: Fraction(ways, total)
            for i, ways in enumerate(net_ways(dice, vs_dice)) if ways}


def p_opposed(dice: int, mod: int, vs_dice: int, vs_mod: int) -> Fraction:
    """Opposed: P(net hits ≥ 1), the actor's hits strictly more than the opponent's."""
    ways = net_ways(dice, vs_dice)
    # net = i - vs_dice + mod - vs_mod >= 1  <=>  i >= 1 + vs_dice - mod + vs_mod
    first = max(1 + vs_dice - mod + vs_mod, 0)
    return Fraction(sum(ways[first:]), 6 ** (dice + vs_dice))


@dataclass(frozen=True)
class Pool:
    """One side of a roll: dice, and the modifier to its hits."""

    dice: int
    mod: int = 0

    def __post_init__(self) -> None:
        _check(self.dice)


class Odds(NamedTuple):
    """The exact chances of one roll, before it is made."""

    actor: Pool
    p_success: Fraction
    p_fail: Fraction
    p_epic_fail: Fraction
    target_hits: int | None = None
    opponent: Pool | None = None

    def distribution(self) -> dict[int, Fraction]:
        """Unopposed: P(hits with modifier = h); opposed: P(net hits = n)."""
        if self.opponent is None:
            return hits_distribution(self.actor.dice, self.actor.mod)
        o = self.opponent
        return net_distribution(self.actor.dice, self.actor.mod, o.dice, o.mod)


def odds_target(actor: Pool, target_hits: int) -> Odds:
    """With no hit on the dice the total is the modifier: an Epic Fail only if that does
    not reach the target (ours: a roll that passes is no Epic Fail)."""
    epic = p_epic_fail(actor.dice) if actor.mod < target_hits else Fraction(0)
    return Odds(actor, p_target(actor.dice, actor.mod, target_hits), p_fail(actor.dice),
                epic, target_hits=target_hits)


def odds_opposed(actor: Pool, opponent: Pool) -> Odds:
    """An Epic Fail needs no hit on the actor's dice and the opponent's total at least
    the actor's modifier (so the actor loses)."""
    p = p_opposed(actor.dice, actor.mod, opponent.dice, opponent.mod)
    loses = p_target(opponent.dice, opponent.mod, actor.mod)
    return Odds(actor, p, p_fail(actor.dice), p_epic_fail(actor.dice) * loses,
                opponent=opponent)


# ---------------------------------------------------------------- rolling


class PoolRoll(NamedTuple):
    """A rolled pool: the faces, the hits on the dice, and what they make."""

    pool: Pool
    faces: tuple[int, ...]

    @property
    def hits(self) -> int:
        """Dice showing 5 or 6 (before the modifier)."""
        return sum(face in HIT_FACES for face in self.faces)

    @property
    def total(self) -> int:
        """Hits with the modifier: the roll's result."""
        return self.hits + self.pool.mod

    @property
    def ones(self) -> int:
        return self.faces.count(1)

    @property
    def fail(self) -> bool:
        return 2 * self.ones > len(self.faces)

    @property
    def epic_fail(self) -> bool:
        """A Fail with no hit on the dice; whether the roll passed is the result's to say
        (``RollResult.epic_fail``, ``epic_fail_if``)."""
        return self.fail and self.hits == 0

    def epic_fail_if(self, passed: bool) -> bool:
        """An Epic Fail as the app reads it: a Fail, no hit on the dice, and not passing."""
        return self.epic_fail and not passed


PASSED_NOT_EPIC = ("not an Epic Fail: it passes, so the result is calculated as normal "
                   "(ours)")


def fail_reading(roll: PoolRoll, passed: bool) -> str:
    """"", "Fail", "Epic Fail", or a Fail with no hit that passed, saying why it is no
    Epic Fail: one reading wherever a roll is shown."""
    if roll.epic_fail_if(passed):
        return "Epic Fail"
    if roll.epic_fail:
        return f"Fail, {PASSED_NOT_EPIC}"
    return "Fail" if roll.fail else ""


def roll_pool(pool: Pool, roller: Roller, why: str = "") -> PoolRoll:
    faces = roller.throw(pool.dice, 6, why).faces if pool.dice else ()
    return PoolRoll(pool, tuple(faces))


class RollResult(NamedTuple):
    """One roll as made: the actor's pool, against a number of hits or an opponent's pool."""

    actor: PoolRoll
    opponent: PoolRoll | None = None
    target_hits: int | None = None

    @property
    def net(self) -> int:
        """Opposed: the actor's total minus the opponent's; unopposed: the total minus
        the target."""
        if self.opponent is not None:
            return self.actor.total - self.opponent.total
        return self.actor.total - (self.target_hits or 0)

    @property
    def success(self) -> bool:
        if self.opponent is not None:
            return self.net >= 1
        return self.net >= 0

    @property
    def epic_fail(self) -> bool:
        """The actor's roll is an Epic Fail: never when it succeeds."""
        return self.actor.epic_fail_if(self.success)

    @property
    def opponent_epic_fail(self) -> bool:
        """The opponent's roll is an Epic Fail: never when the actor fails (it won)."""
        return self.opponent is not None and self.opponent.epic_fail_if(not self.success)


def roll_target(actor: Pool, target_hits: int, roller: Roller) -> RollResult:
    return RollResult(roll_pool(actor, roller, "actor"), target_hits=target_hits)


def roll_opposed(actor: Pool, opponent: Pool, roller: Roller) -> RollResult:
    return RollResult(roll_pool(actor, roller, "actor"),
                      roll_pool(opponent, roller, "opponent"))


def pool_text(dice: int, mod: int = 0) -> str:
    """"15 dice +3 hits": how a player reads a pool."""
    text = f"{dice} {'die' if dice == 1 else 'dice'}"
    if mod:
        text += f" {'+' if mod > 0 else '−'}{abs(mod)} {'hit' if abs(mod) == 1 else 'hits'}"
    return text
