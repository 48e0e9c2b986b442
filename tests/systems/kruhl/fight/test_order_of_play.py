"""The chapter's order-of-play examples (Actions, Order Of Play; Delaying A Turn;
Forcing An Action) played on the GM screen's encounter, round by round."""

from __future__ import annotations

import pytest

from desktop.model.encounter import Encounter
from desktop.systems.kruhl.fight.tracking import CombatError
from tests.systems.kruhl.fight.helpers import (
    LACKEYS,
    TOTALS,
    corner_fight,
    issvisk,
)

ENV = "Environment"


def label(e: Encounter) -> str:
    return e.turn.label.split(" · ", 1)[1]


def play_round(e: Encounter, during: dict[str, list[tuple[str, str, dict]]] | None = None
               ) -> tuple[Encounter, list[str]]:
    """Press Next through one round, from its first turn to the environment's step;
    ``during`` performs actions on the named turn. Returns the turns seen."""
    during = during or {}
    seen = [label(e)]
    while True:
        for key, action, values in during.get(label(e), []):
            e = e.perform(key, action, values)
            if label(e) != seen[-1]:
                seen.append(label(e))
        if label(e) == ENV:
            return e, seen
        e = e.next_turn()
        seen.append(label(e))


def new_round(e: Encounter) -> Encounter:
    assert label(e) == ENV
    return e.next_turn()


def test_the_chapter_examples_round_by_round() -> None:
    e = corner_fight().start({"totals": TOTALS})
    # Round 1: Soraya, then Virek-Kohl, then Virek-Kohl's lackeys.
    e, seen = play_round(e)
    assert e.turn.round == 1
    assert seen == ["Soraya", "Virek-Kohl", LACKEYS, ENV]

    # Round 2: Issvisk runs around the corner; the GM places him after Virek-Kohl.
    e = new_round(e)
    e = e.add_character(issvisk())
    assert e.log[-1].text == "Issvisk joins the fight"
    e = e.perform("Issvisk", "place", {"after": "Virek-Kohl"})
    assert e.log[-1].text == "Issvisk is placed after Virek-Kohl in the order of play"
    e, seen = play_round(e)
    assert seen == ["Soraya", "Virek-Kohl", "Issvisk", LACKEYS, ENV]

    # Round 3: Soraya delays, then interrupts Issvisk's grapple to combine her attack.
    e = new_round(e)
    e, seen = play_round(e, {
        "Soraya": [("Soraya", "delay", {})],
        "Issvisk": [("Soraya", "take_delayed", {"resume": False})],
    })
    assert seen == ["Soraya", "Virek-Kohl", "Issvisk",
                    "Soraya (delayed turn, interrupting Issvisk)", LACKEYS, ENV]
    texts = [x.text for x in e.log if x.when == "Round 3"]
    assert "Soraya delays: the turn is held to interrupt a later one (Delaying A Turn)" \
        in texts
    assert ("Soraya takes its delayed turn, interrupting Issvisk's turn; Issvisk's turn "
            "ends with it") in texts
    turns = [t for t in texts if t.endswith(" turn")]
    assert turns == ["Soraya's turn", "Virek-Kohl's turn", "Issvisk's turn",
                     "Virek-Kohl's lackeys' turn"]

    # Rounds 4 and 5: the order of play returns to its previous sequence.
    for number in (4, 5):
        e = new_round(e)
        e, seen = play_round(e)
        assert e.turn.round == number
        assert seen == ["Soraya", "Virek-Kohl", "Issvisk", LACKEYS, ENV]

    # Round 6: Soraya sweeps two lackeys; Virek-Kohl fires at Issvisk and Soraya
    # forces her next action to leap between them.
    e = new_round(e)
    e, seen = play_round(e, {
        "Soraya": [("Lackey 1", "hit", {}), ("Lackey 2", "hit", {})],
        "Virek-Kohl": [("Soraya", "force", {"what": "leaps in front of Issvisk"}),
                       ("Soraya", "hit", {})],
    })
    assert seen == ["Soraya", "Virek-Kohl", "Issvisk", LACKEYS, ENV]
    texts = [x.text for x in e.log if x.when == "Round 6"]
    assert ("Soraya forces a defensive action (leaps in front of Issvisk): it gives up "
            "its next turn (round 7)") in texts
    assert "Soraya: 1 successful attack: Endurance 6/6 → 5/6" in texts
    rows = {r.key: r for r in e.rules.rows(e.state)}
    assert rows["Soraya"].status == "forced (round 6): next turn lost"
    assert rows["Lackey 1"].out and rows["Lackey 2"].out and not rows["Lackey 3"].out
    assert e.turn.round == 6

    # Round 7: Soraya loses her turn.
    e = new_round(e)
    assert e.log[-2].text == "Soraya's turn is skipped (given up for a forced action in round 6)"
    e, seen = play_round(e)
    assert seen == ["Virek-Kohl", "Issvisk", LACKEYS, ENV]

    # Round 8: back to normal.
    e = new_round(e)
    e, seen = play_round(e)
    assert seen == ["Soraya", "Virek-Kohl", "Issvisk", LACKEYS, ENV]
    assert e.turn.round == 8
    assert {r.key: r for r in e.rules.rows(e.state)}["Soraya"].status == ""


def test_the_group_acts_together_and_defeated_members_do_not() -> None:
    e = corner_fight().start({"totals": TOTALS}).next_turn().next_turn()
    assert e.turn.actors == ("Lackey 1", "Lackey 2", "Lackey 3")
    e = e.perform("Lackey 2", "hit")
    assert e.turn.actors == ("Lackey 1", "Lackey 3")
    e = e.perform("Lackey 1", "hit").perform("Lackey 3", "hit")
    e = e.next_turn().next_turn().next_turn()
    assert label(e) == "Virek-Kohl"
    e = e.next_turn()
    assert label(e) == ENV, "a place whose every member is defeated is passed over"


def test_delay_only_on_its_own_turn_and_one_turn_a_round() -> None:
    e = corner_fight().start({"totals": TOTALS})
    with pytest.raises(CombatError, match="may delay only on its own turn"):
        e.perform("Virek-Kohl", "delay")
    e = e.perform("Soraya", "delay")
    assert label(e) == "Virek-Kohl"
    actions = {a.id: a for a in e.rules.actions(e.state, "Soraya")}
    assert actions["take_delayed"].enabled and actions["take_delayed"].prompt
    assert {r.key: r for r in e.rules.rows(e.state)}["Soraya"].status == "delayed"
    e = e.perform("Soraya", "take_delayed")  # resumes Virek-Kohl's turn afterwards
    assert label(e) == "Soraya (delayed turn, interrupting Virek-Kohl)"
    assert e.turn.actors == ("Soraya",)
    with pytest.raises(CombatError, match="holds no delayed turn"):
        e.perform("Soraya", "take_delayed")
    e = e.next_turn()
    assert label(e) == "Virek-Kohl" and e.log[-1].text == "Virek-Kohl's turn resumes"
    e, seen = play_round(e)
    assert seen == ["Virek-Kohl", LACKEYS, ENV]


def test_a_delay_held_into_the_next_round_keeps_one_turn_a_round() -> None:
    e = corner_fight().start({"totals": TOTALS})
    e = e.next_turn().perform("Virek-Kohl", "delay")  # never used in round 1
    e = e.next_turn()
    assert label(e) == ENV
    e = e.perform("Virek-Kohl", "take_delayed")  # before the environment acts
    assert label(e) == "Virek-Kohl (delayed turn, before the environment acts)"
    e = e.next_turn()
    assert label(e) == ENV and e.log[-1].text == "The environment acts (after the delayed turn)"
    e = e.next_turn()
    assert e.turn.round == 2 and label(e) == "Soraya"

    # Held again in round 2, used in round 3 before its place: its place is passed over.
    e = e.next_turn().perform("Virek-Kohl", "delay").next_turn().next_turn()
    assert e.turn.round == 3 and label(e) == "Soraya"
    e = e.perform("Virek-Kohl", "take_delayed", {"resume": True}).next_turn()
    assert label(e) == "Soraya"
    e, seen = play_round(e)
    assert seen == ["Soraya", LACKEYS, ENV]


def test_forcing_an_action_rules() -> None:
    e = corner_fight().start({"totals": TOTALS})
    forced = {a.id: a for a in e.rules.actions(e.state, "Soraya")}["force"]
    assert "dodging is a standard action" in forced.why_not
    # Before its own turn: this round's turn is the one given up.
    e = e.perform("Virek-Kohl", "force", {"what": "dives clear"})
    assert e.log[-1].text == ("Virek-Kohl forces a defensive action (dives clear): it gives "
                              "up its next turn (this round)")
    with pytest.raises(CombatError, match="once per round"):
        e.perform("Virek-Kohl", "force")
    e = e.next_turn()
    assert label(e) == LACKEYS
    assert e.log[-2].text == ("Virek-Kohl's turn is skipped (given up for a forced action "
                              "in round 1)")
    # A held delayed turn is the next available one: forcing uses it.
    e = e.next_turn().next_turn()  # round 2, Soraya
    e = e.perform("Soraya", "delay").perform("Soraya", "force", {"what": "ducks"})
    assert e.log[-1].text == ("Soraya forces a defensive action (ducks): it uses its "
                              "delayed turn")
    e, seen = play_round(e)
    assert seen == ["Virek-Kohl", LACKEYS, ENV]
    e = e.next_turn()
    assert e.turn.round == 3 and label(e) == "Soraya"


def test_forcing_twice_in_two_rounds_gives_up_two_turns() -> None:
    e = corner_fight().start({"totals": TOTALS}).next_turn()
    e = e.perform("Soraya", "force")  # she has acted: round 2's turn goes
    e = e.next_turn().next_turn().next_turn()
    assert e.turn.round == 2 and label(e) == "Virek-Kohl"
    e = e.perform("Soraya", "force")
    assert e.log[-1].text.endswith("gives up its next turn (round 3)")
    e = e.next_turn().next_turn().next_turn()
    assert e.turn.round == 3 and label(e) == "Virek-Kohl"


def test_the_order_holds_only_newcomers_are_placed() -> None:
    e = corner_fight().start({"totals": TOTALS})
    ids = [a.id for a in e.rules.actions(e.state, "Virek-Kohl")]
    assert "place" not in ids
    e = e.next_turn().add_character(issvisk())
    e = e.perform("Issvisk", "place", {"after": ""})
    assert [r.key for r in e.rules.rows(e.state)][:2] == ["Issvisk", "Soraya"]
    e, seen = play_round(e)
    assert seen == ["Virek-Kohl", LACKEYS, ENV], "placed before the turn: next round"
    e = e.next_turn()
    assert label(e) == "Issvisk"


def test_removing_the_one_acting_passes_the_turn() -> None:
    e = corner_fight().start({"totals": TOTALS}).next_turn()
    e = e.remove("Virek-Kohl")
    assert label(e) == LACKEYS
    e = e.next_turn().next_turn()
    assert e.turn.round == 2 and label(e) == "Soraya"
