"""The chapter's opponents as whole characters (Virek-Kohl's lackeys are rabble, the city
guard chases Kestrel): the GM screen's "add from the catalog". The chapter prints no
numbers for them; ours are in ``resources/kruhl/npcs.json``."""

from __future__ import annotations

from functools import cache

from desktop.systems.kruhl.rules.catalog import BOOK
from desktop.systems.kruhl.rules.character import KruhlCharacter


@cache
def _npcs() -> tuple[KruhlCharacter, ...]:
    return BOOK.characters("npcs.json", "npcs", KruhlCharacter)


def npcs() -> list[KruhlCharacter]:
    """The opponents as characters (copies: edit freely)."""
    return [character.model_copy(deep=True) for character in _npcs()]
