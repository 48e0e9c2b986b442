"""Pocket Universe damage rules: armor at each threshold (5.4), wounds and
unconsciousness, wake-up rolls, dying, bleeding and death (5.41), healing (5.42), shields
(3.41), falling with Tharsh's example (4.7) and Material Strength (4.8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.systems.pocket.fight import damage as cd
from desktop.systems.pocket.fight import world_damage as wd
from desktop.systems.pocket.fight.damage import CombatError, through_armor
from desktop.systems.pocket.fight.fighter import Fighter, Shield
from desktop.systems.pocket.rules.dice import check_of, triplet_of
from tests.systems.pocket.helpers import Scripted, plain_fighter


def fighter(key: str = "Bran", hits: int = 10, **changes: object) -> Fighter:
    return plain_fighter(key, hits_max=hits, **changes)


# --- armor (5.4) ----------------------------------------------------------------------------


@pytest.mark.parametrize(("damage", "armor", "through", "rule"), [
    (4, 8, 0, "stopped"),      # armor exactly twice the damage stops it
    (4, 9, 0, "stopped"),
    (4, 7, 2, "halved"),       # just under twice: half, rounded up
    (5, 3, 3, "halved"),       # 3 is not under half of 5 (2.5): half of 5 rounded up
    (5, 2, 3, "subtracted"),   # 2 is under half of 5: 5 - 2
    (4, 2, 2, "halved"),       # exactly half is not "less than half"
    (9, 4, 5, "subtracted"),
    (8, 4, 4, "halved"),
    (1, 1, 1, "halved"),
    (1, 2, 0, "stopped"),
    (7, 0, 7, "none"),
    (0, 3, 0, "stopped"),
    (0, 0, 0, "none"),
])
def test_armor_at_each_threshold(damage: int, armor: int, through: int, rule: str) -> None:
    check = through_armor(damage, armor)
    assert (check.through, check.rule) == (through, rule)


def test_armor_descriptions_and_bad_damage() -> None:
    assert through_armor(6, 2).describe() == (
        "6 damage vs armor 2: armor under half the damage, 6 − 2 = 4 through")
    assert "stops it" in through_armor(3, 6).describe()
    assert "half the damage (rounded up), 3 through" in through_armor(5, 3).describe()
    assert through_armor(5, -2).through == 5  # no armor below 0
    with pytest.raises(CombatError):
        through_armor(-1, 0)


# --- wounds (5.41) --------------------------------------------------------------------------


def test_over_half_the_remaining_hits_knocks_out() -> None:
    bran = fighter(hits=10)
    five = cd.wound(bran, 5)
    assert not five.knocked_out and not five.after.unconscious  # 5 is not over half of 10
    six = cd.wound(bran, 6)
    assert six.knocked_out and six.after.unconscious
    assert "over half of its 10 remaining hits in one attack: unconscious" in six.describe()
    # Remaining hits count, not the maximum: at 4 left, 3 knocks out.
    hurt = replace(bran, hits=4)
    assert cd.wound(hurt, 3).knocked_out
    assert not cd.wound(hurt, 2).knocked_out
    # Blood loss is no attack.
    assert not cd.wound(hurt, 3, attack=False).knocked_out


def test_dying_bleeding_and_death() -> None:
    bran = fighter(hits=10)
    down = cd.wound(bran, 11)
    assert down.after.current_hits == -1
    assert down.started_dying and down.after.dying and down.after.bleeding == "minute"
    assert down.after.unconscious
    # At −10 (its original Hits) still alive; below that, dead.
    edge = cd.wound(bran, 20)
    assert edge.after.current_hits == -10 and not edge.died and edge.after.dying
    dead = cd.wound(bran, 21)
    assert dead.died and dead.after.dead and not dead.after.dying
    assert dead.describe().endswith("below −10: dead")
    with pytest.raises(CombatError, match="dead"):
        cd.wound(dead.after, 1)


def test_blood_loss_per_minute_and_per_round() -> None:
    dying = cd.wound(fighter(hits=10), 11).after
    state = dying
    for _ in range(9):
        state, lost = cd.bleed(state)
        assert lost is None
    assert state.bled_rounds == 9
    state, lost = cd.bleed(state)  # the tenth round: a minute
    assert lost is not None and lost.points == 1 and state.current_hits == -2
    assert state.bled_rounds == 0
    assert lost.cause == "blood loss" and not lost.knocked_out
    # A death blow's bleeding costs a hit every round.
    struck = replace(fighter(hits=10), bleeding="round")
    struck, lost = cd.bleed(struck)
    assert lost is not None and struck.current_hits == 9
    # Blood loss can kill.
    last = replace(fighter(hits=3), hits=-3, bleeding="round")
    last, lost = cd.bleed(last)
    assert lost is not None and lost.died and last.dead
    assert cd.bleed(last) == (last, None)


def test_wake_up_rolls() -> None:
    out = cd.wound(fighter(hits=10), 6).after  # 4 hits left, unconscious
    failed = cd.wake_up(out, Scripted((3, 2)))
    assert not failed.woke and failed.after.unconscious
    woke = cd.wake_up(out, Scripted((2, 2)))
    assert woke.woke and not woke.after.unconscious
    assert woke.describe() == ("Bran wake-up roll: wake-up: 2d10 [2, 2] = 4 vs 4-: critical "
                               "success: wakes up and may act and move at once")
    roused = cd.wake_up(out, Scripted((3, 3)), roused_by="Ila")
    assert roused.check.target == 6 and roused.woke
    assert "roused by Ila (+2)" in roused.describe()
    with pytest.raises(CombatError, match="not unconscious"):
        cd.wake_up(fighter(), Scripted((1, 1)))


def test_dying_characters_cannot_roll_awake() -> None:
    dying = cd.wound(fighter(hits=10), 11).after
    assert not cd.wake_up(dying, Scripted((1, 1))).woke


def test_stay_conscious_and_death_blow_rolls() -> None:
    bran = fighter(phys=11)
    stays = cd.stay_conscious(bran, 3, Scripted((5, 5)))  # 10 vs 11 + 2 - 3
    assert stays.check.target == 10 and stays.after == bran
    out = cd.stay_conscious(bran, 3, Scripted((5, 6)))
    assert out.after.unconscious and out.outcome == "knocked out"
    lives = cd.survive_death_blow(bran, 4, Scripted((3, 4)))  # 7 vs 11 - 4
    assert lives.check.target == 7 and lives.after.bleeding == "round"
    slain = cd.survive_death_blow(bran, 4, Scripted((4, 4)))
    assert slain.after.dead


# --- shields (3.41) -------------------------------------------------------------------------


def test_a_shield_takes_the_excess_of_a_missed_blow() -> None:
    bran = fighter(shield=Shield("Medium Shield", 2, 9, 9), armor_phys=2)
    holds = cd.shield_block(bran, triplet_of((5, 7, 9), 5))  # 7 ≤ 9 hits
    assert holds.excess == 0 and holds.after.shield.hits == 9 and holds.wound is None
    over = cd.shield_block(bran, triplet_of((6, 9, 12), 10))  # 12: 3 over
    assert over.excess == 3 and over.after.shield.hits == 6
    assert over.armor.through == 2  # 3 vs armor 2: half, rounded up
    assert over.after.current_hits == 8
    broken = cd.shield_block(replace(bran, shield=Shield("Small", 1, 6, 2)),
                             triplet_of((6, 9, 12), 10))
    assert broken.after.shield.broken and "the shield breaks" in broken.describe()
    with pytest.raises(CombatError, match="no whole shield"):
        cd.shield_block(broken.after, triplet_of((1, 2, 3), 5))


# --- healing (5.42, Medicine) ---------------------------------------------------------------


def test_rest_heals_a_hit_a_day_up_to_the_maximum() -> None:
    hurt = replace(fighter(hits=10), hits=6)
    assert cd.rest(hurt, 3).after.current_hits == 9
    assert cd.rest(hurt, 30).after.current_hits == 10
    with pytest.raises(CombatError, match="bind the wound first"):
        cd.rest(cd.wound(hurt, 7).after)


def test_medicine_binds_and_heals() -> None:
    dying = cd.wound(fighter(hits=10), 12).after  # −2, bleeding
    bound = cd.medicine(dying, check_of(9, (3, 4)), "bind")
    assert bound.after.bleeding == "" and bound.after.current_hits == -2
    assert "the bleeding stops" in bound.describe()
    missed = cd.medicine(dying, check_of(9, (6, 5)), "bind")
    assert missed.after.bleeding == "minute"
    fumbled = cd.medicine(dying, check_of(9, (6, 6)), "bind")
    assert fumbled.after.current_hits == -3
    hurt = replace(fighter(hits=10), hits=5)
    assert cd.medicine(hurt, check_of(9, (3, 4)), "heal").after.current_hits == 6
    assert cd.medicine(hurt, check_of(9, (3, 3)), "heal").after.current_hits == 7
    again = cd.medicine(hurt, check_of(9, (3, 4)), "heal", treated_today=True)
    assert again.gained == 0 and "already had today's" in again.note
    with pytest.raises(CombatError, match="not bleeding"):
        cd.medicine(hurt, check_of(9, (3, 4)), "bind")


def test_healing_above_zero_ends_dying() -> None:
    dying = replace(cd.wound(fighter(hits=10), 10).after, hits=-1)
    healed = cd.medicine(dying, check_of(12, (2, 2)), "heal")  # critical: +2
    assert healed.after.current_hits == 1 and not healed.after.bleeding


# --- falling (4.7) --------------------------------------------------------------------------


def tharsh() -> Fighter:
    return fighter("Tharsh", deft=12, armored_deft=12, armor_phys=2)


def test_tharsh_falls_onto_hay_bales() -> None:
    # "He has a 12 DEFT, the fall is 4 spaces (8 meters), and he's going to land on some
    # hay bales (resulting in a modifier of -2). Tharsh must roll 10 or less on 2d10 to
    # avoid taking 2 points of damage."
    assert wd.fall_target(12, 4, "straw") == 10
    assert wd.fall_damage(4, "straw") == 2
    missed = wd.fall(tharsh(), 4, Scripted((5, 6)), "straw")
    assert missed.check.target == 10 and not missed.check.success
    assert missed.taken == 2 and missed.after.current_hits == 8
    made = wd.fall(tharsh(), 4, Scripted((4, 5)), "straw")  # made by 1: negates 1 + 1
    assert made.negated == 2 and made.taken == 0 and made.after.current_hits == 10
    assert made.describe().startswith("Tharsh falls 4 spaces (8 m) onto straw: 2 damage")


def test_falling_rules() -> None:
    assert wd.fall_damage(4) == 4                  # rock: 1 a space
    assert wd.fall_damage(4, "water") == 0         # never below 0
    assert wd.fall_damage(3, phys=14) == 9         # 2 points over 10 per extra point
    assert wd.fall_damage(3, phys=13) == 6
    assert wd.fall_target(12, 4, "water") == 12    # no bonus from a soft surface
    assert wd.fall_target(12, 4) == 8
    out = wd.fall(replace(tharsh(), conditions=frozenset({"unconscious"})), 3, Scripted(),
                  "rock")
    assert out.check is None and out.taken == 3
    # Armor counts only against the spikes, which the roll does not reduce.
    spiked = wd.fall(tharsh(), 2, Scripted((1, 2)), "rock", spikes=5)
    assert spiked.taken == 0 and spiked.spikes.through == 3
    assert spiked.after.current_hits == 7
    with pytest.raises(CombatError, match="unknown surface"):
        wd.fall_damage(2, "lava")


# --- objects (4.8) --------------------------------------------------------------------------


def test_material_strength_is_armor() -> None:
    assert wd.material_strength("Hard Wood") == 6
    wall = wd.damage_object(9, wd.material_strength("brick"))
    assert wall.armor.through == 5 and wall.doublings == 2
    assert "a hole 1 ft wide and about 6 in deep, doubled in width or depth 2 times" in (
        wall.describe())
    steel = wd.damage_object(9, wd.material_strength("steel"), desperate=True)
    assert steel.armor.through == 0 and "the weapon breaks" in steel.describe()
    with pytest.raises(CombatError, match="unknown material"):
        wd.material_strength("cheese")
