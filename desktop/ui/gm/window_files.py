"""The GM screen's encounter files: new, open, save, rename, print and the recent list.

A mixin of ``GmWindow`` (it reads the window's session, prompts and settings): the file
commands are one job, the window's layout and refresh another.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from desktop.model.errors import DocumentError
from desktop.systems.encounters import ENCOUNTER_SUFFIX, load_encounter, new_encounter
from desktop.ui.prompts import Unsaved

if TYPE_CHECKING:
    from desktop.model.encounter import Encounter
    from desktop.systems import System
    from desktop.ui.gm.prompts import GmPrompts
    from desktop.ui.gm.session import EncounterSession
    from desktop.ui.settings import Settings

MAX_RECENT = 8


class EncounterFiles:
    """File ▸ New / Open / Open Recent / Save / Save As / Rename / Print of ``GmWindow``."""

    session: EncounterSession
    prompts: GmPrompts
    settings: Settings
    recent_menu: QMenu
    _last_actors: tuple[str, ...] | None
    encounter: Encounter
    show_message: Callable[[str], None]
    game_choices: Callable[[], list[System]]

    def _ask_to_save(self) -> bool:
        """True if the current encounter may be put away (saved or discarded)."""
        if not self.session.modified:
            return True
        answer = self.prompts.unsaved(self.encounter.name or "Untitled encounter")
        if answer is Unsaved.CANCEL:
            return False
        return answer is Unsaved.DISCARD or self.save()

    def new_encounter(self) -> bool:
        systems = self.game_choices()
        if len(systems) == 1:
            index: int | None = 0
        else:
            index = self.prompts.choose_game([s.name for s in systems])
        if index is None or not self._ask_to_save():
            return False
        system = systems[index]
        self.settings.set_value("gm/system", system.id)
        self.session.reset(new_encounter(system.id, "Encounter"), None)
        return True

    def open_dialog(self) -> bool:
        recent = self.recent()
        folder = str(recent[0].parent) if recent else str(Path.home())
        path = self.prompts.open_encounter(folder)
        return self.open_path(path) if path is not None else False

    def open_path(self, path: str | Path) -> bool:
        """Open an encounter file; a broken one is reported in one line, left as it is."""
        path = Path(path)
        try:
            encounter = load_encounter(path)
        except DocumentError as exc:
            self.prompts.warn("Cannot open encounter", exc.message)
            return False
        if not self._ask_to_save():
            return False
        self._last_actors = None
        self.session.reset(encounter, path.resolve())
        self._remember(path)
        self.show_message(f"Opened {path}")
        return True

    def save(self) -> bool:
        if self.session.path is None:
            return self.save_as()
        return self._save_to(self.session.path)

    def save_as(self) -> bool:
        name = self.encounter.name or "encounter"
        suggested = self.session.path or (self._folder() / f"{name}{ENCOUNTER_SUFFIX}")
        path = self.prompts.save_encounter(str(suggested))
        if path is None:
            return False
        if not path.suffix:
            path = path.with_suffix(ENCOUNTER_SUFFIX)
        return self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        try:
            self.session.save(path)
        except DocumentError as exc:
            self.prompts.warn("Cannot save", exc.message)
            return False
        self._remember(path)
        self.show_message(f"Saved {path}")
        return True

    def rename(self) -> bool:
        name = self.prompts.text("Rename encounter", "Name:", self.encounter.name)
        return name is not None and self.session.rename(name)

    def print_dialog(self) -> bool:
        base = self.session.path or self._folder() / (self.encounter.name or "encounter")
        path = self.prompts.pdf_path(str(Path(base).with_suffix(".pdf")))
        return self.print_to(path) if path is not None else False

    def print_to(self, path: Path) -> bool:
        from desktop.pdf.encounter_print import print_encounter  # reportlab on demand

        if path.suffix.lower() != ".pdf":
            path = path.with_suffix(".pdf")
        paper = self.settings.value("export/paper") or "a4"
        try:
            print_encounter(self.encounter, path, paper=paper)  # type: ignore[arg-type]
        except (DocumentError, OSError, ValueError) as exc:
            self.prompts.warn("Cannot print", getattr(exc, "message", str(exc)))
            return False
        self.show_message(f"Printed the ID cards and status sheet to {path}")
        return True

    def _folder(self) -> Path:
        recent = self.recent()
        return recent[0].parent if recent else Path.home()

    # -- recent encounters ---------------------------------------------------------------
    def recent(self) -> list[Path]:
        text = self.settings.value("gm/recent")
        return [Path(p) for p in text.split("\n") if p] if text else []

    def _remember(self, path: Path) -> None:
        path = path.resolve()
        recent = [path, *(p for p in self.recent() if p != path)][:MAX_RECENT]
        self.settings.set_value("gm/recent", "\n".join(str(p) for p in recent))
        self._rebuild_recent()

    def _rebuild_recent(self) -> None:
        menu: QMenu = self.recent_menu
        menu.clear()
        recent = self.recent()
        for number, path in enumerate(recent, start=1):
            action = menu.addAction(f"&{number % 10} {path.name}")
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        menu.setEnabled(bool(recent))

