"""Personal Traits (2.2): each trait's effect reaches the number it changes, and the
balance, multiplicity and value rules are enforced."""

from __future__ import annotations

from typing import Any

import pytest

from desktop.model.findings import Finding, Severity
from desktop.systems.pocket.rules import derived as rules
from desktop.systems.pocket.rules import traits
from desktop.systems.pocket.rules.character import (
    Armor,
    Attributes,
    Equipment,
    NaturalArmor,
    PocketCharacter,
    Trait,
    Weapon,
)

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def hero(*taken: Trait, deft: int = 12, **kw: Any) -> PocketCharacter:
    return PocketCharacter(name="Test", attributes=Attributes(
        phys=kw.pop("phys", 10), deft=deft, intl=kw.pop("intl", 10), will=kw.pop("will", 10)),
        traits=list(taken), **kw)


def errors(character: PocketCharacter, text: str = "") -> list[Finding]:
    return [f for f in rules.derive(character).findings
            if f.severity is E and text in f.message]


# -- effects ---------------------------------------------------------------------------------


def test_acute_and_poor_reflexes_shift_initiative_rows() -> None:
    # 2.22: "a 2/3/4 initiative would become 2/4/6"; 2.21: "2/4/6 would be reduced to 2/3/4"
    assert rules.derive(hero(Trait(name="Acute Reflexes"), deft=11)).initiative == (2, 4, 6)
    assert rules.derive(hero(Trait(name="Poor Reflexes"), deft=12)).initiative == (2, 3, 4)
    assert rules.derive(hero(Trait(name="Poor Reflexes", times=3), deft=12)).initiative == (
        1, 1, 2)
    assert rules.derive(hero(Trait(name="Acute Reflexes", times=2), deft=11)).initiative_rows == 2


def test_a_shift_off_the_table_stays_at_the_edge() -> None:
    character = hero(Trait(name="Acute Reflexes", times=2), deft=16)
    assert rules.derive(character).initiative == (6, 8, 10)
    messages = [f.message for f in rules.derive(character).findings if f.severity is W]
    assert any("runs off the table" in m for m in messages)


def test_running_and_slow_change_move_not_below_zero() -> None:
    assert rules.derive(hero(Trait(name="Running", times=2))).move == 10
    assert rules.derive(hero(Trait(name="Slow"))).move == 7
    slowest = hero(Trait(name="Slow", times=5), deft=4)  # Move 6 − 6 = 0 already
    assert rules.derive(slowest).move == 0
    assert errors(slowest, "Slow ×5 would take Move below 0")
    assert not errors(hero(Trait(name="Slow", times=2), deft=6), "Slow")  # 6 − 4 − 2 = 0
    plate = Armor(name="Full Plate", phys=6, energy=4, deft_limit=9)
    armored = hero(Trait(name="Slow", times=8), deft=12, equipment=Equipment(armor=[plate]))
    assert rules.derive(armored).move == 0  # 6 − 1 − 8, stopped at 0
    assert not errors(armored, "Slow")  # legal unarmored (Move 8): armor cannot change that


def test_toughness_is_natural_armor() -> None:
    derived = rules.derive(hero(Trait(name="Toughness"),
                                natural_armor=NaturalArmor(name="scales", phys=2, energy=1)))
    assert derived.armor.natural == (3, 2) and derived.armor.total == (3, 2)
    assert derived.armor.knockout == (3, 2)


def test_trained_and_uneducated_change_starting_eps() -> None:
    assert rules.derive(hero(Trait(name="Trained / Educated", times=2))).starting_eps == 16
    assert rules.derive(hero(Trait(name="Uneducated"))).starting_eps == 7
    # INTL 7 gives 5: two Uneducated would go below 0.
    low = hero(Trait(name="Uneducated", times=2), Trait(name="Attribute -1", attribute="intl"),
               intl=7)
    assert rules.derive(low).starting_eps == 0
    assert errors(low, "Uneducated cannot reduce starting EPs below 0")
    played = hero(Trait(name="Trained / Educated", acquired="play"))
    assert rules.derive(played).starting_eps == 10  # gained in play: not starting EPs


def test_connected_adds_contact_points_only_at_creation() -> None:
    assert rules.derive(hero(Trait(name="Connected", times=3))).contact_points == 19
    assert rules.derive(hero(Trait(name="Connected", acquired="play"))).contact_points == 10


@pytest.mark.parametrize(("name", "times", "money"), [
    ("Wealth", 1, 1000), ("Wealth", 2, 3000), ("Wealth", 3, 12000), ("Wealth", 4, 60000),
    ("Poor", 1, 250), ("Poor", 2, 75), ("Poor", 3, 15), ("Poor", 4, 0),
])
def test_wealth_and_poor_set_starting_money(name: str, times: int, money: int) -> None:
    assert rules.derive(hero(Trait(name=name, times=times))).starting_money == money


@pytest.mark.parametrize(("times", "income"), [(1, 250), (2, 1000), (3, 2250), (4, 4000)])
def test_stipend_is_monthly_income(times: int, income: int) -> None:
    derived = rules.derive(hero(Trait(name="Stipend", times=times)))
    assert derived.monthly_income == income and derived.starting_money == 500


def test_wealth_split_over_two_entries_counts_together() -> None:
    assert rules.derive(hero(Trait(name="Wealth"), Trait(name="wealth"))).starting_money == 3000


def test_small_and_gigantism_change_every_defence() -> None:
    small = rules.derive(hero(Trait(name="Small")))
    giant = rules.derive(hero(Trait(name="Gigantism")))
    plain = rules.derive(hero())
    assert small.melee_defense == plain.melee_defense + 1
    assert giant.missile_defense == plain.missile_defense - 1
    assert small.traits.size == "small" and giant.traits.size == "giant"
    assert errors(hero(Trait(name="Small"), Trait(name="Gigantism")), "Small and Gigantism")


def test_far_sighted_and_one_eyed_change_to_hit() -> None:
    bow = Weapon(name="Short Bow", kind="missile", group="bow", hit=1, damage=(2, 4, 6),
                 phys=8, range=18, hands="two", wield="two_hands")
    knife = Weapon(name="Long Knife", group="blade", hit=3, damage=(1, 2, 3), phys=5,
                   thrown=True)
    gear = Equipment(weapons=[bow, knife])
    plain = {a.name: a.total for a in rules.derive(hero(equipment=gear)).attacks}
    far = {a.name: a.total for a in rules.derive(
        hero(Trait(name="Far-Sighted"), equipment=gear)).attacks}
    one_eyed = {a.name: a.total for a in rules.derive(
        hero(Trait(name="One-Eyed / Nearsighted"), equipment=gear)).attacks}
    assert far == {**plain, "Long Knife": plain["Long Knife"] - 1,
                   "Punch": plain["Punch"] - 1, "Kick": plain["Kick"] - 1}
    assert one_eyed == {**plain, "Short Bow": plain["Short Bow"] - 2,
                        "Long Knife (thrown)": plain["Long Knife (thrown)"] - 2}


def test_attractive_and_unattractive_change_appearance() -> None:
    assert rules.derive(hero(will=11)).appearance == 11
    assert rules.derive(hero(Trait(name="Attractive", times=2), will=11)).appearance == 13
    derived = rules.derive(hero(Trait(name="Unattractive"), will=11))
    assert (derived.appearance, derived.appearance_modifier) == (10, -1)


def test_vision_traits_are_summarised() -> None:
    summary = rules.derive(hero(Trait(name="Night Vision", times=3),
                                Trait(name="Acute Vision", times=2))).traits
    assert (summary.ignore_darkness_penalty, summary.ignore_range_penalty) == (3, 2)


def test_attribute_traits_raise_and_lower_scores_without_creation_points() -> None:
    derived = rules.derive(hero(Trait(name="Attribute +1", attribute="deft"),
                                Trait(name="Attribute -1", attribute="will"),
                                deft=13, will=9))
    assert derived.points_added == {"phys": 2, "deft": 4, "intl": 2, "will": 2}
    assert derived.attribute_points_left == 0
    assert (derived.advantage_points, derived.disadvantage_points) == (2, 2)


def test_one_handed_and_ambidextrous() -> None:
    spear = Weapon(name="Spear", group="spear", damage=(5, 7, 9), phys=12, wield="two_hands")
    one = hero(Trait(name="One-Handed"), Trait(name="Running"), phys=11,
               equipment=Equipment(weapons=[spear]))
    assert errors(one, "cannot use it two-handed")
    (attack, *_) = rules.derive(one).attacks
    assert attack.phys_needed == 12  # no −2 for two hands
    sword = Weapon(name="Sword", group="blade", hit=1, damage=(4, 6, 8), phys=10,
                   wield="off_hand")
    off = rules.derive(hero(equipment=Equipment(weapons=[sword]))).attacks[0]
    ambi = rules.derive(hero(Trait(name="Ambidextrous"), Trait(name="Quirk", detail="x"),
                             equipment=Equipment(weapons=[sword]))).attacks[0]
    assert (off.phys_needed, off.total) == (12, ambi.total - 1 - 2)
    assert (ambi.phys_needed, ambi.modifiers) == (10, ())


# -- balance, values and multiplicity --------------------------------------------------------


def test_balanced_traits_are_clean() -> None:
    character = hero(Trait(name="Attribute +1", attribute="deft"), Trait(name="Toughness"),
                     Trait(name="Enemy", points=2, detail="the Guild"),
                     Trait(name="Phobia", detail="spiders"), deft=13)
    derived = rules.derive(character)
    assert (derived.advantage_points, derived.disadvantage_points) == (3, 3)
    assert not [f for f in derived.findings if f.field.startswith("traits")]


def test_unbalanced_and_too_many_points() -> None:
    assert errors(hero(Trait(name="Running")), "Advantages 1 points, Disadvantages 0")
    assert errors(hero(Trait(name="Slow")), "Advantages 0 points, Disadvantages 1")
    six = hero(Trait(name="Running", times=6), Trait(name="Slow", times=6))
    assert errors(six, "6 points of Advantages: at most 5")
    lackey = hero(Trait(name="Running", times=4), Trait(name="Quirk", detail="a"),
                  Trait(name="Outcast", detail="b"), Trait(name="Distinctive", detail="c"),
                  Trait(name="Unattractive"), role="lackey", will=8)
    assert errors(lackey, "4 points of Advantages: at most 3")
    assert errors(lackey, "a Lackey takes at most 3")


@pytest.mark.parametrize(("taken", "text"), [
    ([Trait(name="Toughness", times=2)], "Toughness is taken 2 times: it may be taken once"),
    ([Trait(name="Poor Reflexes", times=4)], "up to 3 times"),
    ([Trait(name="Night Vision", times=3), Trait(name="Night Vision", times=2)], "up to 4"),
    ([Trait(name="Attribute +1", attribute="deft"), Trait(name="Attribute +1", attribute="deft")],
     "taken 2 times on DEFT"),
    ([Trait(name="Wealth", times=5)], "up to 4 times"),
])
def test_multiplicity_limits(taken: list[Trait], text: str) -> None:
    assert errors(hero(*taken), text)


def test_once_per_attribute_allows_each_attribute_once() -> None:
    character = hero(Trait(name="Attribute +1", attribute="deft"),
                     Trait(name="Attribute +1", attribute="phys"), deft=13, phys=11)
    assert not errors(character, "taken")


@pytest.mark.parametrize(("trait", "field", "text"), [
    (Trait(name="Enemy", points=3, detail="x"), "traits.0.points", "worth 1 or 2 points, not 3"),
    (Trait(name="Attribute +1"), "traits.0.attribute", "choose the Attribute"),
    (Trait(name="Flying"), "traits.0", "not one of the book's Personal Traits"),
    (Trait(name="Patron", gm_defined=True), "traits.0.kind", "Advantage or a Disadvantage"),
    (Trait(name="Patron", gm_defined=True, kind="advantage"), "traits.0.points",
     "needs a point value"),
])
def test_trait_entry_errors(trait: Trait, field: str, text: str) -> None:
    assert any(f.field == field for f in errors(hero(trait), text))


def test_forms_need_their_detail() -> None:
    character = hero(Trait(name="Running"), Trait(name="Phobia"))
    warnings = [f for f in rules.derive(character).findings if f.severity is W]
    assert any(f.field == "traits.1.detail" and "Phobia" in f.message for f in warnings)


def test_wealth_with_poor_and_lackey_with_lackey() -> None:
    assert errors(hero(Trait(name="Wealth"), Trait(name="Poor")), "Wealth and Poor")
    assert errors(hero(Trait(name="Lackey", detail="Bob"), Trait(name="Slow", times=2),
                       role="lackey", will=8), "A Lackey may not take a Lackey")


def test_gm_defined_traits_count_in_the_balance() -> None:
    patron = Trait(name="Patron", gm_defined=True, kind="advantage", points=2,
                   effect="A wizard looks out for the character.")
    character = hero(patron, Trait(name="Enemy", points=2, detail="the wizard's rival"))
    derived = rules.derive(character)
    assert (derived.advantage_points, derived.disadvantage_points) == (2, 2)
    assert not errors(character)
    (line, _) = derived.traits.lines
    assert line.label == "Patron" and line.info is None


def test_trait_labels() -> None:
    assert traits.line(0, Trait(name="running", times=2)).label == "Running ×2"
    assert traits.line(0, Trait(name="Attribute +1", attribute="deft")).label == (
        "Attribute +1 (DEFT)")
    assert traits.line(0, Trait(name="Phobia", detail=" heights ")).label == "Phobia: heights"
