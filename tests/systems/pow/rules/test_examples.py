"""The example characters and NPCs reproduce the numbers of the book's worked examples."""

from __future__ import annotations

import pytest

from desktop.model.findings import Severity
from desktop.systems import files
from desktop.systems.pow.rules import catalog, npcs
from desktop.systems.pow.rules.character import PowCharacter
from desktop.systems.pow.rules.derived import PowDerived, derive


def example(stem: str) -> PowCharacter:
    character = files.load_character(catalog.example_characters()[stem])
    assert isinstance(character, PowCharacter)
    return character


def npc(name: str) -> PowCharacter:
    (character,) = [c for c in npcs.npcs() if c.name == name]
    return character


def errors(derived: PowDerived) -> list[str]:
    return [f.message for f in derived.findings if f.severity is Severity.ERROR]


def weapon_damage(derived: PowDerived, name: str) -> int:
    (damage,) = [w.damage for w in derived.weapon_damage if w.name == name]
    return damage


@pytest.mark.parametrize("stem", ["electrobabe", "sparky", "cutter"])
def test_example_character_is_a_clean_full_strength_file(stem: str) -> None:
    path = catalog.example_characters()[stem]
    character = example(stem)
    derived = derive(character)
    assert errors(derived) == []
    assert character.options.price_of_greatness
    assert 10 <= character.character_points <= 20
    assert derived.points_left == 0
    assert character.tracking.stats == {} and character.tracking.pools == {}
    assert derived.current_pools == derived.pools
    assert character.worldbook == "Power Grrrl"
    assert "book" in character.notes and "Ours" in character.notes
    # Saved in the app's own canonical form, so opening and saving changes nothing.
    assert files.character_to_text(character) == path.read_text(encoding="utf-8")


def test_example_specials_are_the_catalogs() -> None:
    book = {s.name: s for s in catalog.specials()}
    for stem in catalog.example_characters():
        for special in example(stem).specials:
            assert special == book[special.name]


def test_electrobabe() -> None:
    character = example("electrobabe")
    derived = derive(character)
    assert (character.attributes.agility, character.attributes.energy,
            character.attributes.damage) == (2, 5, 3)
    assert derived.pools["energy"] == 25
    assert derived.pools["damage"] == 9
    assert derived.to_hit_difficulty["normal"] == 12
    assert derived.pools["damage"] - 5 == 4  # "I only have 4 left in my Damage Pool"
    (lightning,) = character.specials
    assert lightning.name == "Lightning Power" and derived.usable_specials[lightning.name]
    assert derived.pools["energy"] - lightning.pool_cost == 15  # "she has 15 left"


def test_sparky() -> None:
    character = example("sparky")
    derived = derive(character)
    assert (character.attributes.agility, character.attributes.brawn) == (3, 5)
    assert character.size_category == 0
    assert weapon_damage(derived, "Teeth") == 8
    assert derived.to_hit_difficulty["normal"] == 13
    assert derived.actions_per_frame >= 2  # he attacks twice in one frame


def test_cutter() -> None:
    character = example("cutter")
    derived = derive(character)
    assert (character.attributes.agility, character.attributes.brawn) == (5, 3)
    assert weapon_damage(derived, "Throwing Knife") == 4
    assert derived.to_hit_difficulty["normal"] == 15
    assert derived.actions_per_frame == 4  # two throws, two actions held
    (knife,) = character.weapons
    assert knife.ranged and knife.adds_brawn


def test_every_npc_is_free_of_error_findings() -> None:
    for character in npcs.npcs():
        assert errors(derive(character)) == [], character.name
        assert character.notes


def test_lizard_man() -> None:
    lizard = npc("Lizard-man")
    derived = derive(lizard)
    assert derived.to_hit_difficulty["normal"] == 12
    assert derived.to_hit_difficulty["dodging"] == 17  # "15, plus 2 is 17"
    assert weapon_damage(derived, "Club") == 5
    assert derived.pools["damage"] == 9
    assert derived.actions_per_frame >= 2
    # Sparky's 8 and Cutter's 4: the pool of 9 goes and 3 spill onto Damage 3, leaving 0.
    spill = 8 + 4 - derived.pools["damage"]
    assert lizard.attributes.damage - spill == 0
    # The heroes' difficulties the Moderator gives: 12, 13 and 15.
    assert [derive(example(s)).to_hit_difficulty["normal"]
            for s in ("electrobabe", "sparky", "cutter")] == [12, 13, 15]


def test_worldbook_villains_have_the_printed_stats() -> None:
    def printed(character: PowCharacter) -> tuple[int, ...]:
        a = character.attributes
        return (a.agility, a.brawn, a.cognition, a.damage, a.energy, a.fellowship)

    maple, gordy = npc("Madame Maple"), npc("Gordy")
    assert printed(maple) == (1, 1, 4, 2, 2, 0)
    assert printed(gordy) == (1, 2, 1, 2, 4, 0)
    assert "Canadian accent" in maple.description
    assert "moose" in gordy.description
    assert maple.specials == [] and gordy.specials == []


def test_dave_and_ed() -> None:
    for name in ("Dave", "Ed"):
        character = npc(name)
        derived = derive(character)
        assert (character.attributes.brawn, character.attributes.damage) == (1, 2)
        assert derived.pools["damage"] == 4
        assert weapon_damage(derived, "Club") == 5
    (armor,) = npc("Dave").armor
    assert (armor.name, armor.frame_rating, armor.damage_rating) == (
        "Spiked Padded Armor", 3, 20)
    assert derive(npc("Dave")).armor_frame_rating == 3
    assert npc("Ed").armor == []
    assert npc("Ed").attributes.energy >= 2  # "Ed has another action"
