"""Guard against the PySide6 build that leaks references to None.

PySide6-Essentials 6.12.0 on CPython 3.11 drops a reference to None on every Qt call
that returns nothing; after a few thousand calls the interpreter aborts with
"Fatal Python error: none_dealloc". The calls run in a subprocess so that abort fails
this test instead of killing pytest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

CALLS = 20_000
# A few references to None may come and go with caches; a leaking build loses one per call.
SLACK = 50

SCRIPT = f"""
import json, sys
from PySide6.QtWidgets import QApplication, QWidget

app = QApplication([])
widget = QWidget()
calls = (widget.setWindowTitle, widget.setToolTip, widget.setObjectName)
before = sys.getrefcount(None)
for i in range({CALLS}):
    calls[i % 3]("x")
after = sys.getrefcount(None)
print(json.dumps({{"before": before, "after": after}}))
"""


@pytest.mark.slow
def test_void_qt_calls_keep_none_alive() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, (
        f"Qt subprocess died with exit {done.returncode} after void Qt calls "
        f"(a PySide6 build that leaks None refs?):\n{done.stderr[-2000:]}"
    )
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    lost = counts["before"] - counts["after"]
    assert lost <= SLACK, f"{CALLS} void Qt calls lost {lost} references to None: {counts}"
