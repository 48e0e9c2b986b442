"""Findings on traits and the steps bought for them."""

from __future__ import annotations

from desktop.model.findings import Severity
from desktop.systems.protector.rules.character import Trait, TraitDice
from desktop.systems.protector.rules.derived import derive
from tests.systems.protector.helpers import finished, has

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def test_step_budgets() -> None:
    over = derive(finished(trait_dice=TraitDice(attribute=1),
                           traits=[Trait(name="Strong", type="attribute", steps=3)]))
    assert has(over, E, "3 attribute steps on traits, but 2 bought", "trait_dice.attribute")
    left = derive(finished(trait_dice=TraitDice(skill=1),
                           traits=[Trait(name="Math", type="skill", steps=1)]))
    assert has(left, I, "3 skill steps bought, not yet on a trait", "trait_dice.skill")
    limited = derive(finished(traits=[Trait(name="Shy", type="limit", limit=3, condition="x"),
                                      Trait(name="Math", type="skill", steps=3)]))
    assert has(limited, E, "3 skill steps on traits, but 2 bought (0 dice × 4 + 2 from "
                           "limits)")


def test_trait_type_rules() -> None:
    derived = derive(finished(traits=[
        Trait(name="Welder", type="trade", steps=2),
        Trait(name="Shy", type="limit", steps=1),
        Trait(name="Brave", type="conditional", steps=0),
        Trait(name="Odd", type="skill", steps=0, limit=2),
    ]))
    assert has(derived, E, "a trade gives 3 steps, not 2", "traits.0.steps")
    assert has(derived, E, "a limit has no steps of its own", "traits.1.steps")
    assert has(derived, E, "Limit Shy needs its value", "traits.1.limit")
    assert has(derived, W, "Limit Shy: define the tests it caps", "traits.1.condition")
    assert has(derived, W, "Conditional Brave: define the trigger", "traits.2.condition")
    assert has(derived, W, "only a limit has a limit value", "traits.3.limit")
