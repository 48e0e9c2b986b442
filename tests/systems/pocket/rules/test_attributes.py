"""Step 1, the Attributes: the scores in the file, their rows, raises, hits, and DEFT as
limited by the armor worn (2.1, 2.3, 3.4, 6.3)."""

from __future__ import annotations

from desktop.systems.pocket.rules import attributes
from desktop.systems.pocket.rules.attributes import attribute_values, deft_limit, raise_eps
from desktop.systems.pocket.rules.character import (
    Armor,
    Attributes,
    Equipment,
    Experience,
    PocketCharacter,
    Tracking,
)

PLATE = Armor(name="Full Plate", cost=1200, phys=6, energy=4, deft_limit=9)
LEATHER = Armor(name="Leather", cost=75, phys=2, energy=1, deft_limit=13)


def character(**kw: object) -> PocketCharacter:
    return PocketCharacter(name="Test", attributes=Attributes(phys=11, deft=12, intl=10,
                                                              will=10), **kw)


def test_the_scores_in_the_file_are_final_and_read_off_the_table() -> None:
    values = attribute_values(character())
    assert values.final == {"phys": 11, "deft": 12, "intl": 10, "will": 10}
    assert values.rows["phys"] == attributes.row(11)
    assert (values.hits, values.current_hits, values.unarmed_damage) == (13, 13, (2, 3, 4))
    assert values.deft_limit is None and values.armored_deft == 12
    assert values.scores == values.final


def test_the_armor_worn_limits_deft_as_used() -> None:
    worn = character(equipment=Equipment(armor=[LEATHER, PLATE]))
    values = attribute_values(worn)
    assert (values.deft_limit, values.armored_deft) == (9, 9)
    assert values.scores["deft"] == 9 and values.final["deft"] == 12
    off = worn.model_copy(update={"equipment": Equipment(
        armor=[LEATHER, PLATE.model_copy(update={"worn": False})])})
    assert deft_limit(off) == 13 and attribute_values(off).armored_deft == 12


def test_raises_cost_the_score_raised_from_and_hits_are_tracked() -> None:
    assert raise_eps(12, 2) == 10 + 11 and raise_eps(12, 0) == 0
    values = attribute_values(character(
        experience=Experience(attribute_raises={"phys": 1, "deft": 2}),
        tracking=Tracking(hits=4)))
    assert values.raises == {"phys": 1, "deft": 2, "intl": 0, "will": 0}
    assert values.raise_eps == 10 + (10 + 11)
    assert (values.hits, values.current_hits) == (13, 4)
