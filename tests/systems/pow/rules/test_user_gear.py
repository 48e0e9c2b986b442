"""The user's own weapons and armor list."""

from __future__ import annotations

import pytest

from desktop.model.errors import DocumentError
from desktop.systems.pow.rules.character import Armor, Weapon
from desktop.systems.pow.rules.user_gear import (
    load_user_gear,
    save_to_user_gear,
    user_gear_path,
)


def test_saved_gear_comes_back_and_a_name_is_replaced():
    assert load_user_gear().weapons == []
    save_to_user_gear(Weapon(name="Zapper", damage=5, adds_brawn=False, ranged=True,
                             base_range_ft=40))
    save_to_user_gear(Weapon(name="Zapper", damage=6, adds_brawn=False, ranged=True,
                             base_range_ft=40))
    save_to_user_gear(Armor(name="Foil Hat", frame_rating=1, damage_rating=5,
                            damage_rating_left=2, worn=False))
    gear = load_user_gear()
    assert [(w.name, w.damage) for w in gear.weapons] == [("Zapper", 6)]
    assert gear.armor[0].damage_rating_left is None and gear.armor[0].worn, "kept as new"
    assert user_gear_path().name == "gear.json"


def test_a_broken_file_is_a_one_line_error_and_left_as_it_is():
    path = user_gear_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "sheetdesk.gear", "version": 1, "system": "pow", '
                    '"weapons": [{"name": 3}]}', encoding="utf-8")
    with pytest.raises(DocumentError):
        load_user_gear()
    assert '"name": 3' in path.read_text(encoding="utf-8")
