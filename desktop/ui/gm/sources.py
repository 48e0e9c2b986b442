"""Where combatants come from, for any game: its catalog's NPCs and a quick generic one.

No Qt. A game's catalog may offer ``npcs()`` returning whole characters (POW!'s
Lizard-man, Protector's Slavers); a game without one simply offers none.
"""

from __future__ import annotations

from typing import Any

from desktop.systems import System


def catalog_characters(system: System) -> list[Any]:
    """The game's catalog NPCs as characters of that game; [] if it has none."""
    module = system.optional_part("npcs")
    if module is None:
        return []
    return [c for c in module.npcs()
            if getattr(c, "system", None) == system.id and hasattr(c, "model_dump")]


def named(character: Any, name: str) -> Any:
    """A copy of ``character`` called ``name`` (validated, so a bad name is refused)."""
    data = character.model_dump()
    data["name"] = name
    return type(character).model_validate(data)


def generic(system: System, name: str) -> Any:
    """A quick combatant: the game's new character with its defaults, named."""
    return system.new_character(name)
