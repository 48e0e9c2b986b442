"""Steps on dice: one die up the Higher Dice Steps table, a pool stepped evenly or as chosen."""

from __future__ import annotations

import pytest

from desktop.systems.protector.rules import stepping


@pytest.mark.parametrize(("steps", "die"), [
    (0, "d6"), (1, "d8"), (2, "d10"), (3, "d12"), (4, "d20"), (15, "d20"), (16, "1d4x10"),
    (24, "1d6x10"), (32, "1d8x10"), (56, "1d20x10"), (111, "1d20x10"), (112, "1d4x100"),
    (784, "1d4x1000"), (10_000, "1d4x1000"),
])
def test_steps_on_one_die_follow_the_higher_steps_table(steps: int, die: str) -> None:
    assert str(stepping.die_for(steps)) == die


def test_stepping_a_pool() -> None:
    even = stepping.step_dice(7, 24)
    assert [str(d) for d in even.dice] == ["d20"] * 3 + ["d12"] * 4
    assert (even.unassigned, even.unused, even.extra_dice) == (0, 0, 0)
    chosen = stepping.step_dice(7, 24, [24])
    assert [str(d) for d in chosen.dice] == ["1d6x10"] + ["d6"] * 6
    partial = stepping.step_dice(2, 12, [6, 2])
    assert [str(d) for d in partial.dice] == ["d20", "d10"]
    assert (partial.unassigned, partial.unused) == (4, 2)
    extra = stepping.step_dice(1, 3, [1, 1, 1])
    assert extra.extra_dice == 2 and [str(d) for d in extra.dice] == ["d8"]
    assert stepping.step_dice(0, 5).dice == () and stepping.step_dice(0, 5).unassigned == 5
