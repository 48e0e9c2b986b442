"""PySide's signature support, run only when something uses it.

Importing Qt runs shiboken's signature loader, which imports every module of its
support package as it starts. Most of them serve what a window may never ask for:

- ``mapping``, ``parser`` and ``layout`` turn Qt's signature strings into Python
  signatures, for ``__signature__``, ``help()`` and the messages of wrong calls;
- ``errorhandler`` writes those messages;
- ``lib.tool`` and ``lib.enum_sig`` serve them and the stub writer;
- ``lib.pyi_generator`` is the stub writer itself (the code of ``pyside6-genpyi``,
  which imports ``argparse`` and ``logging``).

Together, 4-5 ms of each start of a window (issue 17; A/B of opening a file).

Shiboken compiles the text of its support modules with the builtin ``compile`` as it
imports them, and ``compile_cache.qt_start`` stands in for that builtin while a window
command imports Qt. For these files it asks ``code`` here, which gives code that leaves
the module empty, its spec and name as shiboken expects, with the real code run the
first time anyone asks the module for something it lacks (``desktop.held_modules``):
when a call's arguments are wrong, or something asks a Qt function for its signature.
What imports the others, and what shiboken calls first (``importhandler``, ``feature``,
the loader), runs as before.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import CodeType
from typing import Any

from desktop.held_modules import held_back

PYI_GENERATOR = "shibokensupport/signature/lib/pyi_generator.py"
"""The stub writer's file name, as shiboken compiles it."""
HELD = frozenset({
    "shibokensupport/signature/parser.py",
    "shibokensupport/signature/layout.py",
    "shibokensupport/signature/errorhandler.py",
    "shibokensupport/signature/lib/tool.py",
    "shibokensupport/signature/lib/enum_sig.py",
    PYI_GENERATOR,
})
"""The support files whose bodies wait for their first use, as shiboken names them."""
BOOTSTRAP = "signature_bootstrap.py"
"""Shiboken's bootstrap, which unpacks the support files (``bootstrap_code``)."""
_ARCHIVE_READ = b"    return sys.meta_path, EmbeddableZipImporter(vzip)\n"
"""The last line of the bootstrap's ``prepare_zipfile``, as the files are taken over."""
_FILES_FROM_CACHE = (
    b"\n\ndef prepare_zipfile():  # desktop.pyside_support: the files kept\n"
    b"    return __import__('desktop.pyside_files').pyside_files.support_files(\n"
    b"        zipstring_sequence)\n")
FEATURE = "shibokensupport/feature.py"
"""PySide's ``__feature__`` support, which asks of every module imported after it whether
the module uses PySide (answered from the compile cache by ``desktop.pyside_scan``)."""
_STUB = "__import__('desktop.pyside_support').pyside_support.defer(__name__, {!r})"
_FEATURE_STUB = ("__import__('desktop.pyside_support').pyside_support"
                 ".run_feature(__name__, {!r})")
_after_feature: list[Callable[[], None]] = []
"""What runs once ``FEATURE``'s body has run (``after_feature``)."""
_held: dict[str, tuple[Any, int, Callable[..., CodeType]]] = {}
"""Each held file's text as shiboken read it, the compile flags it asked for, and what
compiles it when it runs."""


def code(source: Any, filename: str, flags: int,
         compile_file: Callable[[Any, str, str, int], CodeType]) -> CodeType:
    """What ``compile(source, filename, "exec", flags)`` gives while Qt is imported, for
    a file of ``HELD``: code that, run as the module's body, holds the real body back
    (``defer``). ``compile_file(source, filename, mode, flags)`` compiles the real body
    when it runs (the compile cache's, not the builtin that ``qt_start`` stands in for:
    a body run while Qt is imported would be held back again)."""
    _held[filename] = (source, flags, compile_file)
    return compile(_STUB.format(filename), filename, "exec", flags, True)


def bootstrap_code(source: Any, filename: str, flags: int,
                   compile_file: Callable[[Any, str, str, int], CodeType]) -> CodeType:
    """What ``compile`` gives for ``BOOTSTRAP`` while Qt is imported: its code, with
    ``prepare_zipfile`` taking the support files from the compile cache
    (``desktop.pyside_files``), where the bootstrap reads them as it did in the PySide
    versions this was written for (and ``SBK_EMBED``, which writes them out, is unset)."""
    if (isinstance(source, bytes) and _ARCHIVE_READ in source
            and b"\nclass EmbeddableZipImporter" in source and not os.environ.get("SBK_EMBED")):
        source = source + _FILES_FROM_CACHE
    return compile_file(source, filename, "exec", flags)


def after_feature(action: Callable[[], None]) -> None:
    """Have ``action`` run as soon as ``FEATURE``'s body has run, when Qt is imported
    under ``compile_cache.qt_start`` (``desktop.launch`` installs
    ``desktop.pyside_scan`` so)."""
    _after_feature.append(action)


def feature_code(source: Any, filename: str, flags: int,
                 compile_file: Callable[[Any, str, str, int], CodeType]) -> CodeType:
    """What ``compile`` gives for ``FEATURE`` while Qt is imported: code that runs the
    file's body, then what ``after_feature`` was given (``run_feature``).

    Shiboken asks its question as soon as that body has run, while Qt is still being
    imported: of every module an import statement of PySide, of shiboken or of
    ``desktop.app`` hands back, ``types`` and ``os`` among them, reading the source of
    each (some 20 modules, 1.5-2 ms of opening a file: issue 17)."""
    _held[filename] = (source, flags, compile_file)
    return compile(_FEATURE_STUB.format(filename), filename, "exec", flags, True)


def run_feature(name: str, filename: str) -> None:
    """``FEATURE``'s body, then what ``after_feature`` was given."""
    source, flags, compile_file = _held.pop(filename)
    exec(compile_file(source, filename, "exec", flags), sys.modules[name].__dict__)
    for action in _after_feature:
        action()


def defer(name: str, filename: str) -> None:
    """A held file's body: its real body waits for the module's first use."""
    module = sys.modules[name]
    source, flags, compile_file = _held.pop(filename)
    held_back(module, lambda: exec(compile_file(source, filename, "exec", flags),
                                   module.__dict__))
