"""Changing a file the way another program or device does while Sheetdesk has it open."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def write_elsewhere(path: Path, data: bytes) -> None:
    """Another process writes the file in place (a sync client)."""
    subprocess.run([sys.executable, "-c",
                    "import sys; open(sys.argv[1], 'wb').write(sys.stdin.buffer.read())",
                    str(path)], input=data, check=True, timeout=30)


def replace_elsewhere(path: Path, data: bytes) -> None:
    """Another program saves atomically: a new file renamed over the old one."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)
