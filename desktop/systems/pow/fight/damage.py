"""What takes a fighter's stats and pools down (POW!, Taking Damage; Stat Reduction):
a hit through worn armor, then the pool, then the stat; a reduction of any stat, pool
first; and pool points paid for a Special. Going below 0 leaves a ``PendingSave``.

Each function takes a ``PowCharacter`` and returns a result holding a deep copy and the
numbers of what happened (``describe()`` gives the log line). Readings of our own where
the book and RULINGS.md are silent are marked "Ours:".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from desktop.systems.pow.fight.saves import PendingSave
from desktop.systems.pow.fight.tracking import CombatError, current_pool, with_tracking
from desktop.systems.pow.rules.character import STAT_LABELS, PowCharacter, Stat

# --- armor ------------------------------------------------------------------------------

Absorbed = Mapping[int, int]
"""Per-frame armor state: index in ``character.armor`` → points absorbed this frame."""


@dataclass(frozen=True)
class ArmorAbsorb:
    """What one worn piece of armor did against one hit."""

    index: int
    name: str
    frame_rating: int
    absorbed: int
    rating_before: int
    rating_after: int
    frame_left: int
    """Frame Rating still unused this frame after the hit."""

    def describe(self, label: str) -> str:
        if self.absorbed:
            return (f"{label} absorbs {self.absorbed} (FR {self.frame_rating}, "
                    f"DR {self.rating_before}→{self.rating_after})")
        why = "worn through" if self.rating_before == 0 else (
            f"FR {self.frame_rating} used up this frame")
        return f"{label} absorbs 0 ({why})"


def _absorb(
    character: PowCharacter, points: int, absorbed: Absorbed
) -> tuple[PowCharacter, tuple[ArmorAbsorb, ...], dict[int, int], int]:
    """Run a hit through the worn armor (RULINGS POW! 5): each piece takes up to what is
    left of its Frame Rating this frame and of its Damage Rating. Returns the character
    with worn-down armor (a copy when a piece wore down), what each piece did, the new
    per-frame state and what gets through.

    Ours: the book shows one suit; with several worn pieces, they absorb in list order.
    """
    state = dict(absorbed)
    pieces: list[ArmorAbsorb] = []
    worn_down: dict[int, int] = {}
    for index, armor in enumerate(character.armor):
        if not armor.worn:
            continue
        rating = armor.damage_rating if armor.damage_rating_left is None else (
            armor.damage_rating_left)
        used = state.get(index, 0)
        take = max(0, min(points, armor.frame_rating - used, rating))
        points -= take
        state[index] = used + take
        if take:
            worn_down[index] = rating - take
        pieces.append(ArmorAbsorb(index, armor.name, armor.frame_rating, take, rating,
                                  rating - take, max(0, armor.frame_rating - used - take)))
    if not worn_down:
        return character, tuple(pieces), state, points
    armor = [piece.model_copy(update={"damage_rating_left": worn_down[index]})
             if index in worn_down else piece for index, piece in enumerate(character.armor)]
    return character.model_copy(update={"armor": armor}), tuple(pieces), state, points


# --- stat reduction and damage ----------------------------------------------------------


@dataclass(frozen=True)
class Reduction:
    """What one hit or stat reduction did, in numbers (POW!, Taking Damage; Stat
    Reduction): armor first (damage only), then the pool, then the stat."""

    character: PowCharacter
    """The character afterwards (the stat at 0 while ``save`` is pending)."""
    stat: Stat
    points: int
    armor: tuple[ArmorAbsorb, ...]
    absorbed: Absorbed
    """Per-frame armor state after this hit: pass it to the next hit of the frame."""
    pool_before: int
    pool_after: int
    stat_before: int
    stat_after: int
    save: PendingSave | None
    damage: bool
    """A damage hit (through armor) rather than a reduction of some stat."""

    @property
    def armor_absorbed(self) -> int:
        return sum(piece.absorbed for piece in self.armor)

    @property
    def to_pool(self) -> int:
        return self.pool_before - self.pool_after

    @property
    def to_stat(self) -> int:
        """Points that reached the stat, including any beyond 0."""
        return self.points - self.armor_absorbed - self.to_pool

    def describe(self) -> str:
        label = STAT_LABELS[self.stat]
        head = f"{self.points} damage" if self.damage else f"{self.points} {label} reduction"
        parts: list[str] = []
        for piece in self.armor:
            parts.append(piece.describe("armor" if len(self.armor) == 1 else piece.name))
        pool = "pool" if self.damage else f"{label} pool"
        parts.append(f"{pool} {self.pool_before}→{self.pool_after}")
        if self.stat_after != self.stat_before or self.to_stat:
            parts.append(f"{label} {self.stat_before}→{self.stat_after}")
            if self.save is None and self.stat_after < 0 and self.stat_before <= 0:
                parts.append(f"no Stat Save from {label} {self.stat_before}")
        if self.save is not None:
            parts.append(self.save.describe())
        return f"{head}: " + ", ".join(parts)


def _reduce(
    character: PowCharacter, stat: Stat, points: int
) -> tuple[PowCharacter, int, int, int, int, PendingSave | None]:
    if points < 0:
        raise CombatError(f"cannot reduce by {points}: give 0 or more points")
    pool_before = current_pool(character, stat)
    stat_before = character.current_stat(stat)
    pool_after = max(0, pool_before - points)
    to_stat = points - (pool_before - pool_after)
    save = None
    if to_stat == 0:
        stat_after = stat_before
    elif stat_before > 0 and to_stat > stat_before:
        # The blow would take the stat below 0: it stops at 0 until the save says more.
        save = PendingSave(stat, stat_before, to_stat - stat_before)
        stat_after = 0
    else:
        # Landing exactly on 0 needs no save; a stat already at 0 or below cannot save
        # (RULINGS POW! 1), so it simply falls further.
        stat_after = stat_before - to_stat
    new = with_tracking(character, {stat: stat_after}, {stat: pool_after})
    return new, pool_before, pool_after, stat_before, stat_after, save


def reduce_stat(character: PowCharacter, stat: Stat, points: int) -> Reduction:
    """Reduce any stat: pool first, then the stat, with a Stat Save below 0 (POW!, Stat
    Reduction). Armor only stops damage, so it is not involved here."""
    new, pool_before, pool_after, stat_before, stat_after, save = _reduce(
        character, stat, points)
    return Reduction(new, stat, points, (), {}, pool_before, pool_after, stat_before,
                     stat_after, save, damage=False)


def take_damage(
    character: PowCharacter, points: int, absorbed: Absorbed | None = None
) -> Reduction:
    """A hit of ``points`` damage: worn armor, then the Damage pool, then the Damage stat.

    ``absorbed`` is what each piece of armor already absorbed this frame (from the
    previous hit's ``Reduction.absorbed``); start each frame with None or {}.
    """
    if points < 0:
        raise CombatError(f"cannot take {points} damage: give 0 or more points")
    armored, pieces, state, through = _absorb(character, points, absorbed or {})
    new, pool_before, pool_after, stat_before, stat_after, save = _reduce(
        armored, "damage", through)
    return Reduction(new, "damage", points, pieces, state, pool_before, pool_after,
                     stat_before, stat_after, save, damage=True)


# --- pool points paid -------------------------------------------------------------------


@dataclass(frozen=True)
class PoolSpend:
    """Pool points paid for a Special (e.g. Lightning Power: 10 Energy per use)."""

    character: PowCharacter
    stat: Stat
    points: int
    before: int
    after: int

    def describe(self) -> str:
        what = STAT_LABELS[self.stat]
        return f"spends {self.points} {what}: {what} pool {self.before}→{self.after}"


def spend_pool(character: PowCharacter, stat: Stat, points: int) -> PoolSpend:
    """Pay pool points. Ours: a Special's pool cost cannot be paid from the stat, so
    spending more than the pool holds is refused (a reduction is ``reduce_stat``)."""
    before = current_pool(character, stat)
    if points < 0:
        raise CombatError(f"cannot spend {points} points")
    if points > before:
        raise CombatError(f"{STAT_LABELS[stat]} pool holds {before}, not {points}")
    new = with_tracking(character, pools={stat: before - points})
    return PoolSpend(new, stat, points, before, before - points)
