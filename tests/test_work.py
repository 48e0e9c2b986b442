"""The work counter the limit tests use instead of timings (tests/work.py)."""

from __future__ import annotations

import contextlib
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.work import WorkExceeded, calls, growth


def _squares(n: int) -> int:
    return sum(s * s for s in range(n))


def _pairs(n: int) -> int:
    return sum(1 for a in range(n) for b in range(n) if a < b)


def test_calls_counts_each_resume_of_a_generator() -> None:
    result, count = calls(_squares, 1000)
    assert result == sum(s * s for s in range(1000))
    assert 1000 <= count <= 1010


def test_a_runaway_stops_at_the_limit_and_is_not_swallowed() -> None:
    def swallowing() -> None:
        with contextlib.suppress(Exception):  # a command's catch-all must not hide it
            _squares(10**12)  # hours, if nothing stopped it

    with pytest.raises(WorkExceeded, match="more than 10,000 calls"):
        calls(swallowing, limit=10_000)
    assert sys.getprofile() is None


def test_the_profile_before_is_put_back_and_errors_pass_through() -> None:
    def before(*_args: object) -> None:
        return None

    sys.setprofile(before)
    try:
        with pytest.raises(KeyError):
            calls({}.__getitem__, "missing")
        assert sys.getprofile() is before
    finally:
        sys.setprofile(None)


def test_growth_tells_linear_from_quadratic() -> None:
    assert 3.5 < growth(_squares, 500, 2000) < 4.5
    assert growth(_pairs, 50, 200) > 12


@settings(max_examples=1)
@given(st.integers())
def test_no_property_test_is_timed(_n: int) -> None:
    """Hypothesis would fail an example slower than 200 ms; tests/conftest.py's profile
    lifts that for every property test, their settings included."""
    assert settings().deadline is None
    time.sleep(0.25)
