"""POW! initiative (Time and Activity, Combat Situations): Agility + 2d6, a group rolls
once, ties re-rolled among the tied."""

from __future__ import annotations

import pytest

from desktop.model.dice import Roller
from desktop.systems.pow.fight.initiative import combatant, roll_initiative
from desktop.systems.pow.fight.tracking import CombatError
from tests.systems.pow.helpers import ScriptedRoller, pc, sample_party


def test_rolled_initiative_is_agility_plus_2d6_and_a_group_rolls_once() -> None:
    roller = Roller(seed=11)
    order = roll_initiative(sample_party(), roller)
    first_throws = [t for t in roller.throws if t.why == ""]
    assert len(first_throws) == 4  # three Lizard-men share one roll
    for slot in order:
        assert slot.roll is not None and slot.roll.sides == 6 and len(slot.roll.faces) == 2
        assert slot.total == slot.agility + slot.roll.total
    assert [(s.total, s.tiebreaks) for s in order] == sorted(
        ((s.total, s.tiebreaks) for s in order), key=lambda p: p[0], reverse=True)
    # The same seed replays the same order.
    again = roll_initiative(sample_party(), Roller(seed=11))
    assert again == order


def test_hand_ties_are_rerolled_among_the_tied_only() -> None:
    fighters = [combatant(pc(n)) for n in ("A", "B", "C")]
    roller = ScriptedRoller([(3, 4), (5, 2), (1, 1), (6, 6)])
    order = roll_initiative(fighters, roller, {"A": 10, "B": 10, "C": 12})
    assert [s.name for s in order] == ["C", "B", "A"]
    assert order[0].tiebreaks == ()
    # The first re-roll ties again (7 and 7), so they roll once more.
    assert [t.faces for t in order[1].tiebreaks] == [(5, 2), (6, 6)]
    assert [t.faces for t in order[2].tiebreaks] == [(3, 4), (1, 1)]
    assert {t.why for t in roller.throws} == {"tie"}
    assert order[1].describe() == "B 10 (given, tie 2d6 [5, 2], tie 2d6 [6, 6])"


def test_rolled_tie_with_a_seeded_roller() -> None:
    fighters = [combatant(pc(n, agility=2)) for n in ("A", "B")]
    # A seed whose first two throws tie (the search is deterministic).
    seed = next(s for s in range(1000) if _first_two_tie(s))
    roller = Roller(seed=seed)
    order = roll_initiative(fighters, roller)
    assert order[0].total == order[1].total
    ties = [t for t in roller.throws if t.why == "tie"]
    assert len(ties) >= 2 and len(ties) % 2 == 0
    last_a, last_b = order[0].tiebreaks[-1], order[1].tiebreaks[-1]
    assert last_a.total > last_b.total
    assert all(a.total == b.total
               for a, b in zip(order[0].tiebreaks[:-1], order[1].tiebreaks[:-1], strict=True))
    assert roll_initiative(fighters, Roller(seed=seed)) == order


def _first_two_tie(seed: int) -> bool:
    roller = Roller(seed)
    return roller.throw(2, 6).total == roller.throw(2, 6).total


def test_tie_without_a_roller_is_an_error() -> None:
    fighters = [combatant(pc(n)) for n in ("A", "B")]
    with pytest.raises(CombatError, match="tie at 9 between A, B"):
        roll_initiative(fighters, totals={"A": 9, "B": 9})


def test_initiative_input_errors() -> None:
    with pytest.raises(CombatError, match="no initiative for A"):
        roll_initiative([combatant(pc("A"))])
    with pytest.raises(CombatError, match="not in the encounter"):
        roll_initiative([combatant(pc("A"))], totals={"A": 3, "Z": 4})
    with pytest.raises(CombatError, match="two combatants"):
        roll_initiative([combatant(pc("A")), combatant(pc("A"))], Roller(1))


def test_an_agility_below_0_adds_nothing_to_initiative() -> None:
    """"the Stat is reduced below 0, and that Stat cannot be used for anything (combat,
    other actions, Specials, etc.)" (POW!, Stat Reduction): the 2d6 alone, and the log
    says why."""
    from desktop.systems.pow.rules.character import Tracking

    hurt = pc("Hurt", agility=2).model_copy(update={"tracking": Tracking(stats={
        "agility": -2})})
    (slot,) = roll_initiative([combatant(hurt)], ScriptedRoller([(3, 4)]))
    assert slot.total == 7
    assert slot.describe() == "Hurt 7 (2d6 [3, 4], Agility -2 cannot be used)"
