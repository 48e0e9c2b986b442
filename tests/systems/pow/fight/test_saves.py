"""POW! Stat Saves: Dave's save after Ed's second blow (POW!, Taking Damage, Stat Saves),
the d6 given or rolled."""

from __future__ import annotations

import pytest

from desktop.model.dice import Roller
from desktop.systems.pow.fight.saves import resolve_save, roll_save
from desktop.systems.pow.fight.tracking import CombatError
from tests.systems.pow.helpers import dave_after_two_hits


def test_dave_rolls_a_one_and_survives_at_exactly_zero() -> None:
    second = dave_after_two_hits()
    saved = resolve_save(second.character, second.save, 1)
    assert saved.success
    assert saved.character.current_stat("damage") == 0
    assert saved.describe() == "Stat Save 1 ≤ 2: Damage stays at 0"


@pytest.mark.parametrize("die", [3, 4, 5, 6])
def test_dave_failing_the_save_is_at_minus_one(die: int) -> None:
    second = dave_after_two_hits()
    failed = resolve_save(second.character, second.save, die)
    assert not failed.success
    assert failed.character.current_stat("damage") == -1
    assert failed.describe() == f"Stat Save {die} > 2: Damage 2→-1"


def test_save_die_must_be_a_d6_face() -> None:
    second = dave_after_two_hits()
    with pytest.raises(CombatError, match="1 to 6"):
        resolve_save(second.character, second.save, 7)


def test_rolled_save_records_its_throw() -> None:
    second = dave_after_two_hits()
    roller = Roller(seed=3)
    result = roll_save(second.character, second.save, roller)
    assert result.throw is not None and result.throw.why == "stat save"
    assert roller.throws == [result.throw]
    assert result.die == result.throw.total
    assert result.character.current_stat("damage") == (0 if result.die <= 2 else -1)
