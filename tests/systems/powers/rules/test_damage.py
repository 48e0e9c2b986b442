"""The draft's damage arithmetic: Damaging a Target, over time, Close to Death, and the
sprint example (Move)."""

from __future__ import annotations

import pytest

from desktop.systems.powers.rules.character import DamageTaken
from desktop.systems.powers.rules.damage import (
    close_to_death_target,
    damage_dealt,
    hit_points_left,
    knocked_out,
    over_time,
    sprint_stun,
    sprint_target,
)


def test_damage_adds_the_attack_net_and_is_never_negative() -> None:
    """Damaging a Target; RULINGS.md Powers 3: Bob's net 3 on the attack adds to his
    damage hits by default; the toggle adds nothing."""
    assert damage_dealt(4, 5, attack_net=3) == 2
    assert damage_dealt(4, 5, attack_net=3, add_attack_net=False) == 0
    assert damage_dealt(0, 9) == 0


def test_over_time() -> None:
    assert over_time(3, "dot", 3) == [3, 3, 3]
    assert over_time(9, "dot_fading") == [9, 4, 2, 1]  # half, rounded down, until 0
    assert over_time(2, "hot_increase", 4) == [2, 4, 8, 16]
    assert over_time(0, "rot_fading") == []
    with pytest.raises(ValueError, match="needs its turns"):
        over_time(2, "dot")
    with pytest.raises(ValueError):
        over_time(-1, "dot", 2)


def test_close_to_death_and_knockout() -> None:
    hurt = DamageTaken(normal=9, phantom=3)
    assert hit_points_left(10, hurt) == -2 and close_to_death_target(10, hurt) == 2
    assert close_to_death_target(10, DamageTaken(normal=10)) == 0
    assert close_to_death_target(10, DamageTaken(normal=9)) is None
    assert knocked_out(10, DamageTaken(normal=4, stun=6))
    assert not knocked_out(10, DamageTaken(normal=4, stun=5))


def test_the_drafts_sprint_example() -> None:
    """Move: a 10-turn move sprinted in 6 turns needs 4 hits; Bob rolls 3, one Stun.
    Flat out (5 turns) he would have taken two."""
    assert sprint_target(10, 6) == 4 and sprint_stun(10, 6, hits=3) == 1
    assert sprint_stun(10, 5, hits=3) == 2
    assert sprint_stun(10, 10, hits=0) == 0
    with pytest.raises(ValueError, match="5 to 10 turns"):
        sprint_target(10, 4)  # no more than double speed
