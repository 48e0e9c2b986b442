"""Fighters: the Roll column by levels (2.3, RULINGS Pocket 2, 5.61, 5.72) and fighters
built from the example characters and the crocodile."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.systems.files import load_character
from desktop.systems.pocket.fight.fighter import (
    Fighter,
    FighterError,
    Weapon,
    attribute_modifier,
    attribute_roll,
    fighter_from,
    fighter_from_creature,
    shift_levels,
)
from desktop.systems.pocket.rules import catalog, catalog_creatures
from desktop.systems.pocket.rules.dice import CheckError


def example(name: str):
    return load_character(catalog.example_characters()[name])


def test_roll_column_edges_and_beyond() -> None:
    assert attribute_roll(2) == (0, 0, 0)
    assert attribute_roll(-3) == (0, 0, 0)
    assert attribute_roll(12) == (2, 4, 6)
    assert attribute_roll(16) == (6, 8, 10)
    assert attribute_roll(17) == (7, 9, 11)  # ours: the column goes on
    assert attribute_modifier(2) == -8 and attribute_modifier(16) == 6
    assert attribute_modifier(18) == 8 and attribute_modifier(1) == -9


@pytest.mark.parametrize(("triplet", "levels", "shifted"), [
    ((2, 3, 4), 1, (2, 4, 6)),     # RULINGS Pocket 2: DEFT 11 → 12
    ((2, 3, 4), -1, (1, 2, 3)),
    ((2, 4, 6), 2, (4, 6, 8)),     # Desperation: +2 levels
    ((0, 0, 0), 1, (0, 0, 1)),     # from the highest score with 0/0/0 (5)
    ((6, 8, 10), 1, (7, 9, 11)),
    ((6, 9, 12), 2, (8, 11, 14)),  # not on the column: +1 per number per level
    ((0, 1, 1), 0, (0, 1, 1)),
])
def test_shift_levels(triplet, levels, shifted) -> None:
    assert shift_levels(triplet, levels) == shifted


def test_artos_as_a_fighter() -> None:
    artos = fighter_from(example("artos"))
    assert artos.key == "Artos" and artos.hits_max == 13 and artos.current_hits == 13
    assert artos.initiative == (1, 2, 3)
    # 2.51: blocking with the shield gives 3, his best.
    assert artos.melee_defense == 3 and artos.shield_defense
    assert artos.shield is not None and artos.shield.parry == 2 and artos.shield.hits == 9
    sword = artos.weapon("sword")
    assert sword.to_hit == 13 and sword.damage == (4, 6, 8) and sword.edged
    assert artos.weapon("Punch").kind == "unarmed" and not artos.weapon("Punch").edged
    assert artos.dodge == 9  # unskilled: DEFT 10 − 1
    assert artos.helmet is not None and artos.head_armor() == artos.helmet.phys


def test_every_example_makes_a_fighter() -> None:
    for name in catalog.example_characters():
        character = example(name)
        fighter = fighter_from(character, key=f"{name} 1")
        assert fighter.key == f"{name} 1"
        assert fighter.weapons and fighter.can_act


def test_a_character_saved_below_zero_is_bleeding() -> None:
    character = example("tharsh")
    character = character.model_copy(update={
        "tracking": character.tracking.model_copy(update={"hits": -2})})
    fighter = fighter_from(character)
    assert fighter.dying and fighter.bleeding == "minute"


def test_the_crocodile() -> None:
    croc = fighter_from_creature(catalog_creatures.creature("Crocodile"), key="Croc 1")
    assert (croc.phys, croc.hits_max, croc.initiative, croc.move) == (11, 13, (1, 2, 3), 4)
    assert croc.weapon("Bite").damage == (3, 5, 7) and croc.weapon("Bite").to_hit == 12
    assert (croc.armor_phys, croc.armor_energy) == (3, 2)
    assert croc.head_armor() == 3  # a scaly hide is natural armor
    assert croc.melee_defense == 1 and croc.dodge == 11 and croc.npc


def test_bad_fighters() -> None:
    base = Fighter("A", "A", 10, 10, 10, 10, 10, (1, 2, 3), ())
    with pytest.raises(FighterError, match="Hits"):
        replace(base, hits_max=0)
    with pytest.raises(FighterError, match="unknown condition"):
        base.with_conditions({"sleepy"})
    with pytest.raises(CheckError):
        replace(base, initiative=(3, 2, 1))
    with pytest.raises(FighterError, match="no weapon called 'Axe'"):
        base.weapon("Axe")
    with pytest.raises(CheckError):
        Weapon("Odd", (2, 1, 0), 10)
