"""The GM adapters' shared helpers: a relay roller for table-rolled faces, log lines
without a second round stamp, choice lists."""

from __future__ import annotations

import pytest

from desktop.model.combat_helpers import (
    RelayRoller,
    choices_of,
    health_state,
    health_word,
    unstamped,
)
from desktop.model.combat_rules import Row
from desktop.model.dice import Roller, Throw


class EveryOtherSix(RelayRoller):
    """Serves a six for every second throw, lets the fallback roll the others."""

    def __init__(self, fallback: Roller) -> None:
        super().__init__(fallback)
        self.asked = 0

    def serve(self, count: int, sides: int, why: str) -> tuple[int, ...] | None:
        self.asked += 1
        return (6,) * count if self.asked % 2 == 0 else None


def test_a_relay_roller_serves_its_faces_and_rolls_the_rest_with_the_fallback() -> None:
    fallback = Roller(seed=4)
    relay = EveryOtherSix(fallback)
    first = relay.throw(2, 6, "to hit")
    served = relay.throw(3, 6, "damage")
    third = relay.throw(1, 10)
    assert served == Throw(6, (6, 6, 6), "damage")
    assert relay.throws == [first, served, third], "every throw is recorded here"
    assert fallback.throws == [first, third], "only rolled throws reach the fallback"
    same = Roller(seed=4)
    assert [first.faces, third.faces] == [same.throw(2, 6).faces, same.throw(1, 10).faces], \
        "the rolled dice are the seeded fallback's, as if nothing had been served"


def test_a_relay_roller_without_faces_is_its_fallback_and_refuses_no_dice() -> None:
    relay, same = RelayRoller(Roller(seed=9)), Roller(seed=9)
    assert [relay.throw(2, 6).faces for _ in range(5)] == [
        same.throw(2, 6).faces for _ in range(5)]
    with pytest.raises(ValueError, match="cannot throw 0d6"):
        relay.throw(0, 6)
    with pytest.raises(ValueError, match="cannot throw 2d0"):
        relay.throw(2, 0)


def test_unstamped_drops_only_the_current_rounds_stamp() -> None:
    lines = ["Round 2: Erin's turn", "Round 3: not this round", "no stamp", "Round 2:x"]
    assert unstamped(lines, "Round", 2) == (
        "Erin's turn", "Round 3: not this round", "no stamp", "Round 2:x")
    assert unstamped(iter(["Frame 1: a, b"]), "Frame", 1) == ("a, b",)
    assert unstamped([], "Round", 1) == ()


def test_choices_of_labels_each_value_with_itself() -> None:
    assert choices_of(["Erin", "Sam"]) == (("Erin", "Erin"), ("Sam", "Sam"))
    assert choices_of(k for k in ()) == ()


def test_counts_read_naturally() -> None:
    from desktop.model.combat_helpers import counted, setup_label

    assert counted(0, "combatant") == "no combatants yet"
    assert counted(1, "combatant") == "1 combatant"
    assert counted(6, "Lizard-man", "Lizard-men") == "6 Lizard-men"
    assert setup_label(1) == "Setup: 1 combatant"
    from desktop.systems import get
    from desktop.systems.encounters import new_encounter

    for game in ("pow", "kruhl"):
        e = new_encounter(game, "x", seed=1)
        assert e.turn.label == "Setup: no combatants yet"
        e = e.add_character(get(game).new_character("Ann"))
        assert e.turn.label == "Setup: 1 combatant"


@pytest.mark.parametrize(("status", "out", "hits", "state"), [
    ("", False, "13/13", ""),
    ("", False, "2 · 4/9", "hurt"),           # the last "current/max" in the cell
    ("Dying", False, "0/9", "dying"),          # a status word before the numbers
    ("killed", True, "0/9", "dead"),
    ("", True, "9/9", "down"),                 # out of the fight, whatever the numbers
    ("out cold", False, "9/9", "down"),
    ("holds", False, "9/9", "held"),
    ("holds", False, "3/9", "hurt"),           # hurt says more than holding
])
def test_health_state_reads_the_row(status: str, out: bool, hits: str, state: str) -> None:
    row = Row("Kestra", ("1", hits), status, out)
    assert health_state(row, 1) == state
    # asked again (answers are kept), and for another row with the same words: the same
    assert health_state(Row("Tharsh", ("2", hits), status, out), 1) == state


def test_health_state_without_a_health_column_reads_only_the_status() -> None:
    assert health_state(Row("Bob", ("3/9",)), None) == ""
    assert health_state(Row("Bob", ("3/9",)), 5) == ""
    assert health_word(health_state(Row("Bob", ("3/9",), "dead"), None)) == "dead"
    assert health_word("") == "fine"
