"""Rest (POW!, Stat Reduction, Specials and Stat Recovery; RULINGS POW! 6): each pool
refills 1 per frame of rest up to the current stat², and a reduced stat returns 1 per
day, up through negatives. Readings of our own are marked "Ours:".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from desktop.systems.pow.fight.tracking import CombatError, current_pool, with_tracking
from desktop.systems.pow.rules.character import STAT_LABELS, STATS, PowCharacter, Stat
from desktop.systems.pow.rules.derived import pool_of


@dataclass(frozen=True)
class Recovery:
    """Frames or days of rest for one character: what came back, and the character after."""

    character: PowCharacter
    unit: Literal["frame", "day"]
    count: int
    stats: Mapping[Stat, tuple[int, int]]
    """Stats that changed: (before, after)."""
    pools: Mapping[Stat, tuple[int, int]]
    """Pools that changed: (before, after)."""

    def describe(self) -> str:
        plural = "" if self.count == 1 else "s"
        changes = [f"{STAT_LABELS[s]} {a}→{b}" for s, (a, b) in self.stats.items()]
        changes += [f"{STAT_LABELS[s]} pool {a}→{b}" for s, (a, b) in self.pools.items()]
        return f"rests {self.count} {self.unit}{plural}: " + (
            ", ".join(changes) if changes else "nothing to recover")


def rest_frames(character: PowCharacter, frames: int = 1) -> Recovery:
    """Each pool refills 1 per frame of rest, up to the current stat² (RULINGS POW! 6).
    Ours: every pool refills at once, each at its own rate of 1 per frame."""
    if frames < 0:
        raise CombatError(f"cannot rest {frames} frames")
    pools: dict[Stat, tuple[int, int]] = {}
    for stat in STATS:
        before = current_pool(character, stat)
        after = min(pool_of(character.current_stat(stat)), before + frames)
        if after != before:
            pools[stat] = (before, after)
    new = with_tracking(character, pools={s: after for s, (_, after) in pools.items()})
    return Recovery(new, "frame", frames, {}, pools)


def days_to_recover(character: PowCharacter, stat: Stat) -> int:
    """Days of rest until a reduced stat is back, counting up through negatives."""
    return max(0, character.attributes.get(stat) - character.current_stat(stat))


def rest_days(character: PowCharacter, days: int = 1, refill_pools: bool = True) -> Recovery:
    """A reduced stat returns 1 per day of rest, up through negatives (Brawn −2 → 3 takes
    5 days; RULINGS POW! 6).

    Ours: a day of rest holds far more than the 25 frames any pool needs, so by default
    the pools end the day full at the new stat² ("Only after a day's rest, when Energy
    returned to 5, could the Stat pool refill back up to a total of 25"). Pass
    ``refill_pools=False`` to raise the stats only.
    """
    if days < 0:
        raise CombatError(f"cannot rest {days} days")
    stats: dict[Stat, tuple[int, int]] = {}
    pools: dict[Stat, tuple[int, int]] = {}
    new_stats: dict[Stat, int] = {}
    new_pools: dict[Stat, int] = {}
    for stat in STATS:
        score = character.attributes.get(stat)
        before = character.current_stat(stat)
        after = max(before, min(score, before + days))
        pool_before = current_pool(character, stat)
        pool_after = pool_of(after) if refill_pools else pool_before
        new_stats[stat], new_pools[stat] = after, pool_after
        if after != before:
            stats[stat] = (before, after)
        if pool_after != pool_before:
            pools[stat] = (pool_before, pool_after)
    return Recovery(with_tracking(character, new_stats, new_pools), "day", days, stats, pools)
