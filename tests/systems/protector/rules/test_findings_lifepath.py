"""Findings on the life path: Decades, Events, the continuation roll, powers."""

from __future__ import annotations

from desktop.model.findings import Severity
from desktop.systems.protector.rules.character import (
    Continuation,
    Decade,
    Event,
    ProtectorCharacter,
)
from desktop.systems.protector.rules.derived import derive
from tests.systems.protector.helpers import finished, has

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def test_life_path_findings() -> None:
    # A fresh character has not started its life path: a warning, not an error
    fresh = derive(ProtectorCharacter(name="x"))
    assert has(fresh, W, "at least one Decade", "decades")
    assert not [f for f in fresh.findings if f.severity is E]
    assert has(derive(ProtectorCharacter(name="x", power_count=2)), E, "at least one Decade",
               "decades")
    base = finished()
    decade = base.decades[0]
    wrong = decade.model_copy(update={
        "roll": 12, "description": "", "event_count": 5,
        "events": [Event(type="loss", roll=4, description="")] * 6,
        "continuation": Continuation(faces=[2, 3], another=True)})
    derived = derive(base.model_copy(update={"decades": [wrong]}))
    second_tier = decade.model_copy(update={"tier": 2, "entry": "War"})
    assert has(derive(base.model_copy(update={"decades": [second_tier]})), E,
               "Decade 1 comes from the first-tier table", "decades.0.tier")
    assert has(derived, W, "a roll of 12 gives From a different land, not School")
    assert has(derived, I, "describe what the character was doing", "decades.0.description")
    assert has(derived, W, "5 Events; the 1d4 gives 1 to 4")
    assert has(derived, W, "has 6 Events; its roll gave 5")
    assert has(derived, W, "needs a one-sentence description", "decades.0.events.0")
    assert has(derived, W, "a roll of 4 is Rejection", "decades.0.events.0.roll")
    assert has(derived, E, "one die per decade held (1), not 2", "decades.0.continuation")
    assert has(derived, E, "only if all the dice are odd")


def test_a_decade_after_the_roll_said_powers_is_flagged() -> None:
    base = finished()
    second = Decade(tier=2, entry="War", event_count=1, events=[Event(type="loss",
                                                                       description="x")],
                    continuation=Continuation(faces=[2, 2], another=False), description="x")
    derived = derive(base.model_copy(update={"decades": [*base.decades, second]}))
    assert has(derived, W, "Decade 2 follows, but the continuation roll went on to powers")


def test_an_unfinished_life_path_says_what_comes_next() -> None:
    character = finished(power_count=2)
    derived = derive(character)
    assert has(derived, I, "Life path not finished: Power 2: roll 1d10", "powers.1")
    assert derived.next_step.kind == "power_category"
    more = derive(finished(power_count=0))
    assert has(more, W, "1 powers; the life path gave 0")
    assert has(more, W, "0 powers: the 1d6 gives 1 to 6")
