"""The Combat Critical Tables (5.35) in attacks with scripted dice: each result, its
default when it does not fit, and rolling twice."""

from __future__ import annotations

from dataclasses import replace

from desktop.systems.pocket.fight.criticals import roll_criticals
from desktop.systems.pocket.fight.to_hit import AttackPlan
from tests.systems.pocket.helpers import WEAPONS, A, B, Scripted, attack, lines


def test_critical_armor_damage_before_the_damage() -> None:
    out = attack(A, B, (2, 2), (1,), (5,))  # crit, d10 1: armor 2/1 → 1/0
    assert (out.target.armor_phys, out.target.armor_energy) == (1, 0)
    assert out.target.current_hits == 5  # 6 vs 1: 5 through
    assert lines(out)[1] == ("Critical Success table, d10 1: Target's armor is damaged, "
                             "losing -1/-1 protection before the attack damage is applied.")


def test_a_critical_that_does_not_fit_takes_its_default() -> None:
    bare = replace(B, armor_phys=0, armor_energy=0)
    out = attack(A, bare, (2, 2), (1,), (5,))
    assert "Does not fit (Bo wears no armor): default 2: Attacker gets an extra Action" in (
        lines(out)[1])
    assert any("gets an extra Action" in line for line in lines(out))


def test_critical_half_armor_high_damage_and_falls() -> None:
    armored = replace(B, armor_phys=4)
    half = attack(A, armored, (2, 2), (4,), (5,))  # 6 vs 2: 4
    assert half.target.current_hits == 6
    high = attack(A, B, (2, 2), (8,), (3,))  # the high number, 8: 8 − 2 = 6
    assert high.target.current_hits == 4
    falls = attack(A, B, (2, 2), (3,), (5,))
    assert "prone" in falls.target.conditions


def test_critical_free_head_shot_edged_and_blunt() -> None:
    edged = attack(A, B, (2, 2), (7,), (5,))  # 6 vs no helmet: 6, doubled → 12
    assert edged.target.current_hits == -2
    blunt = attack(A, B, (2, 2), (7,), (5,), (6, 6), weapon="Mace")  # 3 through; roll 12
    assert blunt.target.current_hits == 7 and blunt.target.unconscious


def test_critical_targets_own_phys_roll_and_roll_twice() -> None:
    own = attack(A, B, (2, 2), (5,), (5,), (9,))  # 4 + its PHYS roll 3 vs 2: 2 → 6 in all
    assert own.target.current_hits == 4
    twice = attack(A, B, (2, 2), (10,), (3,), (8,), (3,))  # falls + high damage
    assert "prone" in twice.target.conditions and twice.target.current_hits == 4


def test_critical_failures() -> None:
    bowman = replace(A, armor_phys=2)
    jam = attack(bowman, B, (9, 9), (4,), weapon="Bow", range=10)
    assert "jammed" in jam.attacker.conditions
    sword = attack(A, B, (9, 9), (4,))  # a sword cannot jam: default 6, drops something
    assert "Does not fit (Sword cannot jam): default 6" in lines(sword)[1]
    stuck = attack(A, B, (9, 9), (7,), (9,))
    assert "stuck" in stuck.attacker.conditions
    assert "a PHYS roll of 8 or more frees it" in lines(stuck)[-1]
    hurt = attack(A, B, (9, 9), (5,), (9,))  # its own PHYS roll, 3, no armor
    assert hurt.attacker.current_hits == 7
    armor = attack(bowman, B, (9, 9), (8,))
    assert armor.attacker.armor_phys == 1
    falls = attack(A, B, (9, 9), (8,))  # no armor: default 3, falls
    assert "prone" in falls.attacker.conditions


def test_criticals_follow_defaults_until_one_fits() -> None:
    # Bow (missile): 7 "weapon stuck" → 4 "jammed" fits; Sword: 7 fits directly.
    bow = roll_criticals("failure", Scripted(), A, B, WEAPONS[2], AttackPlan(), face=7)
    assert bow[0].used.effect == "weapon_jammed"
    punch = roll_criticals("failure", Scripted(), A, B, WEAPONS[4], AttackPlan(), face=7)
    assert punch[0].used.effect == "attacker_drops"  # 7 → 4 (cannot jam) → 6


def test_a_lost_default_is_shown_as_the_apps_reading() -> None:
    """The Critical Success table's "Free Head Shot (see 5.61)" has its default lost from
    the text: the one used (8, "Attack scores high damage.") is said to be the app's."""
    knockout = roll_criticals("success", Scripted(), A, B, WEAPONS[0],
                              AttackPlan(called="knockout"), face=7)
    assert knockout[0].used.effect == "high_damage"
    assert ("default 8 (the app's reading: the book's default is lost): Attack scores "
            "high damage.") in knockout[0].describe()
    # A default the book prints is not marked.
    bare = replace(B, armor_phys=0, armor_energy=0)
    assert "app's reading" not in roll_criticals(
        "success", Scripted(), A, bare, WEAPONS[0], AttackPlan(), face=1)[0].describe()
