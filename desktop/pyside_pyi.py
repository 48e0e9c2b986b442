"""PySide's stub writer (``pyi_generator``), run only if something uses it.

Importing Qt runs shiboken's signature loader, which imports every module of its
support package, ``shibokensupport.signature.lib.pyi_generator`` among them: the code
of ``pyside6-genpyi``, which writes .pyi files. Its first lines import ``argparse`` and
``logging``: 2.5 ms of each start of a window, for a tool the app never runs.

Shiboken compiles the text of its support modules with the builtin ``compile`` as it
imports them, and ``compile_cache.qt_start`` stands in for that builtin while a window
command imports Qt. For this one file it asks ``code`` here, which gives code that
leaves the module empty, its spec and name as shiboken expects, with the real code run
the first time anyone asks the module for something it lacks
(``desktop.held_modules``).
"""

from __future__ import annotations

import sys
from types import CodeType
from typing import Any

from desktop.held_modules import held_back

FILE = "shibokensupport/signature/lib/pyi_generator.py"
"""The stub writer's file name, as shiboken compiles it."""
_STUB = "__import__('desktop.pyside_pyi').pyside_pyi.defer(__name__)"
_held: dict[str, tuple[Any, int]] = {}
"""The stub writer's text as shiboken read it, and the compile flags it asked for."""


def code(source: Any, flags: int) -> CodeType:
    """What ``compile(source, FILE, "exec", flags)`` gives while Qt is imported: code
    that, run as the module's body, holds the real body back (``defer``)."""
    _held[FILE] = (source, flags)
    return compile(_STUB, FILE, "exec", flags, True)


def defer(name: str) -> None:
    """The stub writer's body: its real body waits for the module's first use."""
    module = sys.modules[name]
    source, flags = _held.pop(FILE)
    held_back(module, lambda: exec(compile(source, FILE, "exec", flags, True),
                                   module.__dict__))
