"""Stances (5.7) and morale (5.5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.systems.pocket.fight.attack import resolve_attack
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.movement import move_rate
from desktop.systems.pocket.fight.stances import morale, take_stance
from desktop.systems.pocket.fight.to_hit import AttackPlan
from desktop.systems.pocket.rules.dice import Modifier
from tests.systems.pocket.helpers import A, B, Scripted


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
