"""The book's skill list, skill EP costs and language costs."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.rules import catalog_skills

# 2.42, with Survival on INTL per its description (see skills.json's note).
BOOK_SKILLS = {
    "Acrobatics": ("deft", -4), "Appraise Value": ("intl", -1), "Charm": ("will", -1),
    "Climbing": ("deft", -1), "Convince": ("will", -1), "Craft": ("deft", -4),
    "Disguise": ("intl", -4), "Dodge": ("deft", -1), "Grapple": ("deft", -1),
    "Insight": ("will", -1), "Intimidation": ("will", -1), "Kick": ("deft", -1),
    "Listen": ("intl", -1), "Lockpicking": ("deft", -4), "Medicine": ("intl", -4),
    "Melee": ("deft", -1), "Missile": ("deft", -1), "Negotiate": ("intl", -1),
    "Pickpocket": ("deft", -4), "Profession": ("intl", -1), "Punch": ("deft", -1),
    "Scholar": ("intl", -4), "Search": ("intl", -1), "Seduce": ("will", -1),
    "Shield": ("deft", -1), "Sleight of Hand": ("deft", -4), "Stealth": ("deft", -1),
    "Survival": ("intl", -1), "Swim": ("deft", -1), "Tactics": ("intl", -4),
    "Throw Weapon": ("deft", -4), "Tracking": ("intl", -4),
}


STARRED = {"Craft", "Melee", "Missile", "Profession", "Scholar", "Survival", "Tactics",
           "Throw Weapon"}


@pytest.mark.parametrize("level", range(12))
def test_skill_costs_follow_the_table_and_its_etc(level: int) -> None:
    costs = catalog_skills.skill_data().costs
    assert costs.total(level) == (level + 1) * (level + 2) // 2
    assert costs.step(level) == level + 2


def test_skill_cost_table_is_the_books() -> None:
    costs = catalog_skills.skill_data().costs
    assert [(r.level, r.cost, r.total) for r in costs.rows] == [
        (0, 1, 1), (1, 2, 3), (2, 3, 6), (3, 4, 10)]
    assert costs.creation_max_level == 2
    languages = catalog_skills.skill_data().languages
    assert [(lv.level, lv.total) for lv in languages.levels] == [(1, 1), (2, 2), (3, 3)]
    assert languages.literacy == 1


def test_skill_list_is_the_books() -> None:
    found = {s.name: (s.attribute, s.penalty) for s in catalog_skills.skills()}
    assert found == BOOK_SKILLS
    assert {s.name for s in catalog_skills.skills() if s.specialised} == STARRED
    assert catalog_skills.skill("profession").alternate_penalty == -4
    assert catalog_skills.skill("Tactics").alternate_penalty == -1
    kick = catalog_skills.skill("Kick")
    assert kick.attack_bonus == 1 and kick.damage_levels == 1
    assert catalog_skills.skill("Punch").attack_bonus == 2
    # 2.52 Missile Defense: "determined in the same way as Melee Defense, but only Dodge
    # and Shield skills may be used."
    assert {s.name for s in catalog_skills.skills() if "missile" in s.defense} == {
        "Dodge", "Shield"}
    assert {s.name for s in catalog_skills.skills() if s.defense and not s.defense_condition} == {
        "Dodge", "Kick", "Punch"}
    assert catalog_skills.skill("No Such Skill") is None
