"""How often the ``sheetdesk`` process collects cyclic garbage: rarely while it starts
(and for the whole of a batch command), as Python does once its window is on screen.

Starting makes a few hundred thousand objects (modules, pydantic schemas, Qt wrappers)
that live as long as the process. With Python's thresholds (700, 10, 10) a young
collection runs after every 700 new objects and an older one after ten of those: 15 ms
of opening a character (issue 17), and as much of a party export. With ``RARE`` (mypy's
thresholds) a young collection waits for 200,000 new objects. A window then goes back to
Python's thresholds after its first paint (``collect_as_usual``), with what the start
made set aside for good (``gc.freeze``): otherwise the young collection that follows
walks those 60,000 objects (10-11 ms right after the first paint, before the window
answers a key) and every later full collection walks them again (pauses of 18-54 ms
while editing). What is garbage among them stays: some 500 objects (120 KiB) at the
first paint, and the cycles of an editor opened at the start if it is closed (about
500 objects). A batch command keeps ``RARE`` to its end: going back would collect
everything it made just before the process ends (19 ms of a party export). No Qt here:
the model layer's processes use it too.
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
