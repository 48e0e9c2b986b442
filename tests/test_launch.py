"""What the ``sheetdesk`` process does before anything else (desktop.launch.prepare)."""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pydantic
import pytest

from desktop import compile_cache, launch

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "resources" / "pocket" / "characters" / "kestra.sheetdesk"

LOAD = """
import json, sys
if sys.argv[1] == "prepared":
    from desktop import launch
    launch.prepare()
from desktop.systems.files import load_character
character = load_character(sys.argv[2])
print(json.dumps({"character": character.model_dump(mode="json"),
                  "metadata": "importlib.metadata" in sys.modules}))
"""


def _names_asked_of_the_plugin_loader() -> set[str]:
    """Every name any pydantic module imports from ``pydantic.plugin._loader``."""
    package = Path(pydantic.__file__).parent
    names: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            relative = path.parent == package / "plugin" and node.level == 1
            absolute = node.module == launch.PYDANTIC_PLUGIN_LOADER
            if (relative and node.module == "_loader") or absolute:
                names.update(alias.name for alias in node.names)
    return names


def test_pydantic_asks_its_plugin_loader_for_get_plugins_alone() -> None:
    """The loader ``prepare`` puts in its place has only ``get_plugins``: a pydantic that
    asks for more would fail here, not in the app."""
    assert _names_asked_of_the_plugin_loader() == {"get_plugins"}


@pytest.mark.slow
def test_a_prepared_process_reads_characters_alike_without_looking_for_plugins(
        tmp_path) -> None:
    environment = {**os.environ, "PYTHONPATH": str(REPO), "SHEETDESK_CACHE_DIR": str(tmp_path)}

    def load(how: str) -> dict[str, object]:
        result = subprocess.run([sys.executable, "-c", LOAD, how, str(EXAMPLE)], cwd=REPO,
                                capture_output=True, text=True, timeout=120, env=environment)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    prepared, plain = load("prepared"), load("plain")
    assert prepared["character"] == plain["character"]
    assert prepared["character"]["name"] == "Kestra of the Marches"
    assert plain["metadata"] and not prepared["metadata"]


def test_prepare_leaves_a_loader_already_imported_alone(monkeypatch) -> None:
    """In a process that has imported pydantic's own loader (any test process), it stays."""
    if not hasattr(sys.modules.get(launch.PYDANTIC_PLUGIN_LOADER), "__file__"):
        # an earlier test's prepare() in this process put the empty one in first
        monkeypatch.delitem(sys.modules, launch.PYDANTIC_PLUGIN_LOADER, raising=False)
    real = importlib.import_module(launch.PYDANTIC_PLUGIN_LOADER)
    assert real.__file__

    monkeypatch.setattr(compile_cache, "install", lambda: None)
    launch._without_pydantic_plugins()
    assert sys.modules[launch.PYDANTIC_PLUGIN_LOADER] is real


HALF_BEFORE_QT = """
import json, sys
from desktop import launch
launch.prepare()
from desktop.systems.files import import_games_of, load_character
import_games_of([sys.argv[1]])  # a file that does not open: pydantic, but no game, yet
import desktop.app  # Qt, and with it PySide's import hook
print(json.dumps([load_character(path).name for path in sys.argv[2:]]))
"""


@pytest.mark.slow
def test_games_load_after_qt_when_a_file_before_it_did_not_open(tmp_path) -> None:
    """``sheetdesk broken.sheetdesk``, then File ▸ Open: every game's models still load
    (pydantic was half imported before Qt: an ImportError from PySide's import hook)."""
    examples = [next((REPO / "resources" / game / "characters").glob("*.sheetdesk"))
                for game in ("pow", "protector", "pocket", "kruhl", "powers")]
    broken = tmp_path / "broken.sheetdesk"
    broken.write_text("{", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", HALF_BEFORE_QT, str(broken), *map(str, examples)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO), "SHEETDESK_CACHE_DIR": str(tmp_path),
             "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr[-600:]
    names = json.loads(result.stdout)
    assert len(names) == 5 and all(names)
