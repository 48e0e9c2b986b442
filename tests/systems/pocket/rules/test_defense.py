"""Step 6, defences: every Melee and Missile Defense choice, and the best of each in use
(2.5, 2.51, 2.52)."""

from __future__ import annotations

from desktop.systems.pocket.rules.attributes import attribute_values
from desktop.systems.pocket.rules.character import (
    Attributes,
    Equipment,
    PocketCharacter,
    Shield,
    Skill,
)
from desktop.systems.pocket.rules.defense import best, defense_values
from desktop.systems.pocket.rules.equipment import equipment_values
from desktop.systems.pocket.rules.skills import skill_values
from desktop.systems.pocket.rules.traits import trait_values


def test_the_defences_in_use_are_the_best_choices() -> None:
    large = Shield(name="Large Shield", cost=400, parry=3, hits=12, phys=12)
    character = PocketCharacter(name="Test", skills=[Skill(name="Shield", level=1)],
                                attributes=Attributes(phys=10, deft=12, intl=10, will=10),
                                equipment=Equipment(shields=[large]))
    attrs = attribute_values(character)
    traits = trait_values(character, attrs)
    learnt = skill_values(character, attrs, traits)
    defenses = defense_values(character, attrs, traits, learnt,
                              equipment_values(character, attrs, traits, learnt))
    assert defenses.melee_defense == best(list(defenses.melee)).total == 13 - 2 + 3 - 10
    assert defenses.missile_defense == best(list(defenses.missile)).total == 4
    assert {o.skill_label for o in defenses.missile} == {"Dodge", "Shield: Large Shield"}
