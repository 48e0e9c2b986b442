"""The life-path generator: a pure state machine, rolled with a seed or chosen, step by step."""

from __future__ import annotations

import re

import pytest

from desktop.model.dice import Roller
from desktop.systems.protector.rules import edits, lifepath
from desktop.systems.protector.rules.character import (
    Decade,
    Event,
    EventLink,
    Power,
    ProtectorCharacter,
    new_character,
)
from desktop.systems.protector.rules.derived import derive
from desktop.systems.protector.rules.lifepath import LifePathError, choose, roll
from desktop.systems.protector.rules.lifepath_steps import next_step
from tests.systems.protector.helpers import ARCLIGHT_SEED, arclight_choices


def test_a_fixed_seed_rolls_to_a_finished_life_path() -> None:
    roller = Roller(ARCLIGHT_SEED)
    character, outcomes = lifepath.run(new_character("Arclight"), roller, arclight_choices)
    assert [o.step.kind for o in outcomes] == [
        "decade", "event_count", "event", "event", "event", "event", "continuation",
        "decade", "decade_trait", "decade_trait", "event_count", "event", "event",
        "continuation", "power_count",
        "power_category", "power_application", "power_event",
        "power_category", "power_application", "power_event",
        "power_category", "power_application", "power_event"]
    first, second = character.decades
    assert (first.tier, first.entry, first.roll, first.event_count) == (
        1, "Military parent", 14, 4)
    assert [(e.type, e.roll) for e in first.events] == [
        ("obsession", 2), ("obsession", 2), ("safety", 6), ("healing", 8)]
    assert (first.continuation.faces, first.continuation.another) == ([3], True)
    assert (second.tier, second.entry, second.roll) == (2, "Work", 2)
    assert [(g.name, g.steps) for g in second.traits] == [("Machining", 2), ("Organization", 1)]
    assert (second.continuation.faces, second.continuation.another) == ([3, 6], False)
    assert character.power_count == 3
    assert [(p.category, p.category_roll, p.application, p.application_roll)
            for p in character.powers] == [
        ("protection", 10, "Senses that can't be impeded", 6),
        ("generate", 5, "Invention", 4),
        ("protection", 10, "Damage absorption", 4)]
    assert [p.invention for p in character.powers] == [False, True, False]
    assert [p.event for p in character.powers] == [
        EventLink(decade=0, event=0), EventLink(decade=0, event=1), EventLink(decade=0, event=3)]
    assert next_step(character).done
    # Every throw is kept by the roller and by the outcome that made it.
    assert sum(len(o.throws) for o in outcomes) == len(roller.throws) == 19
    assert outcomes[13].throws[0].faces == (3, 6) and outcomes[13].step.dice == "2d6"
    assert outcomes[0].description.startswith("Decade 1: rolled 1d20 [14] → Military parent")
    assert "costs one energy die" in outcomes[0].description
    # Same seed, same life path.
    again, _ = lifepath.run(new_character("Arclight"), Roller(ARCLIGHT_SEED), arclight_choices)
    assert again == character
    # Two Decades cost two dice; the powers are latent: nothing else is spent yet.
    assert derive(character).energy_dice == 8


def test_every_step_can_be_chosen_instead_of_rolled() -> None:
    c = new_character("Chosen")
    c = choose(c, "school", "Grew up in a small town.").character
    assert (c.decades[0].entry, c.decades[0].roll) == ("School", None)
    assert c.decades[0].description == "Grew up in a small town."
    c = choose(c, 2).character
    c = choose(c, "Loss", "Her dog ran away.").character
    c = choose(c, 5).character  # a die result picks the row: Triumph
    assert [(e.type, e.roll, e.description) for e in c.decades[0].events] == [
        ("loss", None, "Her dog ran away."), ("triumph", None, "")]
    outcome = choose(c, True)
    assert outcome.throws == () and "chose another Decade" in outcome.description
    c = outcome.character
    assert next_step(c).kind == "decade" and next_step(c).decade == 1
    c = choose(c, 7).character  # College
    assert c.decades[1].entry == "College" and c.decades[1].tier == 2
    c = choose(c, "Physics").character
    assert c.decades[1].traits[0].name == "Physics"
    c = choose(c, 1).character
    c = choose(c, "neglect").character
    c = choose(c, False).character
    assert c.decades[1].continuation.faces == [] and not c.decades[1].continuation.another
    c = choose(c, 2).character
    assert c.power_count == 2
    c = choose(c, "Amplification").character
    step = next_step(c)
    assert step.kind == "power_application" and not step.rollable
    assert [o.value for o in step.options] == ["Reading and Writing", "Math", "Fitness",
                                               "Physics", "Reason"]
    c = choose(c, "Physics").character
    assert (c.powers[0].application, c.powers[0].name) == ("Physics", "Super Physics")
    c = choose(c, (1, 0)).character
    c = choose(c, 9).character  # Perception
    c = choose(c, 12).character  # its table's 12
    assert c.powers[1].application == "See strengths and weaknesses"
    c = choose(c, EventLink(decade=0, event=1)).character
    assert next_step(c).done
    assert all(p.category_roll is None and p.application_roll is None for p in c.powers)


def test_an_own_application_and_a_heal_power() -> None:
    c = _at_powers()
    c = choose(c, "freedom").character
    c = choose(c, "Swinging on webs").character
    assert c.powers[0].application == "Swinging on webs" and c.powers[0].name == (
        "Swinging on webs")
    c = choose(c, (0, 0)).character
    c = choose(c, "heal").character  # Heal has no application table: straight to its Event
    assert next_step(c).kind == "power_event"


def _at_powers(power_count: int = 2) -> ProtectorCharacter:
    c = new_character("x")
    for choice in ("School", 1, "loss", False, power_count):
        c = choose(c, choice).character
    return c


@pytest.mark.parametrize(("steps", "choice", "message"), [
    ([], "Knitting", "no Decade 'Knitting' on that table"),
    ([], 21, "no Decade 21"),
    (["School"], 5, "choose 1 to 4 Events, not 5"),
    (["School"], True, "choose 1 to 4 Events, not True"),
    (["School", 1], "Joy", "no Event 'Joy'"),
    (["School", 1, "loss"], "yes", "choose True for another Decade or False for powers"),
    (["School", 1, "loss", False], 7, "choose 1 to 6 powers, not 7"),
    (["School", 1, "loss", False, 1], "Cooking", "no power category 'Cooking'"),
    (["School", 1, "loss", False, 1, "control"], 11, "no application 11 on that table"),
    (["School", 1, "loss", False, 1, "control"], "  ", "give the power's application"),
    (["School", 1, "loss", False, 1, "control", 2], (0, 1), "no Event (0, 1)"),
    (["School", 1, "loss", False, 1, "control", 2], "first", "no Event 'first'"),
    (["School", 1, "loss", True, "Work"], "", "give a name"),
    (["School", 1, "loss", True, "Work", "Baker"], "Charm", "choose one of Strength, "
                                                            "Reflexes, Organization"),
])
def test_bad_choices_are_one_line_errors(steps: list, choice: object, message: str) -> None:
    c = new_character("x")
    for earlier in steps:
        c = choose(c, earlier).character
    with pytest.raises(LifePathError, match=re.escape(message)) as caught:
        choose(c, choice)
    assert "\n" not in str(caught.value)


def test_choose_only_steps_cannot_be_rolled_and_done_is_done() -> None:
    c = _at_powers(1)
    c = choose(c, "control").character
    c = choose(c, 1).character
    with pytest.raises(LifePathError, match="chosen, not rolled"):
        roll(c, Roller(1))
    c = choose(c, (0, 0)).character
    with pytest.raises(LifePathError, match="life path is complete"):
        roll(c, Roller(1))
    with pytest.raises(LifePathError, match="life path is complete"):
        choose(c, 1)
    npc = ProtectorCharacter(name="Slaver", npc=True)
    assert next_step(npc).done and "NPC" in next_step(npc).prompt


def test_every_offered_option_can_be_chosen() -> None:
    c = new_character("x")
    for _ in range(lifepath.MAX_STEPS):
        step = next_step(c)
        if step.done:
            break
        for option in step.options:
            choose(c, option.value)  # none raises
        c = roll(c, Roller(5)).character if step.rollable else choose(
            c, step.options[0].value if step.options else "Name").character
    assert next_step(c).done


def test_rolled_results_land_in_the_offered_ranges() -> None:
    c = new_character("x")
    roller = Roller(2024)
    for _ in range(40):
        step = next_step(c)
        if step.done:
            break
        if not step.rollable:
            c = choose(c, step.options[0].value if step.options else "Name").character
            continue
        outcome = roll(c, roller)
        (throw,) = outcome.throws
        count, _, sides = step.dice.partition("d")
        assert len(throw.faces) == int(count) and throw.sides == int(sides)
        if step.kind != "continuation":
            chosen = [o for o in step.options if o.rolls and
                      o.rolls[0] <= throw.faces[0] <= o.rolls[1]]
            assert len(chosen) == 1, step
        c = outcome.character


def test_open_trait_choices_come_before_the_events() -> None:
    c = choose(new_character("x"), "Groomed for sports").character
    step = next_step(c)
    assert (step.kind, step.grant, step.free_text) == ("decade_trait", 1, False)
    assert [o.value for o in step.options] == ["Strength", "Agility"]
    c = choose(c, "agility").character
    assert c.decades[0].traits[1].name == "Agility"
    assert next_step(c).kind == "event_count"


def _linked() -> ProtectorCharacter:
    decades = [Decade(tier=1, entry="School", event_count=2,
                      events=[Event(type="loss"), Event(type="triumph")]),
               Decade(tier=2, entry="War", event_count=2,
                      events=[Event(type="trauma"), Event(type="safety")])]
    powers = [Power(name=f"P{d}{e}", event=EventLink(decade=d, event=e))
              for d in (0, 1) for e in (0, 1)]
    return ProtectorCharacter(name="x", decades=decades, powers=powers)


def _links(c: ProtectorCharacter) -> list[tuple[int, int] | None]:
    return [(p.event.decade, p.event.event) if p.event else None for p in c.powers]


def test_removing_an_event_keeps_the_power_links_right() -> None:
    c = edits.remove_event(_linked(), 0, 0)
    assert len(c.decades[0].events) == 1
    assert _links(c) == [None, (0, 0), (1, 0), (1, 1)]
    with pytest.raises(edits.EditError, match="no Event 3 in Decade 1"):
        edits.remove_event(c, 0, 2)


def test_removing_a_decade_keeps_the_power_links_right() -> None:
    c = edits.remove_decade(_linked(), 0)
    assert [d.entry for d in c.decades] == ["War"]
    assert _links(c) == [None, None, (0, 0), (0, 1)]
    assert any("first-tier" in f.message for f in derive(c).findings)
    with pytest.raises(edits.EditError, match="no Decade 5"):
        edits.remove_decade(c, 4)


def test_describing_an_event() -> None:
    c = edits.describe_event(_linked(), 1, 0, "  Shrapnel at Verdun.  ")
    assert c.decades[1].events[0].description == "Shrapnel at Verdun."
    with pytest.raises(edits.EditError):
        edits.describe_event(c, 2, 0, "x")
