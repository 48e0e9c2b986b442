"""Grappling (5.82): grabs, counter-grapples, full holds, squeezing and breaking free."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.systems.pocket.fight.attack import resolve_attack
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.grapple import break_free, squeeze
from desktop.systems.pocket.fight.to_hit import AttackPlan
from tests.systems.pocket.helpers import A, B, Scripted, attack, lines


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
