"""The benchmarks' measure of other programs' CPU while their process rows run."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "benchmarks"))
import machine_load

BUSY = "import time\nend = time.time() + 30\nwhile time.time() < end: pass\n"


@pytest.mark.skipif(not machine_load.PROC_STAT.exists(), reason="Linux only")
def test_a_program_running_meanwhile_is_counted_as_other_load():
    """A busy process this one does not wait for inside the block counts as another
    program's (a child waited for inside it would count as the benchmark's own)."""
    busy = subprocess.Popen([sys.executable, "-c", BUSY])
    try:
        time.sleep(0.2)  # started and spinning
        with machine_load.Watch() as load:
            time.sleep(0.6)
    finally:
        busy.kill()
        busy.wait()
    assert load.other_cores is not None and load.other_cores > 0.3


def test_no_proc_stat_reports_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(machine_load, "PROC_STAT", tmp_path / "missing")
    with machine_load.Watch() as load:
        pass
    assert load.other_cores is None
    assert machine_load.most(None, None) == -1.0
    assert machine_load.most(None, 0.1, 0.4) == 0.4


def test_a_busy_machine_is_warned_about(capsys):
    machine_load.warn_if_busy(0.7, cpus=2)  # a core left free: the rows hold
    machine_load.warn_if_busy(-1.0, cpus=2)  # not measured
    assert capsys.readouterr().err == ""
    machine_load.warn_if_busy(1.5, cpus=2)
    assert "1.50 of 2 cores busy" in capsys.readouterr().err
