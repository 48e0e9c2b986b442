"""Close to Death, timers and sprinting (Combat, Close to Death (CTD); Component
Listing, Move, Damage: DoT, Healing: HoT; RULINGS.md Powers 5)."""

from __future__ import annotations

import pytest

from desktop.model.odds import percent
from desktop.systems.powers.fight import survival
from desktop.systems.powers.fight.tracking import CombatError, ctd_target, hit_points
from desktop.systems.powers.rules.dice import p_target
from tests.systems.powers.fight.helpers import DRAFT_HITS, Scripted, faces, three


def fight():
    return three(seed=5).start({"totals": DRAFT_HITS})


def test_close_to_death_a_resilience_roll_each_turn() -> None:
    """Dave (Health 10, Resilience 4) takes 12: 2 below 0, so his roll needs 2 hits,
    at once and every combat turn after."""
    e = fight().perform("Dave", "damage", {"points": 12, "why": "Blammo Cannon, rolled "
                                                               "at the table"})
    odds = f"Resilience 4 dice needing 2 hits: {percent(p_target(4, 0, 2))}"
    assert f"Dave is Close to Death at -2/10 hit points: roll to stay alive now ({odds}) " \
           "(Close to Death (CTD))" in [x.text for x in e.log]
    assert ctd_target(e.character("Dave")) == 2
    roll = e.action("Dave", "ctd_roll")
    assert roll is not None and roll.enabled and roll.prompt and odds in roll.hint
    row = {r.key: r for r in e.rules.rows(e.state)}["Dave"]
    assert row.status == "Close to Death (needs 2 hits, roll due)"
    assert e.state.can_act("Dave") == "Close to Death: only the roll to stay alive (ours)"

    # The roll itself, with the dice named: 2 hits stay alive, 1 does not.
    alive, lines = survival.ctd_roll(e.state, "Dave", Scripted(faces(2, 4)))
    assert "Dave" not in alive.dead and lines[0].endswith(
        "[5 5 3 3] 2 hits: stays alive (Close to Death (CTD))")
    with pytest.raises(CombatError, match="no Close to Death roll due"):
        survival.ctd_roll(alive, "Dave", Scripted(faces(2, 4)))
    dead, lines = survival.ctd_roll(e.state, "Dave", Scripted(faces(1, 4)))
    assert "Dave" in dead.dead and "dies" in lines[0]

    # On the GM screen, with the encounter's seeded dice; a living Dave rolls again on
    # his turn of the next combat turn.
    e = e.perform("Dave", "ctd_roll")
    line = e.log[-1].text
    assert line.startswith(f"Dave: Close to Death roll, {odds}: ")
    assert "Dave" not in e.state.dead and "stays alive" in line  # seed 5's dice
    assert not e.action("Dave", "ctd_roll").enabled  # type: ignore[union-attr]
    while e.turn.round == 1:
        e = e.next_turn()
    while "Dave" not in e.turn.actors:
        e = e.next_turn()
    assert e.due() == [("Dave", e.action("Dave", "ctd_roll"))]
    assert any(x.text == f"Dave is Close to Death: roll to stay alive ({odds})"
               for x in e.log if x.when == "Turn 2")


def test_exactly_zero_hit_points_is_close_to_death_needing_no_hits() -> None:
    e = fight().perform("Nigel", "damage", {"points": 8})
    assert ctd_target(e.character("Nigel")) == 0
    e = e.perform("Nigel", "ctd_roll")
    assert e.log[-1].text.endswith("stays alive (Close to Death (CTD))")


def test_dot_ticks_with_the_combat_turns() -> None:
    """DoT (turns): "The damage is done every turn for the duration specified": 2 now,
    then 2 at each of the next two combat turns, then no more."""
    e = fight().perform("Bob", "damage", {"points": 2, "over": "dot", "turns": 3,
                                          "why": "Dave's Acid Spit"})
    assert e.log[-2].text.startswith("Bob: DoT 2 normal damage; 2, 2 on the turns to come "
                                     "(Dave's Acid Spit)")
    assert {r.key: r for r in e.rules.rows(e.state)}["Bob"].cells[3] == (
        "DoT 2 normal (Dave's Acid Spit, 2 turns left)")
    hp = []
    for _ in range(4):
        while True:
            e = e.next_turn()
            if e.turn.actors and e.state.cursor == 0:
                break
        hp.append(hit_points(e.character("Bob")))
    assert hp == [8, 6, 6, 6]
    ticks = [x for x in e.log if "DoT from Dave's Acid Spit" in x.text]
    assert [(x.when, x.text) for x in ticks] == [
        ("Turn 2", "Bob: DoT from Dave's Acid Spit: 2 normal damage (1 more turn)"),
        ("Turn 3", "Bob: DoT from Dave's Acid Spit: 2 normal damage (last turn)")]
    assert e.state.timers == ()


def test_dot_fading_and_increase() -> None:
    e = fight().perform("Bob", "damage", {"points": 4, "over": "dot_fading"})
    assert [t.amounts for t in e.state.timers] == [(2, 1)]
    e = fight().perform("Bob", "damage", {"points": 1, "over": "dot_increase", "turns": 3})
    assert [t.amounts for t in e.state.timers] == [(2, 4)]


def test_a_dot_power_sets_its_timer_and_a_hot_power_heals_over_time() -> None:
    missed = fight().next_turn().next_turn()  # Dave's turn
    missed = missed.perform("Dave", "attack:Acid Spit", {"target": "Nigel"})
    assert ": 0 normal damage" in missed.log[-1].text and missed.state.timers == (), \
        "no damage, no DoT (seed 5's dice)"
    e = three(seed=10).start({"totals": DRAFT_HITS}).next_turn().next_turn()
    e = e.perform("Dave", "attack:Acid Spit", {"target": "Nigel"})
    assert e.character("Nigel").tracking.damage.normal == 3  # seed 10's dice
    assert e.log[-2].text.endswith("3 normal damage (resisted with Resilience); DoT: 3, 3 "
                                   "on the turns to come")
    assert [(t.target, t.amounts, t.source) for t in e.state.timers] == [
        ("Nigel", (3, 3), "Dave's Acid Spit")]
    e = e.next_turn()  # turn 2
    while "Nigel" not in e.turn.actors:
        e = e.next_turn()
    e = e.perform("Nigel", "damage", {"points": 1})  # 3 + the DoT tick 3 + 1 = 7 of 8
    e = e.perform("Nigel", "heal:Mend:0", {"target": "Nigel"})
    assert "Nigel uses Mend on Nigel: 2 normal healed; HoT: 2 on the turns to come" in (
        e.log[-1].text)
    assert any(t.kind == "hot" and t.amounts == (2,) for t in e.state.timers)
    with pytest.raises(CombatError, match="one move and one power"):
        e.perform("Nigel", "power", {"power": "Nightmare"})


def test_sprinting_as_in_the_draft() -> None:
    """"Bob wants to make a move that would normally take him 10 turns … it will only
    take him 6 turns. He only rolls 3 hits on his Resistance test, so takes a point of
    Stun damage. If he had sprinted flat out … 5 turns … two points of Stun.\""""
    state = fight().state
    moved, lines = survival.move(state, "Bob", 10, 6, "to the van", Scripted(faces(3, 5)))
    assert lines[0].startswith("Bob moves (to the van), sprinting: 6 turns instead of 10; "
                               "Resilience 5 dice against 4 turns saved: ")
    assert lines[0].endswith("[5 5 5 3 3] 3 hits: 1 Stun, one point a turn (Move)")
    assert moved.character("Bob").tracking.damage.stun == 1 and moved.timers == ()
    flat, lines = survival.move(state, "Bob", 10, 5, "", Scripted(faces(3, 5)))
    assert "2 Stun, one point a turn" in lines[0]
    assert flat.character("Bob").tracking.damage.stun == 1
    assert [t.amounts for t in flat.timers] == [(1,)], "the second point next turn"
    with pytest.raises(CombatError, match="one move and one power"):
        survival.move(flat, "Bob", 3, 0, "", Scripted())
    with pytest.raises(CombatError, match="sprinting takes 5 to 10 turns"):
        survival.move(state, "Bob", 10, 4, "", Scripted())


def test_next_makes_a_close_to_death_roll_still_due_from_the_command_line(
        tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """"When a character runs out of hit points … and on every combat turn after, the
    player must make a Resilience roll to stay alive." ``encounter act next`` with the
    roll due makes it (ours: passing the turn makes it), as the window's Next does
    through the same engine."""
    import json

    from desktop import cli
    from desktop.paths import resource

    def run(*args: str) -> str:
        code = cli.main(list(args))
        out = capsys.readouterr().out
        assert code == 0, out
        return out

    enc = str(tmp_path / "fight.encounter")
    run("encounter", "new", str(resource("powers", "characters", "bob.sheetdesk")),
        str(resource("powers", "characters", "dave.sheetdesk")), "-o", enc)
    run("encounter", "act", enc, "start", "--seed", "1")
    who = json.loads(run("encounter", "show", enc, "--json"))["turn"]
    run("encounter", "act", enc, "damage", "--who", who, "points=40")
    shown = run("encounter", "act", enc, "next", "--seed", "2")
    assert f"{who}'s Close to Death roll was still due: made as the turn passes (ours)" \
        in shown
    assert f"{who}: Close to Death roll, Resilience " in shown
    state = json.loads(run("encounter", "show", enc, "--json"))
    assert state["combatants"][[c["id"] for c in state["combatants"]].index(who)]["down"]


def test_next_rolls_for_one_who_fell_after_their_turn_at_the_combat_turns_end() -> None:
    """Nigel falls on Dave's turn, after his own: the roll is due "when this happens";
    the combat turn's end makes it if the GM has not."""
    e = fight()
    while e.turn.actors != ("Dave",):
        e = e.next_turn()
    e = e.perform("Nigel", "damage", {"points": 9})
    assert e.state.ctd_due("Nigel") and e.state.round == 1
    e = e.next_turn()
    texts = [x.text for x in e.log]
    assert "Nigel's Close to Death roll was still due: made as the turn passes (ours)" \
        in texts
    assert e.state.ctd_rolled.get("Nigel") == 1
