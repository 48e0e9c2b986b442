"""The Energy System's tables as read from resources/protector/combat.json."""

from __future__ import annotations

import pytest

from desktop.model.dice_pool import Die
from desktop.systems.protector.rules import combat_tables as t


def test_higher_dice_steps_follow_the_book() -> None:
    ladder = t.ladder()
    assert ladder.cost(Die(20)) == 4
    assert [ladder.cost(Die.parse(d)) for d in ("1d4x10", "1d20x10", "1d4x100", "1d20x100",
                                                "1d4x1000")] == [16, 56, 112, 392, 784]
    assert ladder.die_for(96 // 3) == Die(8, 10), "The Visionary: 3d 96 Steps (3d8x10)"
    assert ladder.die_for(112) == Die(4, 100), "See Through Time: 1d 112 Steps (1d4x100)"
    assert t.check_sides(Die(4, 10)) == 6 and t.check_sides(Die(12, 100)) == 20
    assert t.check_sides(Die(4, 1000)) is None
    assert len(ladder.rungs) == 6 + 13


@pytest.mark.parametrize(("difference", "dice"), [(0, 0), (-3, 0), (1, 1), (2, 1), (3, 2),
                                                  (5, 2), (6, 3), (9, 4)])
def test_contest_damage(difference: int, dice: int) -> None:
    assert t.damage_dice(difference) == dice


def test_challenge_difficulties_table() -> None:
    assert str(t.challenge_dice("Easy")) == "2d6"
    assert str(t.challenge_dice("draining", "d8")) == "5d8"
    assert str(t.challenge_dice("Deadly", Die(20))) == "8d20"
    assert str(t.challenge_dice("Exhausting", "d10")) == "7d10"
    assert t.difficulty_names() == ("Easy", "Tiring", "Draining", "Exhausting", "Deadly")
    with pytest.raises(ValueError, match="no d4 column"):
        t.challenge_dice("Easy", "d4")


def test_distance_table() -> None:
    assert t.ranges() == ("Close", "Ranged", "Distant", "Out of Reach")
    assert str(t.distance_dice("Ranged", "Close")) == "4d6"
    assert str(t.distance_dice("Out of Reach", "Close")) == "8d20"
    assert str(t.distance_dice("distant", "ranged")) == "4d10"
    with pytest.raises(ValueError, match="no move from"):
        t.distance_dice("Close", "Distant")


def test_rest_training_and_capacity() -> None:
    assert [(p.name, p.rolls, p.restore) for p in t.rest_phases().values()] == [
        ("Rest", 1, 1), ("Sleep", 3, 3), ("Recovery", 5, 5)]
    assert t.rest_die() == Die(4) and t.help_points_per_die() == 5
    assert t.unresolved_points_per_damage() == 3
    kinds = t.training_kinds()
    assert {k: str(v.difficulty) for k, v in kinds.items()} == {
        "Attribute": "3d6", "Skill": "1d6", "Power": "1d4", "Equipment": "1d4",
        "Assistant": "1d4"}
    assert t.training_kind("skill").gains == "steps"
    assert t.capacity_dice() == (Die(4), Die(6))
    with pytest.raises(ValueError, match="no rest phase"):
        t.rest_phase("Nap")
    with pytest.raises(ValueError, match="no training"):
        t.training_kind("Money")


def test_risked_prompts() -> None:
    assert "".join(r.letter for r in t.risked()) == "RISKED"
    assert "".join(r.letter for r in t.risked(physical=False)) == "RISK"
    assert t.narration_prompts()[0][0] == "What made it go that way?"
    assert str(t.rule_of("distance")) == "Protector, Distance"
    assert "d20" in t.note_of("challenge_difficulties")


def test_dice_counts_read_and_write() -> None:
    assert t.DiceCount.parse("4d20") == t.DiceCount(4, Die(20))
    assert str(t.DiceCount(3, Die(8, 10))) == "3d8x10"
