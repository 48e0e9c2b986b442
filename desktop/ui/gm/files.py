"""The GM screen's encounter files: new, open, save, rename, print and the recent list.

A part of ``GmWindow``: the file commands are one job, the window's layout and refresh
another. It works on the window's session (which holds the encounter, its path and its
undo history), asks through the window's prompts and remembers folders and recent files
in its settings.

The open file is watched (``desktop.ui.gm.disk_changes``), and Save never replaces a
file that changed on disk since it was read without asking; a file gone from disk is
saved where the GM says.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from desktop.model.disk_stamp import ChangedOnDisk, GoneFromDisk, stamp_of
from desktop.model.errors import DocumentError
from desktop.systems.encounters import ENCOUNTER_SUFFIX, load_encounter, new_encounter
from desktop.ui.gm.disk_changes import EncounterDiskChanges
from desktop.ui.prompts import Unsaved

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu, QWidget

    from desktop.model.encounter import Encounter
    from desktop.systems import System
    from desktop.ui.gm.autosave import EncounterAutosave, RecoveredEncounter
    from desktop.ui.gm.prompts import GmPrompts
    from desktop.ui.gm.roster import Roster
    from desktop.ui.gm.session import EncounterSession
    from desktop.ui.settings import Settings

MAX_RECENT = 8


class FilesHost(Protocol):
    """What the file commands use of the GM window."""

    session: EncounterSession
    prompts: GmPrompts
    settings: Settings
    roster: Roster
    autosave: EncounterAutosave

    @property
    def encounter(self) -> Encounter: ...
    def show_message(self, text: str) -> None: ...
    def game_choices(self) -> list[System]: ...
    def centralWidget(self) -> QWidget: ...


class EncounterFiles:
    """File ▸ New / Open / Open Recent / Save / Save As / Rename / Print of the window."""

    def __init__(self, window: FilesHost) -> None:
        self.window = window
        self._recent_menu: QMenu | None = None
        self.disk = EncounterDiskChanges(window, self._remember)
        """The watch on the open file and the bar that tells of changes on disk."""

    def ask_to_save(self) -> bool:
        """True if the current encounter may be put away (saved or discarded)."""
        window = self.window
        if not window.session.modified:
            return True
        answer = window.prompts.unsaved(window.encounter.name or "Untitled encounter")
        if answer is Unsaved.CANCEL:
            return False
        return answer is Unsaved.DISCARD or self.save()

    def new_encounter(self) -> bool:
        """A new empty encounter, of a game the GM picks when there are several."""
        window = self.window
        systems = window.game_choices()
        if len(systems) == 1:
            index: int | None = 0
        else:
            index = window.prompts.choose_game([s.name for s in systems])
        if index is None or not self.ask_to_save():
            return False
        system = systems[index]
        window.settings.set_value("gm/system", system.id)
        window.session.reset(new_encounter(system.id, "Encounter"), None)
        self.disk.opened()
        return True

    def switch_game(self, system_id: str) -> None:
        """Another game for the empty encounter (nothing to lose: nobody is in it)."""
        window = self.window
        encounter = window.encounter
        if system_id == encounter.system or encounter.fighters:
            return
        window.settings.set_value("gm/system", system_id)
        window.session.reset(new_encounter(system_id, encounter.name or "Encounter"),
                             window.session.path)

    def open_dialog(self) -> bool:
        recent = self.recent()
        folder = str(recent[0].parent) if recent else str(Path.home())
        path = self.window.prompts.open_encounter(folder)
        return self.open_path(path) if path is not None else False

    def open_path(self, path: str | Path) -> bool:
        """Open an encounter file; a broken one is reported in one line, left as it is."""
        window = self.window
        path = Path(path)
        stamp = stamp_of(path)  # before reading: a change while it is read is seen later
        try:
            encounter = load_encounter(path)
        except DocumentError as exc:
            window.prompts.warn("Cannot open encounter", exc.message)
            return False
        if not self.ask_to_save():
            return False
        window.roster.forget_turn()
        window.session.reset(encounter, path.resolve(), stamp)
        self.disk.opened()
        self._remember(path)
        window.show_message(f"Opened {path}")
        return True

    def restore_autosave(self, recovered: RecoveredEncounter) -> None:
        """An autosaved encounter back in the window, unsaved until the GM saves it; its
        autosave is kept until then."""
        window = self.window
        window.roster.forget_turn()
        window.session.reset(recovered.encounter, recovered.original)
        window.session.undo_stack.resetClean()  # unsaved: Save writes it
        self.disk.opened()
        window.autosave.adopt(recovered.autosave)
        window.show_message("Restored the encounter's unsaved changes: save to keep them")

    def save(self) -> bool:
        path = self.window.session.path
        if path is None:
            return self.save_as()
        return self._save_to(path)

    def save_as(self, gone: bool = False) -> bool:
        """Save under a name the GM gives (``gone``: the file was deleted or renamed
        on disk, and its own name may be given again)."""
        window = self.window
        name = window.encounter.name or "encounter"
        suggested = window.session.path or (self._folder() / f"{name}{ENCOUNTER_SUFFIX}")
        path = window.prompts.save_encounter(str(suggested))
        if path is None:
            return False
        if not path.suffix:
            path = path.with_suffix(ENCOUNTER_SUFFIX)
        # The file dialog asked before replacing a file there; a file gone from disk is
        # saved again where it was if the GM says so.
        return self._save_to(path, overwrite=gone)

    def _save_to(self, path: Path, overwrite: bool = False) -> bool:
        """Save to ``path``; if the file there changed on disk since it was read, ask
        before replacing it, and if it is gone, ask where to save."""
        prompts = self.window.prompts
        try:
            self.window.session.save(path, overwrite=overwrite)
        except GoneFromDisk as exc:
            prompts.warn("File gone", f"{exc.message}. Choose where to save it.")
            return self.save_as(gone=True)
        except ChangedOnDisk as exc:
            if not prompts.confirm("Changed on disk", f"{exc.message}. Replace it with "
                                   "your version?", "Replace"):
                return False
            return self._save_to(path, overwrite=True)
        except DocumentError as exc:
            prompts.warn("Cannot save", exc.message)
            return False
        self.disk.saved()
        self._remember(path)
        self.window.show_message(f"Saved {path}")
        return True

    def rename(self) -> bool:
        window = self.window
        name = window.prompts.text("Rename encounter", "Name:", window.encounter.name)
        return name is not None and window.session.rename(name)

    def print_dialog(self) -> bool:
        window = self.window
        base = window.session.path or self._folder() / (
            window.encounter.name or "encounter")
        path = window.prompts.pdf_path(str(Path(base).with_suffix(".pdf")))
        return self.print_to(path) if path is not None else False

    def print_to(self, path: Path) -> bool:
        """The encounter's ID cards and status sheet as a PDF at ``path``."""
        from desktop.pdf.encounter_print import print_encounter  # reportlab on demand

        window = self.window
        if path.suffix.lower() != ".pdf":
            path = path.with_suffix(".pdf")
        paper = window.settings.value("export/paper") or "a4"
        try:
            print_encounter(window.encounter, path, paper=paper)  # type: ignore[arg-type]
        except (DocumentError, OSError, ValueError) as exc:
            window.prompts.warn("Cannot export", getattr(exc, "message", str(exc)))
            return False
        window.show_message(f"Exported the ID cards and status sheet to {path}")
        return True

    def _folder(self) -> Path:
        recent = self.recent()
        return recent[0].parent if recent else Path.home()

    # -- recent encounters ---------------------------------------------------------------
    def recent(self) -> list[Path]:
        """The encounter files opened or saved last, newest first."""
        text = self.window.settings.value("gm/recent")
        return [Path(p) for p in text.split("\n") if p] if text else []

    def show_recent_in(self, menu: QMenu) -> None:
        """Keep ``menu`` (File ▸ Open Recent) listing the recent files."""
        self._recent_menu = menu
        self._rebuild_recent()

    def _remember(self, path: Path) -> None:
        path = path.resolve()
        recent = [path, *(p for p in self.recent() if p != path)][:MAX_RECENT]
        self.window.settings.set_value("gm/recent", "\n".join(str(p) for p in recent))
        self._rebuild_recent()

    def _rebuild_recent(self) -> None:
        menu = self._recent_menu
        if menu is None:
            return
        menu.clear()
        recent = self.recent()
        for number, path in enumerate(recent, start=1):
            action = menu.addAction(f"&{number % 10} {path.name}")
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        menu.setEnabled(bool(recent))
