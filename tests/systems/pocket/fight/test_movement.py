"""Zones of control (5.25)."""

from __future__ import annotations

import pytest

from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.movement import zone_of_control
from tests.systems.pocket.helpers import A, B, Scripted


def test_zone_of_control() -> None:
    passes = zone_of_control(A, B, Scripted((4, 5)))  # Dodge 11 − Melee Defense 2 = 9
    assert passes.check.target == 9 and passes.outcome == "passes"
    blocked = zone_of_control(A, B, Scripted((5, 5)))
    assert blocked.outcome == "is blocked: its movement ends"
    with pytest.raises(CombatError, match="cannot block"):
        zone_of_control(A, B.with_conditions({"unconscious"}), Scripted())
