"""Who fights on the GM screen: catalog NPCs, groups and player characters from files or
open in the main window, and a player character's damage written back to its file when
the fight is over.

A part of ``GmWindow``: every change still goes through the window's ``do`` (one undo
step, one log line). It alone talks to the main window's open characters
(``OpenCharacters``), and only writes back to files added from that very path in this
session: a path an encounter file names is not trusted.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from desktop.model.errors import DocumentError
from desktop.systems import get
from desktop.ui.gm.session import message_of
from desktop.ui.gm.sources import generic, named

if TYPE_CHECKING:
    from desktop.model.encounter import Encounter
    from desktop.systems import System
    from desktop.ui.gm.links import OpenCharacters
    from desktop.ui.gm.prompts import GmPrompts
    from desktop.ui.gm.roster import Roster
    from desktop.ui.settings import Settings


class SourcesHost(Protocol):
    """What the combatant sources use of the GM window."""

    prompts: GmPrompts
    settings: Settings
    roster: Roster

    @property
    def encounter(self) -> Encounter: ...
    @property
    def system(self) -> System: ...
    def do(self, text: str, operation: Callable[[Encounter], Encounter]) -> bool: ...
    def show_message(self, text: str) -> None: ...


class CombatantSources:
    """Add NPCs, groups and character files to the window's encounter; write back."""

    def __init__(self, window: SourcesHost, characters: OpenCharacters | None) -> None:
        self.window = window
        self.characters = characters
        """The main window's open characters; None alone or once it has gone."""
        self._added_paths: set[str] = set()
        """Character files added to this encounter from these paths in this session."""

    def add_combatants(self, template: Any, name: str, count: int, origin: str,
                       group: str = "") -> bool:
        """A catalog NPC (``template``) or a generic character, one or a group."""
        window = self.window
        try:
            character = generic(window.system, name) if template is None else (
                named(template, name))
        except ValueError as exc:
            window.show_message(f"Add {name}: {message_of(exc)}")
            return False
        if count == 1:
            return window.do(f"Add {name}",
                             lambda e: e.add_character(character, origin=origin))
        return window.do(f"Add {group or f'{count} {name}'}",
                         lambda e: e.add_group(character, count, group, origin=origin))

    def add_files(self) -> bool:
        """Ask for character files and add them (the folder is remembered)."""
        settings = self.window.settings
        folder = settings.value("gm/character_folder") or str(Path.home())
        paths = self.window.prompts.character_paths(folder)
        if paths:
            settings.set_value("gm/character_folder", str(Path(paths[0]).parent))
        return self.add_paths(paths)

    def add_paths(self, paths: list[Path]) -> bool:
        """Add player characters; a file open in the main window joins as it is there."""
        window = self.window
        loaded: list[tuple[Any, Path]] = []
        for path in paths:
            path = Path(path).resolve()
            try:
                character = self._open_version(path)
                if character is None:
                    from desktop.systems.files import load_character

                    character = load_character(path)
            except DocumentError as exc:
                window.prompts.warn("Cannot add character", exc.message)
                continue
            if character.system != window.encounter.system:
                window.prompts.warn("Cannot add character",
                                    f"{path}: a {get(character.system).name} character; "
                                    f"this encounter is {window.system.name}")
                continue
            loaded.append((character, path))
        return self.add_characters(loaded)

    def add_characters(self, loaded: list[tuple[Any, Path]]) -> bool:
        """Add characters read from these files, as one undo step."""
        if not loaded:
            return False

        def add_all(e: Encounter) -> Encounter:
            for character, path in loaded:
                e = e.add_character(character, path=str(path), origin="file")
            return e

        names = ", ".join(c.name or "Unnamed" for c, _ in loaded)
        done = self.window.do(f"Add {names}", add_all)
        if done:  # the only files Write back may replace
            self._added_paths.update(str(path) for _, path in loaded)
        return done

    def _open_version(self, path: Path) -> Any | None:
        if self.characters is None:
            return None
        try:
            return self.characters.open_character(path)
        except RuntimeError:  # the main window has gone
            self.characters = None
            return None

    # -- characters open in the main window --------------------------------------------
    def open_character_paths(self) -> list[Any]:
        """Files of this game's characters open in the main window (saved ones)."""
        editors = getattr(self.characters, "editors", None)
        if editors is None:
            return []
        try:
            docs = [e.document for e in editors()]
        except RuntimeError:  # the main window has gone
            return []
        system = self.window.encounter.system
        return [d.path for d in docs if d.path is not None and getattr(
            d.character, "system", None) == system]

    def add_open_characters(self) -> bool:
        return self.add_paths(self.open_character_paths())

    # -- writing back ------------------------------------------------------------------
    def write_back_selected(self) -> bool:
        key = self.window.roster.selected_key()
        return self.write_back(key) if key else False

    def write_back(self, key: str) -> bool:
        """Save the combatant as the fight has left it to its character file; a file open
        in the main window gets it as one undoable edit there instead."""
        window = self.window
        encounter = window.encounter
        fighter = encounter.fighters.get(key)
        if fighter is None or not fighter.path:
            window.show_message(f"Write back: {key} did not come from a character file")
            return False
        if fighter.path not in self._added_paths:
            # A path an encounter file names is not trusted: only a file added in this
            # session from that very path is written.
            window.prompts.warn("Cannot write back",
                                f"{key}: {fighter.path} was not added from that file in "
                                "this session; add the character from its file to write "
                                "back")
            return False
        path = Path(fighter.path)
        if not window.prompts.confirm("Write back", f"Save {key} as the fight has left "
                                      f"them to {path}?", "Write back"):
            return False
        character = encounter.character(key)
        text = f"Written back from the GM screen ({encounter.name or 'encounter'})"
        applied = False
        if self.characters is not None:
            try:
                applied = self.characters.write_back(path, character, text)
            except RuntimeError:
                self.characters = None
        if not applied:
            from desktop.systems.files import save_character

            try:
                save_character(path, character)
            except DocumentError as exc:
                window.prompts.warn("Cannot write back", exc.message)
                return False
        where = "the open character in the main window" if applied else str(path)
        window.do(f"Write back {key}", lambda e: e.note(f"{key} written back to {where}"))
        return True
