"""The ``sheetdesk`` process's entry (the console script and ``python -m desktop``).

``prepare`` runs before anything else is imported; then ``desktop.cli`` takes over.
Kept apart from ``desktop.cli`` so that importing the command line (as tests and the
benchmarks do) changes nothing in the importing process.
"""

from __future__ import annotations

from typing import NoReturn

from desktop import compile_cache


def prepare() -> None:
    """What the process does first: reuse the code that earlier runs compiled while
    creating classes (``desktop.compile_cache``), before any module creates one."""
    compile_cache.install()


def run() -> NoReturn:
    prepare()
    from desktop.cli import console_main

    console_main()
