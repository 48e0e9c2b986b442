"""A Protector character with every number at its maximum: checked and
printed in a bounded number of calls (its memory: tests/test_memory_bound.py); pools
past what a sheet can show refused."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from desktop import cli
from desktop.model.document import FILE_CONTEXT
from desktop.model.errors import DocumentError
from desktop.systems import files
from desktop.systems.protector.rules.character import ProtectorCharacter
from tests.work import calls

REPO = Path(__file__).resolve().parents[4]
ARCLIGHT = REPO / "resources" / "protector" / "characters" / "arclight.sheetdesk"
WORK = 20_000_000
"""The most calls checking or exporting the character may make (tests/work.py): the
export, fonts registered afresh, makes about 4.2 million; the bound catches a change that makes it
run for seconds, or for hours."""


def _at_maximum() -> dict[str, Any]:
    """Arclight with every whole number raised to the largest the model takes."""
    data = json.loads(ARCLIGHT.read_text(encoding="utf-8"))

    def raise_all(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            if isinstance(value, dict | list):
                raise_all(value)
            elif isinstance(value, int) and not isinstance(value, bool) and key != "version":
                node[key] = 10**9

    raise_all(data)
    for _ in range(1000):
        try:
            ProtectorCharacter.model_validate(data, context=FILE_CONTEXT)
            return data
        except ValidationError as exc:
            for error in exc.errors():
                *parents, last = error["loc"]
                node = data
                for part in parents:
                    node = node[part]
                bound = re.search(r"less than or equal to (-?\d+)", error["msg"])
                node[last] = int(bound.group(1)) if bound else (
                    2 if "1 or 2" in error["msg"] else 1)
    raise AssertionError("no maximal character")


def test_every_field_at_its_maximum_checks_and_exports_in_bounded_work(tmp_path, capsys) -> None:
    path = tmp_path / "max.sheetdesk"
    path.write_text(json.dumps(_at_maximum()), encoding="utf-8")
    checked, _work = calls(cli.main, ["check", str(path)], limit=WORK)
    assert checked in (0, 1)
    exported, _work = calls(cli.main, ["export", str(path), "-o", str(tmp_path / "max.pdf")],
                            limit=WORK)
    assert exported == 0


@pytest.mark.parametrize("where, value", [
    ("powers.0.energy_dice", 100), ("powers.0.dice_per_die", 100),
    ("agents.0.energy_dice", 100), ("energy_pool", 1000),
])
def test_pools_past_a_sheet_are_refused_naming_the_field(where, value) -> None:
    data = json.loads(ARCLIGHT.read_text(encoding="utf-8"))
    *parents, last = where.split(".")
    node = data
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    node[last] = value
    with pytest.raises(DocumentError) as info:
        files.character_from_text(json.dumps(data), "x.sheetdesk")
    assert info.value.where == where
