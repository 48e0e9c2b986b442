"""The Actions chapter's crossbow shot and a distraction scripted with ``sheetdesk
encounter``, the command-line way into the GM screen's engine."""

from __future__ import annotations

import pytest

from desktop import cli
from desktop.systems.encounters import load_encounter
from tests.systems.kruhl.fight.book import EXAMPLES


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["encounter", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_crossbow_shot_from_the_command_line(tmp_path, capsys) -> None:
    """Forcing An Action: "Virek-Kohl then pulls out a crossbow, aims it at Issvisk, and
    fires. Soraya forces her next action to leap between Virek-Kohl and Issvisk": her
    forced dodge gives a bonus die on the defense (3d6 + Agility 6 against 2d6 +
    Agility 3 + crossbow 2: 15.2 %)."""
    enc = tmp_path / "corner.encounter"
    code, _, err = run(capsys, "new", str(EXAMPLES / "soraya.sheetdesk"),
                       str(EXAMPLES / "virek-kohl.sheetdesk"), "-o", str(enc),
                       "--seed", "3")
    assert code == 0, err
    assert run(capsys, "act", str(enc), "start", "Soraya=12", "Virek-Kohl=9")[0] == 0
    assert run(capsys, "act", str(enc), "next")[0] == 0
    code, out, err = run(capsys, "act", str(enc), "force", "--who", "Soraya",
                         "defense=dodge", "what=leaps between Virek-Kohl and Issvisk")
    assert code == 0, err
    assert "Soraya: Dodging (Bonus die on defense rolls until the character takes its " \
           "next turn (Dodging).)" in out
    code, out, err = run(capsys, "act", str(enc), "attack", "--who", "Virek-Kohl",
                         "target=Soraya", "mode=ranged")
    assert code == 0, err
    assert "Virek-Kohl → Soraya, ranged attack: 2d6 + 5 vs 3d6 + 6 (15.2 %)" in out
    assert "dodging" in load_encounter(enc).character("Soraya").conditions


def test_a_distraction_and_a_tie_from_the_command_line(tmp_path, capsys) -> None:
    """Distracting: "If the character attempting to use distraction rolls more than the
    target, the distraction is successful"; the odds say so too."""
    code, out, _ = run(capsys, "new", str(EXAMPLES / "soraya.sheetdesk"),
                       str(EXAMPLES / "virek-kohl.sheetdesk"), "-o",
                       str(tmp_path / "d.encounter"), "--seed", "1")
    assert code == 0
    enc = str(tmp_path / "d.encounter")
    assert run(capsys, "act", enc, "start", "Soraya=12", "Virek-Kohl=9")[0] == 0
    code, out, err = run(capsys, "act", enc, "distract", "target=Virek-Kohl")
    assert code == 0, err
    # Deception: her 2d6 + Presence 4 against his expertise and Presence 7.
    assert "Soraya → Virek-Kohl, distraction: 2d6 + 4 vs 2d6 (re-roll 1s and 2s) + 7 (" \
           in out and "a tie goes to the target)" in out
    code, out, _ = cli_odds(capsys, "--attr", "4", "--dice", "skilled", "--vs-attr", "7",
                            "--vs-dice", "expertise", "--distracting")
    assert code == 0 and out.endswith("a tie goes to the opponent\n")


def cli_odds(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["odds", "kruhl", *argv])
    out, err = capsys.readouterr()
    return code, out, err
