"""CI runs exactly the test command that README.md tells people to run."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
# .ci/run runs the command as `<command> || rc=$?`, so a failure still reaches its exit.
RC_SUFFIX = " || rc=$?"


def ci_test_command() -> str:
    lines = [
        line.strip() for line in (REPO / ".ci" / "run").read_text().splitlines()
        if line.strip().endswith(RC_SUFFIX)
    ]
    assert len(lines) == 1, f".ci/run should run one test command, found {lines}"
    return lines[0].removesuffix(RC_SUFFIX)


def test_ci_runs_pytest_in_the_project_venv() -> None:
    command = ci_test_command()
    assert "pip install -e '.[test]'" in command
    assert command.endswith("python -m pytest")


def test_readme_shows_the_ci_test_command_verbatim() -> None:
    readme = REPO / "README.md"
    if not readme.is_file():
        pytest.skip("README.md is not written yet (the lead developer adds it)")
    command = ci_test_command()
    assert command in readme.read_text(encoding="utf-8"), (
        f"README.md must show .ci/run's test command verbatim:\n  {command}"
    )
