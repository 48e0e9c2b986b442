"""The events of a fight: each describes itself as one line of the GM's log."""

from __future__ import annotations

from desktop.systems.pocket.fight.damage import through_armor
from desktop.systems.pocket.fight.events import Armored, Changed, Note, Picked, Rolled
from desktop.systems.pocket.rules.dice import roll_check, roll_triplet
from tests.systems.pocket.helpers import Scripted


def test_each_event_is_one_log_line() -> None:
    assert Note("the GM decides").describe() == "the GM decides"
    assert Changed("Ash", "falls down").describe() == "Ash: falls down"
    check = roll_check(10, Scripted((3, 4)), label="Sword")
    assert Rolled("Ash", check, "hits Bo").describe() == f"Ash {check.describe()}: hits Bo"
    assert Rolled("Ash", check).describe() == f"Ash {check.describe()}"
    pick = roll_triplet((2, 4, 6), Scripted((9,)), why="damage")
    assert Picked("Ash", "damage", pick, "critical").describe() == (
        f"Ash damage: {pick.describe()} (critical)")
    armor = through_armor(6, 2)
    assert Armored("Bo", armor).describe() == f"Bo's armor: {armor.describe()}"
    assert Armored("Bo", armor, "helmet").describe().startswith("Bo's helmet: ")
