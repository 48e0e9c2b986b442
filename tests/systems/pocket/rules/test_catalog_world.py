"""Material Strength and falling."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.rules import catalog_world


def test_material_strength() -> None:
    table = catalog_world.materials()
    assert [(row.names, row.strength) for row in table.materials] == [
        (("paper",), 0), (("cloth", "dirt"), 2), (("soft wood",), 4), (("hard wood",), 6),
        (("brick",), 8), (("mortar",), 10), (("granite",), 12), (("gold", "lead"), 14),
        (("marble",), 16), (("silver",), 18), (("iron",), 22), (("platinum",), 24),
        (("steel",), 26), (("titanium",), 30)]
    assert table.strength("Lead") == 14
    with pytest.raises(KeyError):
        table.strength("adamantium")


def test_falling_surfaces() -> None:
    table = catalog_world.falling()
    assert [(s.name, s.modifier) for s in table.surfaces] == [
        ("Rock", 0), ("Packed Earth", 0), ("Sand", -1), ("Straw", -2), ("Mud", -4),
        ("Water", -8)]
    assert table.damage_per_space == 1
    assert table.surface("straw").modifier == -2
