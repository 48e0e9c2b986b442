"""Step 2, the Personal Traits: creation scores worked out backwards, the Attribute and
trait budgets, and the traits' shifts of initiative, Move and appearance (2.1-2.3)."""

from __future__ import annotations

from desktop.systems.pocket.rules.attributes import attribute_values
from desktop.systems.pocket.rules.character import Attributes, Experience, PocketCharacter, Trait
from desktop.systems.pocket.rules.traits import trait_values


def values(*traits: Trait, role: str = "character", **kw: object):
    character = PocketCharacter(
        name="Test", role=role, traits=list(traits),
        attributes=Attributes(phys=10, deft=12, intl=10, will=10), **kw)
    return trait_values(character, attribute_values(character))


def test_creation_points_are_worked_out_backwards() -> None:
    plain = values()
    assert plain.creation_scores == {"phys": 10, "deft": 12, "intl": 10, "will": 10}
    assert plain.points_added == {"phys": 2, "deft": 4, "intl": 2, "will": 2}
    assert (plain.attribute_points_spent, plain.attribute_points_budget,
            plain.attribute_points_left) == (10, 10, 0)
    raised = values(Trait(name="Attribute +1", attribute="deft"),
                    Trait(name="Attribute +1", attribute="phys", acquired="play"),
                    experience=Experience(attribute_raises={"will": 1}))
    assert raised.creation_scores == {"phys": 9, "deft": 12, "intl": 10, "will": 9}
    assert raised.points_added == {"phys": 1, "deft": 3, "intl": 2, "will": 1}


def test_a_lackey_has_smaller_budgets() -> None:
    lackey = values(role="lackey")
    assert (lackey.attribute_points_budget, lackey.trait_points_max) == (8, 3)
    assert (values().attribute_points_budget, values().trait_points_max) == (10, 5)


def test_traits_shift_initiative_move_and_appearance() -> None:
    plain = values()
    assert (plain.initiative, plain.move, plain.appearance) == ((2, 4, 6), 8, 10)
    shifted = values(Trait(name="Acute Reflexes"), Trait(name="Running", times=2),
                     Trait(name="Attractive"))
    assert shifted.initiative == (3, 5, 7) and shifted.move == 10
    assert shifted.appearance == 11 and shifted.summary.appearance == 1
