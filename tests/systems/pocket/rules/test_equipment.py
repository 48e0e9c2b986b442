"""Step 5, equipment: armor, shields, attack lines and money from the steps before it
(3.0, 3.1)."""

from __future__ import annotations

from desktop.systems.pocket.rules.attributes import attribute_values
from desktop.systems.pocket.rules.character import (
    Armor,
    Attributes,
    Equipment,
    PocketCharacter,
    Shield,
    Skill,
    Tracking,
    Trait,
    Weapon,
)
from desktop.systems.pocket.rules.equipment import equipment_values
from desktop.systems.pocket.rules.skills import skill_values
from desktop.systems.pocket.rules.traits import trait_values

SWORD = Weapon(name="Sword", cost=125, group="blade", hit=1, damage=(4, 6, 8), phys=10)
PLATE = Armor(name="Full Plate", cost=1200, phys=6, energy=4, deft_limit=9)
SHIELD = Shield(name="Large Shield", cost=400, parry=3, hits=12, phys=12)


def values(*traits: Trait, **kw: object):
    character = PocketCharacter(
        name="Test", traits=list(traits), skills=[Skill(name="Melee", specialisation="blade")],
        attributes=Attributes(phys=10, deft=12, intl=10, will=10),
        equipment=Equipment(weapons=[SWORD], armor=[PLATE], shields=[SHIELD]), **kw)
    attrs = attribute_values(character)
    traits_ = trait_values(character, attrs)
    return equipment_values(character, attrs, traits_, skill_values(character, attrs, traits_))


def test_attacks_armor_and_shields() -> None:
    gear = values()
    assert [(a.name, a.total) for a in gear.attacks] == [
        ("Sword", 9 + 1), ("Punch", 8 + 2), ("Kick", 8 + 1)]
    assert gear.armor.deft_limit == 9 and gear.armor.total == (6, 4)
    (shield,) = gear.shields
    assert (shield.name, shield.shortfall) == ("Large Shield", 2)


def test_money() -> None:
    gear = values()
    assert (gear.starting_money, gear.money_spent) == (500, 125 + 1200 + 400)
    assert gear.money_left == gear.money == 500 - 1725
    rich = values(Trait(name="Wealth", times=2), tracking=Tracking(money=12))
    assert (rich.starting_money, rich.money_left, rich.money) == (3000, 3000 - 1725, 12)
