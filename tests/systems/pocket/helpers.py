"""Helpers the Pocket Universe tests share (imported, not collected: no ``test_`` prefix)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from desktop.model.dice import Roller, Throw
from desktop.systems.pocket.fight.fighter import Fighter, Weapon

SWORD = Weapon("Sword", (4, 6, 8), 12)
PAIRS = list(product(range(1, 11), repeat=2))
"""Every throw of 2d10, each as likely as the others."""


class Scripted(Roller):
    """Shows the faces it is given, one throw at a time, in order; the test fails if a
    throw has the wrong number of dice or the script runs out."""

    def __init__(self, *script: tuple[int, ...]) -> None:
        super().__init__(seed=0)
        self.script = list(script)

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        assert self.script, f"no faces left for {count}d{sides} ({why})"
        faces = self.script.pop(0)
        assert len(faces) == count, (faces, count, why)
        result = Throw(sides, faces, why)
        self.throws.append(result)
        return result


def plain_fighter(key: str, **fields: Any) -> Fighter:
    """A fighter with every attribute 10, 10 hits, initiative 1/2/3 and a sword in hand;
    ``fields`` set any other value (``key`` is also its name)."""
    values: dict[str, Any] = {"phys": 10, "deft": 10, "armored_deft": 10, "will": 10,
                              "hits_max": 10, "initiative": (1, 2, 3), "weapons": (SWORD,)}
    return Fighter(key, key, **{**values, **fields})


def brute(target: int, extra_time: int = 0) -> tuple[Fraction, Fraction, Fraction]:
    """(p_success, p_critical, p_fumble) of a check, counted over all 100 throws straight
    from sections 4.0, 4.3 and 4.4: the oracle the exact odds are tested against."""
    final = target + extra_time
    success = critical = fumble = 0
    for a, b in PAIRS:
        total = a + b
        made = total <= final and total != 20
        if made:
            success += 1
            critical += a == b
        elif a == b or (extra_time and total >= 20 - 2 * extra_time):
            fumble += 1
    return Fraction(success, 100), Fraction(critical, 100), Fraction(fumble, 100)
