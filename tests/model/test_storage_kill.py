"""A save killed at any moment never loses the file: the file is the
old text or the new one, whole, and the backup is whole too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

SAVER = textwrap.dedent("""
    import sys
    from desktop.model.storage import atomic_write_text
    path = sys.argv[1]
    texts = ["A" * 3_000_000 + "\\n", "B" * 2_000_000 + "\\n"]
    print("go", flush=True)
    n = 0
    while True:
        atomic_write_text(path, texts[n % 2])
        n += 1
""")


@pytest.mark.skipif(os.name != "posix", reason="signals")
@pytest.mark.parametrize("after", [0.05, 0.13, 0.29])
def test_killing_a_save_leaves_a_whole_file_and_backup(tmp_path: Path, after: float) -> None:
    path = tmp_path / "hero.sheetdesk"
    path.write_text("A" * 3_000_000 + "\n", encoding="utf-8")
    saver = subprocess.Popen([sys.executable, "-c", SAVER, str(path)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert saver.stdout is not None and saver.stdout.readline().strip() == "go"
        time.sleep(after)
        saver.send_signal(signal.SIGKILL)
        saver.wait(5)
    finally:
        if saver.poll() is None:
            saver.kill()
    for whole in (path, path.with_name(path.name + ".bak")):
        if whole.exists():
            text = whole.read_text(encoding="utf-8")
            assert text in ("A" * 3_000_000 + "\n", "B" * 2_000_000 + "\n"), len(text)
    assert path.exists()
