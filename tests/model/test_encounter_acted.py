"""Who has acted this round: derived from the operations as they are
applied, for every game, so undo, replay from the file and removing a combatant keep it
right, and a held turn is not "acted"."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.model.encounter import Encounter
from desktop.systems import get
from desktop.systems.encounters import encounter_from_data, encounter_to_data, new_encounter
from desktop.systems.files import load_character
from desktop.ui.gm.sources import catalog_characters

REPO = Path(__file__).resolve().parents[2]
GAMES = ("pow", "pocket", "protector", "kruhl", "powers")


def fight(game: str) -> Encounter:
    """The game's example party from files and two of its first catalog NPC, started."""
    e = new_encounter(game, "acted", seed=3)
    for path in sorted((REPO / "resources" / game / "characters").glob("*.sheetdesk")):
        e = e.add_character(load_character(path), str(path))
    return e.add_group(catalog_characters(get(game))[0], 2).start()


def until_round_ends(e: Encounter) -> list[Encounter]:
    """Each snapshot after Next until a new round opens (that one last)."""
    out = []
    first = e.turn.round
    while True:
        e = e.next_turn()
        out.append(e)
        if e.turn.round != first:
            return out


@pytest.mark.parametrize("game", GAMES)
def test_next_marks_the_previous_turn_acted_and_a_new_round_clears(game: str) -> None:
    e = fight(game)
    assert e.acted == frozenset()
    seen: set[str] = set()
    steps = until_round_ends(e)
    for before, after in zip([e, *steps], steps, strict=False):
        if after.turn.round != e.turn.round:
            assert after.acted == frozenset(), "a new round starts with nobody acted"
            break
        seen |= set(before.turn.actors)
        assert after.acted == seen - set(after.turn.actors)
        assert not after.acted & set(after.turn.actors), "whoever acts now has not acted"
    assert seen, "somebody took a turn in round one"


@pytest.mark.parametrize("game", GAMES)
def test_undo_and_replay_from_the_file_restore_it(game: str) -> None:
    e = fight(game)
    one = e.next_turn()
    two = one.next_turn()
    assert one.acted  # the first turn has passed
    # Undo in the window shows the previous snapshot; the CLI replays one step fewer.
    undone = Encounter.replay(two.rules, two.parse_character, two.name, two.seed,
                              two.ops[:-1])
    assert undone.acted == one.acted
    assert encounter_from_data(encounter_to_data(two)).acted == two.acted
    assert encounter_from_data(encounter_to_data(e)).acted == frozenset()


def test_a_removed_combatant_leaves_the_set() -> None:
    e = fight("pow").next_turn()
    (gone,) = e.acted
    assert gone not in e.remove(gone).acted


def test_conditions_and_notes_keep_it() -> None:
    e = fight("pow").next_turn()
    assert e.note("a gust of wind").roll("1d6").acted == e.acted


def test_a_held_turn_is_not_acted_until_it_is_taken() -> None:
    e = fight("pocket")
    holder = e.turn.actors[0]
    held = e.perform(holder, "hold")
    assert holder not in held.acted and holder not in held.turn.actors
    later = held.next_turn()
    assert holder not in later.acted
    taken = later.perform(holder, "take_held")
    assert taken.turn.actors == (holder,)
    done = taken.next_turn()
    assert holder in done.acted
