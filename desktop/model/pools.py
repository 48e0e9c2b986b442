"""How a stat pool is drawn: the book's row of bubbles (POW!, Step 3).

The sheet shows every pool a stat could have (25 for POW!'s 0–5 stats). Bubbles beyond
the character's pool are filled in from the right; of the pool itself, points already
lost are marked spent. The editor and the PDF both draw from this one list.
"""

from __future__ import annotations

from enum import StrEnum


class Bubble(StrEnum):
    OPEN = "open"
    """A pool point the character still has."""
    SPENT = "spent"
    """A pool point lost (damage, a Special's pool cost) and not yet recovered."""
    FILLED = "filled"
    """Beyond the character's pool: filled in on the sheet."""


def bubble_states(pool: int, current: int | None = None, slots: int = 25) -> list[Bubble]:
    """``slots`` bubbles (more if the pool is bigger) for a pool of ``pool`` with
    ``current`` points left (None: full): open, then spent, then filled."""
    pool = max(pool, 0)
    current = pool if current is None else min(max(current, 0), pool)
    return (
        [Bubble.OPEN] * current
        + [Bubble.SPENT] * (pool - current)
        + [Bubble.FILLED] * (max(slots, pool) - pool)
    )
