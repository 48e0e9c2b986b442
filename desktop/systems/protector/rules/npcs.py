"""The book's NPCs (the Slavers, the Visionary, Kaiser Überlegen…) as whole characters,
``npc`` set: their dice are as printed, not bought through the life path."""

from __future__ import annotations

from functools import cache
from typing import Any

from desktop.systems.book_data import row_named
from desktop.systems.protector.rules.catalog import BOOK
from desktop.systems.protector.rules.character import ProtectorCharacter


@cache
def _npcs() -> tuple[ProtectorCharacter, ...]:
    return BOOK.characters("npcs.json", "npcs", ProtectorCharacter)


def npc_entries() -> list[dict[str, Any]]:
    """The NPC file's entries as stored (``source``, ``ours``, ``note``, ``character``)."""
    return [dict(item) for item in BOOK.read("npcs.json")["npcs"]]


def npcs() -> list[ProtectorCharacter]:
    """The book's NPCs as whole characters (copies: edit freely)."""
    return [character.model_copy(deep=True) for character in _npcs()]


def npc(name: str) -> ProtectorCharacter:
    character = row_named(_npcs(), name)
    if character is not None:
        return character.model_copy(deep=True)
    raise KeyError(f"no NPC named {name!r}")
