"""Picking a Personal Trait or a skill from the book."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.editor.pickers import SkillPicker, TraitPicker, matches, rank_of
from desktop.systems.pocket.rules import catalog_traits
from desktop.systems.pocket.rules.character import Trait


@pytest.fixture
def traits(qtbot) -> TraitPicker:
    picker = TraitPicker(None, {"Running": 2})
    qtbot.addWidget(picker)
    return picker


@pytest.fixture
def skills(qtbot) -> SkillPicker:
    picker = SkillPicker(None, {"phys": 11, "deft": 10, "intl": 12, "will": 9},
                         ["Melee (blade)"])
    qtbot.addWidget(picker)
    return picker


def shown(picker) -> list[str]:
    return [picker.list.item(r).text().split("  ·  ")[0]
            for r in range(picker.list.count()) if not picker.list.item(r).isHidden()]


def test_search_words_and_ranking():
    assert matches("acute vis", "Acute Vision · Advantage")
    assert not matches("acute sight", "Acute Vision · Advantage")
    assert rank_of("sword", "Sword · blades · $125") == 0
    assert rank_of("sword", "Swordfish · …") == 1
    assert rank_of("sword", "Short Sword · blades") == 2
    assert rank_of("sword", "Foil · blades") == 3


def test_every_book_trait_is_listed_with_its_value(traits):
    assert traits.list.count() == len(catalog_traits.traits())
    lines = [traits.list.item(r).text() for r in range(traits.list.count())]
    assert "Enemy  ·  Disadvantage 1–2  ·  any number of times" in lines
    assert "Running  ·  Advantage 1  ·  any number of times  · taken ×2" in lines


def test_kind_filter_and_search(traits):
    traits.kind.setCurrentIndex(traits.kind.findData("disadvantage"))
    assert "Running" not in shown(traits) and "Slow" in shown(traits)
    traits.search.setText("initiative")
    assert shown(traits) == ["Poor Reflexes"]
    traits.kind.setCurrentIndex(0)
    assert sorted(shown(traits)) == ["Acute Reflexes", "Poor Reflexes"]


def test_options_follow_the_trait(traits):
    traits.search.setText("enemy")
    assert traits.points.isEnabled() and traits.detail.isEnabled()
    assert not traits.times.isEnabled()  # each Enemy is its own entry
    traits.points.setCurrentIndex(traits.points.findData(2))
    traits.detail.setText("the Baron")
    assert traits.chosen() == Trait(name="Enemy", points=2, detail="the Baron")
    traits.search.setText("poor reflexes")
    assert traits.times.isEnabled() and traits.times.maximum() == 3
    traits.times.setValue(3)
    assert traits.chosen() == Trait(name="Poor Reflexes", times=3)
    traits.search.setText("attribute +1")
    assert traits.attribute.isEnabled() and not traits.detail.isEnabled()
    traits.attribute.setCurrentIndex(traits.attribute.findData("deft"))
    assert traits.chosen() == Trait(name="Attribute +1", attribute="deft")
    assert "the chosen Attribute +1" in traits.preview.toPlainText()
    assert "2.22 Advantages" in traits.preview.toPlainText()


def test_nothing_found_cannot_be_added(traits):
    traits.search.setText("xyzzy")
    assert not traits.ok.isEnabled()
    assert traits.chosen() is None


def test_skills_show_this_character_s_scores(skills):
    skills.search.setText("listen")
    text = skills.preview.toPlainText()
    assert "INTL (yours 12)" in text and "INTL 12 −1 = 11" in text
    line = next(skills.list.item(r).text() for r in range(skills.list.count())
                if skills.list.item(r).text().startswith("Listen"))
    assert line == "Listen  ·  INTL/−1  ·  unskilled 11"


def test_a_specialised_skill_needs_its_specialisation(skills):
    skills.search.setText("melee")
    assert skills.info(skills.current()).name == "Melee"
    assert "You have: Melee (blade)" in skills.preview.toPlainText()
    assert not skills.ok.isEnabled()
    skills.specialisation.setEditText("axe")
    assert skills.ok.isEnabled()
    skills.level.setValue(2)
    assert skills.cost.text() == "6 EPs; score 12"
    skills.level.setValue(3)
    assert "beginning characters add at most +2" in skills.cost.text()
    chosen = skills.chosen()
    assert (chosen.name, chosen.specialisation, chosen.level) == ("Melee", "axe", 3)
    skills.search.setText("dodge")
    assert not skills.specialisation.isEnabled() and skills.ok.isEnabled()
    assert skills.chosen().specialisation == ""


def test_search_by_synonym_sword_finds_the_melee_blade_skill(skills):
    """The book calls it Blade (a Melee specialisation)."""
    skills.search.setText("sword")
    assert shown(skills) == ["Melee*", "Throw Weapon*"]
    assert skills.info(skills.current()).name == "Melee"
    skills.search.setText("gun")
    assert shown(skills) == ["Missile*"]
    assert matches("lie", "Convince · will")
    assert not matches("lie", "Stealth · deft")


def test_survival_reads_intl_shown_as_the_apps_reading(skills):
    """The skill list (2.42) prints Survival under DEFT, its description (2.43) "Survival
    (INTL/-1)": the app follows the description and says so as its reading."""
    skills.search.setText("survival")
    assert skills.info(skills.current()).name == "Survival"
    assert skills.info(skills.current()).attribute == "intl"
    text = skills.preview.toPlainText()
    assert "The app's reading: the skill list (2.42) prints DEFT" in text
    assert "Ours" not in text
