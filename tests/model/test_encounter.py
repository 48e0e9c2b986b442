"""The encounter engine's shared operations: area actions in one step, input ranges,
per-operation seeds, due prompts and natural group names (with POW!'s rules)."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.model.combat_rules import Action, Param, check_values
from desktop.model.encounter import Encounter, EncounterError, plural
from desktop.systems import get
from desktop.systems.encounters import encounter_from_data, encounter_to_data, new_encounter
from desktop.ui.gm.sources import catalog_characters


def lizards(count: int = 3) -> Encounter:
    lizard = catalog_characters(get("pow"))[0]
    return new_encounter("pow", "ford", seed=7).add_group(lizard, count)


def test_group_members_are_numbered_and_the_group_is_a_plural() -> None:
    e = lizards()
    assert list(e.fighters) == ["Lizard-man 1", "Lizard-man 2", "Lizard-man 3"]
    assert {f.group for f in e.fighters.values()} == {"Lizard-men"}
    assert e.log[-1].text.startswith("Lizard-men join the fight")
    again = e.add_group(catalog_characters(get("pow"))[0], 2)
    assert {f.group for f in again.fighters.values()} == {"Lizard-men", "Lizard-men 2"}
    assert "Lizard-man 4" in again.fighters


@pytest.mark.parametrize(("name", "many"), [
    ("Lizard-man", "Lizard-men"), ("Thug", "Thugs"), ("Harpy", "Harpies"),
    ("Slavers", "Slavers"), ("Boss", "Bosses"), ("Human", "Humans"), ("Lackey", "Lackeys"),
])
def test_plural(name: str, many: str) -> None:
    assert plural(name) == many


def test_area_damage_is_one_operation_each_by_its_own_rules() -> None:
    e = lizards().start()
    done = e.perform_all(["Lizard-man 1", "Lizard-man 3"], "damage", {"points": 4})
    assert len(done.ops) == len(e.ops) + 1
    texts = [line.text for line in done.log[len(e.log):]]
    assert any(t.startswith("Lizard-man 1: 4 damage") for t in texts)
    assert any(t.startswith("Lizard-man 3: 4 damage") for t in texts)
    rows = {r.key: r.cells for r in done.rules.rows(done.state)}
    assert rows["Lizard-man 2"] == {r.key: r.cells for r in e.rules.rows(e.state)}[
        "Lizard-man 2"]
    # It replays from the file like any other operation.
    again = encounter_from_data(encounter_to_data(done))
    assert again.rules.rows(again.state) == done.rules.rows(done.state)


def test_area_action_refused_for_everyone_changes_nothing() -> None:
    e = lizards().start()
    with pytest.raises(EncounterError, match="not possible for any of them"):
        e.perform_all(["Lizard-man 1"], "fly", {})
    with pytest.raises(EncounterError, match="choose who"):
        e.perform_all([], "damage", {"points": 1})


def test_out_of_range_values_are_refused_with_the_input_named() -> None:
    e = lizards().start()
    with pytest.raises(ValueError, match="Points is 1 to 999, not 5000"):
        e.perform("Lizard-man 1", "damage", {"points": 5000})
    action = Action("x", "Pick", (Param("what", "What", "choice", "a", (("a", "A"),)),))
    check_values(action, {"what": "b"})  # choices are the rules' to refuse by default
    with pytest.raises(ValueError, match="What is one of a, not 'b'"):
        check_values(action, {"what": "b"}, choices=True)


def test_an_operation_may_carry_its_own_seed() -> None:
    e = lizards()
    a = e.apply({"op": "roll", "expression": "10d6", "seed": 99})
    b = e.note("x").apply({"op": "roll", "expression": "10d6", "seed": 99})
    assert a.log[-1].text == b.log[-1].text
    with pytest.raises(EncounterError, match="seed"):
        e.apply({"op": "roll", "expression": "d6", "seed": -1})


def test_due_lists_a_prompt_owed_by_someone_whose_turn_it_is_not() -> None:
    """POW!: "a Stat Save" follows damage to a Stat; the GM hits a lizard-man on another
    combatant's turn, and Next must still ask for that save."""
    from desktop.systems.files import load_character

    hero = load_character(Path(__file__).resolve().parents[2] / "resources" / "pow"
                          / "characters" / "electrobabe.sheetdesk")
    e = lizards(1).add_character(hero).start()
    actor = e.turn.actors[0]
    other = next(key for key in e.fighters if key not in e.turn.actors)
    hurt = e.perform(other, "damage", {"points": 40})
    due = hurt.due()
    assert due and {key for key, _action in due} == {other}
    assert all(action.prompt for _key, action in due) and actor not in dict(due)


def test_due_lists_the_prompts_of_whoever_acts() -> None:
    e = lizards(1).start()
    assert e.due() == []
    actor = e.turn.actors[0]
    hurt = e.perform(actor, "damage", {"points": 40})
    due = hurt.due()
    assert due and all(key == actor and action.prompt for key, action in due)
