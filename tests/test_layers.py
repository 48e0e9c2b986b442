"""The house's layout, checked: rooms, import contracts, no circles, small modules.

ARCHITECTURE (README, developer notes): every game has the same four rooms; rules and
fight are pure; editor is Qt and printing is reportlab, and neither imports the other;
no game imports another; no import circles, not even through imports inside functions;
no module over 500 lines; every module imports on its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

from desktop.systems import PARTS, SYSTEMS

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "desktop"
ROOMS = ("rules", "fight", "editor", "printing")
MAX_LINES = 500


def _contracts() -> list[dict]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["importlinter"]["contracts"]


def _modules() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_data" in path.parts or "__pycache__" in path.parts or path.stem == "__main__":
            continue  # __main__ starts the app when imported: that is its one job
        parts = path.relative_to(REPO).with_suffix("").parts
        names.append(".".join(parts).removesuffix(".__init__"))
    return names


def _games() -> list[str]:
    return sorted(p.name for p in (PACKAGE / "systems").iterdir()
                  if (p / "__init__.py").is_file())


def test_every_game_has_the_four_rooms_and_is_registered() -> None:
    games = _games()
    assert games == sorted(system.package.rsplit(".", 1)[1] for system in SYSTEMS.values())
    for game in games:
        for room in ROOMS:
            assert (PACKAGE / "systems" / game / room / "__init__.py").is_file(), (game, room)
        loose = sorted(p.name for p in (PACKAGE / "systems" / game).glob("*.py"))
        assert loose == ["__init__.py"], f"{game}: modules outside the rooms: {loose}"
    assert {path.split(".")[0] for path in PARTS.values()} <= set(ROOMS)


def test_the_contracts_cover_every_game() -> None:
    """A new game folder must be named in the contracts, or its layers go unchecked."""
    packages = {f"desktop.systems.{game}" for game in _games()}
    by_name = {c["name"]: c for c in _contracts()}
    layers = next(c for c in by_name.values() if c["type"] == "layers")
    assert set(layers["containers"]) == packages
    assert layers["layers"] == ["editor | printing", "fight", "rules"]
    independence = next(c for c in by_name.values() if c["type"] == "independence")
    assert set(independence["modules"]) == packages


@pytest.mark.slow
def test_the_import_contracts_are_kept() -> None:
    lint = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    done = subprocess.run([sys.executable, "-c", lint], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def _cycles(graph: grimp.ImportGraph, modules: set[str]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root) & modules)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(
                        graph.find_modules_directly_imported_by(child) & modules))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circles_not_even_inside_functions() -> None:
    # grimp reads every import statement: module level, inside functions and under
    # TYPE_CHECKING alike.
    graph = grimp.build_graph("desktop", cache_dir=None)
    modules = set(graph.modules)
    assert _cycles(graph, modules) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    graph = grimp.ImportGraph()
    for name in ("a", "b", "c", "d"):
        graph.add_module(name)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    graph.add_import(importer="c", imported="d")
    assert _cycles(graph, {"a", "b", "c", "d"}) == [["a", "b", "c"]]


def test_no_module_over_500_lines() -> None:
    big = {}
    for path in PACKAGE.rglob("*.py"):
        if "_data" in path.parts:
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            big[str(path.relative_to(REPO))] = lines
    assert big == {}


FORK_IMPORTS = r"""
import importlib, os, signal, sys
# Third-party libraries first, so each child only pays for the project's own modules.
# pydantic wholly before PySide6: shiboken's import hook probes modules imported after
# it (hasattr __wrapped__), which sets off pydantic's lazy attribute loader while one
# of its own modules is half-imported. The app imports pydantic in one go, so it never
# meets that; a parent that pre-loads only part of pydantic would.
import platformdirs, reportlab.pdfgen.canvas  # noqa: F401
import pydantic._internal._validators  # noqa: F401
from pydantic import BaseModel, ConfigDict, Field, model_validator  # noqa: F401
import PySide6.QtWidgets  # noqa: F401
failed = []
running = {}


def reap():
    pid, status = os.wait()
    if status != 0:
        failed.append(running[pid])
    del running[pid]


for name in sys.argv[1:]:
    if len(running) >= max(2, os.cpu_count() or 1):
        reap()
    pid = os.fork()
    if pid == 0:
        signal.alarm(30)  # a module that blocks on import fails rather than hangs
        try:
            importlib.import_module(name)
        except BaseException as exc:
            print(f"{name}: {type(exc).__name__}: {exc}", flush=True)
            os._exit(1)
        os._exit(0)
    running[pid] = name
while running:
    reap()
print("FAILED " + " ".join(sorted(failed)))
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="imports each module in a fork")
def test_every_module_imports_on_its_own() -> None:
    """``python -c "import desktop.systems.pocket.fight.attack"`` works for every module:
    each is imported first in a fresh fork, so no module leans on another having been
    imported before it."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", FORK_IMPORTS, *_modules()], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "FAILED", done.stdout[-3000:]
