"""Exact probability: distributions as integer counts over equally likely outcomes.

Nothing here samples. A distribution of a sum of dice is a Counter of totals with the
number of ways to reach each; probabilities are Fractions, so "58.3 %" on screen and
``p_success`` in the CLI come from the same exact value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from itertools import product
from types import MappingProxyType


@cache
def dice_sum_counts(count: int, sides: int) -> Mapping[int, int]:
    """Ways to roll each total on ``count`` dice of ``sides`` sides (sides**count in all)."""
    if count < 0 or sides < 1:
        raise ValueError(f"no distribution for {count}d{sides}")
    ways: Counter[int] = Counter({0: 1})
    for _ in range(count):
        step: Counter[int] = Counter()
        for total, n in ways.items():
            for face in range(1, sides + 1):
                step[total + face] += n
        ways = step
    return MappingProxyType(dict(ways))  # cached: callers must not change it


def faces(count: int, sides: int) -> Iterable[tuple[int, ...]]:
    """Every ordered outcome of ``count`` dice: for rules that look at the faces."""
    return product(range(1, sides + 1), repeat=count)


def probability(ways: Mapping[int, int], accept) -> Fraction:
    """P(accept(total)) for a distribution given as counts."""
    total = sum(ways.values())
    return Fraction(sum(n for value, n in ways.items() if accept(value)), total)


def percent(p: Fraction, places: int = 1) -> str:
    """A probability as people read it: "58.3 %", "100 %", "< 0.1 %"."""
    if p == 0:
        return "0 %"
    if p == 1:
        return "100 %"
    value = float(p) * 100
    smallest = 10.0**-places
    if value < smallest:
        return f"< {smallest:g} %"
    if value > 100 - smallest:
        return f"> {100 - smallest:g} %"
    return f"{value:.{places}f} %"
