"""Pocket Universe attacks with scripted dice: the roll to hit and its modifiers (5.3x),
damage through armor, shields, called shots (5.6), the critical tables (5.35), cover
(5.33), grappling (5.82), stances (5.7), morale (5.5), zones of control (5.25), movement."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.systems.pocket.fight.attack import (
    AttackPlan,
    Cover,
    break_free,
    morale,
    move_rate,
    resolve_attack,
    roll_criticals,
    squeeze,
    take_stance,
    to_hit_modifiers,
    zone_of_control,
)
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import Fighter, Helmet, Shield, Weapon
from desktop.systems.pocket.rules.dice import Modifier
from tests.systems.pocket.helpers import Scripted, plain_fighter

WEAPONS = (
    Weapon("Sword", (4, 6, 8), 12),
    Weapon("Mace", (2, 3, 4), 12, edged=False),
    Weapon("Bow", (3, 5, 7), 12, "missile", range=24),
    Weapon("Greatsword", (6, 9, 12), 12),
    Weapon("Punch", (1, 2, 3), 11, "unarmed", edged=False),
)


def fighter(key: str, **changes: object) -> Fighter:
    return plain_fighter(key, **{"weapons": WEAPONS, "dodge": 11, "grapple": 9, **changes})


def attack(attacker: Fighter, target: Fighter, *script: tuple[int, ...], **plan: object):
    roller = Scripted(*script)
    outcome = resolve_attack(attacker, target, AttackPlan(**plan), roller)  # type: ignore[arg-type]
    assert not roller.script, f"dice left over: {roller.script}"
    return outcome


def lines(outcome) -> list[str]:
    return [event.describe() for event in outcome.events]


A = fighter("Ash")
B = fighter("Bo", armor_phys=2, armor_energy=1, melee_defense=2, missile_defense=1)


# --- the roll to hit ------------------------------------------------------------------------


def mods(attacker: Fighter, target: Fighter, **plan: object) -> tuple[int, list[tuple[str, int]]]:
    _, base, found = to_hit_modifiers(attacker, target, AttackPlan(**plan))  # type: ignore[arg-type]
    return base, [(m.why, m.value) for m in found]


def test_defense_is_subtracted() -> None:
    assert mods(A, B) == (12, [("Bo's Melee Defense", -2)])
    assert mods(A, replace(B, melee_defense=-1)) == (12, [("Bo's Melee Defense", 1)])


def test_range_and_point_blank() -> None:
    assert mods(A, B, weapon="Bow", range=20) == (
        12, [("range 20", -3), ("Bo's Missile Defense", -1)])
    assert mods(A, B, weapon="Bow", range=1)[1][:2] == [("range 1", 0), ("point blank", -2)]
    assert mods(replace(A, acute_vision=1), B, weapon="Bow", range=20)[1][0] == (
        "range 20", -2)
    with pytest.raises(CombatError, match="give the range"):
        mods(A, B, weapon="Bow")


def test_surprised_and_immobile_targets() -> None:
    # 5.34: no Defense when unaware or immobilized; +2 off guard or prone, +4 immobile.
    assert mods(A, B.with_conditions({"unaware"}))[1] == [("target unaware", 2)]
    assert mods(A, B.with_conditions({"immobile"}))[1] == [("target immobile", 4)]
    assert mods(A, replace(B, held_by="Cy"))[1] == [("target immobile", 4)]
    assert mods(A, B.with_conditions({"prone"}))[1] == [
        ("Bo's Melee Defense", -2), ("target prone", 2)]


def test_stances_change_the_roll() -> None:
    assert mods(A, B.with_conditions({"defensive"}))[1] == [
        ("Bo's Melee Defense", -2), ("Bo fights defensively", -2)]
    assert mods(A, B.with_conditions({"desperate"}))[1] == [
        ("Bo's Melee Defense", -2), ("Bo is desperate", 2)]
    assert mods(A.with_conditions({"desperate"}), B)[1] == [
        ("desperate", -2), ("Bo's Melee Defense", -2)]


@pytest.mark.parametrize(("called", "extra", "modifier"), [
    ("knockout", {}, ("knockout", -3)),
    ("head_shot", {}, ("head shot", -3)),
    ("disarm", {}, ("disarm", -2)),
    ("avoid_armor", {}, ("around 2 points of armor", -2)),
    ("exposed_head", {}, ("exposed head", -3)),
    ("equipment", {"equipment": "small"}, ("small equipment", -3)),
    ("death_blow", {}, ("death blow", -8)),
    ("full_hold", {}, ("full hold", -3)),
])
def test_called_shot_penalties(called: str, extra: dict, modifier: tuple[str, int]) -> None:
    assert mods(A, B, called=called, **extra)[1][0] == modifier


def test_other_modifiers() -> None:
    _, found = mods(A, B, actions=3, both_weapons=True, cover=Cover("heavy", 6, aim=True),
                       modifiers=(Modifier("darkness", -2),))
    assert found == [("aiming past heavy cover", -4), ("3 actions at once", -4),
                     ("both weapons", -1), ("Bo's Melee Defense", -2), ("darkness", -2)]
    with pytest.raises(CombatError, match="wears a helmet"):
        mods(A, replace(B, helmet=Helmet("Leather Cap", 2, 1)), called="exposed_head")
    assert mods(A, B, called="grapple")[0] == 9  # the Grapple score


# --- hits, misses and shields ---------------------------------------------------------------


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


# --- called shots ---------------------------------------------------------------------------


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


# --- criticals (5.35) -----------------------------------------------------------------------


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


# --- cover (5.33) ---------------------------------------------------------------------------


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


# --- grappling (5.82) -----------------------------------------------------------------------


def test_grapple_counter_grapple_and_escape() -> None:
    held = attack(A, B, (2, 3), called="grapple")  # Grapple 9 − Melee Defense 2 = 7
    bo = held.target
    assert bo.held_by == "Ash" and bo.immobile
    with pytest.raises(CombatError, match="break free or counter-grapple"):
        resolve_attack(bo, A, AttackPlan(), Scripted())
    counter = attack(bo, A, (2, 3), called="grapple")
    ash = counter.target
    assert ash.held_by == "Bo" and "counter-grapples" in lines(counter)[-1]
    free_hit = attack(bo, ash, (3, 4), (5,))  # both held: Bo may hit back (+4)
    assert free_hit.hit and lines(free_hit)[0].endswith("target immobile +4: success: hits Ash")
    pinned = attack(A, B, (1, 2), called="full_hold").target  # 9 − 3 − 2 = 4
    assert pinned.full_hold
    with pytest.raises(CombatError, match="full hold"):
        resolve_attack(pinned, A, AttackPlan(called="grapple"), Scripted())


def test_squeeze_and_break_free() -> None:
    bo = replace(B, held_by="Ash")
    squeezed = squeeze(A, bo, Scripted((9,)))  # PHYS roll 3 vs armor 2: 2
    assert squeezed.held.current_hits == 8
    tie = break_free(bo, A, Scripted((5,), (5,)))  # 2 vs 2: still held
    assert tie.held.held_by == "Ash"
    free = break_free(bo, A, Scripted((9,), (5,)))  # 3 > 2
    assert free.held.held_by == ""
    with pytest.raises(CombatError, match="not holding"):
        squeeze(A, B, Scripted())


# --- stances, morale, zones of control, movement --------------------------------------------


def test_stances_and_movement() -> None:
    runner = replace(A, move=6, swim_rate=2)
    assert move_rate(runner) == 6 and move_rate(runner, "stealth") == 3
    assert move_rate(runner, "swim") == 2
    desperate, event = take_stance(runner, "desperate")
    assert desperate.desperate and move_rate(desperate) == 12
    assert desperate.phys_roll == (2, 4, 6)  # +2 PHYS: 12's roll
    assert "move ×2" in event.describe()
    guarded, _ = take_stance(runner, "defensive")
    assert "defensive" in guarded.conditions
    with pytest.raises(CombatError):
        take_stance(runner, "reckless")  # type: ignore[arg-type]


def test_morale() -> None:
    orc = replace(A, npc=True)
    stays, event = morale(orc, Scripted((4, 4)), [Modifier("losing badly", -2)])
    assert "fled" not in stays.conditions and event.outcome == "stands firm"
    fled, event = morale(orc, Scripted((5, 5)), [Modifier("losing badly", -2)])
    assert "fled" in fled.conditions and event.check.target == 8
    with pytest.raises(CombatError, match="has fled"):
        resolve_attack(fled, B, AttackPlan(), Scripted())
    with pytest.raises(CombatError, match="morale is for NPCs"):
        morale(A, Scripted((4, 4)))


def test_zone_of_control() -> None:
    passes = zone_of_control(A, B, Scripted((4, 5)))  # Dodge 11 − Melee Defense 2 = 9
    assert passes.check.target == 9 and passes.outcome == "passes"
    blocked = zone_of_control(A, B, Scripted((5, 5)))
    assert blocked.outcome == "is blocked: its movement ends"
    with pytest.raises(CombatError, match="cannot block"):
        zone_of_control(A, B.with_conditions({"unconscious"}), Scripted())


def test_who_cannot_attack() -> None:
    with pytest.raises(CombatError, match="unconscious"):
        resolve_attack(A.with_conditions({"unconscious"}), B, AttackPlan(), Scripted())
    with pytest.raises(CombatError, match="is dead"):
        resolve_attack(A, B.with_conditions({"dead"}), AttackPlan(), Scripted())
    with pytest.raises(CombatError, match="itself"):
        resolve_attack(A, A, AttackPlan(), Scripted())
