"""``sheetdesk export`` collects cyclic garbage rarely while it runs, then as before."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from desktop import cli, export_cli

REPO = Path(__file__).resolve().parent.parent


def test_an_export_runs_with_batch_thresholds_and_restores_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int, int]] = []
    from desktop.pdf import export

    real = export.export_pdf

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(gc.get_threshold())
        return real(*args, **kwargs)

    monkeypatch.setattr(export, "export_pdf", spy)
    before = gc.get_threshold()
    example = REPO / "resources" / "pow" / "characters" / "sparky.sheetdesk"
    assert cli.main(["export", str(example), "-o", str(tmp_path / "x.pdf")]) == 0
    assert seen == [export_cli.BATCH_GC_THRESHOLDS]
    assert gc.get_threshold() == before
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")


def test_the_thresholds_are_restored_when_an_export_fails(tmp_path: Path) -> None:
    before = gc.get_threshold()
    bad = tmp_path / "bad.sheetdesk"
    bad.write_text("{not json", encoding="utf-8")
    assert cli.main(["export", str(bad), "-o", str(tmp_path / "x.pdf")]) == 2
    assert gc.get_threshold() == before
