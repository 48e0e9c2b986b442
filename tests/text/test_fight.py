"""A fight as text: the status says only what the players may see; the log is the
GM's last round."""

from __future__ import annotations

from desktop.systems.encounters import new_encounter
from desktop.text.fight import last_round_document, status_document
from desktop.text.render import render
from tests.share.fights import fight, scripted


def _fight():
    return list(scripted(fight(), 3))[-1]


def test_the_status_is_the_player_view() -> None:
    encounter = _fight()
    text = render(status_document(encounter), "markdown")
    assert text.startswith("# ford\n\n*Frame 2 · Turn: Lizard-man 1, Lizard-man 2,")
    assert "| ✓ | Sparky | Damage 4 · 15/16, hurt |" in text
    assert "| ▶ | Lizard-man 1 | hurt |" in text
    assert "/9" not in text and "pool" not in text
    hidden = render(status_document(encounter, names=False), "text")
    assert "Lizard" not in hidden and "Foe 1" in hidden and "Sparky" in hidden


def test_before_the_fight_and_without_a_log() -> None:
    empty = new_encounter("pow", "Quiet night")
    assert "Before the fight" in render(status_document(empty), "text")
    assert "Nothing yet." in render(last_round_document(empty), "text")


def test_the_log_is_the_last_rounds() -> None:
    encounter = _fight()
    text = render(last_round_document(encounter), "bbcode")
    assert "[i]Frame 2[/i]" in text and "[list]" in text
    assert "Lizard-man 3: 2 damage: pool 9→7" in text
    assert "Frame 1" not in text and text.count("[*]") == sum(
        1 for line in encounter.log if line.when == "Frame 2")
