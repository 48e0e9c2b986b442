"""The Energy System roll and its exact odds (Protector, The Energy System).

A roll puts the chosen dice (each at the step its traits give it) on the table beside
the depleted dice already there. Its success value is the highest die on the table
(depleted dice show 1) plus 1 for every other die on the table (RULINGS Protector 4).
Then:

* **Depletion** (The Energy System, Depletion): a 1 depletes the die; d4s deplete one
  die per pair of ones in the roll, so one d4 never depletes; a stepped-up die that
  depletes goes back on the table as a depleted d6. A die stepped up by a trade
  depletes whatever it shows (Different Trait Types, Trade). Higher Dice Steps: a 1 on
  a x10 die calls for a d6, on a x100 die for a d20, and only a 1 on that depletes; a
  x1000 die never depletes on a roll. Dice of an agent with No Deplete never deplete.
* **Multiples** (Multiples; RULINGS Protector 7): two or more dice, all showing the
  same value (mixed sizes allowed), return one depleted die to the pool.
* **Catastrophe** (Multiples): a multiple of ones. The player either depletes every
  die but one (all deplete, the multiple returns one) or removes one die from play
  and depletes none.

Ours: multiples compare the values the dice read, so a 1d4x10 showing 2 reads 20 and
matches a d20 showing 20, and only ordinary dice can make a multiple of ones.

A contest (The Energy System, Damage; RULINGS Protector 5) is won by the strictly
higher value; the winner deals one die of damage plus one for every full 3 points of
difference. Exact odds come from ``desktop.model.pool_odds``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import NamedTuple

from desktop.model.dice import Roller, Throw
from desktop.model.dice_pool import Depletion, Die, PoolDie
from desktop.model.findings import Rule
from desktop.model.pool_odds import (
    all_equal_counts,
    all_equal_depleted,
    at_least,
    difference_counts,
    forget_counts,
    mean,
    roll_counts,
    shifted,
)
from desktop.systems.protector.rules.combat_tables import BOOK, check_sides, damage_dice

R_ROLL = Rule(BOOK, "The Energy System")
R_DEPLETION = Rule(BOOK, "The Energy System, Depletion")
R_MULTIPLES = Rule(BOOK, "Multiples")
R_DAMAGE = Rule(BOOK, "The Energy System, Damage")
R_HIGHER = Rule(BOOK, "Higher Dice Steps")

MAX_DICE = 100
"""Most dice one side may roll: far above any pool in the book (The Visionary has 30)."""
MAX_ON_TABLE = 1000


class Catastrophe(StrEnum):
    """The player's choice on a multiple of ones (Multiples)."""

    DEPLETE = "deplete"
    """Every rolled die depletes and the multiple returns one."""
    REMOVE = "remove"
    """One die is removed from play (damage); none deplete."""


def pool_die(die: Die | str, *, trade: bool = False, no_deplete: bool = False) -> PoolDie:
    """A die as rolled, with the depletion rule its size and source give it."""
    die = Die.parse(die) if isinstance(die, str) else die
    if no_deplete:
        return PoolDie(die, Depletion.NEVER)
    if trade:
        return PoolDie(die, Depletion.ALWAYS)
    if die.higher:
        sides = check_sides(die)
        return PoolDie(die, Depletion.NEVER) if sides is None else PoolDie(
            die, Depletion.CHECKED, sides)
    if die.sides == 4:
        return PoolDie(die, Depletion.PAIRED)
    return PoolDie(die)


_DICE = re.compile(r"^(\d*)(d\d+(?:\s*[x×]\s*\d+)?)(?::(trade|no-deplete))?$", re.IGNORECASE)


def parse_dice(text: str) -> tuple[PoolDie, ...]:
    """"d6,d6,d8", "3d6,d10:trade", "1d4x10,d6:no-deplete" → dice; ValueError otherwise.

    ``:trade`` marks a die stepped up by a trade (it depletes whatever it shows);
    ``:no-deplete`` a die of an agent with the No Deplete property.
    """
    dice: list[PoolDie] = []
    for part in text.split(","):
        part = part.strip()
        match = _DICE.match(part)
        if not match:
            raise ValueError(f"{part!r} is not a die (write d6, 3d8, 1d4x10, "
                             "d8:trade or d6:no-deplete)")
        count = int(match[1] or 1)
        die = Die.parse(match[2])
        if count < 1:
            raise ValueError(f"{part!r}: give at least one die")
        if count + len(dice) > MAX_DICE:  # before the list is built
            raise ValueError(f"{count + len(dice)} dice: at most {MAX_DICE} in one roll")
        tag = (match[3] or "").lower()
        dice += [pool_die(die, trade=tag == "trade", no_deplete=tag == "no-deplete")] * count
    if len(dice) > MAX_DICE:
        raise ValueError(f"{len(dice)} dice: at most {MAX_DICE} in one roll")
    return tuple(dice)


def dice_text(dice: Sequence[PoolDie]) -> str:
    """"d6, d6, d8 (trade)": the dice of a roll as people read them."""
    return ", ".join(f"{d.die}{_tag(d)}" for d in dice)


def _tag(die: PoolDie) -> str:
    if die.depletion is Depletion.ALWAYS:
        return " (trade)"
    if die.depletion is Depletion.NEVER and pool_die(die.die).depletion is not Depletion.NEVER:
        return " (no deplete)"
    return ""


def success_value(values: Sequence[int], on_table: int = 0) -> int:
    """Highest die on the table + 1 for every other die on the table (RULINGS 4)."""
    if not values:
        raise ValueError("a roll needs at least one die")
    return max(values) + len(values) - 1 + on_table


def _check(dice: Sequence[PoolDie], on_table: int) -> None:
    if not dice:
        raise ValueError("a roll needs at least one die from the pool")
    if len(dice) > MAX_DICE:
        raise ValueError(f"{len(dice)} dice: at most {MAX_DICE} in one roll")
    if not 0 <= on_table <= MAX_ON_TABLE:
        raise ValueError(f"{on_table} depleted dice: give 0 to {MAX_ON_TABLE}")


# --- exact odds -----------------------------------------------------------------------


class RollOdds(NamedTuple):
    """Everything about one roll's chances, as exact counts out of ``total``."""

    dice: tuple[PoolDie, ...]
    on_table: int
    total: int
    value_counts: Mapping[int, int]
    """Success value → ways."""
    depleted_counts: Mapping[int, int]
    """Dice the roll depletes → ways (a catastrophe depleting every die; a multiple
    may then return one)."""
    multiple_ways: int
    catastrophe_ways: int

    def p_at_least(self, target: int) -> Fraction:
        return at_least(self.value_counts, self.total, target)

    @property
    def mean(self) -> Fraction:
        return mean(self.value_counts, self.total)

    @property
    def p_any_depleted(self) -> Fraction:
        return 1 - Fraction(self.depleted_counts.get(0, 0), self.total)

    @property
    def p_multiple(self) -> Fraction:
        return Fraction(self.multiple_ways, self.total)

    @property
    def p_catastrophe(self) -> Fraction:
        return Fraction(self.catastrophe_ways, self.total)

    def values(self) -> dict[int, Fraction]:
        return {v: Fraction(w, self.total) for v, w in self.value_counts.items()}

    def depletions(self) -> dict[int, Fraction]:
        return {n: Fraction(w, self.total) for n, w in self.depleted_counts.items()}


def roll_odds(dice: Sequence[PoolDie], on_table: int = 0) -> RollOdds:
    """The exact odds of an Energy System roll of ``dice`` with ``on_table`` depleted
    dice already on the table (kept: a roll panel asks again after every edit of the
    character, mostly for a roll it has worked out before; the counts are read-only)."""
    _check(dice, on_table)
    return _roll_odds(tuple(dice), on_table)


@lru_cache(maxsize=512)
def _roll_odds(dice: tuple[PoolDie, ...], on_table: int) -> RollOdds:
    counts = roll_counts(dice)
    n = len(dice)
    values = shifted(counts.highest(), n - 1 + on_table)
    depleted = counts.depleted()
    equal = all_equal_counts(dice) if n >= 2 else {}
    multiple = sum(equal.values())
    catastrophe = equal.get(1, 0)
    if catastrophe:
        # A multiple of ones depletes every die (the multiple then returns one).
        for gone, ways in all_equal_depleted(dice, 1).items():
            depleted[gone] -= ways
        depleted[n] = depleted.get(n, 0) + catastrophe
        depleted = {k: w for k, w in sorted(depleted.items()) if w}
    return RollOdds(dice, on_table, counts.total, MappingProxyType(values),
                    MappingProxyType(depleted), multiple, catastrophe)


def forget_odds() -> None:
    """Forget every roll's odds worked out so far (to time them cold)."""
    _roll_odds.cache_clear()
    forget_counts()


class ContestOdds(NamedTuple):
    """Two rolls against each other: the strictly higher value wins (RULINGS 5)."""

    actor: RollOdds
    opponent: RollOdds
    difference_counts: Mapping[int, int]
    """Actor's value − opponent's value → ways, out of ``total``."""

    @property
    def total(self) -> int:
        return self.actor.total * self.opponent.total

    def _p(self, accept) -> Fraction:
        return Fraction(sum(w for d, w in self.difference_counts.items() if accept(d)),
                        self.total)

    @property
    def p_win(self) -> Fraction:
        return self._p(lambda d: d > 0)

    @property
    def p_tie(self) -> Fraction:
        return self._p(lambda d: d == 0)

    @property
    def p_lose(self) -> Fraction:
        return self._p(lambda d: d < 0)

    def _damage(self, sign: int) -> dict[int, Fraction]:
        out: dict[int, int] = {}
        for d, w in self.difference_counts.items():
            dice = damage_dice(sign * d)
            if dice:
                out[dice] = out.get(dice, 0) + w
        return {k: Fraction(w, self.total) for k, w in sorted(out.items())}

    def damage_dealt(self) -> dict[int, Fraction]:
        """P(the actor wins and deals exactly k dice of damage), by k."""
        return self._damage(1)

    def damage_taken(self) -> dict[int, Fraction]:
        """P(the opponent wins and deals exactly k dice of damage), by k."""
        return self._damage(-1)

    @property
    def mean_damage_dealt(self) -> Fraction:
        return sum((k * p for k, p in self.damage_dealt().items()), Fraction(0))


def contest_odds(actor: RollOdds, opponent: RollOdds) -> ContestOdds:
    return ContestOdds(actor, opponent,
                       difference_counts(actor.value_counts, opponent.value_counts))


# --- rolling --------------------------------------------------------------------------


@dataclass(frozen=True)
class EnergyRoll:
    """One Energy System roll, as thrown. ``describe()`` gives the log line."""

    dice: tuple[PoolDie, ...]
    faces: tuple[int, ...]
    checks: tuple[int | None, ...]
    """The check die's face for a higher step that showed a 1; None otherwise."""
    on_table: int
    catastrophe_choice: Catastrophe = Catastrophe.DEPLETE
    throws: tuple[Throw, ...] = ()

    @cached_property
    def values(self) -> tuple[int, ...]:
        return tuple(f * d.die.multiplier for f, d in zip(self.faces, self.dice, strict=True))

    @property
    def value(self) -> int:
        return success_value(self.values, self.on_table)

    @property
    def multiple(self) -> bool:
        return len(self.values) >= 2 and len(set(self.values)) == 1

    @property
    def catastrophe(self) -> bool:
        return self.multiple and self.values[0] == 1

    @cached_property
    def depletes(self) -> tuple[bool, ...]:
        """Which rolled dice deplete (d4 ones in pairs: the second of each pair)."""
        if self.catastrophe:
            keep = self.catastrophe_choice is Catastrophe.REMOVE
            return tuple(not keep for _ in self.dice)
        out: list[bool] = []
        paired_ones = 0
        for die, face, check in zip(self.dice, self.faces, self.checks, strict=True):
            rule = die.depletion
            if rule is Depletion.PAIRED and face == 1:
                paired_ones += 1
                out.append(paired_ones % 2 == 0)
            else:
                out.append(rule is Depletion.ALWAYS
                           or (rule is Depletion.ON_ONE and face == 1)
                           or (rule is Depletion.CHECKED and face == 1 and check == 1))
        return tuple(out)

    @property
    def depleted(self) -> int:
        return sum(self.depletes)

    @property
    def returns(self) -> int:
        """Depleted dice the roll returns to the pool: one for a multiple."""
        if self.catastrophe and self.catastrophe_choice is Catastrophe.REMOVE:
            return 0
        return 1 if self.multiple else 0

    @property
    def removed(self) -> int:
        """Dice removed from play: one, if a catastrophe is taken as damage."""
        return 1 if self.catastrophe and self.catastrophe_choice is Catastrophe.REMOVE else 0

    def dice_shown(self) -> str:
        parts = []
        for die, value, check in zip(self.dice, self.values, self.checks, strict=True):
            text = f"{die.die} {value}"
            if check is not None:
                text += f" (check d{die.check_sides} {check})"
            parts.append(text)
        return ", ".join(parts)

    def describe(self) -> str:
        table = f" + {self.on_table} on the table" if self.on_table else ""
        others = len(self.dice) - 1 + self.on_table
        head = (f"{self.dice_shown()}{table} → {self.value} "
                f"({max(self.values)} + {others} other{'s' if others != 1 else ''})")
        notes: list[str] = []
        if self.catastrophe:
            notes.append("catastrophe, a multiple of ones: " + (
                "one die removed from play" if self.removed else
                f"all {len(self.dice)} dice deplete, the multiple returns one"))
        else:
            if self.depleted:
                verb = "die depletes" if self.depleted == 1 else "dice deplete"
                notes.append(f"{self.depleted} {verb}")
            if self.multiple:
                notes.append("multiple: one depleted die returns to the pool")
        return head + ("; " + "; ".join(notes) if notes else "")


def roll(dice: Sequence[PoolDie], roller: Roller, on_table: int = 0,
         catastrophe: Catastrophe = Catastrophe.DEPLETE) -> EnergyRoll:
    """Throw ``dice`` (one recorded throw per die; a check die for a higher step's 1)."""
    _check(dice, on_table)
    faces: list[int] = []
    checks: list[int | None] = []
    throws: list[Throw] = []
    for die in dice:
        throw = roller.throw(1, die.die.sides, why=str(die.die) if die.die.higher else "")
        throws.append(throw)
        faces.append(throw.faces[0])
        check = None
        if die.depletion is Depletion.CHECKED and throw.faces[0] == 1:
            check_throw = roller.throw(1, die.check_sides, why=f"depletion check for {die.die}")
            throws.append(check_throw)
            check = check_throw.faces[0]
        checks.append(check)
    return EnergyRoll(tuple(dice), tuple(faces), tuple(checks), on_table, catastrophe,
                      tuple(throws))


class Contest(NamedTuple):
    """Two rolls against each other: who won, by how much, and the damage dice."""

    actor: EnergyRoll
    opponent: EnergyRoll

    @property
    def difference(self) -> int:
        return self.actor.value - self.opponent.value

    @property
    def winner(self) -> str | None:
        """"actor", "opponent" or None (a tie does nothing)."""
        return "actor" if self.difference > 0 else "opponent" if self.difference < 0 else None

    @property
    def damage(self) -> int:
        return damage_dice(abs(self.difference))

    def describe(self, actor: str = "actor", opponent: str = "opponent") -> str:
        lines = f"{actor}: {self.actor.describe()} | {opponent}: {self.opponent.describe()}"
        if self.winner is None:
            return f"{lines} | tie at {self.actor.value}: no damage"
        who = actor if self.winner == "actor" else opponent
        win = "win" if who.lower() in ("you", "they", "we") else "wins"
        dice = "die" if self.damage == 1 else "dice"
        return (f"{lines} | {who} {win} by {abs(self.difference)}: "
                f"{self.damage} {dice} of damage")


def contest(actor: Sequence[PoolDie], opponent: Sequence[PoolDie], roller: Roller,
            actor_on_table: int = 0, opponent_on_table: int = 0) -> Contest:
    return Contest(roll(actor, roller, actor_on_table),
                   roll(opponent, roller, opponent_on_table))
