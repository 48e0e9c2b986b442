"""POW! encounters: the Sample of Gameplay action by action, the book's Sample Frame of
Combat (Adam, Bob and Chuck), and the frame, turn and action rules."""

from __future__ import annotations

import subprocess
import sys

import pytest

from desktop.systems.pow.fight.encounter import Encounter, FrameStarted
from desktop.systems.pow.fight.initiative import combatant
from desktop.systems.pow.fight.saves import PendingSave
from desktop.systems.pow.fight.tracking import CombatError, current_pool
from desktop.systems.pow.rules.derived import derive
from tests.systems.pow.helpers import (
    LIZARDS,
    SAMPLE_TOTALS,
    ScriptedRoller,
    dave,
    ed,
    pc,
    sample_party,
)

# --- The Sample of Gameplay, action by action -----------------------------------------


def test_sample_weapon_damage() -> None:
    party = {c.key: c.character for c in sample_party()}
    assert derive(party["Lizard-man 1"]).weapon_damage[0].damage == 5
    assert derive(party["Sparky"]).weapon_damage[0].damage == 8
    assert derive(party["Cutter"]).weapon_damage[0].damage == 4  # knives add Brawn


def test_sample_initiative_by_hand() -> None:
    step = Encounter.start(sample_party(), totals=SAMPLE_TOTALS)
    order = step.encounter.order
    assert [s.name for s in order] == ["Lizard-men", "Sparky", "Cutter", "Electrobabe"]
    assert [s.total for s in order] == [13, 12, 11, 7]
    assert order[0].members == LIZARDS
    assert all(s.roll is None for s in order)
    assert step.event.describe() == (
        "Initiative: Lizard-men 13 (given); Sparky 12 (given); Cutter 11 (given); "
        "Electrobabe 7 (given)")


def test_sample_of_gameplay_frame() -> None:
    e = Encounter.start(sample_party(), totals=SAMPLE_TOTALS).encounter
    assert e.frame == 1
    assert e.current.members == LIZARDS
    assert dict(e.actions) == {"Electrobabe": 5, "Sparky": 2, "Cutter": 4,
                               **dict.fromkeys(LIZARDS, 2)}
    # Electrobabe may dodge but not act before her turn; she saves her actions.
    assert e.can_react("Electrobabe") and not e.can_act("Electrobabe")
    with pytest.raises(CombatError, match="before its turn"):
        e.act("Electrobabe", what="zap")

    e = e.act("Lizard-man 1", what="club Electrobabe").encounter
    step = e.damage("Electrobabe", 5)
    assert step.event.describe() == "Electrobabe: 5 damage: pool 9→4"
    e = step.encounter
    assert current_pool(e.character("Electrobabe"), "damage") == 4
    e = e.act("Lizard-man 2").encounter.act("Lizard-man 3").encounter

    e = e.advance().encounter
    assert e.current.members == ("Sparky",)
    e = e.act("Sparky", what="bite, miss").encounter.act("Sparky", what="bite").encounter
    e = e.damage("Lizard-man 2", 8).encounter
    assert current_pool(e.character("Lizard-man 2"), "damage") == 1

    e = e.advance().encounter
    assert e.current.members == ("Cutter",)
    e = e.act("Cutter", what="knife").encounter
    dodge = e.react("Lizard-man 2", what="dodge")
    assert dodge.event.describe() == "Lizard-man 2 reacts (dodge): 1 action, 0 left"
    e = dodge.encounter
    assert derive(e.character("Lizard-man 2")).to_hit_difficulty["dodging"] == 17
    e = e.act("Cutter", what="second knife").encounter
    # "He's out of actions so he can't dodge."
    assert not e.can_react("Lizard-man 2")
    assert e.why_not("Lizard-man 2", "react") == "Lizard-man 2 is out of actions"
    with pytest.raises(CombatError, match="out of actions"):
        e.react("Lizard-man 2")
    knife = e.damage("Lizard-man 2", 4)
    hit = knife.event.detail
    assert (hit.pool_before, hit.pool_after, hit.stat_before, hit.stat_after) == (1, 0, 3, 0)
    # Exactly 0: no save, and still able to function (Taking Damage); not "out".
    assert hit.save is None and not knife.event.out
    e = knife.encounter
    assert e.character("Lizard-man 2").current_stat("damage") == 0
    assert current_pool(e.character("Lizard-man 2"), "damage") == 0

    # The Lizard before Electrobabe uses its held action before her turn comes.
    assert e.can_act("Lizard-man 1") and not e.can_act("Electrobabe")
    e = e.act("Lizard-man 1", what="club, miss").encounter

    e = e.advance().encounter
    assert e.current.members == ("Electrobabe",)
    e = e.act("Electrobabe", what="Lightning Power").encounter
    bolt = e.damage("Lizard-man 1", 19)
    assert bolt.event.describe() == (
        "Lizard-man 1: 19 damage: pool 9→0, Damage 3→0, Stat Save due: 1d6 ≤ 3 keeps "
        "Damage at 0, else Damage -7")
    e = bolt.encounter
    assert e.pending_saves == {("Lizard-man 1", "damage"): PendingSave("damage", 3, 7)}
    with pytest.raises(CombatError, match="Stat Save due"):
        e.damage("Lizard-man 1", 1)
    fried = e.resolve_save("Lizard-man 1", 4)
    assert fried.event.describe() == (
        "Lizard-man 1: Stat Save 4 > 3: Damage 3→-7 (down: no more actions)")
    e = fried.encounter
    assert e.character("Lizard-man 1").current_stat("damage") == -7
    assert e.pending_saves == {}
    assert e.actions["Lizard-man 1"] == 0

    zap = e.spend_pool("Electrobabe", "energy", 10)
    assert zap.event.describe() == "Electrobabe: spends 10 Energy: Energy pool 25→15"
    e = zap.encounter
    assert current_pool(e.character("Electrobabe"), "energy") == 15

    # Cutter reacts with one of his two held actions; the last Lizard flees.
    e = e.react("Cutter", what="run behind a tree").encounter
    e = e.act("Lizard-man 3", what="flee").encounter
    assert e.advance().encounter.frame_done

    ended = e.next_frame()
    assert isinstance(ended.event, FrameStarted)
    assert dict(ended.event.lost) == {"Electrobabe": 4, "Cutter": 1}
    nxt = ended.encounter
    assert nxt.frame == 2
    assert [t.slot for t in nxt.turns] == ["Lizard-men", "Sparky", "Cutter", "Electrobabe"]
    # The fried Lizard is out; the one at exactly 0 still functions.
    assert nxt.turns[0].members == ("Lizard-man 2", "Lizard-man 3")
    assert nxt.actions["Lizard-man 1"] == 0 and nxt.actions["Lizard-man 2"] == 2
    assert nxt.order == e.order  # initiative is rolled once per combat


def test_sample_hand_totals_give_the_books_difficulties() -> None:
    party = {c.key: c.character for c in sample_party()}
    needs = [derive(party[k]).to_hit_difficulty["normal"]
             for k in ("Electrobabe", "Sparky", "Cutter")]
    assert needs == [12, 13, 15]


# --- Frames, turns and actions --------------------------------------------------------


def test_book_sample_frame_of_combat() -> None:
    """Adam, Bob and Chuck (Time and Activity, Sample Frame of Combat)."""
    adam, bob, chuck = (combatant(pc("Adam", agility=2, energy=2)),
                        combatant(pc("Bob", agility=3, energy=3)),
                        combatant(pc("Chuck", agility=5, energy=3)))
    roller = ScriptedRoller([(3, 4), (4, 6), (5, 6)])  # rolls 7, 10, 11
    start = Encounter.start([adam, bob, chuck], roller)
    e = start.encounter
    assert [(s.name, s.total) for s in e.order] == [("Chuck", 16), ("Bob", 13), ("Adam", 9)]
    e = e.act("Chuck", 2, what="attack Adam and Bob").encounter
    e = e.react("Adam").encounter.react("Bob").encounter
    e = e.advance().encounter  # Chuck holds his last action
    e = e.act("Bob").encounter.react("Chuck").encounter
    e = e.act("Bob").encounter
    assert not e.can_react("Chuck")
    e = e.advance().encounter
    assert e.actions == {"Adam": 1, "Bob": 0, "Chuck": 0}
    e = e.act("Adam", what="kick").encounter
    assert e.advance().event.describe() == (
        "Frame 1: every turn has come (held actions may still be used)")


def test_energy_zero_acts_last_and_cannot_react_before() -> None:
    slow = pc("Slow", agility=5, energy=0)
    quick = pc("Quick", agility=1, energy=2)
    broken = pc("Broken", energy=1)
    broken.tracking.stats["energy"] = -1
    e = Encounter.start([combatant(slow), combatant(quick), combatant(broken)],
                        totals={"Slow": 20, "Quick": 3, "Broken": 10}).encounter
    assert [s.name for s in e.order] == ["Slow", "Broken", "Quick"]
    assert [(t.slot, t.last) for t in e.turns] == [("Quick", False), ("Slow", True)]
    assert e.actions == {"Slow": 1, "Quick": 2, "Broken": 0}
    assert e.why_not("Slow", "react") == "Slow acts after everyone else (Energy 0)"
    assert e.why_not("Broken", "react") == "Broken is out of actions"
    assert e.turn_index("Broken") is None
    e = e.advance().encounter
    assert e.current.describe() == "Slow, Energy 0"
    assert e.can_act("Slow") and e.can_react("Slow")
    assert e.act("Slow").event.left == 0


def test_energy_drained_to_zero_acts_last_from_the_next_frame() -> None:
    party = sample_party()
    e = Encounter.start(party, totals=SAMPLE_TOTALS).encounter
    drained = e.reduce("Lizard-man 3", "energy", 4 + 2)
    assert drained.event.detail.describe() == (
        "6 Energy reduction: Energy pool 4→0, Energy 2→0")
    e = drained.encounter
    assert e.actions["Lizard-man 3"] == 2  # counted at the start of this frame
    nxt = e.next_frame().encounter
    assert [t.describe() for t in nxt.turns] == [
        "Lizard-men (Lizard-man 1, Lizard-man 2)", "Sparky", "Cutter", "Electrobabe",
        "Lizard-men (Lizard-man 3), Energy 0"]
    assert nxt.actions["Lizard-man 3"] == 1


def test_full_frame_needs_every_action_unspent() -> None:
    e = Encounter.start([combatant(pc("A", energy=3)), combatant(pc("B", energy=2))],
                        totals={"A": 9, "B": 5}).encounter
    full = e.take_full_frame("A", what="reload")
    assert full.event.describe() == "A spends the Full Frame (reload): 3 actions, 0 left"
    e = full.encounter
    assert e.why_not("A", "react") == "A is busy with a Full Frame activity"
    e = e.react("B").encounter
    assert e.why_not("B", "full frame") == (
        "B has already spent an action this frame: no Full Frame")
    with pytest.raises(CombatError):
        e.take_full_frame("B")
    nxt = e.next_frame()
    assert dict(nxt.event.lost) == {"B": 1}  # A used its whole frame
    assert nxt.encounter.can_full_frame("B") and nxt.encounter.can_full_frame("A")


def test_spending_more_than_is_left_is_refused() -> None:
    e = Encounter.start([combatant(pc("A", energy=2))], totals={"A": 5}).encounter
    assert e.why_not("A", "act", 3) == "A has 2 actions left, not 3"
    with pytest.raises(CombatError, match="no combatant"):
        e.act("Z")


def test_turn_pointer_and_frame_end() -> None:
    e = Encounter.start([combatant(pc("A")), combatant(pc("B"))],
                        totals={"A": 8, "B": 6}).encounter
    assert e.current.slot == "A" and not e.frame_done
    step = e.advance()
    assert step.event.describe() == "Frame 1: B to act"
    e = step.encounter.advance().encounter
    assert e.frame_done and e.current is None
    with pytest.raises(CombatError, match="start the next"):
        e.advance()
    nxt = e.next_frame()
    assert nxt.event.describe() == "Frame 2: A, B; lost unspent actions: A 1, B 1"
    assert nxt.encounter.current.slot == "A"


def test_armor_state_is_per_frame_in_an_encounter() -> None:
    e = Encounter.start([combatant(dave()), combatant(ed())],
                        totals={"Dave": 9, "Ed": 7}).encounter
    e = e.damage("Dave", 5).encounter
    assert e.armor_absorbed == {"Dave": {0: 3}}
    second = e.damage("Dave", 5)
    assert second.event.detail.armor_absorbed == 0
    e = second.encounter.resolve_save("Dave", 1).encounter
    assert e.character("Dave").current_stat("damage") == 0
    e = e.next_frame().encounter
    assert e.armor_absorbed == {}
    assert e.damage("Dave", 2).event.detail.armor_absorbed == 2


def test_encounter_snapshots_are_not_changed_by_later_steps() -> None:
    start = Encounter.start([combatant(ed())], totals={"Ed": 5}).encounter
    later = start.act("Ed").encounter.damage("Ed", 5).encounter
    assert start.actions == {"Ed": 1}
    assert start.character("Ed").tracking.stats == {}
    assert later.character("Ed").current_stat("damage") == 1


def test_resolve_without_a_pending_save_is_an_error() -> None:
    e = Encounter.start([combatant(ed())], totals={"Ed": 5}).encounter
    with pytest.raises(CombatError, match="no Damage Stat Save due"):
        e.resolve_save("Ed", 1)


def test_engine_imports_no_qt() -> None:
    engine = ", ".join(f"desktop.systems.pow.fight.{name}" for name in (
        "tracking", "saves", "damage", "rest", "initiative", "encounter"))
    code = (f"import sys, {engine}; "
            "sys.exit(any(m.startswith(('PySide6', 'reportlab')) for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
