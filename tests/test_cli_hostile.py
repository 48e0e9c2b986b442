"""Hostile command lines and outputs: exit 2 with one short line, before any
work (calls counted, not timed: tests/work.py), and no input file ever replaced."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from desktop import cli
from tests.work import calls

REPO = Path(__file__).resolve().parent.parent
ELECTROBABE = REPO / "resources" / "pow" / "characters" / "electrobabe.sheetdesk"
WORK = 500_000
"""The most calls a refused command line may make (tests/work.py): the longest here, ten
thousand options parsed, makes about 120,000; a computation the limits should have
refused stops there and fails."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code, _work = calls(cli.main, list(argv), limit=WORK)
    out, err = capsys.readouterr()
    return code, out, err


def assert_short_error(err: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert len(err) <= 340, len(err)  # "sheetdesk: command: " + at most 300


@pytest.mark.parametrize("argv", [
    ("odds", "protector", "--dice", f"{10**21}d6", "--target", "3"),
    ("odds", "protector", "--dice", "99999999d6", "--target", "3"),
    ("roll", "protector", "--dice", "60d6,60d8", "--target", "3"),
    ("odds", "pocket", "--triplet", "2/4/" + "9" * 400),
    ("roll", "pocket", "--triplet", "2/4/" + "9" * 400),
    ("odds", "pocket", "--triplet", "2/4/" + "9" * 5000),
    ("odds", "pocket", "--target", "10", *["--modifier", "1"] * 10_000),
    ("roll", "kruhl", *["--bonus", "1"] * 5_000),
])
def test_huge_dice_numbers_and_options_are_usage_errors(capsys, argv) -> None:
    code, _out, err = run(capsys, *argv)
    assert code == 2, err
    assert_short_error(err)


def test_a_too_long_message_is_elided(capsys) -> None:
    code, _out, err = run(capsys, "check", "x" * 5000 + "\n\x1b[2J.sheetdesk")
    assert code == 2
    assert_short_error(err)
    assert "\x1b" not in err and "…" in err


@pytest.mark.parametrize("output", ["same", "other.sheetdesk", "fight.encounter", "renamed"])
def test_export_never_replaces_a_character_or_encounter_file(capsys, tmp_path, output):
    source = tmp_path / "hero.sheetdesk"
    shutil.copy(ELECTROBABE, source)
    targets = {"same": source, "other.sheetdesk": tmp_path / "other.sheetdesk",
               "fight.encounter": tmp_path / "fight.encounter",
               "renamed": tmp_path / "hero.pdf"}
    target = targets[output]
    if output == "renamed":  # a character file saved under a .pdf name
        shutil.copy(ELECTROBABE, target)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    code, _out, err = run(capsys, "export", str(source), "-o", str(target))
    assert code == 2, err
    assert_short_error(err)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("argv", [("systems",), ("systems", "--json"),
                                  ("check", str(ELECTROBABE), "--json")])
def test_a_closed_standard_output_is_one_clear_line(capsys, monkeypatch, argv) -> None:
    """Started with stdout closed (``>&-``), Python sets sys.stdout to None."""
    monkeypatch.setattr("sys.stdout", None)
    code = cli.main(list(argv))
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"sheetdesk: {argv[0]}: standard output is closed\n"


def test_a_command_that_prints_nothing_runs_with_stdout_closed(capsys, monkeypatch,
                                                               tmp_path) -> None:
    monkeypatch.setattr("sys.stdout", None)
    out = tmp_path / "party.pdf"
    assert cli.main(["export", str(ELECTROBABE), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_with_stdout_and_stderr_closed_the_code_still_says_it(monkeypatch) -> None:
    monkeypatch.setattr("sys.stdout", None)
    monkeypatch.setattr("sys.stderr", None)
    assert cli.main(["systems"]) == 2


@pytest.mark.slow
def test_the_process_started_with_stdout_closed() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "desktop", "systems"], cwd=REPO, stderr=subprocess.PIPE,
        text=True, timeout=120, preexec_fn=lambda: os.close(1),
        env={**os.environ, "PYTHONPATH": str(REPO)})
    assert (result.returncode, result.stderr) == (
        2, "sheetdesk: systems: standard output is closed\n")
