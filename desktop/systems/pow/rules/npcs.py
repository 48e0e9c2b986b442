"""The book's non-player characters (the Lizard-man, the janitor…) as whole
characters: the GM screen's "add from the catalog" and the example tests read them."""

from __future__ import annotations

from functools import cache

from desktop.systems.pow.rules.catalog import BOOK
from desktop.systems.pow.rules.character import PowCharacter


@cache
def _npcs() -> tuple[PowCharacter, ...]:
    return BOOK.characters("npcs.json", "npcs", PowCharacter)


def npcs() -> list[PowCharacter]:
    """The book's non-player characters as whole characters (copies: edit freely)."""
    return [character.model_copy(deep=True) for character in _npcs()]
