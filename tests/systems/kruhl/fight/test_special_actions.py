"""Grapple, break free, disarm, slam and distract as the GM screen's own actions, and a
plot point's bonus die added after the dice: scripted fights of the example characters
through the engine, each chance checked against the exact odds of ``rules.dice``."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from desktop.model.odds import percent
from desktop.systems.kruhl.fight.tracking import CombatError
from desktop.systems.kruhl.rules.dice import Roll, RollResult, contest, odds
from tests.systems.kruhl.fight.book import chance_of, example, fight, npc, soraya, texts
from tests.systems.kruhl.fight.helpers import issvisk

GUARD = "City guard"


def pct(actor: Roll, opponent: Roll, strict: bool = False) -> str:
    return percent(odds(actor, opponent, strict=strict).p_success)


def rolled(e, head: str) -> str:
    return next(t for t in reversed(texts(e)) if t.startswith(head))


def test_a_grapple_restrains_and_costs_no_endurance() -> None:
    """Grappling: "A grapple attack requires a successful Hand-to-hand Combat (Brawn)
    roll against the Hand-to-hand Combat roll of the target, using the target's Agility
    or Brawn (whichever is greater)." A grapple "does not inflict damage, but instead
    restrains the target"."""
    e = fight(issvisk(), soraya(), seed=14)
    # Issvisk: skill, Brawn 7; Soraya defends with Agility 6, not Brawn 4 (expertise).
    grapple = pct(Roll(2, False, add=7), Roll(2, True, add=6))
    assert chance_of(e, "Issvisk", "grapple", "Soraya") == grapple
    e = e.perform("Issvisk", "grapple", {"target": "Soraya"})
    line = rolled(e, "Issvisk → Soraya, grapple:")
    assert f"2d6 + 7 vs 2d6 (re-roll 1s and 2s) + 6 ({grapple}; Soraya rolls with " \
           "Agility 6 (Agility 6 or Brawn 4, whichever is greater))" in line
    assert line.endswith("success"), "seed 14: the grapple holds"
    assert e.character("Soraya").conditions == ["grappled"]
    assert e.character("Soraya").current_endurance() == 8
    row = next(r for r in e.rules.rows(e.state) if r.key == "Soraya")
    assert "restrained by Issvisk's grapple" in row.status
    # Restrained: a penalty die on her attack; none on the roll to escape.
    assert chance_of(e, "Soraya", "attack", "Issvisk") == pct(Roll(1, True, add=6),
                                                              Roll(2, False, add=7))
    # Agility 6 and her sabres (ours: the escaper's roll counts as its attack).
    escape = pct(Roll(2, True, add=8), Roll(2, False, add=7))
    hint = next(a.hint for a in e.rules.actions(e.state, "Soraya") if a.id == "escape")
    assert f"from Issvisk {escape}" in hint
    # Hurting A Grappled Target: she defends with Agility or Brawn, whichever is greater,
    # and with the restrained penalty die.
    hurt = pct(Roll(2, False, add=7), Roll(1, True, add=6))
    assert chance_of(e, "Issvisk", "attack", "Soraya") == hurt


def test_breaking_free_grapple_vs_grapple_and_release() -> None:
    """Breaking Free Of A Grapple: "the target must use a standard action to make a
    successful Hand-to-hand Combat roll using their Agility or Brawn (whichever is
    greater) against a Hand-to-hand Combat (Brawn) roll of the attacker." Grapple vs.
    Grapple: "both characters are considered restrained"."""
    e = fight(issvisk(), soraya(), seed=14).perform("Issvisk", "grapple", {"target": "Soraya"})
    e = e.next_turn().perform("Soraya", "grapple", {"target": "Issvisk"})
    line = rolled(e, "Soraya → Issvisk, grapple:")
    # Her grapple: Brawn 4 (+2, her sabres: ours, equipment adds as to an attack) with
    # the restrained penalty die, against his Brawn 7.
    assert "1d6 (re-roll 1s and 2s) + 6 vs 2d6 + 7" in line
    assert line.endswith("success"), "seed 14: her grapple holds too"
    assert texts(e)[-1].startswith("Issvisk is restrained by Soraya's grapple (both are "
                                   "restrained: Grapple vs. Grapple)")
    assert e.character("Issvisk").conditions == ["grappled"]
    assert set(e.state.grapples) == {("Issvisk", "Soraya"), ("Soraya", "Issvisk")}
    e = fight(issvisk(), soraya(), seed=14).perform("Issvisk", "grapple", {"target": "Soraya"})
    e = e.next_turn()
    for seed in range(40):  # the same turn, played with other dice until she is free
        tried = e.perform("Soraya", "escape", {"target": "Issvisk"}) if seed == 0 else \
            e.apply({"op": "perform", "key": "Soraya", "action": "escape",
                     "values": {"target": "Issvisk"}, "seed": seed})
        if rolled(tried, "Soraya → Issvisk, breaking free:").endswith("success"):
            break
    line = rolled(tried, "Soraya → Issvisk, breaking free:")
    assert "2d6 (re-roll 1s and 2s) + 8 vs 2d6 + 7" in line  # no restrained penalty
    assert "no restrained penalty on the roll to escape" in line
    assert "Soraya breaks free of Issvisk's grapple (Breaking Free Of A Grapple)" in \
        texts(tried)
    assert tried.character("Soraya").conditions == [] and tried.state.grapples == ()
    # "the grappling character may release the restrained character at any time"
    released = e.perform("Issvisk", "release", {"target": "Soraya"})
    assert released.character("Soraya").conditions == []
    # Escape (a plot point): "immediately break free of a grapple".
    spent = e.perform("Soraya", "plot:escape")
    assert spent.character("Soraya").conditions == [] and spent.state.grapples == ()
    with pytest.raises(CombatError, match="no grapple restrains it"):
        spent.perform("Soraya", "escape", {"target": "Issvisk"})


def test_disarm_takes_the_halberd_and_its_rating() -> None:
    """Disarming: "A disarm attack requires a successful Hand-to-hand Combat (Brawn) roll
    against the Hand-to-hand Combat (Brawn) roll of the target. The attacker suffers a
    penalty die on the roll." A success takes away or knocks away a held piece."""
    e = fight(soraya(), npc(GUARD), seed=3)
    disarm = pct(Roll(2, True, penalty_dice=1, add=6), Roll(2, False, add=4))
    assert chance_of(e, "Soraya", "disarm", GUARD) == disarm
    for seed in range(40):
        tried = e.apply({"op": "perform", "key": "Soraya", "action": "disarm",
                         "values": {"target": GUARD, "item": "Halberd"}, "seed": seed})
        if rolled(tried, "Soraya → City guard, disarm:").endswith("success"):
            break
    line = rolled(tried, "Soraya → City guard, disarm:")
    assert f"1d6 (re-roll 1s and 2s) + 6 vs 2d6 + 4 ({disarm}; the attacker suffers a " \
           "penalty die (Disarming))" in line
    assert tried.character(GUARD).current_endurance() == 6, "a disarm does no damage"
    assert ("City guard: Halberd is taken away or knocked from its grasp (Disarming): its "
            "rating no longer adds") in texts(tried)
    tried = tried.next_turn()
    # His attack without the halberd: Brawn 4 alone.
    assert chance_of(tried, GUARD, "attack", "Soraya") == pct(Roll(2, False, add=4),
                                                             Roll(2, True, add=4))
    again = tried.perform(GUARD, "rearm", {"item": "Halberd"})
    assert chance_of(again, GUARD, "attack", "Soraya") == "56.6 %"


def test_slam_gives_the_defender_its_die_and_lays_it_prone() -> None:
    """Slamming: "If the defender is stationary and not restrained at the time of the
    attack, the defender gains a bonus die on their defense roll; if the defender is
    moving at the time of the attack, the defender receives a penalty die" ... "A
    character who has been slammed is prone"."""
    e = fight(soraya(), npc(GUARD), seed=1)
    stationary = pct(Roll(2, True, add=6), Roll(3, False, add=4))
    assert chance_of(e, "Soraya", "slam", GUARD) == stationary
    e = e.perform("Soraya", "slam", {"target": GUARD, "motion": "moving", "impact": True})
    line = rolled(e, "Soraya → City guard, slam:")
    moving = pct(Roll(2, True, add=6), Roll(1, False, add=4))
    assert f"2d6 (re-roll 1s and 2s) + 6 vs 1d6 + 4 ({moving}; Slamming: the defender is " \
           "moving: a penalty die)" in line
    assert line.endswith("success"), "seed 1: the slam lands"
    assert "prone" in e.character(GUARD).conditions
    assert e.character(GUARD).current_endurance() == 5, "the impact injures (GM's call)"
    held = fight(soraya(), npc(GUARD)).perform(GUARD, "condition_on",
                                                {"condition": "grappled"})
    assert chance_of(held, "Soraya", "slam", GUARD) == pct(Roll(2, True, add=6),
                                                          Roll(1, False, add=4))


def test_distracting_needs_more_than_the_target() -> None:
    """Distracting: "If the character attempting to use distraction rolls more than the
    target, the distraction is successful": a tie goes to the target."""
    exact = odds(Roll(2, False, add=4), Roll(1, False, add=3), strict=True).p_success
    assert exact < odds(Roll(2, False, add=4), Roll(1, False, add=3)).p_success
    e = fight(soraya(), npc(GUARD), seed=49)
    assert chance_of(e, "Soraya", "distract", GUARD) == percent(exact) == "90.7 %"
    e = e.perform("Soraya", "distract", {"target": GUARD})
    line = rolled(e, "Soraya → City guard, distraction:")
    assert "2d6 + 4 vs 1d6 + 3 (90.7 %, a tie goes to the target)" in line
    totals = re.findall(r"→ (\d+)", line.split(": ", 2)[2])
    assert totals[0] == totals[1] and line.endswith("failure"), "seed 49: a tie"
    assert e.character(GUARD).conditions == []
    assert texts(e)[-1] == "City guard is not distracted"
    tie = RollResult([3], [3], 6, 6, contest(Roll(1), Roll(1)), strict=True)
    assert not tie.success and RollResult([3], [3], 6, 6, tie.contest).success


def test_a_plot_points_bonus_die_after_the_dice() -> None:
    """Bonus Die: "the player spends a plot point, and their character gains a bonus die
    on the current roll. The player may decide whether to spend the plot point after the
    rest of her dice are rolled." The roll is resolved again with the die."""
    e = fight(soraya(), npc(GUARD), seed=2)
    e = e.perform("Soraya", "attack", {"target": GUARD})
    assert rolled(e, "Soraya → City guard").endswith("[3, 3] → 12 vs [4, 5] → 13: failure")
    action = next(a for a in e.rules.actions(e.state, "Soraya") if a.id == "plot:bonus_die")
    when = next(p for p in action.params if p.name == "when")
    assert when.default == "after" and "Soraya → City guard" in when.choices[0][1]
    e = e.perform("Soraya", "plot:bonus_die", {"when": "after"})
    assert texts(e)[-2] == ("Soraya: spends a plot point (1→0): Bonus Die after the roll, "
                            "one more die: 4: [3, 3, 4] → 16 vs [4, 5] → 13: success (it "
                            "was failure)")
    assert texts(e)[-1] == "City guard: 1 successful attack: Endurance 6/6 → 5/6"
    assert e.character("Soraya").plot_points == 0
    # Once anything else happens the roll is past.
    e = e.perform("Soraya", "plot_gain").perform("Soraya", "condition_on",
                                                   {"condition": "cover"})
    with pytest.raises(CombatError, match="no part of the last roll"):
        e.perform("Soraya", "plot:bonus_die", {"when": "after"})
    # The defender may spend one too, and a success can turn back into a failure.
    e = fight(example("virek-kohl"), soraya(), seed=1)
    e = e.perform("Virek-Kohl", "attack", {"target": "Soraya", "mode": "ranged"})
    assert texts(e)[-1] == "Soraya: 1 successful attack: Endurance 8/8 → 7/8"
    e = e.perform("Soraya", "plot:bonus_die", {"when": "after"})
    assert texts(e)[-1] == ("Soraya: spends a plot point (1→0): Bonus Die after the roll, "
                            "one more die: 3: [3, 5] → 13 vs [2, 4, 3] → 15: failure (it "
                            "was success)")
    assert e.character("Soraya").current_endurance() == 8, "the hit is undone"
    assert e.character("Soraya").plot_points == 0


def test_a_bonus_die_takes_back_a_deficit_die() -> None:
    """"If the number of dice a player rolls is reduced below zero, their opponent (or
    the GM) gains bonus dice, instead": a bonus die after the roll takes one of those
    back (ours: the last)."""
    from desktop.model.dice import Roller
    from desktop.systems.kruhl.rules.dice import roll, with_bonus_die

    mine, theirs = Roll(1, penalty_dice=2, add=3), Roll(2, add=3)
    result = roll(mine, theirs, Roller(seed=1))
    assert len(result.opponent_faces) == 3 and result.actor_faces == []
    after, what = with_bonus_die(result, mine, theirs, True, Roller(seed=1))
    assert what.startswith("the other side's last extra die")
    assert after.opponent_faces == result.opponent_faces[:2]
    assert after.opponent_total == sum(result.opponent_faces[:2]) + 3
    assert Fraction(0) <= odds(mine, theirs).p_success
