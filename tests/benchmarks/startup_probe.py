"""Started as a child process by run.py: paint a main window, print the time, exit.

``bare`` shows an empty QMainWindow; ``sheetdesk`` runs the real launcher
(``desktop.cli.main([])``); ``open FILE NAME`` runs it on a character file, the way a
double-click does (``desktop.cli.main([FILE])``), and waits for the character's editor
painted in a window whose title names ``NAME``. ``floor FILE GAME [TABS]`` is the part
of opening a file no editor code can skip: import pydantic, load the character through
its game's model (before Qt, as the launcher does), import Qt as the launcher does (its
support code from the compile cache), load the game's Designer form as its editor does
(with only the first page of the tab widget ``TABS``, if the editor loads it so) into a
bare window and paint it — no Sheetdesk window, binding, findings or derived values.

The launcher runs as ``sheetdesk`` does (``desktop.launch.prepare`` first, and so does
the floor): Qt is imported when the launcher imports it, not before (PySide's import
hook then reads the source of every module imported after it, so importing Qt first
would slow what the real app imports before Qt). The probe
watches the main window the app builds, and only it (see ``_watch``). The time is
printed once the first paint pass that shows what is waited for is over.
"""

from __future__ import annotations

import os
import sys
import time


def _report() -> None:
    print(f"painted {time.time():.6f}", flush=True)
    os._exit(0)


def _is_editor(widget) -> bool:
    """A game's editor (a CharacterEditor), found by name: importing desktop.ui here
    would count its import before the launcher's."""
    return any(cls.__name__ == "CharacterEditor" for cls in type(widget).__mro__)


def _editor_shown(window) -> bool:
    """Whether an editor is shown in ``window``: looked for breadth-first through the
    widgets shown, stopping at the first editor. (``findChildren`` would make a Python
    object of every one of the form's thousand widgets: 3-4 ms charged to the app that
    the bare window never pays.)"""
    from PySide6.QtWidgets import QWidget

    queue = [window]
    while queue:
        widget = queue.pop(0)
        if _is_editor(widget):
            return True
        queue.extend(child for child in widget.children()
                     if isinstance(child, QWidget) and child.isVisible())
    return False


def _watch(window, name: str | None) -> None:
    """Report after the first paint pass of ``window`` (with ``name`` given: one that
    shows a character's editor, in a window whose title holds ``name``).

    Only the window's own events are watched: a window is painted before the widgets in
    it, in one pass, and the report waits for the end of that pass. (An application-wide
    filter would run Python for every event of every widget, some 10,000 while an editor
    is built, and time itself as much as the app.)

    The paint is watched from the window's first show on: Qt asks the filter installed
    last first, so the report is queued ahead of what the app itself leaves until its
    window is painted (``desktop.ui.widgets.when_shown.after_first_paint``: its icon,
    Python's usual garbage collection), which comes after the window is on screen."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    paint, show = QEvent.Type.Paint, QEvent.Type.Show

    class FirstPaint(QObject):
        seen = False
        watching = False

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            kind = event.type()
            if kind == show and not self.watching:  # from now on, asked before the app's
                self.watching = True
                window.removeEventFilter(self)
                window.installEventFilter(self)
            elif not self.seen and kind == paint and (
                    name is None or (name in window.windowTitle() and _editor_shown(window))):
                self.seen = True
                QTimer.singleShot(0, _report)  # after the rest of this paint pass
            return False

    spy = FirstPaint(window)
    window.installEventFilter(spy)


def _bare(floor: tuple[str, str, str] | None) -> None:
    if floor is None:
        from PySide6.QtWidgets import QApplication, QMainWindow
    else:  # the character first, before Qt, as the launcher does
        from desktop import launch

        launch.prepare()
        from desktop.systems.files import load_character

        load_character(floor[0])
        from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    _watch(window, None)
    if floor is not None:
        from desktop.ui.forms import load_form  # the app's own loader (no Designer plugins)

        window.setCentralWidget(load_form(f"{floor[1]}_editor.ui", lazy_tabs=floor[2]))
    window.resize(1280, 860)
    window.show()
    app.exec()


def _launcher(files: list[str], name: str | None) -> None:
    """``desktop.cli.main(files)``, with the paint of the main window the app builds
    watched (reached through the launcher's entry lookup), after what ``sheetdesk``
    does before importing the command line (``desktop.launch.prepare``)."""
    from desktop import launch

    launch.prepare()
    import desktop.cli as cli

    find_entry = cli._entry

    def entry(spec: str):
        start = find_entry(spec)
        module = sys.modules[start.__module__]
        window_class = module.MainWindow

        def window_and_watch(*args, **kwargs):
            window = window_class(*args, **kwargs)
            _watch(window, name)
            return window

        module.MainWindow = window_and_watch
        return start

    cli._entry = entry
    cli.main(files)


def main(kind: str, *args: str) -> None:
    if kind == "bare":
        _bare(None)
    elif kind == "floor":
        _bare((args[0], args[1], args[2] if len(args) > 2 else ""))
    elif kind == "open":
        _launcher([args[0]], args[1])
    else:
        _launcher([], None)


if __name__ == "__main__":
    main(*sys.argv[1:])
