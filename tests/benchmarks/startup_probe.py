"""Started as a child process by run.py: paint a main window, print the time, exit.

``bare`` shows an empty QMainWindow; ``sheetdesk`` runs the real launcher
(``desktop.cli.main([])``). Both create the QApplication the same way first, so the
difference is what Sheetdesk itself adds to a cold start.
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QMainWindow


class FirstPaint(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(watched, QMainWindow):
            print(f"painted {time.time():.6f}", flush=True)
            os._exit(0)
        return False


def main(kind: str) -> None:
    app = QApplication(sys.argv[:1])
    spy = FirstPaint()
    app.installEventFilter(spy)
    if kind == "bare":
        window = QMainWindow()
        window.resize(1280, 860)
        window.show()
        app.exec()
    else:
        from desktop.cli import main as sheetdesk

        sheetdesk([])


if __name__ == "__main__":
    main(sys.argv[1])
