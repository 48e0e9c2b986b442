"""Whole processes the way a user meets them, each against its own baseline process.

Every figure is a ratio of medians over alternating runs in one session (a run of each
kind per round), so a busy machine slows both sides alike:

- start-up: ``sheetdesk`` with no file, to its painted window, against a bare Qt window;
- open a file: ``sheetdesk FILE`` (a double-click), to the character's editor painted
  in a window whose title names the character, for each game's example, against the
  same bare Qt window (``startup_probe.py``); beside it, the floor of that path (pydantic,
  the game's model, Qt imported as the launcher imports it, and the game's Designer form
  loaded as its editor loads it, in a bare window: what no editor code can skip);
- party export: ``sheetdesk export`` of the seven examples of POW!, Pocket Universe and
  Protector (sheet and card, 14 pages), against a process that only imports reportlab's
  canvas and pydantic's BaseModel.

The machine should be otherwise idle: other programs running meanwhile slow a longer
process more than a shorter one (``machine_load``); the CPU they used is measured and
reported beside the rows.

Each process runs with its bytecode and Sheetdesk's caches kept (in a scratch folder) by
a first, untimed run, as an app that has run before has them, even where
PYTHONDONTWRITEBYTECODE is set.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from machine_load import Watch

REPO = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("startup_probe.py")
OPEN_EXAMPLES = {
    "pow": "electrobabe", "pocket": "kestra", "protector": "arclight", "kruhl": "soraya",
    "powers": "bob",
}
"""The character each game's open-a-file row opens, from resources/<game>/characters."""
PARTY_GAMES = ("pow", "pocket", "protector")
"""The party export row's games: seven characters."""
ALL_GAMES = ("pow", "pocket", "protector", "kruhl", "powers")
"""The examples export row's games: every shipped character of the five games."""
BASELINE_IMPORTS = "from pydantic import BaseModel\nfrom reportlab.pdfgen import canvas\n"


def env() -> dict[str, str]:
    """The probes' environment: their user folders, caches and bytecode in a scratch
    folder of their own, removed when this process ends."""
    scratch = tempfile.mkdtemp(prefix="sheetdesk-bench-")
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    result = dict(os.environ)
    result.setdefault("QT_QPA_PLATFORM", "offscreen")
    result["SHEETDESK_DATA_DIR"] = str(Path(scratch) / "data")
    result["SHEETDESK_CONFIG_DIR"] = str(Path(scratch) / "config")
    # The caches an app keeps after its first run (parsed fonts, compiled dataclass
    # methods): written by the warm-up run, into the scratch folder.
    result["SHEETDESK_CACHE_DIR"] = str(Path(scratch) / "cache")
    result["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), result.get("PYTHONPATH")]))
    # Bytecode as an installed app has it (pip and PyInstaller ship it compiled): written
    # by the warm-up run into the scratch folder, not the checkout, and used after that.
    result.pop("PYTHONDONTWRITEBYTECODE", None)
    result["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "pycache")
    return result


def example(game: str, stem: str) -> Path:
    return REPO / "resources" / game / "characters" / f"{stem}.sheetdesk"


def probe(kind: str, environment: dict[str, str], *args: str) -> float:
    """Seconds from starting ``startup_probe.py kind args`` to its painted window."""
    started = time.time()
    out = subprocess.run([sys.executable, str(PROBE), kind, *args], env=environment,
                         capture_output=True, text=True, timeout=120)
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("painted ")), None)
    if line is None:
        raise RuntimeError(f"{kind} start-up probe failed: {out.stderr.strip()[-400:]}")
    return float(line.split()[1]) - started


def _open_args(game: str) -> tuple[str, str]:
    path = example(game, OPEN_EXAMPLES[game])
    return str(path), json.loads(path.read_text(encoding="utf-8"))["name"]


def _lazy_tabs(game: str) -> str:
    """The tab widget whose pages the game's editor loads when needed ("" if none)."""
    from desktop.systems import get

    return get(game).part("editor").EDITOR.LAZY_TABS


def start_and_open(runs: int = 5) -> dict[str, float]:
    """Medians (ms) of the bare window, the start with no file and each game's file
    opened, measured in turns; and their ratios to the bare window."""
    environment = env()
    kinds: dict[str, tuple[str, ...]] = {"bare": ("bare",), "sheetdesk": ("sheetdesk",)}
    kinds.update({game: ("open", *_open_args(game)) for game in OPEN_EXAMPLES})
    kinds.update({f"floor_{game}": ("floor", _open_args(game)[0], game, _lazy_tabs(game))
                  for game in OPEN_EXAMPLES})
    for args in kinds.values():  # warm the OS file cache (and bytecode) for all alike
        probe(args[0], environment, *args[1:])
    times: dict[str, list[float]] = {name: [] for name in kinds}
    with Watch() as load:
        for _ in range(runs):
            for name, args in kinds.items():
                times[name].append(probe(args[0], environment, *args[1:]))
    medians = {name: statistics.median(values) * 1000 for name, values in times.items()}
    result = {f"{name}_ms": value for name, value in medians.items()}
    result["other_cores"] = load.other_cores
    result.update({f"{name}_ratio": value / medians["bare"] for name, value in medians.items()
                   if name != "bare"})
    return result


def _process_seconds(command: list[str], environment: dict[str, str]) -> float:
    started = time.perf_counter()
    out = subprocess.run(command, env=environment, capture_output=True, text=True,
                         timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"{command[:4]} failed: {out.stderr.strip()[-400:]}")
    return time.perf_counter() - started


def party_export(runs: int = 5, games: tuple[str, ...] = PARTY_GAMES) -> dict[str, float]:
    """``sheetdesk export`` of the examples of ``games`` against importing reportlab and
    pydantic, in turns: medians (ms) and their ratio."""
    environment = env()
    files = [str(path) for game in games
             for path in sorted((REPO / "resources" / game / "characters").glob("*.sheetdesk"))]
    output = Path(environment["SHEETDESK_DATA_DIR"]).parent / "party.pdf"
    export = [sys.executable, "-m", "desktop", "export", *files, "-o", str(output),
              "--what", "both"]
    baseline = [sys.executable, "-c", BASELINE_IMPORTS]
    _process_seconds(export, environment)
    _process_seconds(baseline, environment)
    ours, theirs = [], []
    with Watch() as load:
        for _ in range(runs):
            theirs.append(_process_seconds(baseline, environment))
            ours.append(_process_seconds(export, environment))
    export_ms = statistics.median(ours) * 1000
    baseline_ms = statistics.median(theirs) * 1000
    return {"export_ms": export_ms, "baseline_ms": baseline_ms, "files": len(files),
            "ratio": export_ms / baseline_ms, "other_cores": load.other_cores}
