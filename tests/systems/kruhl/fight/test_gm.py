"""The Kruhl adapter on the GM screen's encounter: a whole fight played, saved, reopened
and undone step by step; the rows, the charts and the Dice tab's check with its exact
odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from desktop.model.combat_rules import CombatRules
from desktop.model.dice import Roller
from desktop.model.encounter import Encounter, EncounterError
from desktop.model.odds import percent
from desktop.systems.encounters import load_encounter, parse_character, save_encounter
from desktop.systems.kruhl.fight.gm import RULES
from desktop.systems.kruhl.fight.tracking import CombatError
from desktop.systems.kruhl.rules.dice import Roll, gm_roll, odds
from tests.systems.kruhl.fight.helpers import (
    LACKEYS,
    TOTALS,
    corner_fight,
    issvisk,
)


def test_the_adapter_keeps_the_protocol() -> None:
    rules: CombatRules = RULES
    assert (rules.system, rules.round_word) == ("kruhl", "Round")
    assert rules.columns == ("Init", "Endurance", "Attack", "Defence", "Plot points",
                             "Dice conditions")
    e = corner_fight()
    assert e.turn.label == "Setup: 5 combatants" and not e.started
    rows = e.rules.rows(e.state)
    assert [r.key for r in rows] == ["Soraya", "Virek-Kohl", "Lackey 1", "Lackey 2",
                                     "Lackey 3"]
    assert rows[0].cells == ("—", "6/6", "2d6+4", "2d6+4", "1", "—")
    assert rows[2].status == "rabble"
    ids = [a.id for a in e.rules.actions(e.state, "Soraya")]
    assert ids[:3] == ["ambush", "attack", "hit"]
    assert "plot:rally" in ids and "condition_on" in ids


def whole_fight() -> list[Encounter]:
    """Every snapshot of a fight, from the empty encounter to its end."""
    e = corner_fight(seed=7)
    shots = [e]

    def step(new: Encounter) -> Encounter:
        shots.append(new)
        return new

    e = step(e.perform("Soraya", "ambush", {"on": True}))
    e = step(e.start({"totals": {"Virek-Kohl": 9, LACKEYS: 5}}))
    e = step(e.perform("Soraya", "attack", {"target": "Lackey 1", "mode": "hth"}))
    e = step(e.next_turn())
    e = step(e.perform("Virek-Kohl", "attack", {"target": "Soraya", "mode": "ranged",
                                                "penetrating": True}))
    e = step(e.perform("Soraya", "force", {"what": "dives behind a crate"}))
    e = step(e.perform("Soraya", "condition_on", {"condition": "cover"}))
    e = step(e.next_turn())
    e = step(e.add_character(issvisk()))
    e = step(e.perform("Issvisk", "place", {"after": "Virek-Kohl"}))
    e = step(e.perform("Lackey 2", "hit", {"hits": 1}))
    e = step(e.add_condition("Lackey 3", "Fleeing"))
    e = step(e.next_turn())
    e = step(e.next_turn())  # round 2: Soraya's turn is skipped
    e = step(e.perform("Virek-Kohl", "delay"))
    e = step(e.perform("Issvisk", "attack", {"target": "Virek-Kohl", "bonus": 1}))
    e = step(e.perform("Virek-Kohl", "take_delayed", {"resume": True}))
    e = step(e.perform("Soraya", "plot:bonus_die", {"note": "on her defense"}))
    e = step(e.perform("Soraya", "hit", {"hits": 2, "stunning": True}))
    e = step(e.next_turn())
    e = step(e.check({"level": "skill", "add": 4, "against": "dv", "dv": 6}))
    e = step(e.next_turn())
    e = step(e.perform("Soraya", "hit", {"hits": 3}))
    e = step(e.perform("Soraya", "stun_back"))
    e = step(e.perform("Soraya", "rest_hour"))
    return shots


def test_a_whole_fight_played_saved_reopened_and_undone(tmp_path) -> None:
    shots = whole_fight()
    e = shots[-1]
    texts = [x.text for x in e.log]
    assert "Soraya gets the drop: a bonus die on initiative" in texts
    assert any(t.startswith("Order of play: Soraya") and "ambush" in t for t in texts)
    assert ("Soraya forces a defensive action (dives behind a crate): it gives up its "
            "next turn (round 2)") in texts
    assert "Soraya's turn is skipped (given up for a forced action in round 1)" in texts
    assert any(t.startswith("Virek-Kohl takes its delayed turn, interrupting Issvisk's "
                            "turn; then Issvisk's turn resumes") for t in texts)
    assert "Issvisk's turn resumes" in texts
    assert ("Soraya: spends a plot point (1→0): Bonus Die, a bonus die on the current roll "
            "(on her defense)") in texts
    assert any(t.startswith("2d6 + 4 vs 2d6 + DV 6 (") for t in texts)
    assert e.character("Lackey 2").current_endurance() == 0
    assert e.character("Soraya").tracking.stun == 0
    assert e.turn.round == 2

    # Every line of the log says which round wrote it.
    assert {x.when for x in e.log} <= {"Setup", "Round 1", "Round 2"}

    # Saved and reopened, the fight replays to the same log and numbers.
    path = tmp_path / "corner.encounter"
    save_encounter(path, e)
    again = load_encounter(path)
    assert [str(x) for x in again.log] == [str(x) for x in e.log]
    assert again.character("Soraya") == e.character("Soraya")
    assert again.fighters["Soraya"].path == "/party/soraya.sheetdesk"

    # Undo is the previous snapshot: each one is what its operations replay to, and no
    # later operation changed an earlier snapshot.
    for before in shots:
        replayed = Encounter.replay(RULES, parse_character, before.name, before.seed,
                                    before.ops)
        assert [str(x) for x in replayed.log] == [str(x) for x in before.log]
        assert replayed.rules.rows(replayed.state) == before.rules.rows(before.state)
        assert replayed.turn == before.turn
    assert shots[0].character("Soraya").current_endurance() == 6
    assert shots[1].turn.started is False
    assert shots[2].turn.label == "Round 1 · Soraya"
    undone = shots[-2]
    assert undone.character("Soraya").tracking.stun == 0
    assert len(undone.log) < len(e.log)


def test_the_rows_show_endurance_plot_points_conditions_and_status() -> None:
    e = corner_fight().start({"totals": TOTALS})
    e = e.perform("Soraya", "delay").perform("Lackey 3", "force")
    e = e.perform("Lackey 1", "hit").perform("Soraya", "condition_on",
                                               {"condition": "prone"})
    rows = {r.key: r for r in e.rules.rows(e.state)}
    assert rows["Soraya"].cells == ("12", "6/6", "2d6+4", "1d6+4", "1", "Prone")
    assert rows["Soraya"].status == "delayed"
    assert rows["Virek-Kohl"].status == ""
    assert rows["Lackey 3"].status == "rabble; forced (round 1): next turn lost"
    assert rows["Lackey 1"].out
    assert rows["Lackey 1"].status == "down (rabble, defeated); forced (round 1): next turn lost"
    assert rows["Lackey 1"].cells[1] == "0/1"


def test_refusals_say_why() -> None:
    e = corner_fight()
    with pytest.raises(EncounterError, match="start the fight first"):
        e.next_turn()
    with pytest.raises(CombatError, match="no action 'delay'"):
        e.perform("Soraya", "delay")
    with pytest.raises(CombatError, match="no action 'fly'"):
        e.perform("Soraya", "fly")
    with pytest.raises(CombatError, match="Nobody"):
        e.start({"ambush": ["Nobody"]})
    started = e.start({"totals": TOTALS})
    with pytest.raises(EncounterError, match="already started"):
        started.start()


def test_the_check_shows_exact_odds_before_the_roll() -> None:
    spec = RULES.check_spec()
    names = [p.name for p in spec.params]
    assert names[:4] == ["level", "add", "bonus", "penalty"] and "dv" in names
    defaults = {p.name: p.default for p in spec.params}
    shown = RULES.check_odds(defaults)
    exact = odds(Roll.of("skill", 3), gm_roll(3)).p_success
    assert shown.setup == "2d6 + 3 vs 2d6 + DV 3"
    assert shown.chance == percent(exact) and str(exact) in shown.detail
    opposed = {**defaults, "against": "expertise", "vs_add": 5, "penetrating": True,
               "bonus": 1, "together": 2}
    shown = RULES.check_odds(opposed)
    exact = odds(Roll.of("skill", 5, 1), Roll.of("expertise", 5), True).p_success
    assert shown.chance == percent(exact)
    assert shown.setup == "3d6 + 5 vs 2d6 (re-roll 1s and 2s) + 5 re-rolling 5s and 6s"
    text = RULES.check_roll(opposed, Roller(seed=4))
    assert text.endswith(("success", "failure")) and " vs " in text
    # Distracting: "rolls more than the target"; Difficulty: "no need to roll for
    # routine tasks".
    distraction = {**defaults, "against": "skill", "vs_add": 3, "add": 3,
                   "distracting": True}
    shown = RULES.check_odds(distraction)
    exact = odds(Roll.of("skill", 3), Roll.of("skill", 3), strict=True).p_success
    assert shown.chance == percent(exact) == "44.4 %"
    assert "a tie goes to the opponent" in shown.detail
    routine = RULES.check_odds({**defaults, "dv": 0})
    assert routine.chance == "100 %" and routine.setup.startswith("DV 0, routine task")
    assert RULES.check_roll({**defaults, "dv": 0}, Roller(seed=1)).endswith("success")
    assert odds(Roll.of("none", 0), gm_roll(12)).p_success == Fraction(0)
    assert RULES.check_odds({**defaults, "level": "none", "add": 0, "dv": 12}).chance == "0 %"


def test_the_reference_charts() -> None:
    charts = {c.title: c for c in RULES.charts()}
    assert list(charts) == ["Order of play", "Rolls", "Conditions", "Special actions",
                            "Endurance and plot points", "Ours: where the chapter is silent"]
    lines = charts["Conditions"].lines
    assert "Distracted: 1 penalty die on hand-to-hand attack" in next(
        line for line in lines if line.startswith("Distracted:"))
    assert next(line for line in lines if line.startswith("Distracted:")).endswith(
        "; ends after the first roll it changes")
    assert next(line for line in lines if line.startswith("Dodging:")).endswith(
        "; ends when the character takes its next turn")
    assert "(one state with restrained: counted once)" in next(
        line for line in lines if line.startswith("Grappled:"))
    assert any("Rally" in line for line in charts["Ours: where the chapter is silent"].lines)
    assert any("environment acts last" in line for line in charts["Order of play"].lines)
    assert any(line.startswith("DV 3 ") for line in charts["Rolls"].lines)
    assert any(line.startswith("Prone: ") for line in charts["Conditions"].lines)
    assert any("Rally" in line for line in charts["Endurance and plot points"].lines)


def test_a_surge_lasts_until_the_start_of_the_next_turn() -> None:
    """Surge: "increases one of the character's attributes by one ... usually only lasts
    for one round" — the raised Brawn is rolled until Soraya's next turn begins."""
    e = corner_fight().start({"totals": TOTALS})
    assert e.turn.label == "Round 1 · Soraya"
    e = e.perform("Soraya", "plot:surge", {"attribute": "brawn"})
    assert e.character("Soraya").attributes.brawn == 5
    hth = RULES.character(e.state, "Soraya")
    assert hth.attributes.brawn == 5
    while e.turn.label != "Round 2 · Soraya":
        e = e.next_turn()
        assert e.character("Soraya").attributes.brawn == (4 if "Round 2" in e.turn.label
                                                           else 5)
    assert e.character("Soraya").attributes.brawn == 4
    assert "Soraya: surge ends: Brawn 5→4" in [x.text for x in e.log]
    assert e.state.surges == ()
