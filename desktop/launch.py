"""The ``sheetdesk`` process: its entry (the console script and ``python -m desktop``)
and its exit.

Kept apart from ``desktop.cli`` so that importing the command line (as tests and the
benchmarks do) changes nothing in the importing process.
"""

from __future__ import annotations

import os
import sys

from desktop import gc_pace

TYPE_CHECKING = False  # typing is imported after the pace is set, not before
if TYPE_CHECKING:
    from typing import NoReturn, TextIO

PYDANTIC_DISABLE_PLUGINS = "PYDANTIC_DISABLE_PLUGINS"
"""pydantic's documented switch that turns off every installed pydantic plugin."""


def prepare() -> None:
    """What the process does first: collect garbage rarely while it starts
    (``desktop.gc_pace``), and build Sheetdesk's models without pydantic plugins: a
    plugin installed beside it (a tracer, say) would watch or change how a character
    file is read, and looking for plugins reads every installed package's metadata."""
    gc_pace.collect_rarely()
    os.environ.setdefault(PYDANTIC_DISABLE_PLUGINS, "__all__")


def started() -> None:
    """What a window does once it is painted: Python's own pace of garbage collection
    again, with what the start made set aside (``desktop.gc_pace``)."""
    gc_pace.collect_as_usual()


def run() -> NoReturn:
    """``desktop.cli.main()`` on the command line, then the exit.

    A batch subcommand ends the process with ``os._exit`` once its output is flushed:
    a normal exit frees every schema, font and module object by object, a noticeable
    part of a short command, for memory the system takes back anyway. Its files are
    closed by then (saves are atomic and finished). The app and the GM screen exit
    normally, so Qt, the settings and the autosave clean-up run as they should."""
    prepare()
    from desktop import cli

    args = sys.argv[1:]
    code = cli.main(args)
    command = cli.COMMANDS.get(args[0]) if args else None
    if command is not None and not command.opens_window:
        _flush(sys.stdout, sys.stderr)
        os._exit(code)
    raise SystemExit(code)


def _flush(*streams: TextIO | None) -> None:
    import contextlib

    for stream in streams:  # None under pythonw; closed, or a pipe whose reader left
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
