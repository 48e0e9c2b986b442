"""What the Pocket Universe check panel offers to roll under."""

from __future__ import annotations

from pathlib import Path

from desktop.systems.files import load_character
from desktop.systems.pocket.editor.check_panel import TARGET, choices
from desktop.systems.pocket.rules.derived import derive

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "pocket" / "characters"


def test_choices_list_attributes_skills_attacks_unskilled_and_a_target():
    d = derive(load_character(EXAMPLES / "kestra.sheetdesk"))
    found = {c.key: c for c in choices(d)}
    keys = list(found)
    assert keys[:4] == ["attr:phys", "attr:deft", "attr:intl", "attr:will"]
    assert keys[-1] == TARGET
    assert found["skill:Melee (spear)"].score == 15
    assert found["skill:Melee (spear)"].text == "Melee (spear) 15"
    assert found["attack:Short Bow"].missile and found["attack:Short Bow"].score == 14
    assert not found["attack:Long Knife (thrown)"].missile  # 3.3: missile weapons only
    assert not found["attack:Spear"].missile
    # Unskilled: only skills she has not learnt (Melee, Dodge… are hers).
    assert "unskilled:Dodge" not in found and "unskilled:Melee" not in found
    assert found["unskilled:Climbing"].score == 12  # DEFT 13 − 1
    assert found["unskilled:Climbing"].text == "Climbing, unskilled 12"
