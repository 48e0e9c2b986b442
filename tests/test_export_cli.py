"""``sheetdesk export FILE --format markdown|bbcode|text [-o OUT]``: a character as text
on stdout or in a file, the PDF options untouched, errors in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop import cli
from desktop.paths import resource
from desktop.systems.files import load_character
from desktop.text.export import character_text

SORAYA = resource("kruhl", "characters", "soraya.sheetdesk")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("fmt", ["markdown", "bbcode", "text"])
def test_text_goes_to_stdout_without_an_output(fmt: str, capsys) -> None:
    code, out, err = run(capsys, "export", str(SORAYA), "--format", fmt)
    assert (code, err) == (0, "")
    assert out == character_text(load_character(SORAYA), fmt)


def test_text_goes_to_the_output_file(tmp_path: Path, capsys) -> None:
    out_file = tmp_path / "soraya.md"
    code, out, err = run(capsys, "export", str(SORAYA), "--format=markdown", "-o",
                         str(out_file))
    assert (code, out, err) == (0, "", "")
    assert out_file.read_text(encoding="utf-8").startswith("# Soraya\n")


@pytest.mark.parametrize(("argv", "message"), [
    (["--format", "rtf"], "invalid choice"),
    (["--format", "text", "--what", "card"], "unrecognized arguments"),
    (["--format", "text", "-o", "{tmp}"], "is a folder"),
    (["--format", "text", "-o", "{tmp}/x.sheetdesk"], "not a text file"),
])
def test_text_usage_errors_are_one_line(argv: list[str], message: str, tmp_path: Path,
                                        capsys) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, out, err = run(capsys, "export", str(SORAYA), *argv)
    assert code == 2 and out == ""
    assert err.startswith("sheetdesk: export: ") and err.count("\n") == 1, err
    assert message in err


def test_the_pdf_export_still_wants_its_output(capsys) -> None:
    code, _, err = run(capsys, "export", str(SORAYA))
    assert code == 2 and "-o/--output" in err
