"""Shared Qt: main window, editor host, undo, bindings, widgets, settings.

The window entries (``desktop.app``, ``desktop.gm_app``) import Qt, then this package:
from here on PySide's look at each imported module is answered from the compile cache
(``desktop.pyside_scan``).
"""

from desktop import pyside_scan

pyside_scan.install()
