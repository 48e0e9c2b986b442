"""Initiative (Combat, Basics; RULINGS.md Powers 2): hits on Agility + Intelligence
dice plus modifiers, re-rolled every combat turn, ties to more dice, still tied a
tie-break die rolled and shown."""

from __future__ import annotations

from desktop.systems.powers.fight.initiative import Combatant, initiative_pool, roll_initiative
from tests.systems.powers.fight.helpers import DRAFT_HITS, Scripted, bob, dave, faces, nigel, three


def test_the_drafts_example_bob_then_nigel_then_dave() -> None:
    people = [Combatant("Bob", bob()), Combatant("Dave", dave()), Combatant("Nigel", nigel())]
    assert [initiative_pool(c).dice for c in people] == [20, 15, 17]
    rolled = roll_initiative(people, Scripted(faces(5, 20), faces(3, 15), faces(3, 17)))
    assert [(s.name, s.hits, s.pool.dice) for s in rolled] == [
        ("Bob", 5, 20), ("Nigel", 3, 17), ("Dave", 3, 15)]
    assert all(s.tie_break == () for s in rolled), "more dice settles it: no tie-break"


def test_the_drafts_example_on_the_gm_screen() -> None:
    e = three().start({"totals": DRAFT_HITS})
    assert [r.key for r in e.rules.rows(e.state)] == ["Bob", "Nigel", "Dave"]
    assert e.turn.label == "Turn 1 · Bob (5 hits)" and e.turn.actors == ("Bob",)
    texts = [x.text for x in e.log]
    assert ("Initiative (hits on Agility + Intelligence, ties to more dice): Bob 5 (20 dice, "
            "given); Nigel 3 (17 dice, given); Dave 3 (15 dice, given)") in texts
    e = e.next_turn()
    assert e.turn.label == "Turn 1 · Nigel (3 hits)"
    e = e.next_turn().next_turn()
    assert e.turn.round == 2
    assert any(x.when == "Turn 2" and x.text.startswith("All have gone: initiative is "
                                                         "rolled again") for x in e.log)
    rolled = [x.text for x in e.log if x.when == "Turn 2" and x.text.startswith("Initiative")]
    assert len(rolled) == 1 and "given" not in rolled[0], "re-rolled, not the first hits"


def test_a_tie_on_hits_and_dice_is_broken_by_a_die_shown() -> None:
    twins = [Combatant("Bob", bob()), Combatant("Bob 2", bob()), Combatant("Dave", dave())]
    roller = Scripted(faces(4, 20), faces(4, 20), faces(4, 15), (2, 2), (1, 6))
    rolled = roll_initiative(twins, roller)
    assert [s.name for s in rolled] == ["Bob 2", "Bob", "Dave"]
    assert rolled[0].tie_break == (2, 6) and rolled[1].tie_break == (2, 1)
    assert rolled[0].describe() == "Bob 2 4 (20 dice, tie-break 2/6)"
    assert rolled[2].tie_break == (), "Dave's 4 hits on fewer dice goes after them"


def test_modifiers_from_powers_add_dice_and_situations_add_hits() -> None:
    e = three().perform("Dave", "init_mod", {"dice": 5, "hits": 1})
    c = e.state.get("Dave")
    assert initiative_pool(c).dice == 20 and initiative_pool(c).mod == 1
    e = e.start({"totals": {"Bob": 5, "Nigel": 3}})
    dave_slot = e.state.slot_of("Dave")
    assert dave_slot is not None and dave_slot.pool.dice == 20
    assert dave_slot.hits == sum(f >= 5 for f in dave_slot.faces or ()) + 1


def test_a_newcomer_rolls_and_takes_its_place_and_a_leaver_goes() -> None:
    e = three().start({"totals": DRAFT_HITS}).next_turn()  # Nigel's turn
    e = e.add_character(bob().model_copy(update={"name": "Zed"}))
    order = [s.name for s in e.state.order]
    assert "Zed" in order and e.turn.actors == ("Nigel",), "the turn being taken goes on"
    zed = e.state.slot_of("Zed")
    assert zed is not None and zed.faces is not None and zed.pool.dice == 20
    after = [s.name for s in e.state.order][order.index("Nigel") + 1]
    e = e.remove("Nigel")
    assert "Nigel" not in [m for s in e.state.order for m in s.members]
    assert e.turn.actors == (after,), "Nigel's turn passes to the next place"
    e = e.next_turn()
    assert e.turn.actors != (after,)


def test_hits_rolled_at_the_table_for_a_later_combat_turn() -> None:
    e = three().start({"totals": DRAFT_HITS}).next_turn().next_turn().next_turn()
    assert e.turn.round == 2
    e = e.perform("Dave", "init_given", {"hits": 99})
    assert e.turn.actors == ("Dave",) and e.state.order[0].describe().startswith(
        "Dave 99 (15 dice, given")
    assert e.log[-2].text.startswith("Initiative (hits on Agility + Intelligence")
    e = e.perform("Dave", "move", {"normal": 1})
    refused = e.action("Bob", "init_given")
    assert refused is not None and refused.why_not == (
        "someone has acted this combat turn: the order stands")
