"""Every command stays under 1 GiB on the worst inputs: run with the
address space capped at 1 GiB, they end with exit 0, 1 or 2, never a MemoryError."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
GIB = 1 << 30
CAPPED = (
    "import resource, sys\n"
    f"resource.setrlimit(resource.RLIMIT_AS, ({GIB}, {GIB}))\n"
    "from desktop.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def _capped(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CAPPED, *argv], capture_output=True,
                          text=True, timeout=20, cwd=REPO)


def _worst(name: str, folder: Path) -> Path:
    electrobabe = json.loads(
        (REPO / "resources/pow/characters/electrobabe.sheetdesk").read_text(encoding="utf-8"))
    cases = {
        "long-name": {**electrobabe, "name": "E" * 19_999},
        "many-items": {**electrobabe, "items": [{"name": "x" * 200, "quantity": 99_999}]
                       * 500},
        "many-specials": {**electrobabe, "specials": [electrobabe["specials"][0]] * 500},
    }
    path = folder / f"{name}.sheetdesk"
    path.write_text(json.dumps(cases[name]), encoding="utf-8")
    return path


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS")
@pytest.mark.parametrize("name", ["long-name", "many-items", "many-specials"])
@pytest.mark.parametrize("command", ["check", "export"])
def test_the_worst_files_stay_under_a_gibibyte(tmp_path, name, command) -> None:
    path = _worst(name, tmp_path)
    argv = [command, str(path)] + (["-o", str(tmp_path / "out.pdf")] if command == "export"
                                   else [])
    done = _capped(*argv)
    assert done.returncode in (0, 1, 2), (argv, done.stderr[-500:])
    assert "MemoryError" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS")
@pytest.mark.parametrize("argv", [
    ["odds", "protector", "--dice", "99999999d6", "--target", "3"],
    ["odds", "pocket", "--target", "10", *["--modifier", "1"] * 10_000],
    ["odds", "pow", "--stat", "1", "--difficulty", "10", "--doubles"],
])
def test_hostile_odds_stay_under_a_gibibyte(argv) -> None:
    done = _capped(*argv)
    assert done.returncode in (0, 2), done.stderr[-500:]
    assert os.linesep.join(done.stderr.splitlines()).count("\n") == 0
