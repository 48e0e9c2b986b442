"""The game registry: one ``System`` per game, one line each in ``SYSTEMS``.

The engine parts of a game (model, rules) are imported here; its Qt editor, PDF sheet
and command-line hooks are named by dotted path and imported only when used, so the
command line and the model layer never load Qt or reportlab.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from desktop.systems.pow import character as pow_character
from desktop.systems.pow import rules as pow_rules


@dataclass(frozen=True)
class System:
    id: str
    name: str
    book: str
    """How findings cite the book, e.g. "POW!"."""
    character_model: type[BaseModel]
    new_character: Callable[[str], BaseModel]
    derive: Callable[[Any], Any]
    """character → derived values: an object with ``findings`` and ``to_json(character)``."""
    package: str
    """The game's package: ``<package>.editor``, ``.sheet`` and ``.commands`` live there."""

    def part(self, name: str) -> Any:
        """A lazily imported part of the game: "editor", "sheet", "commands", "combat"."""
        return importlib.import_module(f"{self.package}.{name}")


SYSTEMS: dict[str, System] = {
    system.id: system
    for system in (
        System("pow", "POW! Core Rules v1.01", pow_rules.BOOK, pow_character.PowCharacter,
               pow_character.new_character, pow_rules.derive, "desktop.systems.pow"),
    )
}


class UnknownSystem(KeyError):
    def __init__(self, system_id: str) -> None:
        super().__init__(system_id)
        self.system_id = system_id

    def __str__(self) -> str:
        known = ", ".join(SYSTEMS)
        return f"unknown system {self.system_id!r} (known: {known})"


def get(system_id: str) -> System:
    try:
        return SYSTEMS[system_id]
    except KeyError:
        raise UnknownSystem(system_id) from None


def system_of(character: BaseModel) -> System:
    return get(character.system)  # type: ignore[attr-defined]
