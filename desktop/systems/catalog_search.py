"""Searching a game's catalog the way a player asks: every word of
the search must occur in an entry's name, description or other words — or one of the
word's synonyms must, so "sword" finds Pocket Universe's Melee (blade) skill.

A game's synonyms are book-side data in ``resources/<game>/synonyms.json``:
``{"book": …, "about": …, "synonyms": {"word": ["what the book calls it", …]}}`` (lower
case). A game without the file simply has none. Pure Python: no Qt.
"""

from __future__ import annotations

import json
from functools import cache

from desktop.paths import resource


@cache
def synonyms(game: str) -> dict[str, tuple[str, ...]]:
    """The game's synonym table (empty if it has none)."""
    path = resource(game, "synonyms.json")
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))["synonyms"]
    return {word.casefold(): tuple(s.casefold() for s in also)
            for word, also in data.items()}


def words_for(word: str, game: str) -> tuple[str, ...]:
    """``word`` and what the book calls it instead (all lower case)."""
    word = word.casefold()
    return (word, *synonyms(game).get(word, ()))


def matches(needle: str, *haystack: str, game: str = "") -> bool:
    """Whether every word of ``needle`` (or one of its synonyms) occurs in
    ``haystack`` (any case)."""
    hay = " ".join(haystack).casefold()
    return all(any(w in hay for w in words_for(word, game)) for word in needle.split())
