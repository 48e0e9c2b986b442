"""The weapon tables, their rules, specialisation keys and ammunition."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.rules import catalog_weapons
from desktop.systems.pocket.rules.character import Ammunition

# RULINGS Pocket 7: name: (cost, hit, damage, PHYS[, range]).
BOOK_WEAPONS = {
    "Hatchet": (35, 1, (2, 4, 6), 8), "Light Axe": (70, 1, (3, 5, 7), 9),
    "Wood Axe": (95, 0, (4, 6, 8), 10), "Battleaxe": (160, 0, (5, 7, 9), 11),
    "War Axe": (215, -1, (6, 8, 10), 12), "Great Axe": (330, -1, (6, 9, 12), 13),
    "Long Knife": (25, 3, (1, 2, 3), 5), "Foil": (35, 4, (1, 2, 3), 7),
    "Short Sword": (70, 1, (3, 5, 7), 7), "Cutlass": (95, 2, (3, 5, 7), 9),
    "Sword": (125, 1, (4, 6, 8), 10), "Longsword": (195, 1, (5, 7, 9), 11),
    "Bastard Sword": (255, 0, (6, 8, 10), 12), "Greatsword": (375, 0, (6, 9, 12), 13),
    "Baton": (20, 5, (0, 1, 1), 5), "Club": (20, 4, (1, 1, 2), 7),
    "Mace": (45, 3, (2, 3, 4), 9), "Morningstar": (55, 2, (2, 4, 6), 10),
    "Warhammer": (95, 2, (3, 5, 7), 11), "Battle Mace": (195, 1, (5, 7, 9), 13),
    "Light Flail": (55, 2, (2, 4, 6), 7), "Flail": (125, 1, (4, 6, 8), 9),
    "Heavy Flail": (255, 0, (6, 8, 10), 11), "War Flail": (480, -1, (7, 10, 13), 13),
    "Staff": (20, 4, (1, 2, 3), 9),
    "Javelin": (25, 3, (1, 2, 3), 7), "Short Spear": (55, 2, (2, 4, 6), 9),
    "Pitchfork": (125, -2, (6, 8, 10), 11), "Spear": (160, 0, (5, 7, 9), 12),
    "Trident": (215, -1, (6, 8, 10), 12), "Pike": (330, -1, (6, 9, 12), 14),
    "Whip": (15, 4, (1, 1, 1), 7), "Cat o'9 Tails": (20, 2, (1, 2, 3), 8),
    "Bullwhip": (30, 2, (2, 3, 4), 9),
    "Light Sling": (5, 1, (1, 1, 2), 7, 18), "Medium Sling": (15, 0, (2, 3, 4), 9, 24),
    "Heavy Sling": (65, -1, (3, 5, 7), 11, 30),
    "Short Bow": (70, 1, (2, 4, 6), 8, 18), "Medium Bow": (125, 1, (3, 5, 7), 9, 24),
    "Long Bow": (255, 0, (5, 7, 9), 11, 30),
    "Light Crossbow": (335, 2, (5, 7, 9), 9, 30), "Medium Crossbow": (580, 1, (6, 9, 12), 11, 36),
    "Heavy Crossbow": (940, 0, (8, 11, 14), 13, 42),
    "Light Pistol": (50, 0, (3, 5, 7), 5, 30), "Medium Pistol": (75, 0, (4, 6, 8), 7, 36),
    "Heavy Pistol": (100, -1, (5, 7, 9), 9, 42),
    "Light Rifle": (100, 1, (4, 6, 8), 7, 54), "Medium Rifle": (150, 1, (5, 7, 9), 9, 60),
    "Heavy Rifle": (250, 0, (6, 9, 12), 11, 66),
}


@pytest.mark.parametrize("name", sorted(BOOK_WEAPONS))
def test_weapons_are_the_reconstructed_tables(name: str) -> None:
    weapon = catalog_weapons.weapon(name)
    cost, hit, damage, phys, *rng = BOOK_WEAPONS[name]
    assert (weapon.cost, weapon.hit, weapon.damage, weapon.phys) == (cost, hit, damage, phys)
    assert weapon.range == (rng[0] if rng else None)
    assert weapon.kind == ("missile" if rng else "melee")


def test_weapon_groups_and_hands() -> None:
    assert len(catalog_weapons.weapons()) == len(BOOK_WEAPONS)
    hands = {g.group: g.hands for g in catalog_weapons.weapon_data().groups}
    assert hands["Staves"] == hands["Bows"] == hands["Rifles"] == "two"
    assert hands["Whips"] == hands["Slings"] == "one"
    assert hands["Blades"] == hands["Crossbows"] == "either"
    assert catalog_weapons.weapon("Staff").wield == "two_hands"
    assert catalog_weapons.weapon("Sword").wield == "one_hand"
    assert catalog_weapons.weapon("Light Crossbow").reload_actions == 1
    assert catalog_weapons.weapon_group("crossbow").shortfall == "reload"
    assert not catalog_weapons.weapon_group("staff").can_balance
    assert not catalog_weapons.weapon_group("whips").can_balance
    rules = catalog_weapons.weapon_data()
    assert rules.melee.two_handed_phys_reduction == 2
    assert (rules.thrown.base_range, rules.thrown.unbalanced_penalty) == (3, -2)
    assert rules.thrown.balanced_cost(35) == 53  # $52.50 rounded up
    assert rules.missile.point_blank_penalty == -2
    assert (rules.off_hand.hit, rules.off_hand.phys, rules.off_hand.both_weapons_hit) == (
        -1, 2, -1)


@pytest.mark.parametrize(("text", "key"), [
    ("blade", "blade"), ("Blades", "blade"), ("  swords ", "blade"), ("Axes", "axe"),
    ("staves", "staff"), ("Xbows", "crossbow"), ("BOWS", "bow"), ("music", "music"),
])
def test_specialisations_are_compared_by_key(text: str, key: str) -> None:
    assert catalog_weapons.specialisation_key(text) == key


def test_ammunition() -> None:
    assert [(a.name, a.cost, a.per) for a in catalog_weapons.ammunition()] == [
        ("Sling Stones", 5, 20), ("Arrows & Quarrels", 5, 3), ("Bullets", 50, 20)]
    assert all(isinstance(a, Ammunition) and a.quantity == a.per
               for a in catalog_weapons.ammunition())
    groups = {g.group for g in catalog_weapons.weapon_data().groups if g.kind == "missile"}
    shot = {w for row in catalog_weapons.ammunition_data().ammunition for w in row.weapons}
    assert shot == groups
