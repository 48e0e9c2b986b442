"""The Powers adapter on the GM screen's encounter: the protocol, a whole fight with a
Psychic attack, stun, a Close to Death roll and a damage-over-time timer played, saved,
reopened and undone step by step; the Dice tab's check with its exact odds; the charts
and the refusals."""

from __future__ import annotations

import pytest

from desktop.model.combat_rules import CombatRules
from desktop.model.dice import Roller
from desktop.model.encounter import Encounter, EncounterError
from desktop.model.odds import percent
from desktop.systems.encounters import load_encounter, parse_character, save_encounter
from desktop.systems.powers.fight.gm import RULES
from desktop.systems.powers.fight.tracking import CombatError
from desktop.systems.powers.rules.dice import p_epic_fail, p_fail, p_opposed, p_target
from desktop.systems.powers.rules.npcs import npcs
from tests.systems.powers.fight.helpers import DRAFT_HITS, three


def test_the_adapter_keeps_the_protocol() -> None:
    rules: CombatRules = RULES
    assert (rules.system, rules.round_word) == ("powers", "Turn")
    assert rules.columns == ("Init", "Hit points", "Damage", "Timers")
    e = three()
    assert e.turn.label == "Setup: 3 combatants" and not e.started
    rows = e.rules.rows(e.state)
    assert [r.key for r in rows] == ["Bob", "Dave", "Nigel"]
    assert rows[0].cells == ("—", "12/12", "—", "—") and rows[0].status == ""
    ids = [a.id for a in e.rules.actions(e.state, "Nigel")]
    assert ids == ["ctd_roll", "phantom_test", "attack:Mind Spike", "attack:Nightmare",
                   "heal:Mend:0", "power", "power_off", "move", "damage", "heal",
                   "init_given", "rules", "init_mod"]
    attack = e.action("Bob", "attack:Blammo Cannon")
    assert attack is not None and attack.why_not == "start the fight first"


def until(e: Encounter, key: str) -> Encounter:
    """Next until it is ``key``'s turn."""
    for _ in range(50):
        if key in e.turn.actors:
            return e
        e = e.next_turn()
    raise AssertionError(f"{key} never got a turn")


def whole_fight() -> list[Encounter]:
    """Every snapshot of a fight, from the empty encounter to its end."""
    e = three(seed=10)
    shots = [e]

    def step(new: Encounter) -> Encounter:
        shots.append(new)
        return new

    thug = next(c for c in npcs() if c.name == "Street Thug")
    e = step(e.add_group(thug, 2, "Thugs"))
    e = step(e.start({"totals": DRAFT_HITS}))  # the thugs roll their own
    e = step(until(e, "Bob"))
    e = step(e.perform("Bob", "attack:Blammo Cannon", {"target": "Street Thug 1"}))
    e = step(e.perform("Bob", "move", {"normal": 10, "sprint": 6, "where": "to cover"}))
    e = step(until(e, "Nigel"))
    e = step(e.perform("Nigel", "attack:Mind Spike", {"target": "Dave"}))  # Psychic
    e = step(until(e, "Dave"))
    e = step(e.perform("Dave", "attack:Acid Spit", {"target": "Nigel"}))
    e = step(e.perform("Nigel", "damage", {"points": 4, "kind": "stun",
                                           "why": "Dave's Super-Slap, at the table"}))
    e = step(e.perform("Bob", "damage", {"points": 2, "over": "dot", "turns": 3,
                                         "why": "burning oil"}))
    e = step(e.perform("Street Thug 2", "damage", {"points": 8, "why": "a fall"}))
    e = step(e.perform("Street Thug 2", "ctd_roll"))
    e = step(e.check({"dice": 8, "against": "target", "target": 3}))
    e = step(e.next_turn())
    e = step(until(e, "Bob") if e.turn.round == 1 else e)
    e = step(until(e.next_turn(), "Dave"))
    e = step(e.perform("Dave", "heal", {"points": 1, "why": "first aid"}))
    return shots


def test_a_whole_fight_played_saved_reopened_and_undone(tmp_path) -> None:
    shots = whole_fight()
    e = shots[-1]
    texts = [x.text for x in e.log]
    assert "Thugs join the fight (Street Thug 1, Street Thug 2)" in texts
    assert any(t.startswith("Initiative (hits on Agility + Intelligence, ties to more "
                            "dice): ") and "Thugs " in t for t in texts)
    assert any(t.startswith("Bob attacks Street Thug 1 with Blammo Cannon: 15 dice vs "
                            "Agility 4 dice (") for t in texts)
    assert any(t.startswith("Bob moves (to cover), sprinting: 6 turns instead of 10")
               for t in texts)
    assert ("Nigel: 4 stun damage (Dave's Super-Slap, at the table) (Damaging a Target; "
            "Damage kinds kept apart)") in texts
    assert any(t.startswith("Nigel attacks Dave with Mind Spike") and "hits, net" in t
               for t in texts)  # seed 10's dice
    assert any(t.startswith("Mind Spike damage 7 dice +") and " vs Willpower 3 dice (" in t
               and t.endswith("(Psychic: resisted with Willpower (Specific beats General))")
               for t in texts)
    assert "Street Thug 2 is Close to Death at -2/6 hit points: roll to stay alive now " \
           f"(Resilience 4 dice needing 2 hits: {percent(p_target(4, 0, 2))}) " \
           "(Close to Death (CTD))" in texts
    assert any(t.startswith("Street Thug 2: Close to Death roll, Resilience 4 dice needing "
                            "2 hits: ") for t in texts)
    assert any(t.startswith("8 dice needing 3 hits (") for t in texts)
    assert any(x.when == "Turn 2" and x.text.startswith("Bob: DoT from burning oil: 2 "
                                                        "normal damage") for x in e.log)
    assert e.character("Nigel").tracking.damage.stun == 4
    assert e.turn.round >= 2
    assert {x.when for x in e.log} <= {"Setup", "Turn 1", "Turn 2", "Turn 3"}

    # Saved and reopened, the fight replays to the same log and numbers.
    path = tmp_path / "three.encounter"
    save_encounter(path, e)
    again = load_encounter(path)
    assert [str(x) for x in again.log] == [str(x) for x in e.log]
    assert again.character("Bob") == e.character("Bob")
    assert again.rules.rows(again.state) == e.rules.rows(e.state)
    assert again.fighters["Bob"].path == "/party/bob.sheetdesk"

    # Undo is the previous snapshot: each one is what its operations replay to, and no
    # later operation changed an earlier snapshot.
    for before in shots:
        replayed = Encounter.replay(RULES, parse_character, before.name, before.seed,
                                    before.ops)
        assert [str(x) for x in replayed.log] == [str(x) for x in before.log]
        assert replayed.rules.rows(replayed.state) == before.rules.rows(before.state)
        assert replayed.turn == before.turn
    assert shots[0].character("Bob").tracking.damage.normal == 0
    assert not shots[1].started and shots[2].started
    undone = shots[-2]
    assert len(undone.log) < len(e.log)
    before_dot = next(s for s in shots if any("burning oil" in x.text for x in s.log))
    assert shots[shots.index(before_dot) - 1].state.timers_on("Bob") == ()


def test_the_check_shows_exact_odds_before_the_roll() -> None:
    spec = RULES.check_spec()
    assert [p.name for p in spec.params] == ["dice", "mod", "against", "target", "vs_dice",
                                             "vs_mod"]
    defaults = {p.name: p.default for p in spec.params}
    shown = RULES.check_odds(defaults)
    assert shown.setup == "6 dice needing 2 hits"
    assert shown.chance == percent(p_target(6, 0, 2))
    assert str(p_target(6, 0, 2)) in shown.detail
    assert f"Fail {percent(p_fail(6))}, Epic Fail {percent(p_epic_fail(6))}" in shown.detail
    opposed = {**defaults, "against": "opposed", "dice": 15, "vs_dice": 7, "vs_mod": 3}
    shown = RULES.check_odds(opposed)
    assert shown.setup == "15 dice vs 7 dice +3 hits (more hits wins)"
    assert shown.chance == percent(p_opposed(15, 0, 7, 3))
    text = RULES.check_roll(opposed, Roller(seed=4))
    assert " vs " in text and (text.endswith("failure") or "success, net " in text)


def test_the_reference_charts() -> None:
    charts = {c.title: c for c in RULES.charts()}
    assert list(charts) == ["Combat turn", "Rolls", "Attack and damage",
                            "Damage, Close to Death, timers",
                            "Duration and resistance over time"]
    assert any("re-rolled every turn" in line for line in charts["Combat turn"].lines)
    assert any("Psychic: vs Willpower" in line for line in charts["Attack and damage"].lines)
    assert any(line.startswith("Build Up (N)") for line in
               charts["Duration and resistance over time"].lines)
    # The app's readings are shown as its own, never by a file the app does not ship.
    for chart in charts.values():
        assert not any("RULINGS" in line for line in chart.lines)


def test_refusals_say_why() -> None:
    e = three()
    with pytest.raises(EncounterError, match="start the fight first"):
        e.next_turn()
    with pytest.raises(CombatError, match="no action 'fly'"):
        e.perform("Bob", "fly")
    with pytest.raises(CombatError, match="Nobody"):
        e.start({"totals": {"Nobody": 3}})
    started = e.start({"totals": DRAFT_HITS})
    with pytest.raises(EncounterError, match="already started"):
        started.start()
    with pytest.raises(CombatError, match="not Dave's turn"):
        started.perform("Dave", "attack:Super-Slap", {"target": "Bob"})
    with pytest.raises(CombatError, match="does not attack itself"):
        started.perform("Bob", "attack:Blammo Cannon", {"target": "Bob"})
    done = started.perform("Bob", "attack:Blammo Cannon", {"target": "Dave"})
    with pytest.raises(CombatError, match="one move and one power"):
        done.perform("Bob", "attack:Blammo Cannon", {"target": "Nigel"})
    moved = done.perform("Bob", "move", {"normal": 2})
    with pytest.raises(CombatError, match="one move and one power"):
        moved.perform("Bob", "move", {"normal": 2})
    row = {r.key: r for r in moved.rules.rows(moved.state)}["Bob"]
    assert row.status == "move and power used"
