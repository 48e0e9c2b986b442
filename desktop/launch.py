"""The ``sheetdesk`` process's entry (the console script and ``python -m desktop``).

``prepare`` runs before anything else is imported; then ``desktop.cli`` takes over.
Kept apart from ``desktop.cli`` so that importing the command line (as tests and the
benchmarks do) changes nothing in the importing process.
"""

from __future__ import annotations

from typing import NoReturn

from desktop import method_cache


def prepare() -> None:
    """What the process does first: reuse the dataclass methods compiled by earlier
    runs (``desktop.method_cache``), before any module creates a dataclass."""
    method_cache.install()


def run() -> NoReturn:
    prepare()
    from desktop.cli import console_main

    console_main()
