"""The combat tables (resources/pocket/combat.json): criticals at their edges and their
default column (5.35), cover (5.33), attacking equipment (5.64), and the file's sanity."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.fight import tables as ct
from desktop.systems.pocket.rules.dice import CheckError


def test_critical_success_table_edges() -> None:
    first = ct.critical("success", 1)
    assert first.effect == "armor_damaged" and first.default == 2
    assert first.text.startswith("Target's armor is damaged, losing -1/-1")
    last = ct.critical("success", 10)
    assert last.effect == "roll_twice" and last.default is None
    assert ct.critical("success", 9).effect == "gm_option"


def test_critical_failure_table_edges() -> None:
    first = ct.critical("failure", 1)
    assert first.effect == "wrong_target" and first.default == 2 and first.base_to_hit == 10
    assert ct.critical("failure", 10).effect == "roll_twice"
    assert ct.critical("failure", 8).effect == "attacker_armor_damaged"


@pytest.mark.parametrize(("side", "roll", "default"), [
    ("success", 1, 2), ("success", 2, 7), ("success", 3, 5), ("success", 4, 8),
    ("success", 5, None), ("success", 6, 3), ("success", 7, 8), ("success", 8, 5),
    ("success", 9, None), ("success", 10, None),
    ("failure", 1, 2), ("failure", 2, 1), ("failure", 3, 5), ("failure", 4, 6),
    ("failure", 5, None), ("failure", 6, 3), ("failure", 7, 4), ("failure", 8, 3),
    ("failure", 9, None), ("failure", 10, None),
])
def test_default_column(side: str, roll: int, default: int | None) -> None:
    used = ct.critical_default(side, roll)  # type: ignore[arg-type]
    assert (used.roll if used else None) == default


def test_every_table_has_ten_rows_and_every_default_exists() -> None:
    for side in ("success", "failure"):
        rows = ct.critical_table(side)  # type: ignore[arg-type]
        assert [r.roll for r in rows] == list(range(1, 11))
        for row in rows:
            assert row.default is None or 1 <= row.default <= 10
            assert row.default != row.roll
    # Our two readings of the lost defaults are marked as ours.
    assert ct.critical("success", 7).ours == ("default",)
    assert ct.critical("success", 8).ours == ("default",)


@pytest.mark.parametrize("face", [0, 11])
def test_critical_faces_outside_the_d10(face: int) -> None:
    with pytest.raises(CheckError):
        ct.critical("success", face)


def test_cover_types() -> None:
    assert [(c.name, c.obstructed_to, c.aim_penalty) for c in ct.tables().cover.types] == [
        ("light", 3, -2), ("medium", 5, -3), ("heavy", 7, -4)]
    assert ct.cover_type(" Heavy ").obstructed_to == 7
    with pytest.raises(CheckError, match="unknown cover"):
        ct.cover_type("total")


def test_equipment_penalties() -> None:
    assert ct.equipment_penalty("large") == -1
    assert ct.equipment_penalty("tiny") == -4
    with pytest.raises(CheckError, match="unknown size"):
        ct.equipment_penalty("huge")


def test_book_numbers() -> None:
    t = ct.tables()
    assert (t.scale.meters_per_space, t.scale.seconds_per_round) == (2, 6)
    assert t.scale.rounds_per_minute == 10
    shots = t.called_shots
    assert (shots.knockout.to_hit, shots.disarm.to_hit, shots.death_blow.to_hit) == (-3, -2, -8)
    assert shots.avoid_armor.exposed_head_to_hit == -3
    assert t.stances.defensive.defense_bonus == 2
    d = t.stances.desperation
    assert (d.move_factor, d.phys_bonus, d.damage_levels, d.check_penalty) == (2, 2, 2, -2)
    assert t.grappling.full_hold_to_hit == -3
    assert (t.surprise.off_guard, t.surprise.immobile) == (2, 4)


def test_point_blank_agrees_with_the_weapon_tables() -> None:
    from desktop.systems.pocket.rules import catalog_weapons
    from desktop.systems.pocket.rules.dice import tables

    assert tables().range.point_blank_missile_modifier == (
        catalog_weapons.weapon_data().missile.point_blank_penalty)
