"""POW! rest (Stat Reduction, Specials and Stat Recovery): pools back 1 per frame up to the
current stat², stats back 1 per day through negatives."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from desktop.systems.pow.fight.rest import days_to_recover, rest_days, rest_frames
from desktop.systems.pow.fight.tracking import current_pool
from tests.systems.pow.helpers import pc


def test_brawn_minus_two_back_to_three_takes_five_days() -> None:
    hurt = pc(brawn=3)
    hurt.tracking.stats["brawn"] = -2
    hurt.tracking.pools["brawn"] = 0
    assert days_to_recover(hurt, "brawn") == 5
    path = [hurt.current_stat("brawn")]
    for _ in range(5):
        hurt = rest_days(hurt, 1).character
        path.append(hurt.current_stat("brawn"))
    assert path == [-2, -1, 0, 1, 2, 3]
    assert rest_days(hurt, 1).character.current_stat("brawn") == 3  # never above the score
    assert hurt.tracking.stats == {}  # back to full: nothing left to track


def test_rest_days_at_once() -> None:
    hurt = pc(brawn=3)
    hurt.tracking.stats["brawn"] = -2
    four = rest_days(hurt, 4, refill_pools=False)
    assert four.stats == {"brawn": (-2, 2)}
    assert four.character.tracking.pools["brawn"] == 0
    assert rest_days(hurt, 5).describe() == "rests 5 days: Brawn -2→3, Brawn pool 0→9"


def test_pool_refills_one_per_frame_only_to_current_stat_squared() -> None:
    tired = pc(energy=5)
    tired.tracking.stats["energy"] = 4
    tired.tracking.pools["energy"] = 0
    one = rest_frames(tired, 1)
    assert one.pools == {"energy": (0, 1)}
    assert one.describe() == "rests 1 frame: Energy pool 0→1"
    assert current_pool(rest_frames(tired, 16).character, "energy") == 16
    long_rest = rest_frames(tired, 40)
    assert long_rest.pools == {"energy": (0, 16)}  # 4 × 4, not 25
    capped = long_rest.character
    assert capped.tracking.pools == {"energy": 16}
    # Only after a day's rest, when Energy is back to 5, can the pool reach 25.
    next_day = rest_days(capped, 1, refill_pools=False).character
    assert next_day.current_stat("energy") == 5
    assert current_pool(next_day, "energy") == 16
    assert current_pool(rest_frames(next_day, 9).character, "energy") == 25
    assert rest_frames(next_day, 9).character.tracking.pools == {}
    assert current_pool(rest_days(capped, 1).character, "energy") == 25


def test_rest_refills_every_pool() -> None:
    worn = pc(brawn=2, damage=2)
    worn.tracking.pools.update(brawn=1, damage=3)
    assert rest_frames(worn, 2).pools == {"brawn": (1, 3), "damage": (3, 4)}


# --- Properties -----------------------------------------------------------------------


@given(score=st.integers(0, 5), reduced=st.integers(-6, 5), pool=st.integers(0, 25),
       frames=st.integers(0, 30))
def test_rest_never_fills_a_pool_past_current_stat_squared(
    score: int, reduced: int, pool: int, frames: int,
) -> None:
    who = pc(energy=score)
    current = min(score, reduced)
    who.tracking.stats["energy"] = current
    who.tracking.pools["energy"] = pool
    before = current_pool(who, "energy")
    after = current_pool(rest_frames(who, frames).character, "energy")
    cap = current * current if current > 0 else 0
    assert after == min(cap, before + frames)
    assert days_to_recover(who, "energy") == score - current
