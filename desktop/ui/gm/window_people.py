"""Who fights on the GM screen: adding catalog NPCs, groups and player characters from
files, and writing a player character's damage back to its file when the fight is over.

A mixin of ``GmWindow``: every change still goes through the window's ``_do`` (one undo
step, one log line).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.model.encounter import Encounter
from desktop.model.errors import DocumentError
from desktop.systems import System, get
from desktop.ui.gm.session import message_of
from desktop.ui.gm.sources import generic, named

if TYPE_CHECKING:
    from desktop.ui.gm.links import OpenCharacters
    from desktop.ui.gm.prompts import GmPrompts
    from desktop.ui.settings import Settings


class CombatantSources:
    """Add NPCs, groups and character files to ``GmWindow``'s encounter; write back."""

    prompts: GmPrompts
    settings: Settings
    characters: OpenCharacters | None
    encounter: Encounter
    system: System
    show_message: Callable[[str], None]
    _do: Callable[[str, Callable[[Encounter], Encounter]], bool]
    selected_key: Callable[[], str | None]

    def add_combatants(self, template: Any, name: str, count: int, origin: str,
                       group: str = "") -> bool:
        """A catalog NPC (``template``) or a generic character, one or a group."""
        try:
            character = generic(self.system, name) if template is None else (
                named(template, name))
        except ValueError as exc:
            self.show_message(f"Add {name}: {message_of(exc)}")
            return False
        if count == 1:
            return self._do(f"Add {name}",
                            lambda e: e.add_character(character, origin=origin))
        return self._do(f"Add {group or f'{count} {name}'}",
                        lambda e: e.add_group(character, count, group, origin=origin))

    def add_files(self) -> bool:
        folder = self.settings.value("gm/character_folder") or str(Path.home())
        paths = self.prompts.character_paths(folder)
        if paths:
            self.settings.set_value("gm/character_folder", str(Path(paths[0]).parent))
        return self.add_paths(paths)

    def add_paths(self, paths: list[Path]) -> bool:
        """Add player characters; a file open in the main window joins as it is there."""
        loaded: list[tuple[Any, Path]] = []
        for path in paths:
            path = Path(path).resolve()
            try:
                character = self._open_version(path)
                if character is None:
                    from desktop.systems.files import load_character

                    character = load_character(path)
            except DocumentError as exc:
                self.prompts.warn("Cannot add character", exc.message)
                continue
            if character.system != self.encounter.system:
                self.prompts.warn("Cannot add character",
                                  f"{path}: a {get(character.system).name} character; this "
                                  f"encounter is {self.system.name}")
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
        done = self._do(f"Add {names}", add_all)
        if done:  # the only files Write back may replace (issue 18)
            self._added_paths().update(str(path) for _, path in loaded)
        return done

    def _added_paths(self) -> set[str]:
        """Character files added to this encounter from these paths in this session."""
        paths: set[str] | None = getattr(self, "_paths_added", None)
        if paths is None:
            paths = set()
            self._paths_added = paths
        return paths

    def _open_version(self, path: Path) -> Any | None:
        if self.characters is None:
            return None
        try:
            return self.characters.open_character(path)
        except RuntimeError:  # the main window has gone
            self.characters = None
            return None

    def write_back_selected(self) -> bool:
        key = self.selected_key()
        return self.write_back(key) if key else False

    def write_back(self, key: str) -> bool:
        """Save the combatant as the fight has left it to its character file; a file open
        in the main window gets it as one undoable edit there instead."""
        fighter = self.encounter.fighters.get(key)
        if fighter is None or not fighter.path:
            self.show_message(f"Write back: {key} did not come from a character file")
            return False
        if fighter.path not in self._added_paths():
            # A path an encounter file names is not trusted: only a file added in this
            # session from that very path is written (issue 18).
            self.prompts.warn("Cannot write back",
                              f"{key}: {fighter.path} was not added from that file in this "
                              "session; add the character from its file to write back")
            return False
        path = Path(fighter.path)
        if not self.prompts.confirm("Write back", f"Save {key} as the fight has left "
                                    f"them to {path}?", "Write back"):
            return False
        character = self.encounter.character(key)
        text = f"Written back from the GM screen ({self.encounter.name or 'encounter'})"
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
                self.prompts.warn("Cannot write back", exc.message)
                return False
        where = "the open character in the main window" if applied else str(path)
        self._do(f"Write back {key}", lambda e: e.note(f"{key} written back to {where}"))
        return True

