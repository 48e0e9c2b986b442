"""The Epic Fail table: empty by default, GM-editable, chosen by the summed PR."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from desktop.model.dice import Roller
from desktop.systems.powers.rules import epic_fail
from desktop.systems.powers.rules.epic_fail import Band, EpicFailTable


def table(*bands: Band) -> EpicFailTable:
    return EpicFailTable(name="Ours", bands=list(bands))


def test_the_shipped_table_is_empty() -> None:
    chosen = epic_fail.active_table()
    assert chosen.origin == "shipped" and chosen.table.bands == []
    assert chosen.table.band_for(33) is None
    assert epic_fail.roll_result(chosen.table, 33, Roller(seed=1)) is None


def test_bands_by_pr_total_and_a_roll_on_them() -> None:
    low = Band(min_pr=0, max_pr=20, results=["Power Down!"])
    high = Band(min_pr=21, results=["Dimension Shift!", "Mirror universe"])
    ours = table(low, high)
    # Dave's Super-Slap and Bob's Mind Shield: their PRs are added (Fail, and Epic Fail).
    assert ours.band_for(33) == high and ours.band_for(20) == low
    assert epic_fail.roll_result(ours, 33, Roller(seed=2)) in high.results


@pytest.mark.parametrize("bands", [
    [Band(min_pr=0, max_pr=10, results=["a"]), Band(min_pr=10, results=["b"])],
    [Band(min_pr=0, results=["a"]), Band(min_pr=50, results=["b"])],
])
def test_bands_may_not_overlap(bands) -> None:
    with pytest.raises(ValidationError, match="overlap"):
        EpicFailTable(name="x", bands=bands)


def test_a_band_needs_results_in_order() -> None:
    with pytest.raises(ValidationError):
        Band(min_pr=5, max_pr=2, results=["a"])
    with pytest.raises(ValidationError):
        Band(results=[])


def test_saved_exported_imported_and_fallback(tmp_path) -> None:
    ours = table(Band(min_pr=0, results=["Power Down!"]))
    epic_fail.save_user_table(ours)
    assert epic_fail.active_table().table == ours
    out = epic_fail.export_table(ours, tmp_path / "epic.json")
    assert epic_fail.import_table(out) == ours
    path = epic_fail.EPIC_FAIL_TABLE.user_path
    data = json.loads(path.read_text(encoding="utf-8"))
    data["bands"][0]["results"] = []
    path.write_text(json.dumps(data), encoding="utf-8")
    chosen = epic_fail.active_table()
    assert chosen.origin == "shipped" and "bands.0.results" in chosen.warning
