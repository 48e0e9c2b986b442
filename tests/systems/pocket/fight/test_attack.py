"""Pocket Universe attacks with scripted dice: damage through armor, shields, called shots
(5.6), cover (5.33), and who cannot attack."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.systems.pocket.fight.attack import resolve_attack
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import Helmet, Shield, Weapon
from desktop.systems.pocket.fight.to_hit import AttackPlan, Cover
from tests.systems.pocket.helpers import A, B, Scripted, attack, lines


def test_a_hit_through_armor() -> None:
    out = attack(A, B, (2, 3), (5,))  # 5 ≤ 10: hit; d10 5: mid, 6 damage
    assert out.hit and out.target.current_hits == 6
    assert lines(out) == [
        "Ash Sword: 2d10 [2, 3] = 5 vs 10-, Bo's Melee Defense -2: success: hits Bo",
        "Ash damage with Sword: d10 5 → mid of 4/6/8 = 6",
        "Bo's armor: 6 damage vs armor 2: armor under half the damage, 6 − 2 = 4 through",
        "Bo loses 4 hits (hit): 10 → 6",
    ]


def test_a_hit_that_knocks_out() -> None:
    out = attack(A, replace(B, hits=5), (2, 3), (9,))  # 8 vs 2: 6 through, over half of 5
    assert out.target.unconscious and out.target.current_hits == -1 and out.target.dying


def test_a_miss_against_a_shield() -> None:
    shielded = replace(B, shield=Shield("Medium Shield", 2, 9, 9), shield_defense=True)
    holds = attack(A, shielded, (6, 5), (9,))  # 11 > 10: miss; 8 ≤ 9 hits
    assert not holds.hit and holds.target.shield.hits == 9
    assert lines(holds)[-1] == (
        "Bo's Medium Shield (9 hits) takes the missed blow's 8 damage: the shield holds")
    through = attack(A, shielded, (6, 5), (10,), weapon="Greatsword")  # 12: 3 over
    assert through.target.shield.hits == 6 and through.target.current_hits == 8
    plain = attack(A, B, (6, 5))  # no shield: nothing more to roll
    assert plain.target == B


def test_desperate_attackers_add_two_damage_levels() -> None:
    out = attack(A.with_conditions({"desperate"}), B, (2, 3), (5,))  # 4/6/8 → 6/8/10
    assert "(desperate: +2 levels): d10 5 → mid of 6/8/10 = 8" in lines(out)[1]


def test_knockout_with_a_weapon() -> None:
    # PHYS 10 rolls 1/2/3; a hard object adds a level: 2/3/4. No helmet: nothing stops it.
    # 12 − 3 − 2 = 7: (3, 2) hits; 4 damage, none stopped; 10 + 2 − 4 = 8: (5, 4) fails.
    out = attack(A, B, (3, 2), (9,), (5, 4), weapon="Mace", called="knockout")
    text = lines(out)
    assert "knockout damage (PHYS roll, +1 level: hard object): d10 9 → high of 2/3/4" in (
        text[1])
    assert text[2] == "Bo's head protection: 4 damage, no armor: 4 through"
    assert out.target.current_hits == 6 and out.target.unconscious


def test_knockout_rolls() -> None:
    # 12 − 3 − 2 = 7: (3, 2) hits; unarmed: PHYS roll 1/2/3, d10 9 → 3; head armor 2 (the
    # helmet): 3 vs 2 → 2 through; stay conscious on 10 + 2 − 2 = 10: (5, 4) stays.
    capped = replace(B, helmet=Helmet("Leather Cap", 2, 1))
    out = attack(A, capped, (3, 2), (9,), (5, 4), weapon="Punch", called="knockout")
    assert out.target.current_hits == 8 and not out.target.unconscious
    assert lines(out)[-1].startswith("Bo rolls to stay conscious: stay conscious: 2d10 [5, 4]"
                                     " = 9 vs 10-")
    out = attack(A, capped, (3, 2), (9,), (6, 5), weapon="Punch", called="knockout")
    assert out.target.unconscious


def test_head_shot_doubles_after_armor() -> None:
    capped = replace(B, helmet=Helmet("Leather Cap", 2, 1))
    out = attack(A, capped, (3, 2), (5,), called="head_shot")  # 6 vs head 2: 4, doubled
    assert out.target.current_hits == 2 and out.target.unconscious
    assert "head shot: double damage after armor, 4 × 2 = 8" in lines(out)


def test_disarm() -> None:
    kept = attack(A, B, (3, 2), (4, 5), called="disarm")  # PHYS 10 − modifier 0: 9 ≤ 10
    assert "disarmed" not in kept.target.conditions and kept.target.current_hits == 10
    lost = attack(A, B, (3, 2), (6, 5), called="disarm")
    assert "disarmed" in lost.target.conditions
    strong = replace(A, phys=13)  # PHYS modifier +3: the target keeps hold on 7 or less
    assert attack(strong, B, (3, 2), (4, 4), called="disarm").target.conditions == {
        "disarmed"}


def test_attacking_equipment() -> None:
    # −3 for a small item; the damage goes to the item, not to Bo.
    out = attack(A, B, (2, 3), (9,), called="equipment", equipment="small",
                 equipment_strength=6)
    assert out.target.current_hits == 10
    assert lines(out)[-1] == ("Bo's small item: object: 8 damage vs armor 6: half the damage "
                              "(rounded up), 4 through; a hole 1 ft wide and about 6 in deep, "
                              "doubled in width or depth 2 times")
    free = attack(A, B, (2, 3), (9,), called="equipment")
    assert lines(free)[-1] == "8 damage to Bo's large item: the GM applies it"
    # A free head shot does not fit an attack on an item: its default, high damage.
    crit = attack(A, B, (2, 2), (7,), (5,), called="equipment")
    assert "default 8" in lines(crit)[1] and "8 damage to Bo's" in lines(crit)[-1]


def test_avoid_armor() -> None:
    out = attack(A, B, (3, 2), (5,), called="avoid_armor")  # −2 to hit, no armor
    assert out.target.current_hits == 4


def test_death_blow() -> None:
    killer = replace(A, weapons=(Weapon("Dagger", (4, 6, 8), 20),))
    dead = attack(killer, B, (2, 3), (5,), (4, 3), called="death_blow")  # 4 past armor
    assert dead.target.dead
    assert lines(dead)[-1].endswith(": slain outright")
    lives = attack(killer, B, (2, 3), (5,), (1, 2), called="death_blow")
    assert not lives.target.dead and lives.target.bleeding == "round"


def test_cover() -> None:
    wall = Cover("heavy", 6)
    blocked = attack(A, B, (2, 3), (5,), (9,), cover=wall)  # 8 vs 6: 4, then vs 2: 2
    assert blocked.target.current_hits == 8
    assert "cover roll d10 5 ≤ 7: the heavy cover is in the way" in lines(blocked)
    clear = attack(A, B, (2, 3), (8,), (9,), cover=wall)  # 8 > 7: 8 − 2 = 6
    assert clear.target.current_hits == 4
    stopped = attack(A, B, (2, 3), (1,), (1,), cover=Cover("light", 26))
    assert stopped.target.current_hits == 10
    aimed = attack(A, B, (2, 3), (9,), cover=Cover("heavy", 6, aim=True))  # no cover roll
    assert aimed.target.current_hits == 4


def test_who_cannot_attack() -> None:
    with pytest.raises(CombatError, match="unconscious"):
        resolve_attack(A.with_conditions({"unconscious"}), B, AttackPlan(), Scripted())
    with pytest.raises(CombatError, match="is dead"):
        resolve_attack(A, B.with_conditions({"dead"}), AttackPlan(), Scripted())
    with pytest.raises(CombatError, match="itself"):
        resolve_attack(A, A, AttackPlan(), Scripted())
