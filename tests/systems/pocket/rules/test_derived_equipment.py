"""Weapons, armor, shields and defences (2.5, 3.2-3.42, 5.81) on the record sheet."""

from __future__ import annotations

from typing import Any

from desktop.model.findings import Severity
from desktop.systems.pocket.rules import catalog_armor, catalog_weapons
from desktop.systems.pocket.rules import derived as rules
from desktop.systems.pocket.rules.character import (
    Attributes,
    Equipment,
    PocketCharacter,
    Shield,
    Skill,
    Trait,
    Weapon,
)
from desktop.systems.pocket.rules.equipment import Part, signed

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def hero(phys: int = 10, deft: int = 12, **kw: Any) -> PocketCharacter:
    return PocketCharacter(name="Test", attributes=Attributes(phys=phys, deft=deft, intl=10,
                                                              will=10), **kw)


def armed(*weapons: Weapon, phys: int = 10, **kw: Any) -> PocketCharacter:
    return hero(phys=phys, equipment=Equipment(weapons=list(weapons), **kw.pop("gear", {})),
                **kw)


def attacks(character: PocketCharacter) -> dict[str, Any]:
    return {a.name: a for a in rules.derive(character).attacks}


def messages(character: PocketCharacter, severity: Severity) -> list[str]:
    return [f.message for f in rules.derive(character).findings if f.severity is severity]


# -- attacks ---------------------------------------------------------------------------------


def test_weapon_to_hit_is_skill_plus_hit() -> None:
    sword = catalog_weapons.weapon("Sword")
    character = armed(sword, skills=[Skill(name="Melee", specialisation="blades", level=1)])
    attack = attacks(character)["Sword"]
    assert (attack.skill_label, attack.skill, attack.hit, attack.total) == (
        "Melee (blades)", 13, 1, 14)
    assert attack.damage == (4, 6, 8) and attack.range is None
    assert attack.sum_text() == "Melee (blades) 13 + Hit +1 = 14"


def test_unskilled_weapon_use_takes_the_penalty() -> None:
    attack = attacks(armed(catalog_weapons.weapon("Sword")))["Sword"]
    assert (attack.skilled, attack.skill, attack.total) == (False, 11, 12)


def test_phys_shortfall_and_two_hands() -> None:
    greataxe = catalog_weapons.weapon("Great Axe")  # PHYS 13
    one = attacks(armed(greataxe, phys=10))["Great Axe"]
    assert (one.phys_needed, one.shortfall, one.modifiers) == (13, 3, (Part("PHYS short", -3),))
    two = attacks(armed(greataxe.model_copy(update={"wield": "two_hands"}), phys=10))
    assert (two["Great Axe"].phys_needed, two["Great Axe"].shortfall) == (11, 1)
    assert "Great Axe needs PHYS 13: −3 to hit" in messages(armed(greataxe, phys=10), W)


def test_the_staff_always_gets_the_two_handed_reduction() -> None:
    staff = catalog_weapons.weapon("Staff")  # PHYS 9, always two hands
    assert attacks(armed(staff, phys=7))["Staff"].phys_needed == 7
    assert "Staff needs two hands" in messages(
        armed(staff.model_copy(update={"wield": "one_hand"})), E)


def test_whips_never_two_handed_and_missiles_get_no_reduction() -> None:
    whip = catalog_weapons.weapon("Whip").model_copy(update={"wield": "two_hands"})
    assert "Whip cannot be used two-handed" in messages(armed(whip), E)
    rifle = catalog_weapons.weapon("Heavy Rifle")  # PHYS 11, two hands
    attack = attacks(armed(rifle, phys=9))["Heavy Rifle"]
    assert (attack.phys_needed, attack.total, attack.range) == (11, 11 + 0 - 2, 66)


def test_crossbow_shortfall_costs_reload_actions_not_to_hit() -> None:
    crossbow = catalog_weapons.weapon("Heavy Crossbow")  # PHYS 13
    attack = attacks(armed(crossbow, phys=10))["Heavy Crossbow"]
    assert attack.modifiers == () and attack.total == 11
    assert attack.reload_actions == 1 + 3
    assert any("3 extra Action(s) to reload" in m for m in messages(armed(crossbow, phys=10), W))


def test_thrown_weapons() -> None:
    hatchet = catalog_weapons.weapon("Hatchet").model_copy(update={"thrown": True})  # PHYS 8
    lines = attacks(armed(hatchet, phys=10))
    thrown = lines["Hatchet (thrown)"]
    assert thrown.mode == "thrown" and thrown.range == 3 + 10 - 8
    assert thrown.skill_label == "Throw Weapon (axe), unskilled" and thrown.skill == 8
    assert thrown.total == 8 + 1 - 2  # unbalanced −2
    balanced = attacks(armed(hatchet.model_copy(update={"balanced": True}), phys=10))
    assert balanced["Hatchet (thrown)"].total == 9
    skilled = attacks(armed(hatchet, phys=10, skills=[
        Skill(name="Throw Weapon", specialisation="Axes", level=1)]))
    assert skilled["Hatchet (thrown)"].skill == 13
    heavy = catalog_weapons.weapon("Great Axe").model_copy(update={"thrown": True})  # PHYS 13
    assert attacks(armed(heavy, phys=10))["Great Axe (thrown)"].range == 0
    assert any("too heavy to throw" in m for m in messages(armed(heavy, phys=10), W))


def test_throwing_rules_are_checked() -> None:
    assert "Staff: staves cannot be balanced for throwing" in messages(
        armed(catalog_weapons.weapon("Staff").model_copy(update={"balanced": True})), E)
    assert "Short Bow: only melee weapons are thrown" in messages(
        armed(catalog_weapons.weapon("Short Bow").model_copy(update={"thrown": True})), E)


def test_punch_and_kick() -> None:
    lines = attacks(hero(phys=12, skills=[Skill(name="Punch", level=1)]))
    assert (lines["Punch"].skill, lines["Punch"].hit, lines["Punch"].total) == (13, 2, 15)
    assert lines["Punch"].damage == (2, 4, 6)  # PHYS 12's Roll
    assert (lines["Kick"].skill, lines["Kick"].total) == (11, 12)
    assert lines["Kick"].damage == (3, 5, 7)  # one level up: PHYS 13's Roll


def test_signed_numbers_use_a_minus_sign() -> None:
    assert (signed(2), signed(0), signed(-3)) == ("+2", "+0", "−3")


# -- defences ----------------------------------------------------------------------------------


def test_defence_ignores_the_weapons_hit_but_not_its_phys() -> None:
    heavy = catalog_weapons.weapon("Bastard Sword")  # Hit 0, PHYS 12
    character = armed(catalog_weapons.weapon("Foil"), heavy, phys=10,
                      skills=[Skill(name="Melee", specialisation="blade", level=2)])
    options = {o.skill_label: o for o in rules.derive(character).melee_defenses}
    assert options["Melee (blade): Foil"].total == 14 - 10  # Foil's +4 Hit does not count
    assert options["Melee (blade): Bastard Sword"].total == 14 - 2 - 10
    assert options["Melee (blade): Bastard Sword"].sum_text() == (
        "Melee (blade): Bastard Sword 14 + PHYS short −2 − 10 = 2")


def test_shield_defence_parry_and_phys() -> None:
    large = Shield(name="Large Shield", cost=400, parry=3, hits=12, phys=12)
    character = hero(phys=10, skills=[Skill(name="Shield", level=1)],
                     equipment=Equipment(shields=[large]))
    derived = rules.derive(character)
    best = derived.best_melee()
    assert best.skill_label == "Shield: Large Shield"
    assert best.total == 13 - 2 + 3 - 10 == derived.melee_defense == derived.missile_defense
    assert "Large Shield needs PHYS 12: −2 to Shield skill" in messages(character, W)
    put_away = rules.derive(character.model_copy(update={"equipment": Equipment(
        shields=[large.model_copy(update={"ready": False})])}))
    assert all(not o.skill_label.startswith("Shield") for o in put_away.melee_defenses)


def test_missile_defence_is_dodge_or_shield_only() -> None:
    character = hero(skills=[Skill(name="Punch", level=2), Skill(name="Dodge")])
    derived = rules.derive(character)
    assert derived.melee_defense == 14 - 10 and derived.missile_defense == 12 - 10
    assert [o.skill_label for o in derived.missile_defenses] == ["Dodge"]


def test_conditional_defences_are_listed_but_never_chosen() -> None:
    character = hero(skills=[Skill(name="Acrobatics", level=2), Skill(name="Grapple", level=2)])
    derived = rules.derive(character)
    conditional = {o.skill_label: o for o in derived.melee_defenses if o.condition}
    assert set(conditional) == {"Acrobatics", "Grapple"}
    assert conditional["Acrobatics"].total == 4 and derived.melee_defense == 1


def test_acrobatics_is_no_missile_defence() -> None:
    # 2.52 Missile Defense: "only Dodge and Shield skills may be used"; Acrobatics (2.43:
    # "you may use this skill for Defense for one combat round", see 2.51) is melee only.
    derived = rules.derive(hero(skills=[Skill(name="Acrobatics", level=4)]))
    assert "Acrobatics" in {o.skill_label for o in derived.melee_defenses}
    assert [o.skill_label for o in derived.missile_defenses] == ["Dodge"]


# -- armor, helmets, shields -------------------------------------------------------------------


def test_armor_totals() -> None:
    chain = catalog_armor.armor()[2]  # Scale/Chain 4/3, DEFT 11
    helm = next(h for h in catalog_armor.helmets() if h.name == "Full Helm")
    character = hero(deft=11, traits=[Trait(name="Toughness"), Trait(name="Quirk", detail="x")],
                     equipment=Equipment(armor=[chain], helmets=[helm]))
    armor = rules.derive(character).armor
    assert (armor.worn, armor.helmet_bonus, armor.natural, armor.total) == (
        (4, 3), (2, 1), (1, 1), (7, 5))
    assert armor.knockout == (6 + 1, 4 + 1) and armor.perception_penalty == -1
    assert rules.derive(character).perception_penalty == -1


def test_only_one_suit_and_damaged_armor() -> None:
    leather, studded = catalog_armor.armor()[0], catalog_armor.armor()[1]
    character = hero(equipment=Equipment(armor=[studded.model_copy(update={"damage": 1}),
                                                leather]))
    derived = rules.derive(character)
    assert derived.armor.worn == (2, 1) and derived.armor.worn_name == "Studded"
    assert any("only one suit of armor counts" in m for m in messages(character, W))


def test_shield_hits() -> None:
    small = catalog_armor.shields()[0]
    derived = rules.derive(hero(equipment=Equipment(shields=[
        small.model_copy(update={"hits_left": 2})])))
    (line,) = derived.shields
    assert (line.hits, line.hits_left, line.parry) == (6, 2, 1)
    assert "Small Shield: 7 Hits left of 6" in messages(hero(equipment=Equipment(
        shields=[small.model_copy(update={"hits_left": 7})])), E)
    assert "Small Shield is broken (0 Hits)" in messages(hero(equipment=Equipment(
        shields=[small.model_copy(update={"hits_left": 0})])), W)


def test_two_handed_weapon_with_a_ready_shield() -> None:
    spear = catalog_weapons.weapon("Spear").model_copy(update={"wield": "two_hands"})
    character = armed(spear, phys=10, gear={"shields": catalog_armor.shields()[:1]})
    assert "Spear two-handed leaves no hand for the shield" in messages(character, W)


def test_ammunition_is_bought_in_lots() -> None:
    character = hero(equipment=Equipment(ammunition=[
        catalog_weapons.ammunition()[0].model_copy(update={"quantity": 25})]))
    assert rules.derive(character).money_spent == 10
    assert any("sold 20 at a time" in m for m in messages(character, I))
