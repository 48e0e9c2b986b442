"""The shared state: built from the player lines alone, names hidden on request, player
characters' pages with their live values, conditions and timers."""

from __future__ import annotations

import json

from desktop.share.state import MAX_LINES, ShareState, empty_state, encode
from tests.share.fights import fight, npc_keys, pc_key


def test_the_state_follows_the_turn_and_says_only_words_of_npcs() -> None:
    encounter = fight()
    state = ShareState()
    assert state.update(encounter) and not state.update(encounter)  # unchanged: not sent
    data = json.loads(state.data)
    assert data["round"] == "Frame 1" and data["started"] and data["game"].startswith("POW!")
    assert data["turn"] == [row["name"] for row in data["order"] if row["acting"]]
    npc = next(row for row in data["order"] if row["pc"] is None)
    assert npc["health"] == "fine" and set(npc) == {"name", "health", "state", "acting",
                                                    "acted", "pc"}
    encounter = encounter.next_turn()
    assert state.update(encounter)
    after = json.loads(state.data)
    assert any(row["acted"] for row in after["order"]) and after["turn"] != data["turn"]


def test_hidden_names_leave_no_npc_name_in_the_bytes() -> None:
    encounter = fight()
    state = ShareState()
    state.update(encounter, names=False)
    assert b"Lizard" not in state.data and b"Foe 1" in state.data
    assert b"Sparky" in state.data  # a player character keeps its name


def test_a_player_character_page_has_its_values_conditions_and_timers() -> None:
    encounter = fight()
    pc = pc_key(encounter)
    encounter = encounter.add_condition(pc, "Blinded", 2).perform(pc, "damage", {"points": 3})
    state = ShareState()
    state.update(encounter)
    page = json.loads(state.data)["pcs"]["1"]
    values = dict((label, value) for label, value in page["values"] if label != "Condition")
    conditions = [value for label, value in page["values"] if label == "Condition"]
    assert page["name"] == pc and "13/16" in page["health"] and page["state"] == "hurt"
    assert values["Damage"] == "4 · 13/16" and values["Brawn"] == "5 · 25/25"
    assert conditions == ["Blinded (2 frames left)"]
    # Its id stays while others come and go.
    state.update(encounter.remove(npc_keys(encounter)[0]))
    assert json.loads(state.data)["pcs"]["1"]["name"] == pc


def test_a_huge_group_is_cut_with_a_count() -> None:
    state = ShareState()
    state.update(fight(npcs=MAX_LINES + 5))
    data = json.loads(state.data)
    assert len(data["order"]) == MAX_LINES and data["more"] == 6


def test_before_anything_the_page_waits() -> None:
    assert json.loads(encode(empty_state())) == {"game": "", "started": False, "round": "",
                                                 "turn": [], "order": [], "more": 0, "pcs": {}}
