"""Smoke test of a built bundle, the same on Linux, Windows and macOS (CI runs it).

    python packaging/smoke.py CLI [GUI]

CLI is the bundle's console program (``dist/sheetdesk/sheetdesk``, on Windows
``dist/sheetdesk/sheetdesk-cli.exe``, on macOS ``dist/Sheetdesk.app/Contents/MacOS/sheetdesk``);
GUI the windowed one (default: CLI). Checks that ``systems`` lists the games, that
``export`` writes a PDF of the book's example character, and that the window opens
offscreen and is still running after a few seconds (then it is stopped). Exit 0 when
all pass; otherwise one line per failure on stderr and exit 1. Standard library only.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "resources" / "pow" / "characters" / "electrobabe.sheetdesk"
GAMES = ("pow", "pocket", "protector", "kruhl")
WINDOW_SECONDS = 8.0


def _env(scratch: Path) -> dict[str, str]:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen",
            "SHEETDESK_DATA_DIR": str(scratch / "data"),
            "SHEETDESK_CONFIG_DIR": str(scratch / "config")}


def check_systems(cli: Path, env: dict[str, str]) -> str | None:
    done = subprocess.run([str(cli), "systems"], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120, check=False)
    missing = [g for g in GAMES if g not in done.stdout.split()]
    if done.returncode != 0 or missing:
        return f"systems: exit {done.returncode}, missing {missing}: {done.stderr.strip()}"
    return None


def check_export(cli: Path, env: dict[str, str], scratch: Path) -> str | None:
    out = scratch / "smoke.pdf"
    done = subprocess.run([str(cli), "export", str(EXAMPLE), "-o", str(out)],
                          capture_output=True, text=True, encoding="utf-8", env=env,
                          timeout=300, check=False)
    if done.returncode != 0 or not out.is_file() or not out.read_bytes().startswith(b"%PDF"):
        return f"export: exit {done.returncode}, no PDF: {done.stderr.strip()}"
    return None


def check_window(gui: Path, env: dict[str, str]) -> str | None:
    """The app starts and keeps running (its window open offscreen) until stopped."""
    process = subprocess.Popen([str(gui)], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    try:
        process.wait(timeout=WINDOW_SECONDS)
    except subprocess.TimeoutExpired:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        return None
    _, err = process.communicate()
    text = err.decode("utf-8", "replace").strip().splitlines()[-3:]
    return f"window: the app exited with {process.returncode} at once: {' | '.join(text)}"


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    cli = Path(argv[0]).resolve()
    gui = Path(argv[-1]).resolve()
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        env = _env(scratch)
        failures = [f for f in (check_systems(cli, env), check_export(cli, env, scratch),
                                check_window(gui, env)) if f]
    for failure in failures:
        print(f"smoke: {failure}", file=sys.stderr)
    if not failures:
        print(f"smoke: {cli.name}: systems, export and the window all work")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
