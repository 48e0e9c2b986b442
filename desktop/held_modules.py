"""Modules whose body runs the first time something uses them, not when imported.

``importlib.util.LazyLoader`` defers a module's body too, but counts any attribute read
as a use, ``__spec__`` included, and every ``import`` statement reads ``__spec__`` (to
see whether the module is still being imported): a module imported from a second place
would run at once. A held module keeps its spec, name and file in its dictionary, so
an ``import`` finds it complete; its body runs on the first read of a name it lacks
(PEP 562's module ``__getattr__``), and the module is then an ordinary one. (PySide's
``__import__`` may read the source of a module imported after Qt, which counts as a
use: a module is held back for what imports it before Qt.)

Two users, in the ``sheetdesk`` process alone: ``desktop.pyside_support`` holds back
most of PySide's signature support, and ``desktop.launch`` the standard modules the
start imports and does not use (``HELD_STDLIB``, ``hold_unused_stdlib``), before
anything imports them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib.util import find_spec, module_from_spec
from types import ModuleType
from typing import Any

HELD_STDLIB = ("secrets", "bz2", "lzma", "ntpath", "traceback", "tempfile", "shutil",
               "random", "zipfile")
"""Standard modules imported at start and not used by it (issue 17), 4-6 ms of opening a
file in all:

- ``secrets``: pydantic's ``import secrets`` (for ``Secret.__eq__``) brought in
  ``hmac``, ``hashlib`` and OpenSSL's ``_hashlib``, 2.3-2.6 ms;
- ``bz2`` and ``lzma``: ``shutil`` (under platformdirs' ``tempfile``) and ``zipfile``
  (under shiboken) import them only to learn whether they can, 1.1 ms with
  ``_compression`` and the two compression libraries;
- ``ntpath``: ``pathlib``'s Windows paths, 0.3 ms;
- ``traceback``: shiboken's signature loader and the app's crash guard print with it
  only when something fails, 1.2 ms;
- ``tempfile`` and ``shutil``: saving a file (``desktop.model.storage``) and writing
  a cache use them, a start that saves nothing does not; ``tempfile`` imports
  ``random`` as it runs, 1.5-2.5 ms with ``shutil`` (which ``zipfile``, under shiboken,
  imports too);
- ``random``: the dice (``desktop.model.dice``) use it from their first throw, 1.4 ms
  with its two compiled modules;
- ``zipfile``: shiboken's bootstrap imports it to unpack its support files, which a
  ``sheetdesk`` process takes from the compile cache once it has read them
  (``desktop.pyside_files``), 1-1.5 ms with ``zlib`` and a code page.

Each runs, whole, the first time anything uses it."""


def hold_unused_stdlib() -> None:
    """Hold back ``HELD_STDLIB`` (before the libraries that import them)."""
    for name in HELD_STDLIB:
        hold(name)


def hold(name: str) -> None:
    """Import ``name`` with its body held back until its first use. Nothing changes if
    it is imported already or cannot be found."""
    if name in sys.modules:
        return
    spec = find_spec(name)
    if spec is None or spec.loader is None:
        return
    module = module_from_spec(spec)
    loader = spec.loader

    def run_body() -> None:
        try:
            loader.exec_module(module)
        except BaseException:
            if sys.modules.get(name) is module:  # as a failed import: the next one retries
                del sys.modules[name]
            raise

    held_back(module, run_body)
    sys.modules[name] = module


def held_back(module: ModuleType, run_body: Callable[[], None]) -> None:
    """Make ``module`` run ``run_body`` (its body, into its dictionary) the first time
    something reads a name it lacks."""
    module.__dict__["_run_body"] = run_body
    module.__class__ = _NotYetRun


class _NotYetRun(ModuleType):
    def __getattr__(self, name: str) -> Any:
        run_body = self.__dict__.pop("_run_body", None)
        if run_body is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        self.__class__ = ModuleType
        run_body()
        return getattr(self, name)
