"""Pocket Universe book data (resources/pocket/*.json): the shared loader.

Pure Python, no Qt. Each file is read once (``BOOK``, a ``BookData``) and checked
once into read-only records (NamedTuples, see ``book_records``) by the module for its
kind of data: ``catalog_attributes``, ``catalog_skills``, ``catalog_traits``,
``catalog_weapons`` (and ammunition), ``catalog_armor``, ``catalog_contacts``,
``catalog_world`` (materials, falling) and ``catalog_creatures``; ``catalog_check``
loads them all. The loaders that hand out character-model items (weapons, armor…)
return fresh copies, so a caller may change what it gets without touching the catalog.
Book entries carry their provenance (``source``, and ``note`` where we chose a reading
of garbled or silent text); those keys are stripped before an entry becomes a character
item. A broken book file is a bug and raises DocumentError.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from desktop.systems.book_data import BookData, M

SYSTEM = "pocket"
META_KEYS = frozenset({"source", "note"})
"""Keys of a book entry that say where it comes from, not what it is."""

BOOK = BookData(SYSTEM)


def book_item(model: type[M], row: NamedTuple, **extra: Any) -> M:
    """A character-model item made from a catalog row (provenance keys dropped)."""
    data = {k: v for k, v in row._asdict().items() if k not in META_KEYS}
    return model.model_validate({**data, **extra})


def example_characters() -> dict[str, Path]:
    """The example character files, by file stem (e.g. "artos")."""
    return BOOK.example_characters()
