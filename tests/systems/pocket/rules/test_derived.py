"""Pocket Universe derived values: the Attribute table, creation points, EPs, contact
points, money and the JSON contract, checked against the book's numbers and examples."""

from __future__ import annotations

import ast
import inspect
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.model.findings import Finding, Severity
from desktop.systems.pocket.rules import (
    attributes,
    contacts,
    defense,
    equipment,
    skills,
    traits,
    validation,
)
from desktop.systems.pocket.rules import derived as rules
from desktop.systems.pocket.rules.character import (
    Ammunition,
    Armor,
    Attributes,
    Award,
    Contact,
    Equipment,
    Experience,
    Gear,
    Language,
    PocketCharacter,
    Share,
    Skill,
    Tracking,
    Trait,
    Weapon,
)

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741

# PRODUCT.md's keys for `derive --json`.
CONTRACT_KEYS = {"system", "name", "findings", "hits", "unarmed_damage", "initiative", "move",
                 "armored_deft", "starting_eps", "eps_spent", "contact_points",
                 "melee_defense", "missile_defense", "skills"}


def hero(phys: int = 10, deft: int = 12, intl: int = 10, will: int = 10,
         **kw: Any) -> PocketCharacter:
    """A named character with the 10 creation points spent (2 + 4 + 2 + 2 by default)."""
    return PocketCharacter(name=kw.pop("name", "Test"),
                           attributes=Attributes(phys=phys, deft=deft, intl=intl, will=will),
                           **kw)


def found(character: PocketCharacter, field: str | None = None,
          severity: Severity | None = None) -> list[Finding]:
    return [f for f in rules.derive(character).findings
            if (field is None or f.field == field)
            and (severity is None or f.severity is severity)]


# -- the Attribute table (2.3) and what is read from it (2.31-2.34) ------------------------


def test_book_examples_of_the_table() -> None:
    assert rules.derive(hero(phys=9)).hits == 8  # "a 9 PHYS has 8 hit points"
    assert rules.derive(hero(phys=12)).unarmed_damage == (2, 4, 6)  # "12 PHYS does 2/4/6"
    assert rules.derive(hero(deft=11)).initiative == (2, 3, 4)  # "11 DEFT has 2/3/4"
    assert rules.derive(hero(deft=8)).move == 4  # "an 8 DEFT has a Move of only 4"


@pytest.mark.parametrize(("score", "hits", "roll", "move"), [
    (2, 1, (0, 0, 0), 0), (3, 1, (0, 0, 0), 0), (10, 10, (1, 2, 3), 6),
    (15, 37, (5, 7, 9), 11), (16, 48, (6, 8, 10), 12),
])
def test_table_lookups_at_the_edges(score: int, hits: int, roll: tuple, move: int) -> None:
    derived = rules.derive(hero(phys=score, deft=score))
    assert derived.hits == hits
    assert derived.unarmed_damage == derived.initiative == roll
    assert derived.move == move  # 6 − 8 at DEFT 2 stops at 0
    assert derived.rows["phys"].score == score


@pytest.mark.parametrize("score", [0, 1, 17, 99])
def test_scores_off_the_table_are_errors_and_read_the_nearest_row(score: int) -> None:
    derived = rules.derive(hero(phys=score))
    assert derived.hits == (1 if score < 2 else 48)
    (finding,) = [f for f in found(hero(phys=score), "attributes.phys", E)
                  if "off the Attribute table (2–16)" in f.message]
    assert str(finding.rule) == "Pocket Universe, 2.3 Other Characteristics"


@given(st.integers(2, 16), st.integers(2, 16))
def test_hits_damage_initiative_and_move_follow_the_table(phys: int, deft: int) -> None:
    from desktop.systems.pocket.rules import catalog_attributes

    table = catalog_attributes.tables().attribute_table
    derived = rules.derive(hero(phys=phys, deft=deft))
    assert derived.hits == table.row(phys).value
    assert derived.unarmed_damage == table.row(phys).roll
    assert derived.initiative == table.row(deft).roll
    assert derived.move == max(6 + table.row(deft).modifier, 0)


# -- creation points (2.1) -----------------------------------------------------------------


def test_attribute_points_are_counted_from_the_final_scores() -> None:
    derived = rules.derive(hero())
    assert derived.points_added == {"phys": 2, "deft": 4, "intl": 2, "will": 2}
    assert (derived.attribute_points_spent, derived.attribute_points_budget,
            derived.attribute_points_left) == (10, 10, 0)
    assert not found(hero(), "attributes")


def test_traits_and_raises_are_not_creation_points() -> None:
    character = hero(deft=14, intl=9, traits=[
        Trait(name="Attribute +1", attribute="deft"),
        Trait(name="Attribute -1", attribute="intl")],
        experience=Experience(attribute_raises={"deft": 1, "intl": 1},
                              awards=[Award(eps=3)] * 7))
    derived = rules.derive(character)
    assert derived.creation_scores == {"phys": 10, "deft": 13, "intl": 8, "will": 10}
    assert derived.points_added == {"phys": 2, "deft": 4, "intl": 1, "will": 2}
    assert derived.attribute_points_left == 1
    # Each raise cost the score it started from: DEFT 13 → 14, INTL 8 → 9.
    assert derived.attribute_raise_eps == 13 + 8
    assert derived.attribute_raise_costs == {"phys": 10, "deft": 14, "intl": 9, "will": 10}


def test_traits_gained_in_play_are_not_creation_points() -> None:
    character = hero(deft=13, traits=[Trait(name="Attribute +1", attribute="deft",
                                            acquired="play")])
    derived = rules.derive(character)
    assert derived.points_added["deft"] == 4 and derived.attribute_points_left == 0
    assert derived.advantage_points == 0  # not part of the creation balance


@pytest.mark.parametrize(("scores", "field", "text"), [
    ({"deft": 13, "phys": 9}, "attributes.deft", "5 points added: at most 4"),
    ({"phys": 7, "deft": 12, "intl": 13}, "attributes.phys", "points can only be added"),
    ({"phys": 11}, "attributes", "11 Attribute points added of 10: 1 too many"),
])
def test_attribute_point_errors(scores: dict, field: str, text: str) -> None:
    matches = [f for f in found(hero(**scores), field, E) if text in f.message]
    assert len(matches) == 1, found(hero(**scores))
    assert matches[0].rule.section == "2.1 Attributes"


def test_unspent_attribute_points_are_a_warning() -> None:
    (finding,) = found(hero(phys=9), "attributes", W)
    assert "1 of the 10 Attribute points still to add" in finding.message


def test_a_lackey_gets_8_points() -> None:
    derived = rules.derive(hero(will=8, role="lackey"))
    assert derived.attribute_points_budget == 8 and derived.attribute_points_left == 0
    assert derived.trait_points_max == 3 and derived.contact_points == 0


# -- armored DEFT (3.4) ---------------------------------------------------------------------


def test_armor_limits_deft_for_initiative_move_and_deft_skills() -> None:
    plate = Armor(name="Full Plate", cost=1200, phys=6, energy=4, deft_limit=9)
    character = hero(deft=12, skills=[Skill(name="Dodge", level=1), Skill(name="Listen")],
                     equipment=Equipment(armor=[plate]),
                     traits=[Trait(name="Wealth", times=2), Trait(name="Quirk", detail="x"),
                             Trait(name="Phobia", detail="y")])
    derived = rules.derive(character)
    assert derived.armored_deft == 9
    assert derived.initiative == (1, 1, 2) and derived.move == 5
    assert derived.skill_scores == {"Dodge": 10, "Listen": 10}
    assert derived.unskilled["Acrobatics"] == 5
    (finding,) = found(character, "equipment.armor.0", W)
    assert "limits DEFT 12 to 9" in finding.message
    unworn = character.model_copy(update={"equipment": Equipment(
        armor=[plate.model_copy(update={"worn": False})])})
    assert rules.derive(unworn).armored_deft == 12


# -- skills and EPs (2.4, 2.41, 6.3) ---------------------------------------------------------


@pytest.mark.parametrize(("intl", "traits", "eps"), [
    (7, [Trait(name="Attribute -1", attribute="intl")], 5), (8, [], 6), (9, [], 8),
    (10, [], 10), (11, [], 13), (12, [], 16),
    (13, [Trait(name="Attribute +1", attribute="intl")], 19),
])
def test_starting_eps_by_intl(intl: int, traits: list, eps: int) -> None:
    assert rules.derive(hero(intl=intl, traits=traits)).starting_eps == eps


def test_book_skill_cost_example() -> None:
    # "a character with a 10 DEFT can buy a Dodge skill of 12 for 6 EPs. It will cost that
    # character 4 more EPs to improve their Dodge skill to 13 later in the game."
    derived = rules.derive(hero(deft=10, skills=[Skill(name="Dodge", level=2)]))
    (dodge,) = derived.skills
    assert (dodge.score, dodge.creation_cost, dodge.next_cost) == (12, 6, 4)
    raised = rules.derive(hero(deft=10, skills=[Skill(name="Dodge", level=3, raised=1)],
                               experience=Experience(awards=[Award(eps=3), Award(eps=1)])))
    (dodge,) = raised.skills
    assert (dodge.score, dodge.creation_cost, dodge.experience_cost) == (13, 6, 4)
    assert (raised.eps_spent_creation, raised.eps_spent_experience, raised.eps_spent) == (6, 4, 10)
    assert (raised.eps_awarded, raised.eps_total, raised.eps_unspent) == (4, 14, 4)


def test_basic_proficiency_costs_1_and_equals_the_attribute() -> None:
    # "a character with an 11 DEFT can buy a skill of 11 in Acrobatics for 1 EP"
    derived = rules.derive(hero(deft=11, skills=[Skill(name="Acrobatics")]))
    assert derived.skill_scores == {"Acrobatics": 11} and derived.eps_spent == 1


def test_skills_learnt_with_experience() -> None:
    character = hero(skills=[Skill(name="Swim", level=1, acquired="experience")],
                     experience=Experience(awards=[Award(eps=3)]))
    derived = rules.derive(character)
    assert (derived.eps_spent_creation, derived.eps_spent_experience) == (0, 3)
    assert derived.swim_rate == 13 - 9


def test_languages_cost_1_2_3_and_literacy_1() -> None:
    character = hero(literate_culture=True, languages=[
        Language(name="Common", native=True, literate=True),
        Language(name="Elvish", level=2, literate=True),
        Language(name="Dwarvish", level=3, raised=2),
        Language(name="Orcish", level=1, acquired="experience", literacy_acquired="experience",
                 literate=True)])
    derived = rules.derive(character)
    costs = [(ln.level_name, ln.creation_cost, ln.experience_cost) for ln in derived.languages]
    assert costs == [("fluent", 0, 0), ("accented", 3, 0), ("fluent", 1, 2), ("broken", 0, 2)]
    illiterate = rules.derive(character.model_copy(update={"literate_culture": False}))
    assert illiterate.languages[0].creation_cost == 1


def test_attribute_raises_cost_the_current_score() -> None:
    character = hero(deft=14, phys=8, experience=Experience(
        attribute_raises={"deft": 2}, awards=[Award(eps=3)] * 9))
    derived = rules.derive(character)
    assert derived.points_added["deft"] == 4
    assert derived.attribute_raise_eps == 12 + 13
    assert derived.eps_spent_experience == 25
    assert derived.eps_unspent == derived.starting_eps + 27 - 25


def test_eps_overspent_and_unspent() -> None:
    over = hero(skills=[Skill(name="Dodge", level=2), Skill(name="Punch", level=2)])
    (finding,) = found(over, "skills", E)
    assert "12 starting EPs spent of 10: 2 over" in finding.message
    (finding,) = found(hero(skills=[Skill(name="Dodge")]), "skills", W)
    assert "9 of 10 starting EPs unspent" in finding.message
    later = hero(skills=[Skill(name="Dodge", level=3, raised=3)],
                 experience=Experience(awards=[Award(eps=2)]))
    (finding,) = found(later, "experience.awards", E)
    assert "9 EPs spent after creation, 2 awarded" in finding.message


# -- contacts (2.6) --------------------------------------------------------------------------


@pytest.mark.parametrize(("will", "points"), [(8, 6), (9, 8), (10, 10), (11, 13), (12, 16)])
def test_contact_points_by_will(will: int, points: int) -> None:
    character = hero(will=will, phys=10 + 10 - will)
    assert rules.derive(character).contact_points == points


def test_the_kings_coachman_costs_9() -> None:
    coachman = Contact(name="The King's Coachman", tier="national_leader", insider="single",
                       insider_for="the King")
    derived = rules.derive(hero(contacts=[coachman]))
    (line,) = derived.contacts
    assert (line.table_cost, line.insider_reduction, line.base_cost, line.cost) == (13, 4, 9, 9)
    assert derived.contact_points_spent == 9 and derived.contact_points_left == 1


def test_contact_costs_friend_group_insider_and_sharing() -> None:
    contacts = [
        Contact(name="A", tier="average_citizen", friend=True),
        Contact(name="B", tier="local_authority", insider="group"),
        Contact(name="C", tier="nobody", insider="single"),
        Contact(name="D", tier="regional_authority", my_share=4,
                shared_with=[Share(character="X", points=3), Share(character="Y", points=2)],
                friend=True),
        Contact(name="E", tier="national_authority", acquired="play"),
        Contact(name="F", tier="average_citizen", cost=4),
    ]
    derived = rules.derive(hero(contacts=contacts))
    assert [c.cost for c in derived.contacts] == [5, 5, 1, 6, 11, 4]
    assert derived.contact_points_spent == 5 + 5 + 1 + 6 + 4  # E was made in play
    (finding,) = found(hero(contacts=contacts), "contacts", E)
    assert "21 contact points spent of 10: 11 over" in finding.message


def test_shared_contact_rules() -> None:
    bad = Contact(name="Duke", tier="regional_authority", my_share=5,
                  shared_with=[Share(character="X", points=0)], sex="m", age="50",
                  location="court")
    messages = [f.message for f in found(hero(contacts=[bad]), severity=E)]
    assert any("X must pay at least 1" in m for m in messages)
    assert any("shares add up to 5, the base cost is 9" in m for m in messages)


def test_connected_adds_3_contact_points() -> None:
    character = hero(traits=[Trait(name="Connected", times=2), Trait(name="Quirk", detail="a"),
                             Trait(name="Outcast", detail="b")])
    assert rules.derive(character).contact_points == 16


# -- money (3.1) -----------------------------------------------------------------------------


def test_starting_money_and_purchases() -> None:
    sword = Weapon(name="Hatchet", cost=35, group="axe", thrown=True, balanced=True,
                   quantity=2)
    arrows = Ammunition(name="Arrows & Quarrels", cost=5, per=3, quantity=10)
    found_gear = Gear(name="Gold ring", cost=300, acquired="play")
    character = hero(equipment=Equipment(weapons=[sword], ammunition=[arrows],
                                         gear=[Gear(name="Rope", cost=10, quantity=3),
                                               found_gear]))
    derived = rules.derive(character)
    assert derived.starting_money == 500
    assert derived.money_spent == 53 * 2 + 4 * 5 + 30
    assert derived.money_left == derived.money == 500 - 156
    tracked = rules.derive(character.model_copy(update={"tracking": Tracking(money=12)}))
    assert tracked.money == 12 and tracked.money_left == 344


def test_overspending_is_an_error() -> None:
    plate = Armor(name="Full Plate", cost=1200, phys=6, energy=4, deft_limit=9)
    (finding,) = found(hero(equipment=Equipment(armor=[plate])), "equipment", E)
    assert "$1200 of equipment bought with $500: $700 over" in finding.message


# -- tracking and the JSON contract ------------------------------------------------------------


def test_current_hits_and_their_findings() -> None:
    assert rules.derive(hero()).current_hits == 10
    assert rules.derive(hero(tracking=Tracking(hits=4))).current_hits == 4
    assert found(hero(tracking=Tracking(hits=11)), "tracking.hits", E)
    assert "dying" in found(hero(tracking=Tracking(hits=-1)), "tracking.hits", W)[0].message
    assert "dead" in found(hero(tracking=Tracking(hits=-11)), "tracking.hits", W)[0].message


def test_to_json_has_the_contract_keys_and_plain_json_values() -> None:
    import json

    character = hero(skills=[Skill(name="Melee", specialisation="Blades", level=1)])
    data = rules.derive(character).to_json(character)
    assert set(data) >= CONTRACT_KEYS
    assert json.loads(json.dumps(data)) == data
    assert (data["system"], data["name"]) == ("pocket", "Test")
    assert data["skills"] == {"Melee (Blades)": 13}
    assert data["unarmed_damage"] == [1, 2, 3] and data["initiative"] == [2, 4, 6]
    assert all(set(f) >= {"severity", "message", "rule"} for f in data["findings"])


# -- the order of the steps -------------------------------------------------------------------


STEPS = (attributes, traits, skills, contacts, equipment, defense, validation)
"""``derive``'s steps in the order it calls them (derived.py's docstring)."""


def _rules_imported(module: object) -> set[str]:
    """The rules modules ``module`` imports, anywhere in it (TYPE_CHECKING included)."""
    package = "desktop.systems.pocket.rules"
    out: set[str] = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):  # type: ignore[arg-type]
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package):
            if node.module == package:
                out |= {alias.name for alias in node.names}
            else:
                out.add(node.module.removeprefix(f"{package}."))
    return out


def test_each_step_reads_only_the_steps_before_it() -> None:
    names = [step.__name__.rsplit(".", 1)[-1] for step in STEPS]
    for index, step in enumerate(STEPS):
        read = _rules_imported(step)
        assert "derived" not in read, names[index]
        later = set(names[index + 1:])
        assert not read & later, (names[index], read & later)
    calls = inspect.getsource(rules.derive)
    positions = [calls.index(f"{call}(") for call in (
        "attribute_values", "trait_values", "skill_values", "contact_values",
        "equipment_values", "defense_values", "validation.findings")]
    assert positions == sorted(positions)
