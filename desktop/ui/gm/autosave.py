"""The GM screen's autosave: the encounter with unsaved changes is written every 30 s
to the user data folder (``autosave/encounters``), removed when it is saved or closed,
and offered back at the next start when the GM screen was killed or crashed. The
encounter file itself is never touched by it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer

from desktop.model.encounter import Encounter
from desktop.model.errors import DocumentError
from desktop.ui import autosave
from desktop.ui.gm.session import EncounterSession

KIND = "encounters"


@dataclass
class RecoveredEncounter:
    """A leftover encounter autosave as read back."""

    autosave: Path
    encounter: Encounter
    original: Path | None
    saved_at: str


class EncounterAutosave(QObject):
    """Keeps the session's encounter as an autosave while it has unsaved changes."""

    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.slot = autosave.AutosaveSlot(autosave.autosave_dir(KIND))
        self.timer = QTimer(self)
        self.timer.setInterval(autosave.INTERVAL_MS)
        self.timer.timeout.connect(self.keep)
        self.timer.start()
        session.modified_changed.connect(lambda modified: modified or self.discard())

    def keep(self) -> None:
        """Write the encounter now if it has unsaved changes (else remove its autosave)."""
        if not self.session.modified:
            self.discard()
            return
        from desktop.systems.encounters import encounter_to_data

        self.slot.write_data("encounter", encounter_to_data(self.session.encounter),
                             self.session.path)

    def discard(self) -> None:
        self.slot.discard()

    def adopt(self, leftover: Path) -> None:
        """Take over a restored autosave: it stays until the encounter is saved."""
        self.slot.adopt(leftover)


def leftovers() -> list[Path]:
    """Encounter autosaves of GM screens that no longer run, newest first."""
    found = autosave.leftovers(autosave.autosave_dir(KIND))
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def read(path: Path) -> RecoveredEncounter:
    """A leftover encounter autosave, or a DocumentError if it cannot be used."""
    from desktop.systems.encounters import encounter_from_data

    payload = autosave.read_payload(path)
    data = payload.get("encounter")
    if not isinstance(data, dict):
        raise DocumentError(path, "an autosave without an encounter")
    original = payload.get("original")
    return RecoveredEncounter(path, encounter_from_data(data, path),
                              Path(original) if original else None,
                              str(payload.get("saved_at", "")))


def offer_restore(prompts: Any, restore: Callable[[RecoveredEncounter], None]) -> None:
    """At start: offer the newest encounter a killed or crashed GM screen left unsaved
    (``restore`` opens it); "Discard" removes the leftovers, closing the question keeps
    them for next time. An unreadable one is reported and left where it is."""
    found: list[RecoveredEncounter] = []
    broken: list[str] = []
    for path in leftovers():
        try:
            found.append(read(path))
        except DocumentError as exc:
            broken.append(exc.message)
    if broken:
        prompts.warn("Autosave unreadable", "These encounter autosaves could not be read "
                     "and were left as they are:\n" + "\n".join(broken))
    if not found:
        return
    newest = found[0]
    answer = prompts.restore([f"• {newest.encounter.name or 'Encounter'} — "
                              f"{newest.original or 'never saved'} ({newest.saved_at})"],
                             "this encounter")
    if answer is None:
        return
    if answer:
        restore(newest)
        found = found[1:]
    for left in found:
        left.autosave.unlink(missing_ok=True)
