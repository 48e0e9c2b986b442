"""Initiative (5.2): a d10 pick on each range counted down, ties to the lower DEFT then
a dice-off, re-rolled every round, or given by the GM."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.fight.combat import Encounter, Step
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.fight.turn_order import roll_initiative
from tests.systems.pocket.helpers import Scripted, plain_fighter


def fighter(key: str, initiative=(1, 2, 3), deft: int = 10, **changes: object) -> Fighter:
    return plain_fighter(key, **{"initiative": initiative, "deft": deft, "armored_deft": deft,
                                 **changes})


ASH = fighter("Ash", (2, 4, 6), deft=12)
BO = fighter("Bo", deft=10)
CY = fighter("Cy", deft=11)


def started(*faces: int, fighters=(ASH, BO, CY)) -> Step:
    return Encounter.start(fighters, Scripted(*((f,) for f in faces)))


def test_initiative_is_a_d10_pick_counted_down_with_ties_to_the_lower_deft() -> None:
    step = started(9, 5, 5)  # Ash high 6; Bo and Cy mid 2: Bo has the lower DEFT
    enc = step.encounter
    assert [t.key for t in enc.turns] == ["Ash", "Bo", "Cy"]
    assert [t.number for t in enc.turns] == [6, 2, 2]
    assert step.describe() == [
        "Round 1 initiative: Ash: 6 (d10 9 → high of 2/4/6 = 6); Bo: 2 (d10 5 → mid of "
        "1/2/3 = 2); Cy: 2 (d10 5 → mid of 1/2/3 = 2)",
        "Round 1: Ash's turn at 6",
    ]


def test_ties_of_number_and_deft_are_diced_off() -> None:
    twins = (fighter("Ann"), fighter("Bea"))
    # Both pick 2; DEFT ties; dice-off 4 vs 4 again, then 3 vs 8: Bea first.
    step = Encounter.start(twins, Scripted((5,), (5,), (4,), (4,), (3,), (8,)))
    turns = step.encounter.turns
    assert [t.key for t in turns] == ["Bea", "Ann"]
    assert turns[0].dice_off == (4, 8) and "dice-off 4, 8" in turns[0].describe()
    with pytest.raises(CombatError, match="dice-off needs a roller"):
        roll_initiative(twins, None, {"Ann": 3, "Bea": 3})


def test_initiative_is_rerolled_every_round() -> None:
    enc = started(9, 5, 5).encounter
    for _ in range(3):
        enc = enc.end_turn().encounter
    assert enc.round_over
    step = enc.next_round(Scripted((1,), (10,), (3,)))  # Ash 2, Bo 3, Cy 2
    assert step.encounter.round == 2
    assert [(t.key, t.number) for t in step.encounter.turns] == [
        ("Bo", 3), ("Cy", 2), ("Ash", 2)]  # Cy's DEFT 11 beats Ash's 12 on the tie


def test_given_initiative_numbers() -> None:
    step = Encounter.start((ASH, BO), None, given={"Ash": 2, "Bo": 5})
    assert [t.key for t in step.encounter.turns] == ["Bo", "Ash"]
    assert "Bo: 5 (given)" in step.describe()[0]
    with pytest.raises(CombatError, match="not rolling"):
        Encounter.start((ASH,), None, given={"Ash": 2, "Zed": 1})
    with pytest.raises(CombatError, match="two combatants"):
        Encounter.start((ASH, ASH), None, given={"Ash": 2})
