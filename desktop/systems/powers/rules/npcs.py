"""Opponents for Powers as whole characters: the GM screen's "add from the catalog".
The draft has none; ours are in ``resources/powers/npcs.json``."""

from __future__ import annotations

from functools import cache

from desktop.systems.powers.rules.catalog import BOOK
from desktop.systems.powers.rules.character import PowersCharacter


@cache
def _npcs() -> tuple[PowersCharacter, ...]:
    return BOOK.characters("npcs.json", "npcs", PowersCharacter)


def npcs() -> list[PowersCharacter]:
    """The opponents as characters (copies: edit freely)."""
    return [character.model_copy(deep=True) for character in _npcs()]
