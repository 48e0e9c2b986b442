"""The engine and the command line never need Qt or reportlab.

A subprocess blocks those imports, then imports the model layer, every module of every
game's pure rooms (``rules/`` and ``fight/``) and the CLI, derives a new character of
every game and runs `sheetdesk systems`.
A subprocess, because the test session itself has Qt loaded already.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import importlib, importlib.util, io, json, pkgutil, sys
from contextlib import redirect_stdout

BLOCKED = {"PySide6", "shiboken6", "reportlab"}


class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ImportError(f"{name} is blocked: the engine must not need it")
        return None


sys.meta_path.insert(0, Blocker())

PURE_ROOMS = ("rules", "fight")
imported = []


def load(name):
    importlib.import_module(name)
    imported.append(name)


import desktop.model
load("desktop.model")
for info in pkgutil.walk_packages(desktop.model.__path__, "desktop.model."):
    load(info.name)

import desktop.systems
load("desktop.systems")
load("desktop.systems.files")
games = [info.name for info in pkgutil.iter_modules(desktop.systems.__path__) if info.ispkg]
for game in games:
    for room in PURE_ROOMS:
        package = f"desktop.systems.{game}.{room}"
        load(package)
        for info in pkgutil.walk_packages(sys.modules[package].__path__, package + "."):
            load(info.name)

derived = {}
for system in desktop.systems.SYSTEMS.values():
    character = system.new_character("Test Subject")
    result = system.derive(character)
    derived[system.id] = result.to_json(character)

load("desktop.cli")
import desktop.cli
out = io.StringIO()
with redirect_stdout(out):
    try:
        code = desktop.cli.main(["systems"])
    except SystemExit as exit_:
        code = exit_.code

print(json.dumps({"games": games, "imported": imported, "derived": sorted(derived),
                  "systems_exit": code, "systems_out": out.getvalue()}))
"""


@pytest.mark.slow
def test_engine_and_cli_import_without_qt_or_reportlab() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=REPO, env=env,
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])

    from desktop.systems import SYSTEMS

    assert report["derived"] == sorted(SYSTEMS), "every registered game derives"
    for game in report["games"]:
        assert f"desktop.systems.{game}.rules.character" in report["imported"], game
        assert f"desktop.systems.{game}.rules.derived" in report["imported"], game
        assert f"desktop.systems.{game}.fight.gm" in report["imported"], game
    assert report["systems_exit"] in (0, None)
    for system_id in SYSTEMS:
        assert system_id in report["systems_out"], report["systems_out"]
