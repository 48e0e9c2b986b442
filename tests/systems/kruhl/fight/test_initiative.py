"""Initiative (Actions, Initiating Conflict; RULINGS.md Kruhl 5): the Perception (Reason)
roll once, ambushers +1 bonus die, highest first, ties broken without dice."""

from __future__ import annotations

import pytest

from desktop.model.dice import Roller
from desktop.systems.kruhl.fight.initiative import (
    Combatant,
    initiative_dice,
    roll_initiative,
)
from desktop.systems.kruhl.fight.tracking import CombatError
from desktop.systems.kruhl.rules.character import Attributes, KruhlCharacter
from tests.systems.kruhl.fight.helpers import (
    LACKEYS,
    TOTALS,
    corner_fight,
    lackey,
    soraya,
    virek_kohl,
)


def test_the_perception_roll_and_the_ambush_bonus_die() -> None:
    dice = initiative_dice(soraya())
    assert (dice.dice, dice.expertise, dice.add, dice.text()) == (2, False, 4, "2d6 + 4")
    assert initiative_dice(soraya(), ambush=True).dice == 3
    assert initiative_dice(lackey()).dice == 1, "unskilled Perception: 1d6"
    keen = KruhlCharacter(name="Keen", attributes=Attributes(reason=3),
                          skills={"Perception": "expertise"})
    assert initiative_dice(keen).expertise
    tied_up = soraya().model_copy(update={"conditions": ["restrained"]})
    assert initiative_dice(tied_up).dice == 1, "a penalty die on skill rolls"
    assert initiative_dice(soraya().model_copy(update={"conditions": ["helpless"]})).dice == 0


def test_rolled_once_highest_first_with_the_ambushers_die() -> None:
    people = [Combatant("Soraya", soraya(), ambush=True), Combatant("Virek-Kohl", virek_kohl()),
              *(Combatant(f"Lackey {i}", lackey(), LACKEYS) for i in (1, 2))]
    order = roll_initiative(people, Roller(seed=5))
    assert [s.name for s in order] == sorted(
        [s.name for s in order], key=lambda n: -next(s.total for s in order if s.name == n))
    slots = {s.name: s for s in order}
    assert len(slots["Soraya"].faces) == 3 and slots["Soraya"].ambush
    assert slots["Soraya"].total == sum(slots["Soraya"].faces) + 4
    assert len(slots["Virek-Kohl"].faces) == 2
    assert slots[LACKEYS].members == ("Lackey 1", "Lackey 2")
    assert len(slots[LACKEYS].faces) == 1, "a group rolls once"
    assert "ambush" in slots["Soraya"].describe()


def test_expertise_dice_never_show_1_or_2() -> None:
    keen = KruhlCharacter(name="Keen", skills={"Perception": "expertise"})
    for seed in range(30):
        (slot,) = roll_initiative([Combatant("Keen", keen)], Roller(seed=seed))
        assert all(face >= 3 for face in slot.faces)


def test_ties_go_to_the_higher_perception_bonus_then_who_joined_first() -> None:
    people = [Combatant("Lackey", lackey()), Combatant("Virek-Kohl", virek_kohl()),
              Combatant("Soraya", soraya()), Combatant("Other lackey", lackey())]
    totals = {"Lackey": 8, "Virek-Kohl": 8, "Soraya": 8, "Other lackey": 8}
    order = roll_initiative(people, totals=totals)
    assert [s.name for s in order] == ["Soraya", "Virek-Kohl", "Lackey", "Other lackey"]
    assert order[0].describe() == "Soraya 8 (given)"


def test_given_totals_must_name_someone_in_the_fight() -> None:
    with pytest.raises(CombatError, match="Nobody, who is not in the encounter"):
        roll_initiative([Combatant("Soraya", soraya())], totals={"Nobody": 3})
    with pytest.raises(CombatError, match="give a total or a roller"):
        roll_initiative([Combatant("Soraya", soraya())])


def test_the_ambush_on_the_gm_screen() -> None:
    e = corner_fight()
    ambush = {a.id: a for a in e.rules.actions(e.state, "Soraya")}["ambush"]
    assert ambush.enabled and ambush.params[0].default is True
    e = e.perform("Soraya", "ambush", {"on": True})
    assert e.log[-1].text == "Soraya gets the drop: a bonus die on initiative"
    assert {r.key: r for r in e.rules.rows(e.state)}["Soraya"].status == "ambush"
    e = e.start({"totals": {"Virek-Kohl": 9, LACKEYS: 5}})
    soraya_slot = e.state.rounds.slot("Soraya")
    assert soraya_slot.ambush and len(soraya_slot.faces) == 3
    assert e.log[-2].text.startswith("Order of play: ")
    assert "Soraya" in e.log[-2].text and "ambush" in e.log[-2].text
    with pytest.raises(CombatError):
        e.perform("Soraya", "ambush", {"on": False})
    again = corner_fight().start({"totals": {"Virek-Kohl": 9, LACKEYS: 5},
                                  "ambush": ["Soraya"]})
    assert len(again.state.rounds.slot("Soraya").faces) == 3


def test_initiative_repeats_with_the_seed_and_totals_are_taken() -> None:
    one, two = corner_fight().start(), corner_fight().start()
    assert [str(x) for x in one.log] == [str(x) for x in two.log]
    given = corner_fight().start({"totals": TOTALS})
    assert [r.cells[0] for r in given.rules.rows(given.state)] == [
        "12", "9", "5", "5", "5"]
