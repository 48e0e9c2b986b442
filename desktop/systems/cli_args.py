"""Argument types and errors shared by the games' command-line hooks (``commands.py``).

``sheetdesk odds GAME`` and ``sheetdesk roll GAME`` parse each game's options with
argparse; these helpers turn bad values into argparse's one-line ``--option: reason``
(desktop/cli.py shows it and exits 2), never a traceback. No Qt.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``, both included."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value

    return parse


def parsed_by(
    parse: Callable[[str], T], *errors: type[Exception]
) -> Callable[[str], T]:
    """An argparse ``type`` that reads a value with ``parse``; the ``errors`` it raises
    (ValueError when none are named) become the option's one-line message."""
    caught = errors or (ValueError,)

    def convert(text: str) -> T:
        try:
            return parse(text)
        except caught as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return convert


def usage_error(message: str) -> Exception:
    """A bad combination of options: the command line's one-line usage error (exit 2)."""
    from desktop.cli import UsageError  # the CLI imports the games, so not at the top

    return UsageError(message)
