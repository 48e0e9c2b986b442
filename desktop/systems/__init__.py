"""The game registry: one ``System`` per game, one line each in ``SYSTEMS``.

A registry line names the game and its package; every part of the game (its pydantic
character model, rules, Qt editor, PDF sheet, command-line hooks) is imported only when
first used. So listing the games, starting the window or running a subcommand loads
just what it needs: the window paints before any game model is built, and the command
line and the model layer never load Qt or reportlab.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel

CHARACTER_SUFFIX = ".sheetdesk"


@dataclass(frozen=True)
class System:
    id: str
    name: str
    book: str
    """How findings cite the book, e.g. "POW!"."""
    package: str
    """The game's package, holding ``character``, ``rules``, ``editor``, ``sheet``…"""

    def part(self, name: str) -> Any:
        """A lazily imported part of the game: "character", "rules", "editor", "sheet",
        "commands", "combat"."""
        return importlib.import_module(f"{self.package}.{name}")

    @property
    def character_model(self) -> type[BaseModel]:
        return self.part("character").CHARACTER_MODEL

    def new_character(self, name: str = "") -> BaseModel:
        return self.part("character").new_character(name)

    def derive(self, character: BaseModel) -> Any:
        """Derived values: an object with ``findings`` and ``to_json(character)``."""
        return self.part("rules").derive(character)


SYSTEMS: dict[str, System] = {
    system.id: system
    for system in (
        System("pow", "POW! Core Rules v1.01", "POW!", "desktop.systems.pow"),
        System("protector", "Protector, First Edition", "Protector", "desktop.systems.protector"),
        System("pocket", "Pocket Universe Basic Rules", "Pocket Universe",
               "desktop.systems.pocket"),
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
