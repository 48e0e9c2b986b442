"""Two powers of the Powers appendix as GM actions: Deplete the strength of materials
and Damage absorption, played with dice typed at the table."""

from __future__ import annotations

import pytest

from desktop.model.dice_pool import Pool
from desktop.model.encounter import Encounter
from desktop.systems.encounters import new_encounter
from desktop.systems.files import load_character
from desktop.systems.protector.rules.catalog import example_characters
from desktop.systems.protector.rules.character import Power, ProtectorCharacter
from desktop.systems.protector.rules.npcs import npc

KAISER = "Kaiser Überlegen"


def scene() -> Encounter:
    arclight = load_character(example_characters()["arclight"])  # has Damage absorption
    rust = ProtectorCharacter(name="Rust", energy_pool=10, powers=[Power(
        name="Rust touch", category="impair", application="Deplete the strength of materials",
        active=True, energy_dice=2, dice_per_die=6, steps=6)])
    e = new_encounter("protector", "appendix", seed=4).add_character(arclight)
    return e.add_character(rust).add_character(npc(KAISER)).start()


def ids(e: Encounter, key: str) -> list[str]:
    return [a.id for a in e.rules.actions(e.state, key)]


def test_only_those_with_the_power_are_offered_it() -> None:
    e = scene()
    assert "deplete_materials" in ids(e, "Rust") and "absorb" not in ids(e, "Rust")
    assert "absorb" in ids(e, "Arclight") and "deplete_materials" not in ids(e, "Arclight")
    assert not {"absorb", "deplete_materials"} & set(ids(e, KAISER))


def test_every_ten_points_deplete_a_die_of_the_material() -> None:
    """"Roll for this power's pool, for every ten points rolled the power depletes one die
    of the material. This may reduce the damage of a weapon, weaken the defense of body
    armor or slow a vehicle" (Powers, Impair, Deplete the strength of materials)."""
    e = scene()
    e = e.perform("Rust", "deplete_materials", {"material": f"{KAISER}|Slaver Shield",
                                                 "dice": "3, Rust touch = 6 6 5 8"})
    assert e.log[-2].text == (
        f"Rust uses Rust touch on {KAISER}'s Slaver Shield: d6 6, d6 6, d6 5, d8 8 → 11 "
        "(8 + 3 others) → 1 die depleted (every ten points, one die)")
    assert e.state.scene.get(KAISER).agent("Slaver Shield").pool == Pool(4, depleted=1)
    e = e.perform("Rust", "deplete_materials", {"material": f"{KAISER}|Slaver Shield",
                                                 "dice": "Rust touch = 7"})
    assert "→ 0 dice depleted" in e.log[-1].text  # 7 points: not ten


def test_damage_absorption_heals_and_rerolls_every_ten_points_over() -> None:
    """"When successfully using this power to defend against an attack, the character
    can roll to heal. For every ten points this power is over an attack number, the
    character can re-roll a die once." (Powers, Protection, Damage absorption)."""
    e = scene().perform("Arclight", "deplete", {"dice": 1})
    assert e.state.scene.get("Arclight").energy == Pool(2, depleted=1)
    e = e.perform("Arclight", "absorb", {"attack": 0, "dice": "Damage absorption = 10 1 2 2"})
    # The depleted die on the table counts in the power's value, as in any roll.
    assert e.log[-2].text == ("Arclight absorbs with Damage absorption: d10 10 + 1 on the "
                              "table → 11 (10 + 1 other) against attack 0: 11 over; 1 "
                              "re-roll (1→2)")
    assert e.log[-1].text.startswith("Arclight rolls to heal: 2d4 [2, 2]")
    assert e.state.scene.get("Arclight").energy == Pool(3)
    missed = scene().perform("Arclight", "absorb", {"attack": 9,
                                                     "dice": "Damage absorption = 4"})
    assert missed.log[-1].text.endswith("against attack 9: not over the attack, nothing "
                                        "absorbed")


def test_the_material_must_be_named() -> None:
    with pytest.raises(ValueError, match="choose the material"):
        scene().perform("Rust", "deplete_materials", {"material": "", "dice": ""})
