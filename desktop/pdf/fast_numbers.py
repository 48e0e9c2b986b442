"""reportlab's number formatting for page content, the same text made faster.

Without its C accelerator (the optional ``rl_accel`` package), reportlab writes every
coordinate of every path and line of text through a pure-Python ``fp_str``: about a
sixth of drawing a party's sheets. ``install`` puts in an equivalent that strips zeros
with ``str.rstrip`` and remembers the numbers it has written (a sheet repeats its grid's
coordinates page after page); the text it returns is the same, character for character
(tests compare it with reportlab's on the numbers a party export writes and on edges).
"""

from __future__ import annotations

import sys
from math import log

from reportlab.lib import rl_accel
from reportlab.lib.utils import isSeq

_LOG_E_10 = log(10.0)
_FORMATS = ("%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%.5f", "%.6f")
_KEPT = 100_000
_known: dict[float, str] = {}

PATCHED = ("reportlab.pdfgen.canvas", "reportlab.pdfgen.pathobject",
           "reportlab.pdfgen.textobject", "reportlab.pdfbase.pdfdoc",
           "reportlab.pdfbase.ttfonts", "reportlab.pdfbase.acroform")
"""The modules that bind ``fp_str`` by name when they are imported."""


def number(value: float) -> str:
    """One number as reportlab's ``fp_str`` writes it: at most six decimals (fewer as
    the number grows), no trailing zeros, no leading zero ("0.5" is ".5")."""
    found = _known.get(value)
    if found is not None:
        return found
    size = abs(value)
    if size <= 1e-7:
        text = "0"
    else:
        # log(x) / log(10), not log10: the digits reportlab picks at powers of ten
        places = 6 if size <= 1 else min(max(0, 6 - int(log(size) / _LOG_E_10)), 6)
        text = _FORMATS[places] % value
        if places:
            text = text.rstrip("0")
            if text[-1] == ".":
                text = text[:-1]
        if text[0] == "0" and len(text) > 1:
            text = text[1:]
    if len(_known) > _KEPT:
        _known.clear()
    _known[value] = text
    return text


def fp_str(*values: object) -> str:
    """reportlab's ``fp_str``: numbers (or one sequence of them) joined by spaces."""
    if len(values) == 1 and isSeq(values[0]):
        values = values[0]  # type: ignore[assignment]
    return " ".join([number(v) for v in values])  # type: ignore[arg-type]


def install() -> None:
    """Use ``fp_str`` in reportlab's imported modules, unless reportlab already has its
    C accelerator (then that one is faster still)."""
    original = rl_accel.fp_str
    if getattr(original, "__name__", "") != "_py_fp_str":
        return
    rl_accel.fp_str = fp_str
    for name in PATCHED:
        module = sys.modules.get(name)
        if module is not None and getattr(module, "fp_str", None) is original:
            module.fp_str = fp_str  # type: ignore[attr-defined]
