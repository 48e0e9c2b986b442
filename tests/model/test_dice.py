"""The seeded Roller: same seed, same throws; every throw recorded."""

from __future__ import annotations

import pytest

from desktop.model.dice import Roller, Throw


def faces_of(roller: Roller, n: int = 30) -> list[tuple[int, ...]]:
    return [roller.throw(2, 6).faces for _ in range(n)]


def test_the_same_seed_replays_the_same_throws() -> None:
    assert faces_of(Roller(seed=7)) == faces_of(Roller(seed=7))
    assert faces_of(Roller(seed=7)) != faces_of(Roller(seed=8))


def test_two_rollers_do_not_share_a_random_source() -> None:
    a, b = Roller(seed=3), Roller(seed=3)
    a.throw(5, 6)  # a runs ahead; b must not be affected
    assert faces_of(b, 5) == faces_of(Roller(seed=3), 5)


def test_faces_are_in_range_and_every_face_comes_up() -> None:
    roller = Roller(seed=1)
    seen = set()
    for _ in range(200):
        throw = roller.throw(3, 4)
        assert len(throw.faces) == 3 and throw.sides == 4
        seen.update(throw.faces)
    assert seen == {1, 2, 3, 4}


def test_every_throw_is_recorded_with_why_and_taken_once() -> None:
    roller = Roller(seed=11)
    first = roller.throw(2, 6)
    again = roller.throw(2, 6, why="doubles")
    assert roller.throws == [first, again]
    assert again.why == "doubles" and first.why == ""
    assert roller.take_throws() == [first, again]
    assert roller.throws == [] and roller.take_throws() == []
    third = roller.throw(1, 20)
    assert roller.throws == [third]


@pytest.mark.parametrize(("count", "sides"), [(0, 6), (-1, 6), (2, 0), (1, -4)])
def test_impossible_throws_are_refused(count: int, sides: int) -> None:
    roller = Roller(seed=0)
    with pytest.raises(ValueError):
        roller.throw(count, sides)
    assert roller.throws == []


def test_throw_total_json_and_text() -> None:
    throw = Throw(6, (3, 4), "doubles")
    assert throw.total == 7
    assert throw.to_json() == {"sides": 6, "faces": [3, 4], "why": "doubles"}
    assert str(throw) == "2d6 [3, 4]"
    assert str(Throw(20, (17,))) == "1d20 [17]"
