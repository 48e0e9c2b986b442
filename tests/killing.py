"""Killing a real Sheetdesk process at a chosen moment, as a crash or a power cut would."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parent.parent


def kill_after(script: str, args: Sequence[str], env: Mapping[str, str], *, cue: str,
               after: float = 0.0, stderr: IO[str] | int = subprocess.DEVNULL) -> None:
    """Run ``script`` with ``args`` in a child Python, wait for it to print ``cue`` on a
    line of its own, let it run ``after`` seconds more, then SIGKILL it."""
    child = subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE,
                             stderr=stderr, text=True, cwd=REPO, env=dict(env))
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == cue
        time.sleep(after)
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
