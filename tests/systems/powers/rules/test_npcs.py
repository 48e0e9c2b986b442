"""Our opponents for Powers load as whole characters."""

from __future__ import annotations

from desktop.systems.powers.rules.derived import derive
from desktop.systems.powers.rules.npcs import npcs


def test_npcs_are_characters_with_powers() -> None:
    found = npcs()
    assert len(found) >= 3
    for character in found:
        assert character.system == "powers" and character.powers
        assert derive(character).findings == []
    found[0].name = "changed"
    assert npcs()[0].name != "changed"
