"""Work counted, not timed: how many functions a call runs.

Speed is measured by ``tests/benchmarks/run.py`` and never asserted in a test: a timing
flakes on a loaded machine, and a runaway only fails once it has finished, if ever. What a
test can assert is the amount of work, the same on every machine: a refusal that comes
before the work, a total worked out in closed form, a pass linear in its input.

``calls`` counts the Python functions (and the C functions called from Python) a call
runs, through ``sys.setprofile``; a generator counts again each time it resumes. Past
``limit`` it stops the work with WorkExceeded, so a runaway fails at once instead of
hanging the suite. Work inside one C function (a ``sum`` over a range) counts once.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

T = TypeVar("T")

_COUNTED = frozenset({"call", "c_call"})


class WorkExceeded(BaseException):
    """More calls than the test allows: the work runs away. Not an Exception, so that
    the code under test (a command's catch-all "internal error", say) cannot swallow it."""


def calls(func: Callable[..., T], *args: Any, limit: int | None = None,
          **kwargs: Any) -> tuple[T, int]:
    """``func(*args, **kwargs)`` and the number of calls it made; WorkExceeded once
    they pass ``limit``. Exceptions of ``func`` pass through."""
    count = 0

    def profile(_frame: FrameType, event: str, _arg: object) -> None:
        nonlocal count
        if event in _COUNTED:
            count += 1
            if limit is not None and count > limit:
                raise WorkExceeded(f"more than {limit:,} calls")

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        result = func(*args, **kwargs)
    finally:
        sys.setprofile(previous)
    return result, count


def growth(func: Callable[[int], object], small: int, large: int) -> float:
    """How much more work ``func(large)`` does than ``func(small)``, as a ratio of calls:
    ``large / small`` when the work is linear in the size, its square when quadratic."""
    return calls(func, large)[1] / calls(func, small)[1]
