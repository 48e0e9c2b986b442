from __future__ import annotations

import random

import pytest
from reportlab.lib import rl_accel

from desktop.pdf import fast_numbers

reportlab_fp_str = rl_accel._py_funcs.get("fp_str") or rl_accel.fp_str
EDGES = [0, 1, -1, 1e-7, -1e-7, 2e-7, -2e-7, 0.5, -0.5, 10, 100, 1000, 1000.0005, 999.99999,
         1.0000001, 0.999999999, 9.9999996, 99999.95, 123456789.123, 1e-3, 595.2756, True]


@pytest.mark.parametrize("value", EDGES)
def test_a_number_is_written_as_reportlab_writes_it(value: float) -> None:
    fast_numbers._known.clear()
    assert fast_numbers.fp_str(value) == reportlab_fp_str(value)
    assert fast_numbers.fp_str(value) == reportlab_fp_str(value)  # and once remembered


def test_many_numbers_and_sequences_are_written_as_reportlab_writes_them() -> None:
    rng = random.Random(17)
    values = ([rng.uniform(-2000, 2000) for _ in range(20000)]
              + [rng.uniform(-1, 1) for _ in range(5000)]
              + [10 ** rng.uniform(-8, 8) * rng.choice((1, -1)) for _ in range(5000)]
              + [rng.randint(-5000, 5000) for _ in range(2000)])
    assert [fast_numbers.fp_str(v) for v in values] == [reportlab_fp_str(v) for v in values]
    assert fast_numbers.fp_str(values[:6]) == reportlab_fp_str(values[:6])
    assert fast_numbers.fp_str(*values[:6]) == reportlab_fp_str(*values[:6])


def test_install_replaces_the_pure_python_one_in_the_modules_that_bound_it() -> None:
    from reportlab.pdfgen import canvas, pathobject

    fast_numbers.install()
    if rl_accel._py_funcs.get("fp_str") is None:  # reportlab has its C accelerator
        pytest.skip("reportlab's own fp_str is compiled")
    assert canvas.fp_str is fast_numbers.fp_str
    assert pathobject.fp_str is fast_numbers.fp_str
