"""Creation findings: skills, languages, contacts, experience; every finding cites a
section of the book and names a field the editor can reach."""

from __future__ import annotations

from typing import Any

import pytest

from desktop.model.findings import Finding, Severity
from desktop.systems.pocket.rules import citations
from desktop.systems.pocket.rules import derived as rules
from desktop.systems.pocket.rules.character import (
    Attributes,
    Award,
    Contact,
    Equipment,
    Experience,
    Language,
    PocketCharacter,
    Share,
    Skill,
    Trait,
    Weapon,
)

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
SECTIONS = {value.section for value in vars(citations).values()
            if isinstance(value, citations.Rule)}


def hero(**kw: Any) -> PocketCharacter:
    return PocketCharacter(name=kw.pop("name", "Test"),
                           attributes=Attributes(phys=10, deft=12, intl=10, will=10), **kw)


def found(character: PocketCharacter, severity: Severity, text: str) -> list[Finding]:
    return [f for f in rules.derive(character).findings
            if f.severity is severity and text in f.message]


def resolve(model: Any, path: str) -> Any:
    """Follow a finding's dotted field path through the model (lists by index)."""
    for part in path.split("."):
        if isinstance(model, list):
            model = model[int(part)]
        elif isinstance(model, dict):
            model = model.get(part)
        else:
            assert hasattr(model, part), f"{path}: no {part!r}"
            model = getattr(model, part)
    return model


@pytest.mark.parametrize(("skill", "severity", "field", "text"), [
    (Skill(name="Basket Weaving"), E, "skills.0", "not in the skill list"),
    (Skill(name="Melee", level=1), E, "skills.0.specialisation", "needs a specialisation"),
    (Skill(name="Dodge", level=3), E, "skills.0.level", "Attribute +3 at creation"),
    (Skill(name="Dodge", level=1, raised=2), E, "skills.0.raised", "2 levels raised but only 1"),
    (Skill(name="Dodge", acquired="experience", raised=1, level=1), W, "skills.0.raised",
     "learnt with experience"),
    (Skill(name="Riding", gm_defined=True), E, "skills.0.attribute", "needs its Attribute"),
    (Skill(name="Lifting", gm_defined=True, attribute="phys", penalty=-1), W,
     "skills.0.attribute", "always based on DEFT, INTL or WILL"),
    (Skill(name="Riding", gm_defined=True, attribute="deft"), W, "skills.0.penalty",
     "−4 assumed"),
    (Skill(name="Dodge", attribute="intl"), I, "skills.0.attribute", "based on DEFT in the book"),
    (Skill(name="Dodge", penalty=-4), I, "skills.0.penalty", "−1 in the book"),
])
def test_skill_findings(skill: Skill, severity: Severity, field: str, text: str) -> None:
    matches = found(hero(skills=[skill]), severity, text)
    assert [f.field for f in matches] == [field], rules.derive(hero(skills=[skill])).findings


def test_raising_a_creation_skill_past_plus_2_later_is_fine() -> None:
    character = hero(skills=[Skill(name="Dodge", level=3, raised=1)],
                     experience=Experience(awards=[Award(eps=3), Award(eps=1)]))
    assert not found(character, E, "")


def test_gm_skills_score_and_unskilled_penalty() -> None:
    riding = Skill(name="Riding", gm_defined=True, attribute="deft", penalty=-1, level=1)
    derived = rules.derive(hero(skills=[riding]))
    (line,) = derived.skills
    assert (line.label, line.score, line.penalty) == ("Riding", 13, -1)


def test_duplicate_skills_by_spelling_of_the_specialisation() -> None:
    character = hero(skills=[Skill(name="Melee", specialisation="blade"),
                             Skill(name="melee", specialisation="Swords")])
    (finding,) = found(character, E, "bought 2 times")
    assert finding.field == "skills.0"


def test_skill_uses_the_best_matching_skill() -> None:
    from desktop.systems.pocket.rules import skills

    derived = rules.derive(hero(skills=[Skill(name="Tactics", specialisation="forest")]))
    scores = {"phys": 10, "deft": 12, "intl": 10, "will": 10}
    forest = skills.use(derived.skills, "Tactics", "forest", scores)
    desert = skills.use(derived.skills, "Tactics", "desert", scores)
    assert (forest.score, forest.skilled) == (10, True)
    # 2.43 Tactics: −1 with Tactics for another terrain, −4 with none at all.
    assert (desert.score, desert.skilled, desert.penalty) == (9, False, -1)
    none = skills.use((), "Tactics", "desert", scores)
    assert none.score == 6


def test_language_findings() -> None:
    assert found(hero(), I, "No native language")
    character = hero(languages=[Language(name="Common", native=True, raised=1),
                                Language(name="Elvish", level=2, raised=2),
                                Language(name="elvish")])
    assert [f.field for f in found(character, E, "levels raised")] == ["languages.1.raised"]
    assert found(character, W, "Common is native")
    assert len(found(character, W, "listed more than once")) == 2


def test_contact_findings() -> None:
    vague = Contact(name="Someone", tier="nobody", insider="group")
    character = hero(contacts=[vague])
    assert found(character, I, "give the sex, age, location")
    assert found(character, I, "whose insider?")
    half = Contact(name="Duke", tier="regional_authority", sex="m", age="50", location="court",
                   shared_with=[Share(character="X", points=4)])
    assert found(hero(contacts=[half]), W, "set this character's share")
    assert found(hero(contacts=[vague], role="lackey"), E, "Lackeys do not get Contacts")
    unspent = found(hero(), W, "10 of 10 contact points unspent")
    assert unspent and unspent[0].field == "contacts"


def test_award_findings() -> None:
    character = hero(experience=Experience(awards=[Award(eps=4), Award(eps=2)]))
    assert [f.field for f in found(character, W, "Award of")] == ["experience.awards.0.eps"]
    lackey = hero(role="lackey", experience=Experience(awards=[Award(eps=2)]))
    assert found(lackey, W, "a Lackey earns 1 per session")


def test_no_name_is_a_warning() -> None:
    assert found(hero(name=""), W, "no name")


def test_every_finding_cites_the_book_and_names_a_reachable_field() -> None:
    character = PocketCharacter(
        name="", role="lackey",
        attributes=Attributes(phys=1, deft=17, intl=6, will=14),
        traits=[Trait(name="Flying"), Trait(name="Attribute +1"), Trait(name="Enemy", points=5),
                Trait(name="Toughness", times=2), Trait(name="Lackey"),
                Trait(name="Patron", gm_defined=True), Trait(name="Small"),
                Trait(name="Gigantism"), Trait(name="Wealth"), Trait(name="Poor"),
                Trait(name="One-Handed"), Trait(name="Ambidextrous"),
                Trait(name="Slow", times=20), Trait(name="Uneducated", times=9),
                Trait(name="Acute Reflexes", times=9), Trait(name="Phobia", times=2)],
        skills=[Skill(name="Dodge", level=5, raised=7), Skill(name="Melee"),
                Skill(name="Zap"), Skill(name="Zip", gm_defined=True),
                Skill(name="Dodge", attribute="phys", penalty=-9)],
        languages=[Language(name="X", level=1, raised=1), Language(name="X", native=True,
                                                                   raised=1)],
        contacts=[Contact(name="C", tier="national_leader", my_share=0,
                          shared_with=[Share(character="Y", points=0)], insider="single"),
                  Contact(name="D", shared_with=[Share(character="Z")])],
        equipment=Equipment(weapons=[
            Weapon(name="W", kind="missile", thrown=True, balanced=True, damage=(3, 2, 1),
                   wield="two_hands", hands="one", phys=30, reload_actions=1),
            Weapon(name="Staff", group="staff", hands="two", wield="off_hand", balanced=True,
                   phys=30, thrown=True)]),
        experience=Experience(awards=[Award(eps=9)], attribute_raises={"phys": 1}),
    )
    derived = rules.derive(character)
    assert len(derived.findings) > 40
    for finding in derived.findings:
        assert finding.rule.book == "Pocket Universe"
        assert finding.rule.section in SECTIONS, finding
        assert finding.field, finding
        resolve(character, finding.field)
        assert "\n" not in finding.message


def test_the_no_name_finding_cites_the_record_sheet_not_attributes() -> None:
    # 2.1 Attributes says nothing of names; the Character Record Sheet has "Character
    # Name:".
    (finding,) = found(hero(name=""), W, "no name")
    assert finding.rule.section == "Character Record Sheet"
    assert finding.rule.section != citations.R_ATTRIBUTES.section


def test_a_lackey_is_not_wealthier_than_its_character() -> None:
    # 2.22 Advantages, Lackey: "they may not take a Lackey as an Advantage nor be
    # wealthier than the main character." Wealth ×2 = $3000 (3.1).
    rich = hero(role="lackey", traits=[Trait(name="Wealth", times=2)],
                master_starting_money=1000)
    (finding,) = found(rich, E, "may not be wealthier than the main character")
    assert finding.field == "master_starting_money"
    assert finding.rule == citations.R_ADVANTAGES
    assert not found(rich.model_copy(update={"master_starting_money": 3000}), E, "wealthier")
    assert found(rich.model_copy(update={"master_starting_money": None}), I,
                 "give its character's starting money")
    # A Lackey on the plain $500, or a player character, is not asked.
    assert not found(hero(role="lackey"), I, "its character's starting money")
    assert not found(hero(traits=[Trait(name="Wealth", times=2)]), I, "its character's")
    # Files from before still load (the field is optional).
    assert PocketCharacter.model_validate(
        {"name": "Old", "attributes": {"phys": 8, "deft": 8, "intl": 8, "will": 8},
         "role": "lackey"}).master_starting_money is None
