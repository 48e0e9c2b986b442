"""Started as a child process by run.py: paint a main window, print the time, exit.

``bare`` shows an empty QMainWindow; ``sheetdesk`` runs the real launcher
(``desktop.cli.main([])``); ``open FILE NAME`` runs it on a character file, the way a
double-click does (``desktop.cli.main([FILE])``), and waits for the character's editor
painted in a window whose title names ``NAME``. ``floor FILE GAME`` is the part of
opening a file no editor code can skip: import pydantic, load the character through its
game's model, load the game's Designer form into a bare window and paint it — no
Sheetdesk window, binding, findings or derived values. All create the QApplication the
same way first, so the difference is what Sheetdesk itself adds to a cold start. The
time is printed once the first paint pass that shows what is waited for is over.
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget


def _report() -> None:
    print(f"painted {time.time():.6f}", flush=True)
    os._exit(0)


def _is_editor(widget: QObject) -> bool:
    """A game's editor (a CharacterEditor), found by name: importing desktop.ui here
    would count its import before the launcher's."""
    return any(cls.__name__ == "CharacterEditor" for cls in type(widget).__mro__)


class FirstPaint(QObject):
    def __init__(self, name: str | None = None) -> None:
        super().__init__()
        self.name = name
        """None: any main window; else the editor in a window titled with this name."""
        self.seen = False

    def _wanted(self, watched: QObject) -> bool:
        if self.name is None:
            return isinstance(watched, QMainWindow)
        if not isinstance(watched, QWidget) or not _is_editor(watched):
            return False
        window = watched.window()
        return isinstance(window, QMainWindow) and self.name in window.windowTitle()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.seen and event.type() == QEvent.Type.Paint and self._wanted(watched):
            self.seen = True
            QTimer.singleShot(0, _report)  # after the rest of this paint pass
        return False


def _floor(window: QMainWindow, path: str, game: str) -> None:
    from desktop.systems.files import load_character
    from desktop.ui.forms import load_form  # the app's own loader (no Designer plugins)

    load_character(path)
    window.setCentralWidget(load_form(f"{game}_editor.ui"))


def main(kind: str, *args: str) -> None:
    app = QApplication(sys.argv[:1])
    spy = FirstPaint(args[1] if kind == "open" else None)
    app.installEventFilter(spy)
    if kind in ("bare", "floor"):
        window = QMainWindow()
        if kind == "floor":
            _floor(window, *args)
        window.resize(1280, 860)
        window.show()
        app.exec()
    else:
        from desktop.cli import main as sheetdesk

        sheetdesk([args[0]] if kind == "open" else [])


if __name__ == "__main__":
    main(*sys.argv[1:])
