"""Pocket Universe lists past what a sheet prints are refused, naming the list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.model.errors import DocumentError
from desktop.systems import files
from desktop.systems.pocket.rules.character import MAX_ROWS

REPO = Path(__file__).resolve().parents[4]
ARTOS = REPO / "resources" / "pocket" / "characters" / "artos.sheetdesk"


@pytest.mark.parametrize("where", ["skills", "languages", "equipment.weapons"])
def test_a_list_longer_than_a_sheet_prints_is_refused(where) -> None:
    data = json.loads(ARTOS.read_text(encoding="utf-8"))
    *parents, last = where.split(".")
    node = data
    for part in parents:
        node = node[part]
    node[last] = [node[last][0]] * (MAX_ROWS + 1)
    with pytest.raises(DocumentError, match="at most 500") as info:
        files.character_from_text(json.dumps(data), "x.sheetdesk")
    assert info.value.where == where
