"""POW! files past what their numbers can mean: refused naming the field,
never a hang; lists checked in linear time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.model.errors import DocumentError
from desktop.systems import files
from desktop.systems.pow.rules.character import MAX_ROWS, PowCharacter
from desktop.systems.pow.rules.derived import derive, raise_cost
from tests.work import calls, growth

REPO = Path(__file__).resolve().parents[4]
ELECTROBABE = REPO / "resources" / "pow" / "characters" / "electrobabe.sheetdesk"
WORK = 100_000
"""The most calls refusing a file may make (tests/work.py): each here makes under 2,000."""


def data() -> dict:
    return json.loads(ELECTROBABE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("where, value", [
    ("money", 2**31), ("experience.earned", 2**31), ("items.0.quantity", 10**15),
    ("experience.raised.agility", 2**31), ("tracking.stats.brawn", 2**31),
    ("tracking.pools.energy", -(2**31)), ("weapons.0.base_range_ft", 1e12),
])
def test_numbers_past_their_meaning_are_refused_naming_the_field(where, value) -> None:
    doc = data()
    doc["items"] = [{"name": "Rope"}]
    doc["weapons"] = [{"name": "Bow", "ranged": True}]
    *parents, last = where.split(".")
    target = doc
    for part in parents:
        target = target[int(part)] if part.isdigit() else target.setdefault(part, {})
    target[last] = value
    with pytest.raises(DocumentError) as info:
        calls(files.character_from_text, json.dumps(doc), "x.sheetdesk", limit=WORK)
    assert info.value.where == where


def test_raise_cost_is_closed_form_and_matches_the_steps() -> None:
    for low in range(-12, 12):
        for high in range(-12, 12):
            assert raise_cost(low, high) == sum(s * s for s in range(low + 1, high + 1))
    n = 10**9  # a loop over the steps would take minutes; the sum of squares is at once
    cost, _work = calls(raise_cost, 0, n, limit=100)
    assert cost == n * (n + 1) * (2 * n + 1) // 6


@pytest.mark.parametrize("rows", ["specials", "weapons", "armor", "items"])
def test_more_rows_than_a_sheet_prints_are_refused(rows) -> None:
    doc = data()
    doc[rows] = [{"name": "x"}] * (MAX_ROWS + 1)
    with pytest.raises(DocumentError, match="at most 500") as info:
        files.character_from_text(json.dumps(doc), "x.sheetdesk")
    assert info.value.where == rows


def _with_specials(count: int) -> PowCharacter:
    doc = data()
    doc["specials"] = [dict(doc["specials"][0], name=f"S{i % 50}") for i in range(count)]
    return files.character_from_text(json.dumps(doc), "x.sheetdesk")


def test_many_specials_are_checked_in_linear_time() -> None:
    derived = derive(_with_specials(MAX_ROWS))
    assert any("is taken 10 times" in f.message for f in derived.findings)
    characters = {count: _with_specials(count) for count in (MAX_ROWS // 4, MAX_ROWS)}
    # About 4 times the calls for 4 times the Specials; comparing each with every other
    # would make about 16.
    assert growth(lambda count: derive(characters[count]), MAX_ROWS // 4, MAX_ROWS) < 5
