"""sheetdesk export --blank SYSTEM -o OUT.pdf, beside the export of
character files, which works as before."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from desktop import cli
from desktop.paths import resource


def test_export_blank_writes_a_fillable_sheet(tmp_path):
    out = tmp_path / "blank.pdf"
    assert cli.main(["export", "--blank", "pocket", "-o", str(out)]) == 0
    reader = PdfReader(out)
    assert len(reader.pages) == 1, "the sheet alone unless --what says otherwise"
    assert "Character Name" in reader.get_fields()
    both = tmp_path / "both.pdf"
    assert cli.main(["export", "--blank", "kruhl", "--what", "both", "-o", str(both)]) == 0
    assert len(PdfReader(both).pages) == 2


@pytest.mark.parametrize("argv", [
    ["export", "-o", "x.pdf"],
    ["export", "--blank", "chess", "-o", "x.pdf"],
    ["export", str(resource("pow", "characters", "sparky.sheetdesk")), "--blank", "pow",
     "-o", "x.pdf"],
])
def test_blank_needs_a_game_and_no_files(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == 2
    assert "export" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_exporting_files_is_unchanged(tmp_path):
    out = tmp_path / "sparky.pdf"
    assert cli.main(["export", str(resource("pow", "characters", "sparky.sheetdesk")),
                     "-o", str(out)]) == 0
    assert len(PdfReader(out).pages) == 2, "sheet and card, as before"
    assert not PdfReader(out).get_fields()
