"""Warlords of Kruhl derived values: dice per skill and roll, equipment, Power Level,
conditions, Endurance and the findings the chapter states."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.model.findings import Severity
from desktop.systems.files import load_character
from desktop.systems.kruhl.rules.character import KruhlCharacter, new_character
from desktop.systems.kruhl.rules.derived import derive

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "kruhl" / "characters"


def character(**changes) -> KruhlCharacter:
    data = new_character("Test").model_dump()
    data.update(changes)
    return KruhlCharacter.model_validate(data)


def test_dice_by_level() -> None:
    c = character(skills={"Lockpicking": "skill", "Culture": "expertise"})
    d = derive(c)
    assert d.skills["Performance"].roll("skill").text == "1d6 + 2"  # unskilled: one die
    assert d.skills["Lockpicking"].roll("skill").text == "2d6 + 2"
    assert d.skills["Culture"].roll("skill").text == "2d6 (re-roll 1s and 2s) + 2"


def test_only_the_highest_equipment_and_power_level_once() -> None:
    c = character(
        attributes={"agility": 4, "brawn": 2, "reason": 2, "presence": 5, "endurance": 5,
                    "power_level": 3},
        skills={"Lockpicking": "skill", "Thaumaturgy/Theology": "skill"},
        power_level_skills=["Thaumaturgy/Theology", "Thaumaturgy/Theology"],
        equipment=[{"name": "Basic lockpick", "rating": 1, "skills": ["Lockpicking"]},
                   {"name": "Thieves' kit", "rating": 2, "skills": ["Lockpicking"]}])
    d = derive(c)
    pick = d.skills["Lockpicking"]
    assert (pick.equipment, pick.equipment_name, pick.bonus) == (2, "Thieves' kit", 6)
    magic = d.skills["Thaumaturgy/Theology"]
    assert magic.power_level == 3 and magic.bonus == 8
    assert magic.roll("attack_magic").text == "2d6 + 8"


def test_combat_skills_attack_and_defend_and_conditions_change_the_dice() -> None:
    c = character(skills={"Hand-to-hand Combat": "skill", "Ranged Combat": "skill"},
                  conditions=["prone", "running"])
    d = derive(c)
    hth = d.skills["Hand-to-hand Combat"]
    # running: penalty die attacking, bonus die defending; prone: penalty die against
    # hand-to-hand, bonus die against ranged.
    assert hth.roll("attack_hth").dice == 1
    assert hth.roll("defense_hth").dice == 2
    assert d.skills["Ranged Combat"].roll("defense_ranged").dice == 4


def test_below_zero_dice_go_to_the_opponent_and_sprinting_fails() -> None:
    d = derive(character(conditions=["restrained", "surprised", "exhausted"]))
    attack = d.skills["Hand-to-hand Combat"].roll("attack_hth")
    assert (attack.dice, attack.opponent_bonus) == (0, 2)
    assert attack.text.endswith("opponent +2 bonus")
    sprint = derive(character(conditions=["sprinting"])).skills["Athletics"].roll("skill")
    assert sprint.fails and sprint.text == "fails"


def test_initiative_is_perception_reason() -> None:
    c = character(attributes={"agility": 2, "brawn": 2, "reason": 5, "presence": 2,
                              "endurance": 5, "power_level": 0},
                  skills={"Perception": "expertise"})
    data = derive(c).to_json(c)
    assert data["initiative"] == {"dice": 2, "expertise": True, "bonus": 5,
                                  "attribute": "reason", "fails": False}


def test_endurance_current_and_stun() -> None:
    c = character(tracking={"endurance": 4, "stun": 1})
    d = derive(c)
    assert (d.endurance_max, d.endurance_current, d.stun) == (5, 3, 1)
    assert derive(c).to_json(c)["endurance"] == {"max": 5, "current": 3, "stun": 1}


def test_findings_only_what_the_chapter_states() -> None:
    assert [f for f in derive(new_character("Fresh")).findings
            if f.severity is not Severity.INFO] == []
    c = character(tracking={"endurance": 9},
                  custom_skills=[{"name": "Alchemy", "attribute": "reason"},
                                 {"name": "Alchemy", "attribute": "reason"},
                                 {"name": "Culture", "attribute": "reason"}])
    found = {(f.severity, f.field) for f in derive(c).findings}
    assert (Severity.ERROR, "tracking.endurance") in found
    assert (Severity.ERROR, "custom_skills.1.name") in found
    assert (Severity.WARNING, "custom_skills.2.name") in found
    assert all("Warlords of Kruhl, Actions" in str(f.rule) for f in derive(c).findings)


@pytest.mark.parametrize("name", ["soraya", "virek-kohl"])
def test_the_examples_load_and_derive_cleanly(name: str) -> None:
    c = load_character(EXAMPLES / f"{name}.sheetdesk")
    d = derive(c)
    assert [f for f in d.findings if f.severity is not Severity.INFO] == []
    assert d.to_json(c)["skills"]["Perception"]["dice"] == 2


def test_soraya_numbers() -> None:
    c = load_character(EXAMPLES / "soraya.sheetdesk")
    d = derive(c)
    hth = d.skills["Hand-to-hand Combat"]
    assert hth.roll("attack_hth").text == "2d6 (re-roll 1s and 2s) + 6"  # Brawn 4 + sabres 2


def test_only_relevant_equipment_adds() -> None:
    """Opposed Tasks: "Both the character and their opponent add the rating of their
    relevant equipment, if any, to their roll (only the highest rated piece of equipment
    applies)": a weapon to the attack, a shield to the defense."""
    c = character(skills={"Hand-to-hand Combat": "skill", "Magic Resistance": "skill"},
                  equipment=[
                      {"name": "Sword", "rating": 2, "skills": ["Hand-to-hand Combat"]},
                      {"name": "Shield", "rating": 1, "skills": ["Hand-to-hand Combat"]},
                      {"name": "Warding amulet", "rating": 2, "skills": ["Magic Resistance"],
                       "use": "attack"}])
    hth = derive(c).skills["Hand-to-hand Combat"]
    # Saved without a use: the sword is a weapon, the shield (as the Add list has it)
    # defends.
    assert [e.use for e in c.equipment] == ["attack", "defense", "attack"]
    assert (hth.roll("attack_hth").add, hth.roll("defense_hth").add) == (2 + 2, 2 + 1)
    assert (hth.roll("attack_hth").equipment, hth.roll("defense_hth").equipment) == (2, 1)
    assert (hth.equipment, hth.equipment_name) == (2, "Sword")
    # A skill that makes one kind of roll: its pieces add to it whatever their use.
    assert derive(c).skills["Magic Resistance"].roll("defense_magic").add == 2 + 2
    both = c.model_copy(update={"equipment": [
        c.equipment[0].model_copy(update={"use": "both"})]})
    hth = derive(both).skills["Hand-to-hand Combat"]
    assert (hth.roll("attack_hth").add, hth.roll("defense_hth").add) == (4, 4)
