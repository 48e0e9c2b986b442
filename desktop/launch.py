"""The ``sheetdesk`` process: its entry (the console script and ``python -m desktop``)
and its exit.

``prepare`` runs before anything else is imported; then ``desktop.cli`` runs the
command line. Kept apart from ``desktop.cli`` so that importing the command line (as
tests and the benchmarks do) changes nothing in the importing process.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import NoReturn, TextIO

from desktop import compile_cache


def prepare() -> None:
    """What the process does first: reuse the code that earlier runs compiled while
    creating classes (``desktop.compile_cache``), before any module creates one."""
    compile_cache.install()


def run() -> NoReturn:
    """``desktop.cli.main()`` on the command line, then the exit.

    A batch subcommand ends the process with ``os._exit`` once its output is flushed.
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
        compile_cache.save()  # what atexit would have done
        _flush(sys.stdout, sys.stderr)
        os._exit(code)
    raise SystemExit(code)


def _flush(*streams: TextIO) -> None:
    for stream in streams:  # None under pythonw; closed, or a pipe whose reader left
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
