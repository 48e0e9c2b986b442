"""A fighter's current stats and pools, the bottom of POW!'s fight engine: read them and
write them into a copy, never in place, so a UI can keep the old value for undo.

``CombatError`` is the refusal every fight module raises. "Absent means full" is the
file's convention (``character.Tracking``): no entry is the stat at its score, the pool
at current stat² (POW!, Creating a Character, Step 3).
"""

from __future__ import annotations

from collections.abc import Mapping

from desktop.systems.pow.rules.character import PowCharacter, Stat
from desktop.systems.pow.rules.derived import pool_of


class CombatError(ValueError):
    """An operation the rules do not allow now; the message says why, for the UI."""


def current_pool(character: PowCharacter, stat: Stat) -> int:
    """The pool now: an absent entry means full, and never above current stat²."""
    cap = pool_of(character.current_stat(stat))
    return max(0, min(character.tracking.pools.get(stat, cap), cap))


def with_tracking(
    character: PowCharacter,
    stats: Mapping[Stat, int] | None = None,
    pools: Mapping[Stat, int] | None = None,
) -> PowCharacter:
    """A copy with new current stats/pools; entries back at full are dropped,
    keeping the file's "absent means full" convention (character.Tracking).

    Only the tracking is new: the rest of the character is shared with ``character``
    (a fight never changes a character in place, so the two stay as they are)."""
    current = dict(character.tracking.stats)
    for stat, value in (stats or {}).items():
        if value == character.attributes.get(stat):
            current.pop(stat, None)
        else:
            current[stat] = value
    staged = _tracked(character, current, character.tracking.pools)
    if not pools:
        return staged
    left = dict(character.tracking.pools)
    for stat, value in pools.items():
        score = character.attributes.get(stat)
        if staged.current_stat(stat) == score and value == pool_of(score):
            left.pop(stat, None)
        else:
            left[stat] = value
    return _tracked(character, current, left)


def _tracked(character: PowCharacter, stats: dict[Stat, int],
             pools: Mapping[Stat, int]) -> PowCharacter:
    tracking = character.tracking.model_copy(update={"stats": stats, "pools": dict(pools)})
    return character.model_copy(update={"tracking": tracking})
