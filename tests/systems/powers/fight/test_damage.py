"""Attacks and damage (Combat, Hitting a Target; Damaging a Target; Component Listing,
Damage: Psychic, Stun, Phantom; RULINGS.md Powers 3): the draft's examples rolled
with the dice it names, Psychic against Willpower, stun knocking out."""

from __future__ import annotations

from fractions import Fraction

import pytest

from desktop.model.odds import percent
from desktop.systems.powers.fight.attack import attack, attack_chance, power_named, resist_pool
from desktop.systems.powers.fight.tracking import CombatError, hit_points, unconscious
from desktop.systems.powers.rules.dice import p_opposed
from tests.systems.powers.fight.helpers import DRAFT_HITS, Scripted, bob, dave, faces, nigel, three


def test_bob_hits_dave_as_in_the_draft() -> None:
    """"Bobs agility is 10, and his power has Accurate (5), so he is rolling 15 dice.
    Daves agility is only 7 … Bob rolls 6 hits, and Dave only rolls 3. This gives Bob a
    net score of 3, so he hits!" The damage roll then adds those 3 net hits."""
    roller = Scripted(faces(6, 15), faces(3, 7), faces(2, 6), faces(1, 4))
    landed = attack(("Bob", "Dave"), bob(), dave(), "Blammo Cannon", roller)
    head, damage_line = landed.lines
    exact = percent(p_opposed(15, 0, 7, 0))
    assert head.startswith(f"Bob attacks Dave with Blammo Cannon: 15 dice vs Agility 7 dice "
                           f"({exact}): ")
    assert head.endswith("6 hits vs [5 5 5 3 3 3 3] 3 hits: hits, net 3 (Hitting a Target)")
    # 2 damage hits + 3 net hits − 1 Resilience hit = 4 normal damage.
    assert damage_line.startswith("Blammo Cannon damage 6 dice +3 net hits vs Resilience "
                                  "4 dice (")
    assert damage_line.endswith(": 4 normal damage (resisted with Resilience)")
    assert landed.defender.tracking.damage.normal == 4 and hit_points(landed.defender) == 6


def test_in_good_cover_dave_makes_bob_miss() -> None:
    """"If Dave had been in good cover, he could have had a +3 to his roll, giving him a
    total of 6, meaning Bob would have missed.\""""
    roller = Scripted(faces(6, 15), faces(3, 7))
    landed = attack(("Bob", "Dave"), bob(), dave(), "Blammo Cannon", roller, cover=3)
    assert landed.lines[0].endswith("misses (needs more hits than the target) (Hitting a "
                                    "Target)")
    assert " vs Agility 7 dice +3 hits (" in landed.lines[0]
    assert landed.defender == dave() and not roller.queue, "no damage roll on a miss"
    assert attack_chance(bob(), dave(), power_named(bob(), "Blammo Cannon"), cover=3) == (
        f"15 dice vs 7 dice +3 hits: {percent(p_opposed(15, 0, 7, 3))}")


def test_the_net_hits_can_be_left_out_of_the_damage() -> None:
    roller = Scripted(faces(6, 15), faces(3, 7), faces(2, 6), faces(1, 4))
    landed = attack(("Bob", "Dave"), bob(), dave(), "Blammo Cannon", roller, add_net=False)
    assert landed.lines[1].endswith(": 1 normal damage (resisted with Resilience)")
    assert "(net hits not added)" in landed.lines[1]


def test_damage_is_never_below_zero() -> None:
    roller = Scripted(faces(6, 15), faces(5, 7), faces(0, 6), faces(4, 4))
    landed = attack(("Bob", "Dave"), bob(), dave(), "Blammo Cannon", roller)
    assert landed.lines[1].endswith(": 0 normal damage (resisted with Resilience)")
    assert landed.defender.tracking.damage.normal == 0


def test_a_psychic_attack_is_resisted_with_willpower() -> None:
    """Specific beats General: "The Psychic option states that damage from this source
    is resisted with Willpower"; Dave's Resilience 4 is not rolled, his Willpower 3 is."""
    line = power_named(nigel(), "Mind Spike").damage[0]
    pool, how = resist_pool(dave(), line)
    assert (pool.dice, how) == (3, "Willpower")
    roller = Scripted(faces(4, 9), faces(2, 7), faces(3, 7), faces(1, 3))
    landed = attack(("Nigel", "Dave"), nigel(), dave(), "Mind Spike", roller)
    assert " vs Willpower 3 dice (" in landed.lines[1]
    assert landed.lines[1].endswith(": 4 normal damage (Psychic: resisted with Willpower "
                                    "(Specific beats General))")
    # Bob's Mind Shield (General, Mind over Matter, +3) counts against it too.
    pool, how = resist_pool(bob(), line)
    assert (pool.dice, how) == (7, "Willpower (Mind Shield +3)")


def test_stun_is_kept_apart_and_knocks_out_with_normal_damage() -> None:
    """Damage, Stun: "If the total stun damage and normal damage takes the character to
    zero health, the character falls unconscious"; hit points count no stun."""
    e = three().start({"totals": DRAFT_HITS})
    e = e.perform("Nigel", "damage", {"points": 4, "kind": "normal", "why": "a fall"})
    assert e.character("Nigel").tracking.damage.normal == 4
    e = e.perform("Nigel", "damage", {"points": 4, "kind": "stun"})
    nigel_now = e.character("Nigel")
    assert (nigel_now.tracking.damage.stun, hit_points(nigel_now)) == (4, 4)
    assert unconscious(nigel_now)
    texts = [x.text for x in e.log]
    assert "Nigel falls unconscious: stun 4 + normal 4 reach Health 8 (Damage, Stun)" in texts
    row = {r.key: r for r in e.rules.rows(e.state)}["Nigel"]
    assert row.out and row.status == "unconscious"
    assert row.cells[1:3] == ("4/8", "4 normal · 4 stun")
    e = e.next_turn()  # Bob → Nigel is passed over → Dave
    assert e.turn.actors == ("Dave",)
    with pytest.raises(CombatError, match="not Nigel's turn"):
        e.perform("Nigel", "attack:Mind Spike", {"target": "Bob"})


def test_super_slap_does_stun_damage() -> None:
    """Bob's Mind Shield (General, Mind over Matter) makes his Willpower 4 + 3 the
    resisting roll: 3 damage hits + 3 net − 1 = 5 stun."""
    roller = Scripted(faces(5, 7), faces(2, 10), faces(3, 5), faces(1, 7))
    landed = attack(("Dave", "Bob"), dave(), bob(), "Super-Slap", roller)
    assert " vs Willpower (Mind Shield +3) 7 dice (" in landed.lines[1]
    assert landed.lines[1].endswith(": 5 stun damage (resisted with Willpower)")
    assert landed.defender.tracking.damage.stun == 5 and hit_points(landed.defender) == 12


def test_phantom_damage_goes_with_a_willpower_test() -> None:
    e = three().start({"totals": DRAFT_HITS})
    e = e.perform("Bob", "damage", {"points": 3, "kind": "phantom", "rating": 2})
    assert hit_points(e.character("Bob")) == 9 and e.state.phantom_rating["Bob"] == 2
    test = e.action("Bob", "phantom_test")
    assert test is not None and test.enabled and test.prompt
    assert test.param("rating").default == 2  # type: ignore[union-attr]
    assert "Willpower 4 dice needing 2 hits: " in test.hint
    e = e.perform("Bob", "phantom_test", {"rating": 2})
    line = e.log[-1].text
    assert line.startswith("Bob: Willpower test against Phantom (2), Willpower 4 dice needing "
                           "2 hits: ")
    cleared = e.character("Bob").tracking.damage.phantom == 0
    assert cleared == line.endswith("all phantom damage removed (12/12) (Damage, Phantom)")
    again = e.action("Bob", "phantom_test")
    assert again is not None and not again.enabled


def test_the_odds_in_the_hint_are_exact() -> None:
    e = three().start({"totals": DRAFT_HITS})
    hint = e.action("Bob", "attack:Blammo Cannon").hint  # type: ignore[union-attr]
    assert f"Dave: 15 dice vs 7 dice: {percent(p_opposed(15, 0, 7, 0))}" in hint
    assert f"then 6 dice +1 hit vs Resilience 4 dice: {percent(p_opposed(6, 1, 4, 0))}" in hint
    assert p_opposed(1, 0, 0, 0) == Fraction(1, 3)


def test_bobs_epic_fail_resisting_super_slap_with_mind_shield() -> None:
    """Fail, and Epic Fail: "When resisting damage using his Mind Shield power, Bob
    rolls and Epic Fail!": more than half his 7 dice show 1 and none hits. "Epic Fail
    is an optional rule": with it off (the default) the log calls it a Fail and says
    why; with it on, see test_epic."""
    roller = Scripted(faces(3, 7), faces(1, 10), faces(2, 5), faces(0, 7, ones=4))
    landed = attack(("Dave", "Bob"), dave(), bob(), "Super-Slap", roller)
    assert "[1 1 1 1 3 3 3] 0 hits — Fail (Epic Fail is an optional rule, off in this " \
           "fight: a Fail): roll on the Fail table: 4 stun damage" in landed.lines[1]
