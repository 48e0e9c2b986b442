"""Pocket Universe book data: every file loads and its numbers are the book's, row by row."""

from __future__ import annotations

import json

import pytest

from desktop.model.errors import DocumentError
from desktop.paths import resource
from desktop.systems.book_data import BookData
from desktop.systems.pocket.rules import catalog
from desktop.systems.pocket.rules.character import Ammunition, Armor, Helmet, Shield, Weapon

# The Attribute table of 2.3, copied from the book: score: (modifier, value, roll).
BOOK_ATTRIBUTE_TABLE = {
    2: (-8, 1, (0, 0, 0)), 3: (-7, 1, (0, 0, 0)), 4: (-6, 2, (0, 0, 0)),
    5: (-5, 3, (0, 0, 0)), 6: (-4, 4, (0, 0, 1)), 7: (-3, 5, (0, 1, 1)),
    8: (-2, 6, (1, 1, 1)), 9: (-1, 8, (1, 1, 2)), 10: (0, 10, (1, 2, 3)),
    11: (1, 13, (2, 3, 4)), 12: (2, 17, (2, 4, 6)), 13: (3, 22, (3, 5, 7)),
    14: (4, 29, (4, 6, 8)), 15: (5, 37, (5, 7, 9)), 16: (6, 48, (6, 8, 10)),
}

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

# 2.42, with Survival on INTL per its description (see skills.json's note).
BOOK_SKILLS = {
    "Acrobatics": ("deft", -4), "Appraise Value": ("intl", -1), "Charm": ("will", -1),
    "Climbing": ("deft", -1), "Convince": ("will", -1), "Craft": ("deft", -4),
    "Disguise": ("intl", -4), "Dodge": ("deft", -1), "Grapple": ("deft", -1),
    "Insight": ("will", -1), "Intimidation": ("will", -1), "Kick": ("deft", -1),
    "Listen": ("intl", -1), "Lockpicking": ("deft", -4), "Medicine": ("intl", -4),
    "Melee": ("deft", -1), "Missile": ("deft", -1), "Negotiate": ("intl", -1),
    "Pickpocket": ("deft", -4), "Profession": ("intl", -1), "Punch": ("deft", -1),
    "Scholar": ("intl", -4), "Search": ("intl", -1), "Seduce": ("will", -1),
    "Shield": ("deft", -1), "Sleight of Hand": ("deft", -4), "Stealth": ("deft", -1),
    "Survival": ("intl", -1), "Swim": ("deft", -1), "Tactics": ("intl", -4),
    "Throw Weapon": ("deft", -4), "Tracking": ("intl", -4),
}
STARRED = {"Craft", "Melee", "Missile", "Profession", "Scholar", "Survival", "Tactics",
           "Throw Weapon"}

# 2.21 and 2.22: name: (kind, points, max times; None = any number).
BOOK_TRAITS = {
    "Attribute -1": ("disadvantage", 2, 1), "Distinctive": ("disadvantage", 1, None),
    "Enemy": ("disadvantage", 1, None), "Far-Sighted": ("disadvantage", 2, 1),
    "Gigantism": ("disadvantage", 2, 1), "One-Eyed / Nearsighted": ("disadvantage", 1, 1),
    "One-Handed": ("disadvantage", 1, 1), "Outcast": ("disadvantage", 1, None),
    "Phobia": ("disadvantage", 1, None), "Poor": ("disadvantage", 1, 4),
    "Poor Reflexes": ("disadvantage", 1, 3), "Quirk": ("disadvantage", 1, None),
    "Slow": ("disadvantage", 1, None), "Unattractive": ("disadvantage", 1, None),
    "Uneducated": ("disadvantage", 1, None),
    "Acute Reflexes": ("advantage", 1, None), "Acute Vision": ("advantage", 1, None),
    "Ambidextrous": ("advantage", 1, 1), "Attractive": ("advantage", 1, None),
    "Attribute +1": ("advantage", 2, 1), "Connected": ("advantage", 1, None),
    "Lackey": ("advantage", 2, None), "Night Vision": ("advantage", 1, 4),
    "Running": ("advantage", 1, None), "Small": ("advantage", 2, 1),
    "Stipend": ("advantage", 1, 4), "Toughness": ("advantage", 1, 1),
    "Trained / Educated": ("advantage", 1, None), "Wealth": ("advantage", 1, 4),
}


def test_every_book_file_loads() -> None:
    catalog.check_book_files()
    assert catalog.tables().book == "Pocket Universe Basic Rules"
    assert set(catalog.example_characters()) == {"artos", "tharsh", "kestra"}


@pytest.mark.parametrize("score", sorted(BOOK_ATTRIBUTE_TABLE))
def test_attribute_table_rows_are_the_books(score: int) -> None:
    row = catalog.tables().attribute_table.row(score)
    assert (row.score, (row.modifier, row.value, row.roll)) == (score,
                                                                 BOOK_ATTRIBUTE_TABLE[score])


def test_attribute_table_edges_and_outside() -> None:
    table = catalog.tables().attribute_table
    assert (table.lowest, table.highest) == (2, 16)
    assert len(table.rows) == 15
    assert table.covers(2) and table.covers(16)
    assert not table.covers(1) and not table.covers(17)
    assert table.row(1) == table.row(2) and table.row(-5) == table.row(2)
    assert table.row(17) == table.row(16) and table.row(99) == table.row(16)


def test_starting_eps_and_contact_points_tables() -> None:
    book = {7: 5, 8: 6, 9: 8, 10: 10, 11: 13, 12: 16, 13: 19}
    for points in (catalog.tables().starting_eps, catalog.tables().contact_points):
        assert {r.score: r.points for r in points.rows} == book
        assert points.points(7) == 5 and points.points(13) == 19
        assert points.points(6) == 5 and points.points(14) == 19  # nearest row
        assert not points.covers(6) and not points.covers(14)


def test_creation_numbers() -> None:
    rules = catalog.tables()
    assert (rules.creation.base, rules.creation.points, rules.creation.max_added) == (8, 10, 4)
    assert rules.creation.lackey_points == 8
    assert rules.move.base == 6
    assert rules.starting_money.amount == 500
    assert (rules.experience.award_min, rules.experience.award_max) == (1, 3)


@pytest.mark.parametrize("level", range(12))
def test_skill_costs_follow_the_table_and_its_etc(level: int) -> None:
    costs = catalog.skill_data().costs
    assert costs.total(level) == (level + 1) * (level + 2) // 2
    assert costs.step(level) == level + 2


def test_skill_cost_table_is_the_books() -> None:
    costs = catalog.skill_data().costs
    assert [(r.level, r.cost, r.total) for r in costs.rows] == [
        (0, 1, 1), (1, 2, 3), (2, 3, 6), (3, 4, 10)]
    assert costs.creation_max_level == 2
    languages = catalog.skill_data().languages
    assert [(lv.level, lv.total) for lv in languages.levels] == [(1, 1), (2, 2), (3, 3)]
    assert languages.literacy == 1


def test_skill_list_is_the_books() -> None:
    found = {s.name: (s.attribute, s.penalty) for s in catalog.skills()}
    assert found == BOOK_SKILLS
    assert {s.name for s in catalog.skills() if s.specialised} == STARRED
    assert catalog.skill("profession").alternate_penalty == -4
    assert catalog.skill("Tactics").alternate_penalty == -1
    assert catalog.skill("Kick").attack_bonus == 1 and catalog.skill("Kick").damage_levels == 1
    assert catalog.skill("Punch").attack_bonus == 2
    assert {s.name for s in catalog.skills() if "missile" in s.defense} == {
        "Dodge", "Shield", "Acrobatics"}
    assert {s.name for s in catalog.skills() if s.defense and not s.defense_condition} == {
        "Dodge", "Kick", "Punch"}
    assert catalog.skill("No Such Skill") is None


def test_traits_are_the_books() -> None:
    found = {t.name: (t.kind, t.points, t.max_times) for t in catalog.traits()}
    assert found == BOOK_TRAITS
    assert catalog.trait("enemy").points_options == (1, 2)
    assert catalog.trait("Phobia").points_options == (1, 2)
    assert {t.name for t in catalog.traits() if t.per_attribute} == {
        "Attribute -1", "Attribute +1"}
    assert catalog.trait("Wealth").effects.starting_money.by_times == {
        1: 1000, 2: 3000, 3: 12000, 4: 60000}
    assert catalog.trait("Poor").effects.starting_money.by_times == {1: 250, 2: 75, 3: 15, 4: 0}
    assert catalog.trait("Stipend").effects.monthly_income.by_times == {
        1: 250, 2: 1000, 3: 2250, 4: 4000}
    assert catalog.trait("Toughness").effects.natural_armor == (1, 1)
    assert catalog.trait("Connected").effects.contact_points == 3
    assert catalog.trait("Uneducated").effects.starting_eps == -3
    assert all(t.text and t.source for t in catalog.traits())


def test_trait_rules() -> None:
    rules = catalog.trait_data().rules
    assert (rules.max_advantages, rules.lackey_max) == (5, 3)


@pytest.mark.parametrize("name", sorted(BOOK_WEAPONS))
def test_weapons_are_the_reconstructed_tables(name: str) -> None:
    weapon = catalog.weapon(name)
    cost, hit, damage, phys, *rng = BOOK_WEAPONS[name]
    assert (weapon.cost, weapon.hit, weapon.damage, weapon.phys) == (cost, hit, damage, phys)
    assert weapon.range == (rng[0] if rng else None)
    assert weapon.kind == ("missile" if rng else "melee")


def test_weapon_groups_and_hands() -> None:
    assert len(catalog.weapons()) == len(BOOK_WEAPONS)
    hands = {g.group: g.hands for g in catalog.weapon_data().groups}
    assert hands["Staves"] == hands["Bows"] == hands["Rifles"] == "two"
    assert hands["Whips"] == hands["Slings"] == "one"
    assert hands["Blades"] == hands["Crossbows"] == "either"
    assert catalog.weapon("Staff").wield == "two_hands"
    assert catalog.weapon("Sword").wield == "one_hand"
    assert catalog.weapon("Light Crossbow").reload_actions == 1
    assert catalog.weapon_group("crossbow").shortfall == "reload"
    assert not catalog.weapon_group("staff").can_balance
    assert not catalog.weapon_group("whips").can_balance
    rules = catalog.weapon_data()
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
    assert catalog.specialisation_key(text) == key


def test_armor_shields_helmets() -> None:
    assert {(a.name, a.cost, a.phys, a.energy, a.deft_limit) for a in catalog.armor()} == {
        ("Leather", 75, 2, 1, 13), ("Studded", 100, 3, 2, 12), ("Scale/Chain", 400, 4, 3, 11),
        ("Full Plate", 1200, 6, 4, 9)}
    assert {(s.name, s.cost, s.parry, s.hits, s.phys) for s in catalog.shields()} == {
        ("Small Shield", 100, 1, 6, 8), ("Medium Shield", 200, 2, 9, 10),
        ("Large Shield", 400, 3, 12, 12)}
    assert [(h.name, h.cost, h.phys, h.energy, h.bonus_phys, h.bonus_energy,
             h.perception_penalty) for h in catalog.helmets()] == [
        ("Cloth Cap", 10, 1, 0, 0, 0, 0), ("Leather Cap", 20, 2, 1, 0, 0, 0),
        ("Chain Coif", 40, 4, 3, 1, 0, 0), ("Metal Cap", 60, 5, 3, 1, 1, 0),
        ("Full Helm", 100, 6, 4, 2, 1, -1)]
    assert all(isinstance(a, Armor) for a in catalog.armor())
    assert all(isinstance(s, Shield) for s in catalog.shields())
    assert all(isinstance(h, Helmet) for h in catalog.helmets())


def test_ammunition() -> None:
    assert [(a.name, a.cost, a.per) for a in catalog.ammunition()] == [
        ("Sling Stones", 5, 20), ("Arrows & Quarrels", 5, 3), ("Bullets", 50, 20)]
    assert all(isinstance(a, Ammunition) and a.quantity == a.per for a in catalog.ammunition())
    groups = {g.group for g in catalog.weapon_data().groups if g.kind == "missile"}
    shot = {w for row in catalog.ammunition_data().ammunition for w in row.weapons}
    assert shot == groups


def test_contact_table() -> None:
    table = catalog.contact_table()
    assert [(t.name, t.cost) for t in table.tiers] == [
        ('A "Nobody"', 1), ("Average Citizen", 3), ("Locally Influential", 5),
        ("Local Authority", 7), ("Regional Authority", 9), ("National Authority", 11),
        ("National Leader", 13)]
    assert (table.friend.extra, table.insider.single, table.insider.group) == (2, 4, 2)
    assert table.sharing.min_share == 1


def test_material_strength() -> None:
    table = catalog.materials()
    assert [(row.names, row.strength) for row in table.materials] == [
        (("paper",), 0), (("cloth", "dirt"), 2), (("soft wood",), 4), (("hard wood",), 6),
        (("brick",), 8), (("mortar",), 10), (("granite",), 12), (("gold", "lead"), 14),
        (("marble",), 16), (("silver",), 18), (("iron",), 22), (("platinum",), 24),
        (("steel",), 26), (("titanium",), 30)]
    assert table.strength("Lead") == 14
    with pytest.raises(KeyError):
        table.strength("adamantium")


def test_falling_surfaces() -> None:
    table = catalog.falling()
    assert [(s.name, s.modifier) for s in table.surfaces] == [
        ("Rock", 0), ("Packed Earth", 0), ("Sand", -1), ("Straw", -2), ("Mud", -4),
        ("Water", -8)]
    assert table.damage_per_space == 1
    assert table.surface("straw").modifier == -2


def test_the_crocodile_as_printed() -> None:
    croc = catalog.creature("crocodile")
    assert (croc.phys, croc.deft, croc.perc, croc.will) == (11, 10, 10, 11)
    assert (croc.hits, croc.initiative, croc.move) == (13, (1, 2, 3), 4)
    assert (croc.armor.name, croc.armor.phys, croc.armor.energy) == ("Scaly hide", 3, 2)
    (bite,) = croc.attacks
    assert (bite.name, bite.damage, bite.skill) == ("Bite", (3, 5, 7), 12)
    assert croc.skills == {"Bite": 12, "Dodge": 11}
    assert (croc.melee_defense, croc.missile_defense) == (1, 1)
    assert catalog.creature_data().perc_as_intl_penalty == -4
    with pytest.raises(KeyError):
        catalog.creature("dragon")


def test_every_entry_names_its_source() -> None:
    for path in resource("pocket").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.stem in ("combat", "checks"):
            continue  # the combat helper's files
        assert "book" in data, path.name
    assert all(g.source for g in catalog.weapon_data().groups)
    assert all(s.source for s in catalog.skills())
    assert all(row.source for row in catalog.armor_data().armor)


def test_catalog_items_are_fresh_copies() -> None:
    first = catalog.weapons()[0]
    first.name = "Changed"
    assert catalog.weapons()[0].name != "Changed"
    assert isinstance(catalog.weapon("Sword"), Weapon)
    with pytest.raises(KeyError):
        catalog.weapon("Lightsaber")


def test_a_broken_book_file_is_a_document_error(tmp_path, monkeypatch) -> None:
    broken = tmp_path / "pocket"
    broken.mkdir()
    (broken / "attributes.json").write_text('{"book": 1}', encoding="utf-8")
    monkeypatch.setattr(catalog, "BOOK", BookData("pocket", root=broken))
    catalog.tables.cache_clear()
    try:
        with pytest.raises(DocumentError, match=r"attributes\.json"):
            catalog.tables()
    finally:
        catalog.tables.cache_clear()
