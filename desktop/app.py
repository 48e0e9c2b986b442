"""Starting the desktop application."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Sequence

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from desktop import APP_ID, APP_NAME, __version__, launch
from desktop.paths import resource
from desktop.ui.main_window import MainWindow
from desktop.ui.widgets.when_shown import after_first_paint


def create_application(argv: Sequence[str] | None = None) -> QApplication:
    """The application, named; its icon comes once its first window is painted
    (``started``)."""
    app = QApplication.instance() or QApplication(list(argv or sys.argv[:1]))
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)
    return app  # type: ignore[return-value]


def started() -> None:
    """What the app and the GM screen do once their window is first painted: the
    process's own (``desktop.launch.started``), then the app's icon for its windows.

    The icon is drawn by the window manager (title bar, task bar), never in the window's
    paint, so reading it (an SVG, with Qt's SVG icon engine) waits until the window is
    on screen."""
    launch.started()
    icon = resource("icons", "sheetdesk.svg")
    if icon.exists():
        QApplication.setWindowIcon(QIcon(str(icon)))


def _install_crash_guard(window: MainWindow) -> None:
    """An unexpected error: the work is autosaved at once, the error is shown, and the
    app goes on. The autosave comes first, so that nothing in the reporting can stand
    in its way."""
    def hook(kind, value, tb) -> None:
        from PySide6.QtWidgets import QMessageBox

        window.autosave_now()
        traceback.print_exception(kind, value, tb)
        QMessageBox.critical(window, "Unexpected error",
                             f"Something went wrong: {value}\n\nYour unsaved changes were "
                             "autosaved. Please save your work.")

    sys.excepthook = hook


def main(files: Sequence[str] = ()) -> int:
    app = create_application()
    window = MainWindow()
    _install_crash_guard(window)
    # The files are read and their editors built before the first show, so a
    # double-clicked character is on screen in the first paint (no empty window first).
    opened = [editor for name in files if (editor := window.open_path(name)) is not None]
    after_first_paint(window, started)
    window.show()
    window.offer_restore()
    if opened:  # the last file opened stays in front of restored autosaves, as before
        window.tabs.setCurrentWidget(opened[-1])
    return app.exec()
