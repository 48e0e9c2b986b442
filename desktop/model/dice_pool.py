"""Dice of mixed sizes, as pools that step up and down and deplete: "d6", "d20", "1d4x10".

Games whose characters are pools of dice (Protector) store each die as its text form,
so a file stays readable; the engine works with ``Die`` values. A die is a number of
sides and a multiplier (1 for the ordinary ladder, 10/100/1000 for the higher steps).

Also here, for any game built on such pools (no Qt, no game rules):

* ``StepLadder``: which die a number of steps buys (d6 → d8 → … → d20, the voluntary
  step down to d4, and rungs beyond the d20 that a game supplies as data);
* ``PoolDie`` and ``Depletion``: one die as rolled and when it depletes;
* ``Pool``: a depleting pool of ready, depleted, awarded and removed dice. A
  character's energy and each of its agents (equipment, powers, assistants) have one.

Exact odds over mixed dice are in ``desktop.model.pool_odds``.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

LADDER = (4, 6, 8, 10, 12, 20)
"""The ordinary dice in step order."""

_TEXT = re.compile(r"^(?:1?d)(\d+)(?:\s*[x×]\s*(\d+))?$", re.IGNORECASE)


# The values below are NamedTuples, checked as they are made (``__new__``): they are
# declared as a character opens, and a frozen dataclass compiles its methods then.


class _DieFields(NamedTuple):
    sides: int
    multiplier: int = 1


class Die(_DieFields):
    """One die of the step ladder (d4 … d20), or a higher die with multiplied faces (1d4x10)."""

    __slots__ = ()

    def __new__(cls, sides: int, multiplier: int = 1) -> Die:
        if sides not in LADDER:
            raise ValueError(f"no d{sides} in the dice ladder {LADDER}")
        if multiplier not in (1, 10, 100, 1000):
            raise ValueError(f"multiplier {multiplier} is not 1, 10, 100 or 1000")
        return super().__new__(cls, sides, multiplier)

    @classmethod
    def parse(cls, text: str) -> Die:
        """"d6", "D8", "1d4x10", "1d4×100" → Die; a clear ValueError otherwise."""
        match = _TEXT.match(text.strip())
        if not match:
            raise ValueError(f"{text!r} is not a die (write d4, d6, … d20 or 1d4x10)")
        return cls(int(match[1]), int(match[2] or 1))

    @property
    def higher(self) -> bool:
        return self.multiplier > 1

    def __str__(self) -> str:
        return f"1d{self.sides}x{self.multiplier}" if self.higher else f"d{self.sides}"

    def face_values(self) -> tuple[int, ...]:
        """What each face reads, equally likely: 1..sides times the multiplier."""
        return tuple(face * self.multiplier for face in range(1, self.sides + 1))


# --- stepping dice up and down ------------------------------------------------------------

BASE = Die(6)
"""The die every pool starts with; a stepped-up die that depletes reverts to it."""

ORDINARY_STEPS: tuple[tuple[Die, int], ...] = (
    (Die(4), -1), (Die(6), 0), (Die(8), 1), (Die(10), 2), (Die(12), 3), (Die(20), 4),
)
"""The ordinary ladder with each die's cost in steps from the d6: one step per rung up
to the d20; the d4 is the voluntary step down."""


class _LadderFields(NamedTuple):
    rungs: tuple[tuple[Die, int], ...] = ORDINARY_STEPS


class StepLadder(_LadderFields):
    """Which die a number of steps on one die buys, and what a die costs in steps.

    Steps are counted from the d6 (cost 0). Games add rungs beyond the d20 with their
    own costs (Protector's Higher Dice Steps: 1d4x10 costs 16, the equal of 4d20), so
    the rungs are data: ``StepLadder.with_rungs(...)``. Steps that do not reach the
    next rung are unused on that die.
    """

    __slots__ = ()

    def __new__(cls, rungs: tuple[tuple[Die, int], ...] = ORDINARY_STEPS) -> StepLadder:
        costs = [cost for _, cost in rungs]
        if costs != sorted(set(costs)):
            raise ValueError("ladder rungs must cost strictly more steps as they go up")
        if (BASE, 0) not in rungs:
            raise ValueError("a ladder counts steps from the d6, which costs 0")
        return super().__new__(cls, tuple(rungs))

    def with_rungs(self, extra: tuple[tuple[Die, int], ...]) -> StepLadder:
        return StepLadder(self.rungs + tuple(extra))

    @property
    def top(self) -> Die:
        return self.rungs[-1][0]

    def cost(self, die: Die) -> int:
        """Steps from the d6 to ``die`` (the d4 costs −1)."""
        for rung, cost in self.rungs:
            if rung == die:
                return cost
        raise ValueError(f"{die} is not on this dice ladder")

    def die_for(self, steps: int) -> Die:
        """The best die ``steps`` steps on one die buy (−1: the d4)."""
        if steps < self.rungs[0][1]:
            raise ValueError(f"{steps} steps is below the lowest die, {self.rungs[0][0]}")
        return max((rung for rung in self.rungs if rung[1] <= steps), key=lambda r: r[1])[0]

    def up(self, die: Die, steps: int = 1) -> Die:
        """``die`` raised by ``steps`` more steps (d6 + 1 → d8; d20 + 12 → 1d4x10)."""
        if steps < 0:
            raise ValueError(f"cannot step up by {steps}")
        return self.die_for(self.cost(die) + steps)

    def next_rung(self, die: Die) -> tuple[Die, int] | None:
        """The next die up and the steps it takes from ``die``; None at the top."""
        cost = self.cost(die)
        for rung, rung_cost in self.rungs:
            if rung_cost > cost:
                return rung, rung_cost - cost
        return None

    def spread(self, dice: int, steps: int) -> tuple[Die, ...]:
        """``steps`` spread as evenly as they go over ``dice`` d6s, best die first: a
        default assignment (the player may assign steps any way, Traits)."""
        if dice < 0 or steps < 0:
            raise ValueError(f"cannot spread {steps} steps over {dice} dice")
        if dice == 0:
            return ()
        each, extra = divmod(steps, dice)
        return tuple(self.die_for(each + (1 if i < extra else 0)) for i in range(dice))


# --- a pool of dice that deplete -----------------------------------------------------------


class Depletion(StrEnum):
    """When a rolled die leaves the pool for the table (or for good)."""

    ON_ONE = "on one"
    """A 1 depletes the die (the d6 and every die stepped up from it)."""
    PAIRED = "paired"
    """Ones deplete one die per pair of ones in the same roll (the d4)."""
    CHECKED = "checked"
    """A 1 calls for a check die; a 1 on that depletes (Protector's x10 and x100 steps)."""
    NEVER = "never"
    """Never depletes from a roll (No Deplete; rest rolls; the x1000 step)."""
    ALWAYS = "always"
    """Depletes whatever it shows (dice stepped up by a Protector trade)."""


class _PoolDieFields(NamedTuple):
    die: Die
    depletion: Depletion = Depletion.ON_ONE
    check_sides: int = 0
    """The check die's sides for ``CHECKED`` dice; 0 otherwise."""


class PoolDie(_PoolDieFields):
    """One die as rolled: its size and how it depletes."""

    __slots__ = ()

    def __new__(cls, die: Die, depletion: Depletion = Depletion.ON_ONE,
                check_sides: int = 0) -> PoolDie:
        if (depletion is Depletion.CHECKED) != (check_sides > 0):
            raise ValueError("a check die goes with CHECKED depletion, and only with it")
        return super().__new__(cls, die, depletion, check_sides)

    @property
    def weight(self) -> int:
        """Equally likely outcomes of this die (its check die included)."""
        return self.die.sides * (self.check_sides or 1)

    def __str__(self) -> str:
        return str(self.die)


class PoolDamage(NamedTuple):
    """What damage did to a pool: dice taken from the pool, then from the table."""

    depleted: int = 0
    """Ready dice put on the table as depleted dice."""
    removed: int = 0
    """Ready dice removed from play (weapon damage)."""
    from_table: int = 0
    """Depleted (or awarded) dice removed because the pool had no ready dice left."""
    unabsorbed: int = 0
    """Damage with nothing left to take it."""

    @property
    def total(self) -> int:
        return self.depleted + self.removed + self.from_table


class _PoolFields(NamedTuple):
    ready: int
    depleted: int = 0
    awarded: int = 0
    removed: int = 0
    base: Die = BASE


class Pool(_PoolFields):
    """A pool of dice that deplete: a character's energy dice, or an agent's own pool.

    Immutable: every change returns a new pool, so a UI can keep the old one for undo.
    The pool holds plain ``base`` dice; steps are assigned when rolling (a Protector
    trait steps dice up for one roll), and a die that depletes comes back as a base die.

    * ``ready``: dice in the pool that can be rolled;
    * ``depleted``: dice left on the table showing 1; they add to every roll and come
      back only through multiples, rest and healing;
    * ``awarded``: depleted dice given by others for good storytelling; on the table
      like depleted dice, lost at the end of the game unless recovered;
    * ``removed``: dice lost to damage (weapons); off the table, back only by healing
      or repair.
    """

    __slots__ = ()

    def __new__(cls, ready: int, depleted: int = 0, awarded: int = 0, removed: int = 0,
                base: Die = BASE) -> Pool:
        for name, count in (("ready", ready), ("depleted", depleted), ("awarded", awarded),
                            ("removed", removed)):
            if count < 0:
                raise ValueError(f"a pool cannot have {count} {name} dice")
        return super().__new__(cls, ready, depleted, awarded, removed, base)

    def _replace(self, **changes: int | Die) -> Pool:
        """A copy with ``changes``, checked as a new pool is."""
        return Pool(**{**self._asdict(), **changes})

    @property
    def on_table(self) -> int:
        """Dice on the table showing 1: they add to every roll."""
        return self.depleted + self.awarded

    @property
    def in_play(self) -> int:
        return self.ready + self.on_table

    @property
    def out(self) -> bool:
        """No ready dice: out of play until recovered."""
        return self.ready == 0

    @property
    def gone(self) -> bool:
        """No dice at all, not even depleted ones: permanently out of play."""
        return self.in_play == 0

    def _need(self, dice: int, what: str) -> None:
        if dice < 0:
            raise ValueError(f"cannot {what} {dice} dice")
        if dice > self.ready:
            raise ValueError(f"cannot {what} {dice} dice: {self.ready} ready in the pool")

    def deplete(self, dice: int) -> Pool:
        """Rolled dice that depleted: from the pool to the table."""
        self._need(dice, "deplete")
        return self._replace(ready=self.ready - dice, depleted=self.depleted + dice)

    def remove(self, dice: int) -> Pool:
        """Dice out of play for good (rolled and lost, e.g. a catastrophe's choice)."""
        self._need(dice, "remove")
        return self._replace(ready=self.ready - dice, removed=self.removed + dice)

    def spend(self, dice: int) -> Pool:
        """Dice given up for good (training), not counted as damage."""
        self._need(dice, "spend")
        return self._replace(ready=self.ready - dice)

    def add(self, dice: int) -> Pool:
        """New dice for the pool (bought in training)."""
        if dice < 0:
            raise ValueError(f"cannot add {dice} dice")
        return self._replace(ready=self.ready + dice)

    def take_damage(self, dice: int, remove: bool = False) -> tuple[Pool, PoolDamage]:
        """Damage of ``dice`` dice: ready dice deplete (or are removed, ``remove``);
        once the pool is empty, damage removes dice from the table (own depleted dice
        first, then awarded ones)."""
        if dice < 0:
            raise ValueError(f"cannot take {dice} dice of damage")
        hit = min(dice, self.ready)
        rest = dice - hit
        own = min(rest, self.depleted)
        given = min(rest - own, self.awarded)
        pool = self._replace(
            ready=self.ready - hit,
            depleted=self.depleted - own + (0 if remove else hit),
            awarded=self.awarded - given,
            removed=self.removed + own + given + (hit if remove else 0),
        )
        damage = PoolDamage(
            depleted=0 if remove else hit, removed=hit if remove else 0,
            from_table=own + given, unabsorbed=rest - own - given)
        return pool, damage

    def restore(self, dice: int = 1, awarded_first: bool = True) -> tuple[Pool, int]:
        """Depleted dice back into the pool (a multiple, a rest); returns how many came
        back. Awarded dice come back first by default: they are lost at game end."""
        if dice < 0:
            raise ValueError(f"cannot restore {dice} dice")
        first, second = ("awarded", "depleted") if awarded_first else ("depleted", "awarded")
        a = min(dice, getattr(self, first))
        b = min(dice - a, getattr(self, second))
        pool = self._replace(ready=self.ready + a + b,
                       **{first: getattr(self, first) - a, second: getattr(self, second) - b})
        return pool, a + b

    def restock(self) -> Pool:
        """Every depleted die back (equipment restocked where its resource is at hand)."""
        return self.restore(self.on_table)[0]

    def heal(self, dice: int = 1) -> tuple[Pool, int]:
        """Removed (damage) dice back into the pool; returns how many came back."""
        if dice < 0:
            raise ValueError(f"cannot heal {dice} dice")
        back = min(dice, self.removed)
        return self._replace(ready=self.ready + back, removed=self.removed - back), back

    def award(self, dice: int = 1) -> Pool:
        """Depleted dice given to this pool's owner for good storytelling."""
        if dice < 0:
            raise ValueError(f"cannot award {dice} dice")
        return self._replace(awarded=self.awarded + dice)

    def end_game(self) -> Pool:
        """Awarded dice not recovered by the end of a game are lost."""
        return self._replace(awarded=0)

    def describe(self) -> str:
        parts = [f"{self.ready} ready"]
        if self.depleted:
            parts.append(f"{self.depleted} depleted")
        if self.awarded:
            parts.append(f"{self.awarded} awarded")
        if self.removed:
            parts.append(f"{self.removed} removed")
        return ", ".join(parts)
