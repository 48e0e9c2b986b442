"""PySide's look at each module imported after Qt, kept between runs.

Once shiboken is imported, PySide's ``__import__`` asks of every module an import
statement hands back, the first time it sees it, whether the module uses PySide
(``shibokensupport.feature._mod_uses_pyside``: is "PySide6" in its source?), to know
which modules its ``__feature__`` switches apply to. It reads the whole source file to
answer: opening a character file asks it of about 70 modules (``typing`` and
``pydantic.json_schema`` among them), 8 ms.

``install`` keeps each answer in the compile cache's file (``desktop.compile_cache``),
keyed by the source file's path, size and modification time as a .pyc file is, and
gives it from there on later runs: the same answer for the same file, without reading
it. A module without a source file of its own is asked about as before.

Only the ``sheetdesk`` process (whose compile cache is installed) uses it. A window
command installs it as soon as PySide's ``__feature__`` module has run, before its first
question (``desktop.launch`` has ``desktop.pyside_support`` do so while Qt is imported
under ``compile_cache.qt_start``); importing ``desktop.ui``, the first of the app's
modules imported after Qt, installs it otherwise.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import ModuleType

from desktop import compile_cache

FEATURE = "shibokensupport.feature"
"""PySide's module of ``__feature__`` support, loaded by shiboken's import."""
CHECK = "_mod_uses_pyside"


def install() -> None:
    """Answer PySide's question from the cache from now on. Nothing changes before
    shiboken is imported, without the compile cache, or if PySide no longer asks it
    that way."""
    feature = sys.modules.get(FEATURE)
    check = getattr(feature, CHECK, None)
    if (compile_cache.installed() and callable(check)
            and not getattr(check, "kept", False)):
        setattr(feature, CHECK, _kept(check))


def _kept(check: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    def uses_pyside(module: ModuleType) -> bool:
        key = _key(module)
        if key is None:
            return check(module)
        answer = compile_cache.recall(key, bool)
        if answer is None:
            answer = bool(check(module))
            compile_cache.keep(key, answer)
        return answer

    uses_pyside.kept = True  # type: ignore[attr-defined]
    return uses_pyside


def _key(module: ModuleType) -> str | None:
    """What the answer for ``module`` is kept under: its source file, as it is now; None
    for a module without one (built in, compiled, frozen, or its file gone)."""
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or not path.endswith(".py"):
        return None
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return f"pyside-uses:{path}:{found.st_size}:{found.st_mtime_ns}"
