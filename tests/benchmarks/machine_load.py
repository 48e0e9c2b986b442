"""How much of the machine other programs used while the process rows ran.

The process rows are ratios of a Sheetdesk process to a baseline process, run in turns,
so a machine that is uniformly slower slows both alike. Other programs running at the
same time do not: with two busy processes on this 2-core machine, a bare Qt window still
appeared in ~100 ms while opening a Pocket Universe file took 290-340 ms instead of
180 (the scheduler lets a new, short process run ahead of the busy ones for a while; a
longer one then shares the cores). ``Watch`` measures the CPU time the machine spent on
anything but this process and its children, in cores (1.0: one core busy throughout),
so that a run on a busy machine says so instead of passing for a slow Sheetdesk.
Linux only (``/proc/stat``); elsewhere it reports nothing.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

PROC_STAT = Path("/proc/stat")
BUSY_FIELDS = (0, 1, 2, 5, 6, 7)
"""user, nice, system, irq, softirq, steal of /proc/stat's "cpu" line (not idle, iowait)."""
FREE_NEEDED = 1.2
"""Cores the process rows need free of other work (a probe, and the rest of the
machine's own chores): with less, their ratios are not to be trusted. (One core kept
busy on this 2-core machine left them as they were; two tripled the slowest.)"""


def _machine_busy_seconds() -> float | None:
    try:
        fields = PROC_STAT.read_text().split("\n", 1)[0].split()[1:]
        ticks = sum(int(fields[index]) for index in BUSY_FIELDS)
    except (OSError, ValueError, IndexError):
        return None
    return ticks / os.sysconf("SC_CLK_TCK")


def _own_seconds() -> float:
    """CPU time of this process and of the children it has waited for."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


class Watch:
    """``with Watch() as load: ...``; then ``load.other_cores``: the cores other
    programs kept busy on average while the block ran (None where unknown)."""

    other_cores: float | None = None

    def __enter__(self) -> Watch:
        self._busy = _machine_busy_seconds()
        self._own = _own_seconds()
        self._started = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        busy = _machine_busy_seconds()
        wall = time.perf_counter() - self._started
        if busy is None or self._busy is None or wall <= 0:
            return
        others = (busy - self._busy) - (_own_seconds() - self._own)
        self.other_cores = max(0.0, others / wall)


def most(*loads: float | None) -> float:
    """The largest load measured (-1.0 where none could be: not on Linux)."""
    known = [load for load in loads if load is not None]
    return max(known) if known else -1.0


def warn_if_busy(cores: float, cpus: int | None = None) -> None:
    """A line on stderr when other programs left the process rows less than
    ``FREE_NEEDED`` of the machine's ``cpus`` cores."""
    cpus = cpus or os.cpu_count() or 1
    if cores >= 0 and cpus - cores < FREE_NEEDED:
        print(f"warning: other programs kept {cores:.2f} of {cpus} cores busy while the "
              "process rows ran: their ratios overstate Sheetdesk's time; run them on an "
              "idle machine", file=sys.stderr)
