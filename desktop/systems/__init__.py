"""The game registry: one ``System`` per game, one line each in ``SYSTEMS``.

A registry line names the game and its package; every part of the game (its pydantic
character model, rules, Qt editor, PDF sheet, command-line hooks) is imported only when
first used. So listing the games, starting the window or running a subcommand loads
just what it needs: the window paints before any game model is built, and the command
line and the model layer never load Qt or reportlab.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from pydantic import BaseModel

CHARACTER_SUFFIX = ".sheetdesk"

PARTS: dict[str, str] = {
    "character": "rules.character",  # CHARACTER_MODEL, new_character()
    "rules": "rules.derived",        # derive(character)
    "npcs": "rules.npcs",            # npcs(): the book's NPCs as characters (optional)
    "commands": "rules.commands",    # the odds / roll / new hooks of the CLI (optional)
    "gm": "fight.gm",                # RULES: the GM screen adapter (optional)
    "editor": "editor.editor",       # EDITOR: the Qt editor class
    "editor_engine": "editor.engine",  # the Qt-free modules the editor uses (optional),
                                       # imported with the rules before Qt
    "sheet": "printing.sheet",       # draw_sheet(canvas, character, page)
    "text": "printing.text",         # text_document(character): the sheet's view as text
    "card": "printing.card",         # draw_card(canvas, character, box)
    "handouts": "printing.handouts",  # draw_handouts(canvas, character, page) (optional):
                                      # pages printed after the sheet (Powers' power cards)
}
"""Where each part of a game lives inside its package: the same rooms for every game
(rules and fight are pure; editor is Qt; printing is reportlab, except each game's
``printing.view`` and ``printing.text``, which only word the character)."""


class System(NamedTuple):
    """One game in the registry: its id, its names and the package its parts are imported from."""

    id: str
    name: str
    book: str
    """How findings cite the book, e.g. "POW!"."""
    package: str
    """The game's package, with its four rooms ``rules``, ``fight``, ``editor`` and
    ``printing`` (see PARTS)."""
    mark: str = ""
    """One or two letters that tell the game apart on its tab icon ("PU", "Pw")."""
    hue: int = -1
    """The icon's hue on the colour wheel (0-359), apart from every other game's."""

    def module_name(self, part: str) -> str:
        return f"{self.package}.{PARTS[part]}"

    def part(self, name: str) -> Any:
        """A lazily imported part of the game, by its name in PARTS."""
        return importlib.import_module(self.module_name(name))

    def optional_part(self, name: str) -> Any | None:
        """The part, or None if this game has none (a game may have no GM screen yet,
        no NPCs, no command-line hooks). A missing module *inside* the part still
        raises: that is a bug, not an absent part."""
        try:
            return self.part(name)
        except ModuleNotFoundError as exc:
            if exc.name == self.module_name(name):
                return None
            raise

    def has_part(self, name: str) -> bool:
        """Whether the game has the part, found without running it: importing a game's
        GM rules builds their models (30-115 ms each), and the GM screen's welcome
        page only lists the games that have them. As with ``optional_part``, a
        missing room (the part's package) is a bug and raises."""
        return importlib.util.find_spec(self.module_name(name)) is not None

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
        System("pow", "POW! Core Rules v1.01", "POW!", "desktop.systems.pow", "P!", 0),
        System("protector", "Protector, First Edition", "Protector",
               "desktop.systems.protector", "Pr", 215),
        System("pocket", "Pocket Universe Basic Rules", "Pocket Universe",
               "desktop.systems.pocket", "PU", 130),
        System("kruhl", "Warlords of Kruhl 3e", "Warlords of Kruhl", "desktop.systems.kruhl",
               "WK", 45),
        System("powers", "Powers (draft rules)", "Powers", "desktop.systems.powers", "Pw",
               280),
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
