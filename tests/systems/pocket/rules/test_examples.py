"""The example characters and the crocodile reproduce the numbers of the book's examples."""

from __future__ import annotations

import json

import pytest

from desktop import cli
from desktop.model.findings import Severity
from desktop.systems import files
from desktop.systems.pocket.rules import attributes, catalog, catalog_creatures, catalog_world
from desktop.systems.pocket.rules import derived as rules
from desktop.systems.pocket.rules.character import PocketCharacter
from desktop.systems.pocket.rules.derived import PocketDerived, derive

CONTRACT_KEYS = {"system", "name", "findings", "hits", "unarmed_damage", "initiative", "move",
                 "armored_deft", "starting_eps", "eps_spent", "contact_points",
                 "melee_defense", "missile_defense", "skills"}


def example(stem: str) -> PocketCharacter:
    character = files.load_character(catalog.example_characters()[stem])
    assert isinstance(character, PocketCharacter)
    return character


def defences(derived: PocketDerived) -> dict[str, int]:
    return {o.skill_label: o.total for o in derived.melee_defenses if not o.condition}


@pytest.mark.parametrize("stem", ["artos", "tharsh", "kestra"])
def test_each_example_is_a_clean_canonical_file(stem: str) -> None:
    path = catalog.example_characters()[stem]
    character = example(stem)
    derived = derive(character)
    assert [f for f in derived.findings if f.severity is Severity.ERROR] == []
    assert derived.findings == []  # not even a warning: every budget exactly spent
    assert derived.attribute_points_left == 0
    assert derived.eps_spent_creation == derived.starting_eps
    assert derived.contact_points_left == 0
    assert derived.money_left >= 0
    assert "book" in character.notes.casefold() or "ours" in character.notes.casefold()
    # Saved in the app's canonical form, so opening and saving changes nothing.
    assert files.character_to_text(character) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("stem", ["artos", "tharsh", "kestra"])
def test_derive_json_of_each_example(stem: str, capsys) -> None:
    path = catalog.example_characters()[stem]
    assert cli.main(["derive", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= CONTRACT_KEYS
    character = example(stem)
    assert data == json.loads(json.dumps(derive(character).to_json(character)))
    assert cli.main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("no findings")


def test_artos_three_melee_defences() -> None:
    # 2.51: "Artos has a 10 DEFT, a 12 blades skill, a skill of 11 with shields, and he is
    # unskilled at dodging. His shield gives him a +2 bonus. If he parries a melee attack
    # with his sword, his melee defense is 2. If he blocks with his shield, his melee
    # defense is 3. If he dodges, his melee defense is -1."
    character = example("artos")
    derived = derive(character)
    assert derived.armored_deft == 10
    assert derived.skill_scores["Melee (blade)"] == 12
    assert derived.skill_scores["Shield"] == 11
    assert "Dodge" not in derived.skill_scores
    (shield,) = derived.shields
    assert shield.parry == 2
    options = defences(derived)
    assert options["Melee (blade): Sword"] == 2
    assert options["Shield: Medium Shield"] == 3
    assert options["Dodge"] == -1
    assert derived.melee_defense == 3  # the best of them
    assert derived.missile_defense == 3  # 2.52: Dodge or Shield


def test_artos_has_the_kings_coachman() -> None:
    derived = derive(example("artos"))
    coachman = next(c for c in derived.contacts if c.contact.insider == "single")
    assert coachman.contact.tier == "national_leader"
    assert coachman.cost == 9  # 2.6: "the King's Coachman ... would cost 9 points"


def test_tharsh_the_cat_burglar_falls() -> None:
    # 4.7: "Tharsh ... has a 12 DEFT, the fall is 4 spaces (8 meters), and he's going to
    # land on some hay bales (resulting in a modifier of -2). Tharsh must roll 10 or less
    # on 2d10 to avoid taking 2 points of damage."
    derived = derive(example("tharsh"))
    assert derived.attributes["deft"] == derived.armored_deft == 12
    hay = catalog_world.falling().surface("Straw").modifier
    spaces = max(4 + hay, 0)
    assert (spaces * catalog_world.falling().damage_per_space,
            derived.armored_deft - spaces) == (2, 10)
    assert derived.skill_scores["Climbing"] == 14 and derived.skill_scores["Acrobatics"] == 12


def test_kestra_uses_every_part_of_creation() -> None:
    character = example("kestra")
    derived = derive(character)
    assert (derived.advantage_points, derived.disadvantage_points) == (5, 5)
    assert derived.creation_scores["deft"] == 13 and derived.points_added["deft"] == 4
    assert derived.initiative == (4, 6, 8)  # DEFT 13 + Acute Reflexes = DEFT 14's row
    assert derived.move == 9
    assert derived.armor.total == (3, 2)  # Leather 2/1 + Toughness 1/1 (cap adds 0/0)
    assert derived.contact_points == 8 + 3  # WILL 9 + Connected
    shared = next(c for c in derived.contacts if c.shared)
    assert (shared.share, shared.shares_total, shared.base_cost) == (3, 5, 5)
    assert [ln.level_name for ln in derived.languages] == ["fluent", "broken"]
    attacks = {a.name: a for a in derived.attacks}
    assert attacks["Spear"].phys_needed == 10 and attacks["Spear"].total == 15
    assert attacks["Short Bow"].range == 18
    assert attacks["Long Knife (thrown)"].range == 3 + 11 - 5
    assert derived.money_spent == 380 and derived.money == 120


def test_the_crocodile_agrees_with_the_tables() -> None:
    # 6.2: PHYS 11 Hits 13, DEFT 10 Initiative 1/2/3, Bite 3/5/7, Dodge 11 → Melee 1, Missile 1.
    croc = catalog_creatures.creature("Crocodile")
    assert croc.hits == attributes.value(croc.phys) == 13
    assert croc.initiative == attributes.roll(croc.deft) == (1, 2, 3)
    assert croc.attacks[0].damage == attributes.roll(croc.phys, 2)
    assert croc.melee_defense == croc.missile_defense == croc.skills["Dodge"] - 10
    assert croc.move == 4 < 6 + attributes.modifier(croc.deft)


def test_examples_list_is_the_folder() -> None:
    assert set(catalog.example_characters()) == {"artos", "tharsh", "kestra"}
    for stem in catalog.example_characters():
        assert rules.derive(example(stem)).to_json(example(stem))["system"] == "pocket"
