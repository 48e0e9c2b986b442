"""The ``sheetdesk`` process: its entry (the console script and ``python -m desktop``)
and its exit.

``prepare`` runs before anything else is imported; then ``desktop.cli`` runs the
command line. Kept apart from ``desktop.cli`` so that importing the command line (as
tests and the benchmarks do) changes nothing in the importing process.
"""

from __future__ import annotations

import os
import sys

from desktop import gc_pace

TYPE_CHECKING = False  # typing's own, without importing typing before the pace is set
if TYPE_CHECKING:
    from typing import NoReturn, TextIO

NO_PAINT_THREADS = "QT_NO_GUI_THREADPOOL"
"""Set, Qt paints in the thread that paints (``_paint_in_one_thread``)."""
PYDANTIC_PLUGIN_LOADER = "pydantic.plugin._loader"
"""The module pydantic asks for its plugins (``get_plugins``) when it builds a model."""


def prepare() -> None:
    """What the process does first: bind compiled modules' functions lazily
    (``_bind_lazily``); paint in one thread (``_paint_in_one_thread``); reuse the code
    that earlier runs compiled while creating classes (``desktop.compile_cache``),
    before any module creates one, and the regular expressions they compiled
    (``desktop.regex_cache``), and the fields of the models they collected
    (``desktop.model_fields_cache``), and PySide's answers about each module imported
    after Qt from its first question on (``desktop.pyside_scan``); make Qt's enums
    directly (``desktop.qt_enums``);
    build the models without pydantic plugins; run the standard modules pydantic imports and
    Sheetdesk never uses only if something uses them (``desktop.held_modules``); and
    collect garbage rarely while it starts (``desktop.gc_pace``: a window goes back to
    Python's pace once it is painted).

    The pace is set first, and the modules that do the rest are imported after it (this
    module imports none of its own before): importing them (``typing``,
    ``dataclasses``, ``inspect``, ``pathlib``) and reading the compile cache made twenty
    collections at Python's pace, 3 ms of every start."""
    gc_pace.collect_rarely()
    _bind_lazily()
    _paint_in_one_thread()
    from desktop import held_modules

    held_modules.hold_unused_stdlib()  # before anything imports them
    from desktop import (
        compile_cache,
        model_fields_cache,
        pyside_scan,
        pyside_support,
        qt_enums,
        regex_cache,
    )

    compile_cache.install()
    pyside_support.after_feature(pyside_scan.install)
    model_fields_cache.install_when_imported()
    regex_cache.install()
    qt_enums.install()
    _without_pydantic_plugins()


def _bind_lazily() -> None:
    """Load compiled modules binding their functions on first call, as programs do.

    Python opens an extension module with ``RTLD_NOW``: the dynamic linker resolves
    every function the module and the libraries it loads call, before the import
    returns: some 17,500 for QtCore, QtGui, QtWidgets and their Qt libraries, of which
    a window calls a small part. ``RTLD_LAZY`` resolves each on its first call
    instead: 3-6 ms of a start (issue 17). Only when a function is bound changes, not
    which library provides it. (Not on Windows, which has no such flags.)"""
    if hasattr(sys, "setdlopenflags") and hasattr(os, "RTLD_LAZY"):
        sys.setdlopenflags((sys.getdlopenflags() & ~os.RTLD_NOW) | os.RTLD_LAZY)


def _paint_in_one_thread() -> None:
    """Qt's raster painting without its pool of threads (``QT_NO_GUI_THREADPOOL``).

    Qt 6 cuts a fill of more than 96 spans (a scroll bar's gradient, a frame) into jobs
    for a pool of threads and waits for them. A window's fills are a few thousand pixels
    each: the first paint of an editor started the pool's threads and waited on them,
    20 ms where one thread paints it in 10 (issue 17). Qt reads the variable at its
    first fill; one the user set is left as it is."""
    os.environ.setdefault(NO_PAINT_THREADS, "1")


def started() -> None:
    """What a window does once it is painted: Python's own pace of garbage collection
    again (``desktop.gc_pace``), and regular expressions compiled by ``re`` alone: what
    starting compiles is kept for the next start, what the user's searches compile (the
    GM reference's) is not."""
    from desktop import regex_cache

    gc_pace.collect_as_usual()
    regex_cache.uninstall()


def _without_pydantic_plugins() -> None:
    """Sheetdesk's models run no pydantic plugins (a plugin installed beside it, such as
    a tracer, would watch or change how a character file is read).

    pydantic finds plugins as it builds its first model: it imports ``importlib.metadata``
    (and with it the ``email`` package) and reads the entry points of every installed
    distribution, 8-10 ms of each start. ``PYDANTIC_DISABLE_PLUGINS`` would skip the
    reading but not the import, so the loader module itself is given here: one that
    finds none. (tests/test_launch.py checks that pydantic asks that module for nothing
    else.)"""
    from types import ModuleType

    loader = ModuleType(PYDANTIC_PLUGIN_LOADER, "No pydantic plugins (desktop.launch).")
    loader.get_plugins = tuple  # type: ignore[attr-defined]  # get_plugins() -> ()
    sys.modules.setdefault(PYDANTIC_PLUGIN_LOADER, loader)


def run() -> NoReturn:
    """``desktop.cli.main()`` on the command line, then the exit.

    A batch subcommand collects garbage at the start's pace to its end
    (``desktop.gc_pace``) and ends the process with ``os._exit`` once its output is
    flushed.
    A normal exit tears the interpreter down object by object (every pydantic schema,
    parsed font and module, then a last garbage collection): 60-80 ms of a party
    export's 400, freeing memory the system takes back anyway. Its files are closed by
    then (saves are atomic and finished). The app and the GM screen exit normally, so
    Qt, the settings and the autosave clean-up run as they should."""
    prepare()
    from desktop import cli

    args = sys.argv[1:]
    code = cli.main(args)
    command = cli.COMMANDS.get(args[0]) if args else None
    if command is not None and not command.opens_window:
        from desktop import compile_cache

        compile_cache.save()  # what atexit would have done
        _flush(sys.stdout, sys.stderr)
        os._exit(code)
    raise SystemExit(code)


def _flush(*streams: TextIO) -> None:
    import contextlib

    for stream in streams:  # None under pythonw; closed, or a pipe whose reader left
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
