"""How often the ``sheetdesk`` process collects cyclic garbage: rarely while it starts
(and for the whole of a batch command), as Python does once its window is on screen.

Starting makes a few hundred thousand long-lived objects (modules, pydantic schemas, Qt
wrappers); at Python's thresholds the collector walks them again and again while they
are made. ``RARE`` (mypy's thresholds) waits for 200,000 new objects. Once a window is
painted it goes back to Python's thresholds, with what the start made set aside for
good (``gc.freeze``) so later collections do not walk it. No Qt here.
"""

from __future__ import annotations

import gc

RARE = (200_000, 30, 30)
"""``gc.set_threshold`` while the process starts."""

_usual: tuple[int, int, int] | None = None
"""The thresholds before ``collect_rarely``, while they are set aside."""


def collect_rarely() -> None:
    """``RARE`` from now on (until ``collect_as_usual``)."""
    global _usual
    if _usual is None:
        _usual = gc.get_threshold()
    gc.set_threshold(*RARE)


def collect_as_usual() -> None:
    """The thresholds ``collect_rarely`` set aside, back, and every object made so far
    left out of later collections (``gc.freeze``); nothing if it did not run."""
    global _usual
    if _usual is not None:
        gc.freeze()  # before the thresholds: the next allocation would collect them all
        gc.set_threshold(*_usual)
        _usual = None
