"""Step 3, skills and the EP account: lines at the Attributes as used, unskilled scores,
the swim rate, and EPs starting, awarded and spent (2.4, 2.41, 6.3)."""

from __future__ import annotations

from desktop.systems.pocket.rules.attributes import attribute_values
from desktop.systems.pocket.rules.character import (
    Armor,
    Attributes,
    Award,
    Equipment,
    Experience,
    Language,
    PocketCharacter,
    Skill,
    Trait,
)
from desktop.systems.pocket.rules.skills import skill_values
from desktop.systems.pocket.rules.traits import trait_values


def values(**kw: object):
    character = PocketCharacter(name="Test", attributes=Attributes(phys=10, deft=12, intl=11,
                                                                   will=10), **kw)
    attrs = attribute_values(character)
    return skill_values(character, attrs, trait_values(character, attrs))


def test_skills_are_scored_at_the_armored_deft() -> None:
    plate = Armor(name="Full Plate", cost=1200, phys=6, energy=4, deft_limit=9)
    learnt = values(skills=[Skill(name="Swim", level=3), Skill(name="Listen")],
                    equipment=Equipment(armor=[plate]))
    assert [(s.label, s.score) for s in learnt.lines] == [("Swim", 12), ("Listen", 11)]
    assert learnt.swim_rate == 3
    assert learnt.unskilled["Dodge"] == 8 and learnt.unskilled["Listen"] == 10
    assert values().swim_rate == 2  # unskilled: DEFT 12 − 1 − 9


def test_the_ep_account() -> None:
    learnt = values(skills=[Skill(name="Dodge", level=2, raised=1)],
                    languages=[Language(name="Elvish", level=2)],
                    traits=[Trait(name="Trained / Educated")],
                    experience=Experience(awards=[Award(eps=3)],
                                          attribute_raises={"phys": 1}))
    assert learnt.starting_eps == 13 + 3  # INTL 11, Trained / Educated +3
    assert learnt.eps_awarded == 3
    assert (learnt.eps_spent_creation, learnt.eps_spent_experience) == (3 + 2, 3 + 9)
    assert (learnt.eps_total, learnt.eps_spent, learnt.eps_unspent) == (19, 17, 2)
