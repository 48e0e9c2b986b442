"""What the GM screen does when its encounter file changes on disk: reload it quietly
when there is nothing unsaved, else a bar above the roster offers the choices; a
deleted or renamed file is reported, and Save then asks where to save.

The same watch and bar as the main window's characters (``desktop.ui.file_watch``,
``desktop.ui.disk_changes``). The GM screen has no autosave, so "Reload theirs" keeps
the GM's version as a "(my copy)" file beside theirs: nothing is lost either way.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from PySide6.QtCore import QObject

from desktop.model.disk_stamp import DiskStamp
from desktop.model.errors import DocumentError
from desktop.systems.encounters import load_encounter, save_encounter
from desktop.ui.disk_changes import DiskBar, copy_path
from desktop.ui.file_watch import FileWatch

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from desktop.model.encounter import Encounter
    from desktop.ui.gm.session import EncounterSession


class DiskHost(Protocol):
    """What the watch uses of the GM window."""

    session: EncounterSession

    def show_message(self, text: str) -> None: ...
    def centralWidget(self) -> QWidget: ...


def _system_of(session: EncounterSession) -> str:
    return session.encounter.system


class EncounterDiskChanges(QObject):
    """Connects a ``FileWatch`` on the session's file to the GM window."""

    def __init__(self, window: DiskHost, remember: Callable[[Path], None]) -> None:
        super().__init__(cast(QObject, window))
        self.window = window
        self._remember = remember
        self.bar: DiskBar | None = None
        session = window.session
        self.watch = FileWatch(lambda: [window.session], self, load=load_encounter,
                               system_of=_system_of)
        self.watch.reloaded.connect(self._reloaded)
        self.watch.conflict.connect(self._conflict)
        self.watch.gone.connect(self._gone)
        self.watch.unreadable.connect(self._unreadable)
        self.watch.restored.connect(self._restored)
        session.path_changed.connect(self._moved)
        self.watch.watch(session)

    # -- told by the file commands -------------------------------------------------------
    def opened(self) -> None:
        """Another encounter (opened, or a new one): what was said of the last is moot."""
        self._moved()

    def saved(self) -> None:
        """The encounter was just saved: what is on disk is the GM's again."""
        session = self.window.session
        self.watch.settled(session)
        self.watch.watch(session)
        self._drop_bar()

    def _moved(self) -> None:
        session = self.window.session
        self.watch.unwatch_all()
        self.watch.settled(session)
        self.watch.watch(session)
        self._drop_bar()

    # -- told by the watch ---------------------------------------------------------------
    def _name(self) -> str:
        path = self.window.session.path
        return path.name if path is not None else "The encounter"

    def _tell(self, text: str) -> None:
        self.window.show_message(text)

    def _reloaded(self, _session: Any) -> None:
        self._drop_bar()
        self._tell(f"Reloaded {self._name()}: it changed on disk")

    def _restored(self, _session: Any) -> None:
        self._drop_bar()
        self._tell(f"{self._name()} on disk is again the version you have")

    def _unreadable(self, _session: Any, why: str) -> None:
        self._tell(f"{self._name()} changed on disk but cannot be read yet (a sync may "
                   f"still be writing it); trying again. {why}")

    def _gone(self, _session: Any) -> None:
        self._tell(f"{self._name()} was deleted or renamed on disk: Save will ask where "
                   "to save it")
        bar = self._show_bar(f"<b>{self._name()}</b> was deleted or renamed on disk. "
                             "Your encounter is still here: Save asks where to save it.")
        bar.reload_button.hide()
        bar.keep_button.setText("OK")
        bar.keep_button.setToolTip("")
        bar.keep_button.clicked.connect(lambda: self._drop_bar())
        bar.copy_button.hide()

    def _conflict(self, _session: Any, theirs: Encounter, stamp: DiskStamp) -> None:
        name = self._name()
        self._tell(f"{name} changed on disk while you have unsaved changes")
        bar = self._show_bar(f"<b>{name}</b> changed on disk (another device or program "
                             "saved it) while you have unsaved changes.")
        bar.reload_button.setToolTip('Take the version on disk; yours is kept beside it '
                                     'as "(my copy)"')
        bar.reload_button.clicked.connect(lambda: self.reload_theirs(theirs, stamp))
        bar.keep_button.clicked.connect(lambda: self.keep_mine(stamp))
        bar.copy_button.clicked.connect(lambda: self.save_copy())

    # -- the three ways on ---------------------------------------------------------------
    def reload_theirs(self, theirs: Encounter, stamp: DiskStamp) -> bool:
        """Theirs in the window; the GM's version written beside it as "(my copy)"."""
        session = self.window.session
        if session.path is None:
            return False
        mine = copy_path(session.path)
        try:
            save_encounter(mine, session.encounter)
        except DocumentError as exc:
            self._tell(f"Not reloaded: your version could not be kept ({exc.message})")
            return False
        session.reload(theirs, stamp)  # shown as an undo would: a new turn selects anew
        self.watch.settled(session)
        self._drop_bar()
        self._tell(f"Reloaded {session.path.name}; your version is kept as {mine.name}")
        return True

    def keep_mine(self, stamp: DiskStamp) -> None:
        """Go on with the GM's version: Save writes it over theirs without asking."""
        session = self.window.session
        session.disk = stamp
        self.watch.settled(session)
        self._drop_bar()

    def save_copy(self) -> bool:
        """The GM's version saved beside theirs under a free name; the window goes on
        with the copy, theirs stays as it is on disk."""
        session = self.window.session
        if session.path is None:
            return False
        theirs = session.path
        target = copy_path(theirs)
        try:
            session.save(target)
        except DocumentError as exc:
            self._tell(f"Not saved: {exc.message}")
            return False
        self.saved()
        self._remember(target)
        self._tell(f"Saved your version as {target.name}; {theirs.name} on disk is theirs")
        return True

    # -- the bar -------------------------------------------------------------------------
    def _show_bar(self, text: str) -> DiskBar:
        self._drop_bar()
        central = self.window.centralWidget()
        self.bar = DiskBar(text, central)
        layout = central.layout()
        if hasattr(layout, "insertWidget"):
            layout.insertWidget(0, self.bar)  # above the turn bar and the roster
        return self.bar

    def _drop_bar(self) -> None:
        bar, self.bar = self.bar, None
        if bar is not None:
            bar.hide()
            bar.deleteLater()
