"""The words beside the editor's numbers: sums, effects in numbers, cited tooltips."""

from __future__ import annotations

from pathlib import Path

from desktop.systems.files import load_character
from desktop.systems.pocket.editor import text as editor_text
from desktop.systems.pocket.rules import catalog_traits
from desktop.systems.pocket.rules.character import Contact, Trait, new_character
from desktop.systems.pocket.rules.contacts import contact_line
from desktop.systems.pocket.rules.derived import derive

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "pocket" / "characters"


def test_trait_effects_in_numbers_follow_the_takings():
    running = catalog_traits.trait("Running")
    assert editor_text.effect_summary(running, Trait(name="Running", times=3)) == "Move +3"
    wealth = catalog_traits.trait("Wealth")
    assert editor_text.effect_summary(wealth, Trait(name="Wealth", times=2)) == \
        "starts with $3,000"
    poor = catalog_traits.trait("Poor")
    assert editor_text.effect_summary(poor, Trait(name="Poor", times=9)) == "starts with $0"
    attribute = catalog_traits.trait("Attribute -1")
    assert editor_text.effect_summary(attribute, Trait(name="Attribute -1", attribute="intl")) \
        == "INTL −1"
    toughness = catalog_traits.trait("Toughness")
    assert editor_text.effect_summary(toughness, Trait(name="Toughness")) == \
        "+1/+1 natural armor"
    # A trait that only colours play: the book's first sentence.
    phobia = catalog_traits.trait("Phobia")
    assert editor_text.effect_summary(phobia, Trait(name="Phobia")).startswith(
        "The character has an irrational fear of something")
    gm = Trait(name="Catlike", gm_defined=True, kind="advantage", points=1, effect="Lands well")
    assert editor_text.effect_summary(None, gm) == "Lands well"


def test_how_often_and_how_much():
    assert editor_text.times_text(catalog_traits.trait("Poor Reflexes")) == "up to 3 times"
    assert editor_text.times_text(catalog_traits.trait("Toughness")) == "once"
    assert editor_text.times_text(catalog_traits.trait("Running")) == "any number of times"
    assert editor_text.times_text(catalog_traits.trait("Attribute +1")) == "once per Attribute"
    assert editor_text.points_text(catalog_traits.trait("Enemy")) == "1–2"


def test_contact_costs_show_their_parts():
    coachman = Contact(name="Bertram", tier="national_leader", insider="single")
    assert editor_text.contact_cost_text(contact_line(0, coachman)) == "13 − 4 insider = 9"
    friend = Contact(name="Brannoc", friend=True)
    assert editor_text.contact_cost_text(contact_line(0, friend)) == "3 + 2 friend = 5"
    shared = Contact(name="Hale", tier="locally_influential", my_share=3)
    assert editor_text.contact_cost_text(contact_line(0, shared)) == "5; my share 3 of 3 = 3"
    later = Contact(name="Pip", tier="nobody", acquired="play")
    assert editor_text.contact_cost_text(contact_line(0, later)) == \
        "1 (made in play: no points)"


def test_record_sheet_lines_for_artos():
    artos = load_character(EXAMPLES / "artos.sheetdesk")
    d = derive(artos)
    assert editor_text.initiative_text(d) == "1 / 2 / 3"
    assert editor_text.armor_text(d) == ("worn Studded 3/2 + natural 0/0 + Leather Cap +0/0 "
                                         "= 3/2 · vs knockouts 2/1 · DEFT limit 12")
    assert editor_text.money_text(d) == "$500 − $445 bought = $55 left"
    assert editor_text.defense_text(d.best_missile()) == \
        "3  (Shield: Medium Shield 11 + Parry +2 − 10 = 3)"
    assert "Pocket Universe, 2.52 Missile Defense" in editor_text.missile_tip(d)
    assert editor_text.shield_text(d) == "Medium Shield: parry +2, hits 9 of 9"
    assert editor_text.balance_text(d).endswith("balanced. (Traits gained in play do not "
                                                "count.)")


def test_balance_and_money_states():
    c = new_character("Nobody")
    c.traits = [Trait(name="Running", times=2), Trait(name="Quirk", detail="vain")]
    assert "unbalanced by 1" in editor_text.balance_text(derive(c))
    c.traits.append(Trait(name="Wealth", times=4))
    assert "over the 5-point limit" in editor_text.balance_text(derive(c))
    c.tracking.money = 12
    assert editor_text.money_text(derive(c)) == "$60,000 − $0 bought = $60,000 left · " \
                                                 "cash now $12"


def test_minus_signs():
    assert editor_text.minus_signs("Dodge 10 + unskilled −1 − 10 = -1") == \
        "Dodge 10 + unskilled −1 − 10 = −1"
    assert editor_text.minus_signs("2d10-style 3-4") == "2d10-style 3-4"
    assert editor_text.num(-3) == "−3"
    assert editor_text.money(-40) == "−$40"


def test_survival_tip_says_the_apps_reading():
    """Survival (INTL/-1) (2.43), where the skill list prints DEFT: the skills table's
    tooltip gives the score from INTL and says the choice is the app's reading."""
    from desktop.systems.pocket.rules.character import Skill

    character = new_character("Scout").model_copy(
        update={"skills": [Skill(name="Survival", specialisation="forest")]})
    line = next(s for s in derive(character).skills if s.info and s.info.name == "Survival")
    assert line.attribute == "intl"
    tip = editor_text.skill_tip(line)
    assert "The app's reading: the skill list (2.42) prints DEFT" in tip
