"""The book's creatures as printed."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.rules import catalog_creatures


def test_the_crocodile_as_printed() -> None:
    croc = catalog_creatures.creature("crocodile")
    assert (croc.phys, croc.deft, croc.perc, croc.will) == (11, 10, 10, 11)
    assert (croc.hits, croc.initiative, croc.move) == (13, (1, 2, 3), 4)
    assert (croc.armor.name, croc.armor.phys, croc.armor.energy) == ("Scaly hide", 3, 2)
    (bite,) = croc.attacks
    assert (bite.name, bite.damage, bite.skill) == ("Bite", (3, 5, 7), 12)
    assert croc.skills == {"Bite": 12, "Dodge": 11}
    assert (croc.melee_defense, croc.missile_defense) == (1, 1)
    assert catalog_creatures.creature_data().perc_as_intl_penalty == -4
    with pytest.raises(KeyError):
        catalog_creatures.creature("dragon")
