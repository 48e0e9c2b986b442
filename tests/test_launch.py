"""What the ``sheetdesk`` process does before anything else (desktop.launch.prepare)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "resources" / "pocket" / "characters" / "kestra.sheetdesk"

LOAD = """
import json, sys
if sys.argv[1] == "prepared":
    from desktop import launch
    launch.prepare()
from desktop.systems.files import load_character
character = load_character(sys.argv[2])
print(json.dumps(character.model_dump(mode="json")))
"""


@pytest.mark.slow
def test_a_prepared_process_reads_characters_alike(tmp_path) -> None:
    environment = {**os.environ, "PYTHONPATH": str(REPO), "SHEETDESK_CACHE_DIR": str(tmp_path)}

    def load(how: str) -> dict[str, object]:
        result = subprocess.run([sys.executable, "-c", LOAD, how, str(EXAMPLE)], cwd=REPO,
                                capture_output=True, text=True, timeout=120, env=environment)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    prepared, plain = load("prepared"), load("plain")
    assert prepared == plain
    assert prepared["name"] == "Kestra of the Marches"


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
