"""POW! derived values and findings, checked against the book's numbers and examples."""

from __future__ import annotations

import json
import math
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from desktop.model.findings import Finding, Severity
from desktop.systems.pow.rules import derived as rules
from desktop.systems.pow.rules.character import (
    STATS,
    Armor,
    Experience,
    Options,
    PowCharacter,
    Special,
    Stats,
    Tracking,
    Weapon,
)

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741

# The book's chapters (top-level headings) a citation may point into.
BOOK_CHAPTERS = {"Creating a Character", "Time and Activity", "Difficulty Checks",
                 "Combat Basics", "Taking Damage", "Stat Reduction",
                 "Experience and Improvement", "Glossary"}


def hero(points: int = 15, **kw: Any) -> PowCharacter:
    """A named character with a concept; stats given by keyword default to 1."""
    stats = {s: kw.pop(s) for s in STATS if s in kw}
    return PowCharacter(name=kw.pop("name", "Test"), concept=kw.pop("concept", "A hero"),
                        attributes=Stats(**stats), character_points=points, **kw)


def found(character: PowCharacter, field: str | None = None,
          severity: Severity | None = None) -> list[Finding]:
    return [f for f in rules.derive(character).findings
            if (field is None or f.field == field) and (severity is None or f.severity is severity)]


def one(character: PowCharacter, field: str, severity: Severity, text: str) -> Finding:
    matches = [f for f in found(character, field, severity) if text in f.message]
    assert len(matches) == 1, rules.derive(character).findings
    return matches[0]


AMBIDEXTERITY = Special(name="Ambidexterity", stat="agility", minimum=3, purchase_cost=2,
                        pool_cost=0, action_cost=0, upgrade_cost=1)
BURST = Special(name="Burst of Strength", stat="brawn", minimum=2, purchase_cost=2,
                pool_cost=4, action_cost=1, upgrade_cost=3)


# -- pools ------------------------------------------------------------------------------

@pytest.mark.parametrize(("score", "pool"), [(0, 0), (1, 1), (2, 4), (3, 9), (4, 16), (5, 25)])
def test_pools_follow_the_books_table(score: int, pool: int) -> None:
    derived = rules.derive(hero(**{s: score for s in STATS}))
    assert derived.pools == {s: pool for s in STATS}
    assert derived.current_pools == derived.pools == derived.pool_caps


@given(st.integers(-99, 99))
def test_pool_is_stat_squared_and_nothing_below_one(score: int) -> None:
    derived = rules.derive(hero(damage=score))
    assert derived.pools["damage"] == (score * score if score > 0 else 0)


def test_current_pools_and_caps_follow_tracking() -> None:
    character = hero(damage=4, energy=5, brawn=3,
                     tracking=Tracking(stats={"damage": 2}, pools={"energy": 15, "brawn": 0}))
    derived = rules.derive(character)
    assert derived.pools["damage"] == 16
    assert derived.pool_caps["damage"] == 4 and derived.current_pools["damage"] == 4
    assert derived.current_pools["energy"] == 15  # Electrobabe after one Lightning Power
    assert derived.current_pools["brawn"] == 0
    assert derived.current_stats["damage"] == 2 and derived.current_stats["energy"] == 5


# -- character points -------------------------------------------------------------------

def test_points_spent_counts_stats_and_specials_bought_at_creation() -> None:
    upgraded = AMBIDEXTERITY.model_copy(update={"upgrade": "creation"})
    character = hero(points=15, agility=3, brawn=2, specials=[upgraded, BURST])
    derived = rules.derive(character)
    assert derived.points_spent == (3 + 2 + 4 * 1) + (2 + 1) + 2
    assert derived.points_budget == 15
    assert derived.points_left == 15 - 14


def test_specials_and_stat_points_bought_later_cost_no_character_points() -> None:
    later = AMBIDEXTERITY.model_copy(update={"acquired": "experience", "upgrade": "experience"})
    character = hero(agility=3, specials=[later], experience=Experience(
        earned=100, raised={"agility": 2}))
    assert rules.derive(character).points_spent == 1 + 5  # agility 1 at creation + five 1s


def test_points_left_is_info_overspent_is_error_exact_is_silent() -> None:
    exact = hero(points=12, agility=5, brawn=3)  # 5 + 3 + 4 × 1 = 12
    assert not found(exact, "character_points")
    left = one(hero(points=14, agility=5, brawn=3), "character_points", I,
               "2 Character Points left")
    assert left.rule == rules.R_POINTS
    over = one(hero(points=11, agility=5, brawn=3), "character_points", E,
               "12 Character Points spent of 11")
    assert "1 over" in over.message
    assert not found(hero(points=11, agility=5, brawn=3), "character_points", I)


@pytest.mark.parametrize(("budget", "warned"), [(9, True), (10, False), (15, False),
                                                (20, False), (21, True), (0, True)])
def test_budget_outside_ten_to_twenty_is_a_warning(budget: int, warned: bool) -> None:
    warnings = [f for f in found(hero(points=budget), "character_points", W)
                if "Worldbooks give 10 to 20" in f.message]
    assert len(warnings) == (1 if warned else 0)


# -- time and activity ------------------------------------------------------------------

@pytest.mark.parametrize("agility", [0, 1, 2, 3, 5])
def test_initiative_bonus_is_agility(agility: int) -> None:
    assert rules.derive(hero(agility=agility)).initiative_bonus == agility


def test_initiative_uses_the_reduced_agility_in_play() -> None:
    character = hero(agility=3, tracking=Tracking(stats={"agility": 1}))
    assert rules.derive(character).initiative_bonus == 1


@pytest.mark.parametrize("energy", [1, 2, 3, 4, 5])
def test_energy_is_actions_per_frame(energy: int) -> None:
    derived = rules.derive(hero(energy=energy))
    assert (derived.actions_per_frame, derived.acts_last) == (energy, False)
    assert not found(hero(energy=energy), severity=I, field="attributes.energy")


def test_energy_zero_is_one_action_after_everyone_else() -> None:
    character = hero(energy=0)
    derived = rules.derive(character)
    assert (derived.actions_per_frame, derived.acts_last) == (1, True)
    info = one(character, "attributes.energy", I, "one action a frame, after everyone else")
    assert info.rule == rules.R_ACTIONS


def test_energy_below_zero_in_play_gives_no_actions() -> None:
    derived = rules.derive(hero(energy=2, tracking=Tracking(stats={"energy": -1})))
    assert derived.actions_per_frame == 0
    assert not any("one action a frame" in f.message for f in derived.findings)


@pytest.mark.parametrize(("height", "per_action", "full_frame"), [
    (6, 12, 60), (5.5, 11, 55), (5.25, 11, 53), (1.1, 3, 11), (0.3, 1, 3), (0.05, 1, 1),
    (2.01, 5, 21), (30, 60, 300),
])
def test_move_is_twice_and_ten_times_height_rounded_up(
    height: float, per_action: int, full_frame: int
) -> None:
    derived = rules.derive(hero(height_ft=height))
    assert (derived.move_per_action_ft, derived.full_frame_move_ft) == (per_action, full_frame)


@given(st.decimals(min_value="0.01", max_value="10000", places=2))
def test_move_rounds_the_height_as_written_up(height: Decimal) -> None:
    derived = rules.derive(hero(height_ft=float(height)))
    assert derived.move_per_action_ft == math.ceil(2 * height)
    assert derived.full_frame_move_ft == math.ceil(10 * height)


# -- combat -----------------------------------------------------------------------------

@pytest.mark.parametrize(("who", "agility", "normal"), [
    ("Electrobabe", 2, 12), ("Sparky", 3, 13), ("Cutter", 5, 15), ("Lizard-man", 2, 12)])
def test_to_hit_difficulty_from_the_sample_of_gameplay(who: str, agility: int,
                                                       normal: int) -> None:
    to_hit = rules.derive(hero(name=who, agility=agility)).to_hit_difficulty
    assert to_hit == {"surprised": normal - 5, "normal": normal, "dodging": normal + 5}


def test_a_dodging_lizard_needs_seventeen() -> None:
    lizard = hero(name="Lizard-man", agility=2, brawn=3, damage=3)
    assert rules.derive(lizard).to_hit_difficulty["dodging"] == 17


@pytest.mark.parametrize("brawn", [0, 1, 3, 5])
def test_unarmed_damage_is_brawn(brawn: int) -> None:
    assert rules.derive(hero(brawn=brawn)).unarmed_damage == brawn


def test_unarmed_damage_uses_reduced_brawn_and_never_goes_negative() -> None:
    assert rules.derive(hero(brawn=3, tracking=Tracking(stats={"brawn": 1}))).unarmed_damage == 1
    assert rules.derive(hero(brawn=3, tracking=Tracking(stats={"brawn": -2}))).unarmed_damage == 0


def weapon_damage(brawn: int, weapon: Weapon) -> int:
    (result,) = rules.derive(hero(brawn=brawn, weapons=[weapon])).weapon_damage
    return result.damage


def test_weapon_damage_from_the_book() -> None:
    # Causing Damage: a club doing 2 with Brawn 3 does 5 (also the Lizard's club).
    assert weapon_damage(3, Weapon(name="Club", damage=2)) == 5
    # Sparky: teeth do 3, Brawn 5 → 8.
    assert weapon_damage(5, Weapon(name="Teeth", damage=3)) == 8
    # Cutter: a thrown knife does 1 + Brawn 3 (used both ways, so it adds Brawn).
    assert weapon_damage(3, Weapon(name="Throwing knife", damage=1, ranged=True,
                                   adds_brawn=True, base_range_ft=30)) == 4


def test_ranged_weapons_add_brawn_only_when_marked() -> None:
    pistol = Weapon(name="Pistol", damage=3, ranged=True, adds_brawn=False, base_range_ft=50)
    assert weapon_damage(4, pistol) == 3


def test_melee_weapons_add_brawn_by_default() -> None:
    # RULINGS POW! 9: "Melee weapon = weapon + Brawn". The +Brawn box is the user's to untick
    # (the editor and the sheet both follow it), so an unticked weapon is weapon only.
    assert weapon_damage(4, Weapon(name="Sword", damage=3)) == 7
    assert weapon_damage(4, Weapon(name="Net", damage=3, adds_brawn=False)) == 3


def test_weapon_damage_keeps_order_range_and_kind() -> None:
    bow = Weapon(name="Bow", damage=2, ranged=True, adds_brawn=False, base_range_ft=100)
    club = Weapon(name="Club", damage=2)
    derived = rules.derive(hero(brawn=2, weapons=[bow, club]))
    assert [(w.name, w.damage, w.ranged, w.base_range_ft) for w in derived.weapon_damage] == [
        ("Bow", 2, True, 100), ("Club", 4, False, None)]


def test_size_modifier_only_with_the_option() -> None:
    assert rules.derive(hero(size_category=2)).size_modifier == 0
    on = hero(size_category=2, height_ft=14, options=Options(size_category=True))
    assert rules.derive(on).size_modifier == 2
    assert not found(on, "size_category")
    one(hero(size_category=2), "size_category", W, "Size Category rule is off")


def test_armor_frame_rating_counts_worn_armor_that_still_absorbs() -> None:
    armor = [Armor(name="Vest", frame_rating=2, damage_rating=6),
             Armor(name="Helmet", frame_rating=1, damage_rating=3, damage_rating_left=1),
             Armor(name="Spare", frame_rating=4, damage_rating=6, worn=False),
             Armor(name="Shredded", frame_rating=8, damage_rating=6, damage_rating_left=0)]
    assert rules.derive(hero(armor=armor)).armor_frame_rating == 3


# -- experience -------------------------------------------------------------------------

@pytest.mark.parametrize(("score", "cost"), [(0, 1), (1, 4), (2, 9), (3, 16), (4, 25),
                                             (5, None)])
def test_raising_a_stat_costs_the_new_score_squared(score: int, cost: int | None) -> None:
    assert rules.derive(hero(fellowship=score)).stat_raise_xp["fellowship"] == cost


def test_raising_one_to_three_costs_four_plus_nine() -> None:
    raised = hero(agility=3, experience=Experience(earned=13, raised={"agility": 2}))
    derived = rules.derive(raised)
    assert (derived.xp_earned, derived.xp_spent, derived.xp_left) == (13, 13, 0)
    assert not found(raised, "experience.earned")
    assert rules.raise_cost(1, 3) == 13 and rules.raise_cost(4, 5) == 25
    assert rules.raise_cost(2, 2) == 0


def test_specials_later_cost_purchase_squared_and_upgrades_upgrade_squared() -> None:
    bought_later = BURST.model_copy(update={"acquired": "experience"})  # 2² = 4
    upgraded_later = AMBIDEXTERITY.model_copy(update={"upgrade": "experience"})  # 1² = 1
    both_later = Special(name="Big", stat="brawn", purchase_cost=3, upgrade_cost=2,
                         acquired="experience", upgrade="experience")  # 9 + 4
    character = hero(agility=3, brawn=3, specials=[bought_later, upgraded_later, both_later],
                     experience=Experience(earned=20))
    derived = rules.derive(character)
    assert derived.xp_spent == 4 + 1 + 13
    assert derived.xp_left == 2
    assert derived.special_xp == {"Burst of Strength": 4, "Ambidexterity": 4, "Big": 9}
    assert derived.upgrade_xp == {"Burst of Strength": 9, "Ambidexterity": 1, "Big": 4}
    plain = Special(name="Plain", stat="brawn", purchase_cost=3)
    assert rules.derive(hero(specials=[plain])).upgrade_xp == {"Plain": None}


def test_xp_overspent_is_an_error() -> None:
    character = hero(agility=3, experience=Experience(earned=12, raised={"agility": 2}))
    error = one(character, "experience.earned", E, "13 Experience Points spent of 12 earned")
    assert error.rule == rules.R_XP


def test_experience_cannot_lower_a_stat() -> None:
    character = hero(agility=2, experience=Experience(raised={"agility": -1}))
    one(character, "experience.raised.agility", E, "experience cannot lower a Stat")


# -- stat findings ----------------------------------------------------------------------

@pytest.mark.parametrize("score", [-1, 6, 9])
def test_a_stat_outside_zero_to_five_at_creation_is_an_error(score: int) -> None:
    error = one(hero(cognition=score), "attributes.cognition", E, "at creation: Stats start at 0")
    assert error.message.startswith(f"Cognition {score} at creation")
    assert error.rule == rules.R_STATS


@pytest.mark.parametrize("score", [0, 1, 5])
def test_zero_to_five_at_creation_is_not_an_error(score: int) -> None:
    assert not found(hero(cognition=score), "attributes.cognition", E)


def test_zero_is_allowed_but_the_book_advises_one() -> None:
    one(hero(fellowship=0), "attributes.fellowship", I, "advises at least 1")


def test_a_stat_raised_above_five_is_an_error_even_if_it_started_legal() -> None:
    character = hero(brawn=6, experience=Experience(earned=36, raised={"brawn": 1}))
    assert not [f for f in found(character, "attributes.brawn") if "at creation" in f.message]
    one(character, "attributes.brawn", E, "Stats go up to 5")


def test_pools_above_current_stat_squared_are_errors() -> None:
    character = hero(damage=4, tracking=Tracking(stats={"damage": 2}, pools={"damage": 5}))
    error = one(character, "tracking.pools.damage", E, "Damage Pool 5 is above")
    assert "(4 = current Damage²)" in error.message
    fine = hero(damage=4, tracking=Tracking(stats={"damage": 2}, pools={"damage": 4}))
    assert not found(fine, "tracking.pools.damage")
    one(hero(tracking=Tracking(pools={"energy": -1})), "tracking.pools.energy", E, "below 0")


def test_a_current_stat_above_its_score_is_an_error() -> None:
    one(hero(agility=2, tracking=Tracking(stats={"agility": 3})), "tracking.stats.agility", E,
        "Current Agility 3 is above its score 2")


def test_a_stat_below_zero_in_play_is_a_warning() -> None:
    one(hero(damage=3, tracking=Tracking(stats={"damage": -2})), "tracking.stats.damage", W,
        "below 0")


# -- the Price of Greatness -------------------------------------------------------------

# The book's list: a 5 in the first limits the second to 4.
GREATNESS = [("Agility", "Brawn"), ("Brawn", "Cognition"), ("Cognition", "Damage"),
             ("Damage", "Energy"), ("Energy", "Fellowship"), ("Fellowship", "Agility")]


@pytest.mark.parametrize(("great", "limited"), GREATNESS)
def test_price_of_greatness_pairs(great: str, limited: str) -> None:
    stats = {great.lower(): 5, limited.lower(): 5}
    others = {s: 1 for s in STATS if s not in stats}
    on = hero(points=20, options=Options(price_of_greatness=True), **stats, **others)
    greatness = [f for f in rules.derive(on).findings if f.rule == rules.R_GREATNESS]
    assert [f.to_json() for f in greatness] == [{
        "severity": "error",
        "message": f"{limited} 5 with {great} 5: the Price of Greatness limits {limited} to 4",
        "rule": "POW!, Creating a Character, optional rule The Price of Greatness",
        "field": f"attributes.{limited.lower()}",
    }]
    off = on.model_copy(update={"options": Options()})
    assert not [f for f in rules.derive(off).findings if f.rule == rules.R_GREATNESS]
    at_four = hero(points=20, options=Options(price_of_greatness=True),
                   **{great.lower(): 5, limited.lower(): 4})
    assert not [f for f in rules.derive(at_four).findings if f.rule == rules.R_GREATNESS]


def test_price_of_greatness_with_all_fives_flags_all_six() -> None:
    character = hero(points=30, options=Options(price_of_greatness=True),
                     **{s: 5 for s in STATS})
    flagged = {f.field for f in rules.derive(character).findings
               if f.rule == rules.R_GREATNESS}
    assert flagged == {f"attributes.{s}" for s in STATS}


# -- Specials ---------------------------------------------------------------------------

def test_special_minimum_not_met_is_an_error() -> None:
    character = hero(agility=2, specials=[AMBIDEXTERITY])
    error = one(character, "specials.0", E, "Ambidexterity needs Agility 3; the character has 2")
    assert error.rule == rules.R_SPECIALS


def test_special_reduced_below_minimum_in_play_is_a_warning_and_unusable() -> None:
    character = hero(agility=3, specials=[AMBIDEXTERITY],
                     tracking=Tracking(stats={"agility": 2}))
    assert rules.derive(character).usable_specials == {"Ambidexterity": False}
    warning = one(character, "specials.0", W, "cannot be used while Agility is reduced to 2")
    assert warning.rule == rules.R_REDUCTION
    assert not found(character, "specials.0", E)
    whole = hero(agility=3, specials=[AMBIDEXTERITY])
    assert rules.derive(whole).usable_specials == {"Ambidexterity": True}
    assert not found(whole, "specials.0")


def test_a_missing_prerequisite_is_an_error() -> None:
    bolt = Special(name="Lightning Power", stat="energy", minimum=0,
                   prerequisites=["Electric Affinity"])
    one(hero(specials=[bolt]), "specials.0", E, "requires the Special Electric Affinity")
    affinity = Special(name="Electric Affinity", stat="energy")
    assert not found(hero(specials=[affinity, bolt]), "specials.1")


def test_a_special_taken_twice_is_one_warning() -> None:
    character = hero(brawn=3, specials=[BURST, BURST])
    warnings = [f for f in found(character, severity=W) if "taken 2 times" in f.message]
    assert [f.field for f in warnings] == ["specials.0"]


def test_upgrade_bookkeeping_errors() -> None:
    no_upgrade = Special(name="Plain", stat="brawn", upgrade="creation")
    one(hero(specials=[no_upgrade]), "specials.0", E, "marked upgraded but has no upgrade")
    odd = BURST.model_copy(update={"acquired": "experience", "upgrade": "creation"})
    one(hero(brawn=3, specials=[odd], experience=Experience(earned=99)), "specials.0", E,
        "its upgrade cannot date from creation")


# -- armor, name, concept ---------------------------------------------------------------

def test_armor_with_more_left_than_its_rating_is_an_error() -> None:
    bad = Armor(name="Spiked Padded Armor", frame_rating=2, damage_rating=5,
                damage_rating_left=6)
    error = one(hero(armor=[bad]), "armor.0", E, "6 Damage Rating left of 5")
    assert error.rule == rules.R_ARMOR
    worn_out = bad.model_copy(update={"damage_rating_left": 0})
    one(hero(armor=[worn_out]), "armor.0", W, "worn through")
    assert not found(hero(armor=[bad.model_copy(update={"damage_rating_left": 5})]), "armor.0")


def test_name_and_concept_findings() -> None:
    one(hero(name="  "), "name", W, "no name yet")
    one(hero(concept=""), "concept", I, "No Basic Concept")
    long_concept = " ".join(["word"] * 16)
    one(hero(concept=long_concept), "concept", I, "16 words")
    assert not found(hero(concept=" ".join(["word"] * 15)), "concept")


# -- every finding cites a rule and a real field ----------------------------------------

def kitchen_sink() -> PowCharacter:
    """A character that trips every finding the rules know."""
    return PowCharacter(
        name="", concept="", character_points=25, size_category=1,
        attributes=Stats(agility=6, brawn=-1, cognition=3, damage=4, energy=0, fellowship=5),
        specials=[AMBIDEXTERITY, AMBIDEXTERITY,
                  BURST.model_copy(update={"prerequisites": ["Nothing"]}),
                  Special(name="Mind", stat="cognition", minimum=3, upgrade="creation",
                          acquired="experience")],
        armor=[Armor(name="A", damage_rating=1, damage_rating_left=2),
               Armor(name="B", damage_rating=1, damage_rating_left=0)],
        experience=Experience(earned=1, raised={"cognition": 2, "damage": -1}),
        tracking=Tracking(stats={"cognition": 1, "fellowship": 6, "damage": -1},
                          pools={"damage": 99, "energy": -1}),
        options=Options(price_of_greatness=True),
    )


def resolve(model: BaseModel, path: str) -> None:
    """Walk a finding's dotted field path through the character; fail if it leads nowhere."""
    node: Any = model
    for part in path.split("."):
        if isinstance(node, BaseModel):
            assert part in type(node).model_fields, path
            node = getattr(node, part)
        elif isinstance(node, list):
            node = node[int(part)]
        else:
            assert isinstance(node, dict) and part in STATS, path
            node = node.get(part)


def test_every_finding_cites_the_book_and_points_at_a_field() -> None:
    character = kitchen_sink()
    findings = rules.derive(character).findings
    assert len(findings) >= 25
    assert {f.severity for f in findings} == {E, W, I}
    for finding in findings:
        assert finding.rule.book == "POW!"
        assert finding.rule.section.split(",")[0] in BOOK_CHAPTERS, finding
        assert finding.message and "\n" not in finding.message
        assert finding.field, finding
        resolve(character, finding.field)


def test_a_clean_character_has_no_findings() -> None:
    electrobabe = hero(points=15, name="Electrobabe", concept="A teen with the power of "
                       "electricity and a giant pet wolfhound", agility=2, brawn=1, cognition=2,
                       damage=2, energy=5, fellowship=3)
    assert rules.derive(electrobabe).findings == []


# -- derive --json ----------------------------------------------------------------------

def test_to_json_has_the_product_keys_with_the_right_types() -> None:
    character = hero(name="Sparky", agility=3, brawn=5, weapons=[Weapon(name="Teeth", damage=3)])
    derived = rules.derive(character)
    data = json.loads(json.dumps(derived.to_json(character)))
    required = {"system", "name", "findings", "pools", "points_spent", "points_budget",
                "initiative_bonus", "actions_per_frame", "unarmed_damage", "to_hit_difficulty"}
    assert required <= set(data)
    assert data["system"] == "pow" and data["name"] == "Sparky"
    assert data["pools"] == {"agility": 9, "brawn": 25, "cognition": 1, "damage": 1,
                             "energy": 1, "fellowship": 1}
    assert data["points_spent"] == 12 and data["points_budget"] == 15
    assert data["initiative_bonus"] == 3 and data["actions_per_frame"] == 1
    assert data["unarmed_damage"] == 5
    assert data["to_hit_difficulty"] == {"surprised": 8, "normal": 13, "dodging": 18}
    for key in required - {"system", "name", "findings", "pools", "to_hit_difficulty"}:
        assert type(data[key]) is int, key
    assert all(type(v) is int for v in data["pools"].values())
    assert data["findings"] == [f.to_json() for f in derived.findings]
    for finding in data["findings"]:
        assert {"severity", "message", "rule"} <= set(finding)
        assert finding["severity"] in {"error", "warning", "info"}
    assert data["weapon_damage"] == {"Teeth": 8}


def test_price_of_greatness_names_the_actual_scores() -> None:
    character = hero(points=20, agility=6, brawn=5, options=Options(price_of_greatness=True))
    one(character, "attributes.brawn", E, "Brawn 5 with Agility 6: the Price of Greatness")


# --- the book's Causing Damage and Stat Reduction -------------------------------------


def test_a_ranged_weapon_uses_only_its_own_value_by_default() -> None:
    # "Damage done by most ranged weapons uses only the weapon's value, but weapons that
    # can be used in both melee and ranged combat (i.e., knives, axes, etc.) do add in
    # Brawn." (Combat Basics, Causing Damage): a Pistol with Brawn 4 deals 4, not 8.
    pistol = Weapon(name="Pistol", damage=4, ranged=True, base_range_ft=50)
    assert pistol.adds_brawn is False
    assert weapon_damage(4, pistol) == 4
    from_file = Weapon.model_validate({"name": "Pistol", "damage": 4, "ranged": True})
    assert weapon_damage(4, from_file) == 4
    # "Damage done by a melee weapon is equal to the weapon's damage value plus the
    # character's Brawn": the melee default stays.
    assert Weapon.model_validate({"name": "Club", "damage": 2}).adds_brawn is True
    # A file that says so keeps its +Brawn (a thrown knife, used both ways).
    knife = Weapon.model_validate({"name": "Knife", "damage": 1, "ranged": True,
                                   "adds_brawn": True})
    assert weapon_damage(3, knife) == 4


def test_brawn_below_zero_causes_no_damage() -> None:
    # "if her Brawn is reduced below 0, she cannot do anything that requires Brawn, such
    # as causing damage" (Stat Reduction).
    club = Weapon(name="Club", damage=2)
    pistol = Weapon(name="Pistol", damage=4, ranged=True)
    weak = hero(brawn=3, weapons=[club, pistol], tracking=Tracking(stats={"brawn": -1}))
    derived = rules.derive(weak)
    assert derived.unarmed_damage == 0
    assert [w.damage for w in derived.weapon_damage] == [0, 4]
    # "if Brawn is reduced to 0, a character can still attack": the club does its 2.
    zero = rules.derive(hero(brawn=3, weapons=[club], tracking=Tracking(stats={"brawn": 0})))
    assert zero.weapon_damage[0].damage == 2


def test_damage_below_zero_is_unconscious_and_dying_with_no_actions() -> None:
    # "If a character's Damage Stat is reduced to less than 0, he is rendered unconscious
    # and dying, or dead" (Taking Damage, Stat Saves): no actions, whatever the Energy.
    dying = hero(energy=3, damage=2, tracking=Tracking(stats={"damage": -1}))
    derived = rules.derive(dying)
    assert derived.actions_per_frame == 0
    assert "unconscious and dying" in derived.actions_reason
    assert "Taking Damage, Stat Saves" in derived.actions_reason
    (finding,) = [f for f in derived.findings if f.field == "tracking.stats.damage"]
    assert finding.rule.section == "Taking Damage, Stat Saves"
    assert "unconscious and dying" in finding.message
    # "At 0, the character remains alive, able to function and move": Energy 3 → 3.
    assert rules.derive(hero(energy=3, damage=2, tracking=Tracking(
        stats={"damage": 0}))).actions_per_frame == 3


# --- the Price of Greatness raise and the size table ---------------------------------


def test_no_raise_where_the_price_of_greatness_forbids_it() -> None:
    # "If a Stat is raised to 5 …, you acquire a "greatness flaw" …; if it would
    # conflict, you must lower the other Stat before you can raise the new one." Agility:
    # "Brawn limited to a maximum of 4."
    pog = Options(price_of_greatness=True)
    capped = rules.derive(hero(agility=5, brawn=4, options=pog))
    assert capped.stat_raise_xp["brawn"] is None
    assert "Agility 5 limits Brawn to 4" in capped.stat_raise_limit["brawn"]
    # Fellowship 4 cannot become 5 while Agility is 5 ("Fellowship … Agility limited to a
    # maximum of 4"): lower Agility first.
    blocked = rules.derive(hero(agility=5, fellowship=4, options=pog))
    assert blocked.stat_raise_xp["fellowship"] is None
    assert "lower Agility to 4 first" in blocked.stat_raise_limit["fellowship"]
    # Without the optional rule, or below 4, the raise stands (new score²).
    assert rules.derive(hero(agility=5, brawn=4)).stat_raise_xp["brawn"] == 25
    assert capped.stat_raise_xp["cognition"] == 4
    assert capped.stat_raise_limit["agility"] == "5 is the maximum"


def test_size_by_the_longer_axis() -> None:
    # Height vs. Length: "substitute "length" if it is appropriate (e.g., dog, pony,
    # etc.). If both apply (e.g., centaur), use the longer axis."
    assert [rules.size_for_length(ft).category for ft in (0.05, 0.3, 0.75, 1.5, 3, 6, 9,
                                                           14, 18, 22, 30)] == [
        -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]
    on = Options(size_category=True)
    finding = one(hero(size_category=0, height_ft=9, options=on), "size_category", I,
                  "longer axis")
    assert "Large" in finding.message and "+1" in finding.message


def test_gordy_the_moose_is_sized_by_his_length() -> None:
    from desktop.systems.pow.rules.npcs import npcs

    (gordy,) = [c for c in npcs() if c.name == "Gordy"]
    # A moose is longer than tall: its length is the longer axis → Large, like the horse.
    assert gordy.height_ft == 9.0
    assert gordy.size_category == rules.size_for_length(gordy.height_ft).category == 1


def test_an_agility_below_0_cannot_be_used_for_initiative_or_defence() -> None:
    """"that Stat cannot be used for anything (combat, other actions, Specials, etc.)"
    (POW!, Stat Reduction): derive's initiative adds nothing for it, and the Difficulty
    to hit its owner counts it as 0."""
    character = hero(agility=2, tracking=Tracking(stats={"agility": -1}))
    data = rules.derive(character).to_json(character)
    assert data["initiative_bonus"] == 0
    assert data["to_hit_difficulty"] == {"surprised": 5, "normal": 10, "dodging": 15}
