"""Every trait with all its steps: Decades + bought + trained, merged by name and type."""

from __future__ import annotations

from desktop.model.findings import Severity
from desktop.systems.protector.rules.character import Trait, TraitDice
from desktop.systems.protector.rules.derived import derive
from tests.systems.protector.helpers import finished, has

E = Severity.ERROR


def test_traits_merge_decade_and_bought_steps() -> None:
    derived = derive(finished(trait_dice=TraitDice(skill=1),
                              traits=[Trait(name="math", type="skill", steps=4, trained_steps=1,
                                            dice=[3, 3])]))
    (math_trait,) = derived.traits
    assert (math_trait.name, math_trait.steps, math_trait.from_decades) == ("Math", 6, 1)
    assert has(derived, E, "Math: 6 steps put on dice, but it has 6") is False
    too_many = derive(finished(traits=[Trait(name="Math", type="skill", dice=[2])]))
    assert has(too_many, E, "Math: 2 steps put on dice, but it has 1", "traits.0.dice")
