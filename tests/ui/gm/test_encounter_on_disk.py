"""The GM screen's encounter file changed, replaced, deleted or half-written on disk by
someone else while it is open: noticed, reloaded or asked about, never overwritten
unasked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton

from desktop.model.disk_stamp import ChangedOnDisk, GoneFromDisk
from desktop.systems.encounters import encounter_to_text, load_encounter
from desktop.ui.disk_changes import DiskBar
from desktop.ui.gm.window import GmWindow
from tests.elsewhere import replace_elsewhere, write_elsewhere

WAIT_MS = 10000


@pytest.fixture
def saved(gm: GmWindow, gm_prompts, tmp_path) -> Path:
    """The window's encounter, one combatant in it, saved as Ford.encounter."""
    assert gm.sources.add_combatants(None, "Thug", 1, "quick")
    path = tmp_path / "Ford.encounter"
    gm_prompts.paths = [path]
    assert gm.save_as()
    assert not gm.session.modified
    return path


def _theirs(path: Path, text: str) -> bytes:
    """The file with one more operation (a note), as another device would save it."""
    return encounter_to_text(load_encounter(path).note(text)).encode("utf-8")


def _notes(gm: GmWindow) -> list[str]:
    return [op["text"] for op in gm.encounter.ops if op["op"] == "note"]


def _bar(gm: GmWindow) -> DiskBar | None:
    bars = [b for b in gm.findChildren(DiskBar) if not b.isHidden()]
    return bars[0] if bars else None


def _mine(gm: GmWindow) -> None:
    """An unsaved change of the GM's: a second combatant."""
    assert gm.sources.add_combatants(None, "Brute", 1, "quick")
    assert gm.session.modified


def test_a_change_on_disk_with_nothing_unsaved_is_reloaded(gm, qtbot, saved) -> None:
    write_elsewhere(saved, _theirs(saved, "theirs"))
    qtbot.waitUntil(lambda: _notes(gm) == ["theirs"], timeout=WAIT_MS)
    assert not gm.session.modified and gm.isVisible()  # the same window
    assert "Reloaded Ford.encounter" in gm.statusBar().currentMessage()
    assert gm.session.undo_stack.undoText() == "Reload from disk"  # the history goes on
    gm.session.undo_stack.undo()
    assert _notes(gm) == [] and list(gm.encounter.fighters) == ["Thug"]
    assert _bar(gm) is None


def test_an_atomic_replace_is_noticed_and_the_watch_goes_on(gm, qtbot, saved) -> None:
    replace_elsewhere(saved, _theirs(saved, "first"))
    qtbot.waitUntil(lambda: _notes(gm) == ["first"], timeout=WAIT_MS)
    replace_elsewhere(saved, _theirs(saved, "second"))  # re-armed: noticed again
    qtbot.waitUntil(lambda: _notes(gm) == ["first", "second"], timeout=WAIT_MS)


def test_a_change_with_unsaved_edits_offers_a_choice_and_reload_keeps_mine(
        gm, qtbot, saved) -> None:
    _mine(gm)
    theirs = _theirs(saved, "theirs")
    write_elsewhere(saved, theirs)
    qtbot.waitUntil(lambda: _bar(gm) is not None, timeout=WAIT_MS)
    assert list(gm.encounter.fighters) == ["Thug", "Brute"]  # nothing taken unasked
    assert "changed on disk" in gm.statusBar().currentMessage()
    assert [b.text() for b in _bar(gm).findChildren(QPushButton)] == [
        "Reload theirs", "Keep mine", "Save mine as a copy"]
    _bar(gm).reload_button.click()
    assert _notes(gm) == ["theirs"] and list(gm.encounter.fighters) == ["Thug"]
    assert not gm.session.modified and gm.session.path == saved.resolve()
    assert saved.read_bytes() == theirs
    mine = load_encounter(saved.with_name("Ford (my copy).encounter"))
    assert list(mine.fighters) == ["Thug", "Brute"]  # the GM's version, kept whole
    assert "my copy" in gm.statusBar().currentMessage()
    assert _bar(gm) is None


def test_keep_mine_lets_save_write_over_theirs(gm, qtbot, saved, gm_prompts) -> None:
    _mine(gm)
    write_elsewhere(saved, _theirs(saved, "theirs"))
    qtbot.waitUntil(lambda: _bar(gm) is not None, timeout=WAIT_MS)
    _bar(gm).keep_button.click()
    assert _bar(gm) is None and gm.session.modified
    assert gm.files.save()
    assert gm_prompts.confirmed == []
    assert list(load_encounter(saved).fighters) == ["Thug", "Brute"]


def test_save_mine_as_a_copy_leaves_theirs(gm, qtbot, saved) -> None:
    _mine(gm)
    theirs = _theirs(saved, "theirs")
    write_elsewhere(saved, theirs)
    qtbot.waitUntil(lambda: _bar(gm) is not None, timeout=WAIT_MS)
    _bar(gm).copy_button.click()
    assert saved.read_bytes() == theirs
    copy = saved.with_name("Ford (my copy).encounter")
    assert list(load_encounter(copy).fighters) == ["Thug", "Brute"]
    assert gm.session.path == copy and not gm.session.modified
    assert gm.files.recent()[0] == copy.resolve()
    write_elsewhere(copy, _theirs(copy, "on the copy"))  # the copy is watched now
    qtbot.waitUntil(lambda: _notes(gm) == ["on the copy"], timeout=WAIT_MS)


def test_save_after_an_unnoticed_change_asks_first(gm, saved, gm_prompts) -> None:
    _mine(gm)
    theirs = _theirs(saved, "theirs")
    saved.write_bytes(theirs)  # before the watch has looked
    with pytest.raises(ChangedOnDisk):
        gm.session.save()
    gm_prompts.confirm_answer = False
    assert not gm.files.save()
    assert saved.read_bytes() == theirs  # not overwritten unasked
    assert len(gm_prompts.confirmed) == 1 and "changed on disk" in gm_prompts.confirmed[0]
    gm_prompts.confirm_answer = True
    assert gm.files.save()
    assert list(load_encounter(saved).fighters) == ["Thug", "Brute"]
    assert not gm.session.modified


def test_closing_after_an_unnoticed_change_asks_before_replacing(
        qtbot, gm, saved, gm_prompts) -> None:
    from desktop.ui.prompts import Unsaved

    _mine(gm)
    theirs = _theirs(saved, "theirs")
    saved.write_bytes(theirs)
    gm_prompts.unsaved_answers = [Unsaved.SAVE]
    gm_prompts.confirm_answer = False
    assert not gm.close()  # the GM said no to replacing theirs: the window stays
    assert saved.read_bytes() == theirs and gm_prompts.confirmed


@pytest.mark.parametrize("how", ["deleted", "renamed"])
def test_a_file_gone_from_disk_is_reported_and_save_asks_where(
        gm, qtbot, saved, gm_prompts, tmp_path, how) -> None:
    if how == "deleted":
        saved.unlink()
    else:
        saved.rename(tmp_path / "Renamed.encounter")
    qtbot.waitUntil(lambda: _bar(gm) is not None, timeout=WAIT_MS)
    assert "deleted or renamed" in _bar(gm).label.text()
    assert "Save will ask where" in gm.statusBar().currentMessage()
    assert list(gm.encounter.fighters) == ["Thug"]  # still here
    with pytest.raises(GoneFromDisk):
        gm.session.save()
    elsewhere = tmp_path / "Elsewhere.encounter"
    gm_prompts.paths = [elsewhere]
    assert gm.files.save()
    assert gm_prompts.warnings and gm_prompts.warnings[0][0] == "File gone"
    assert not saved.exists()  # not recreated silently
    assert list(load_encounter(elsewhere).fighters) == ["Thug"]
    assert gm.session.path == elsewhere and _bar(gm) is None


def test_a_gone_file_may_be_saved_again_under_its_own_name(gm, qtbot, saved,
                                                           gm_prompts) -> None:
    saved.unlink()
    gm_prompts.paths = [saved]
    assert gm.files.save()
    assert list(load_encounter(saved).fighters) == ["Thug"]
    assert len(gm_prompts.warnings) == 1


def test_a_half_written_file_is_not_taken_and_is_read_once_it_settles(
        gm, qtbot, saved) -> None:
    whole = _theirs(saved, "theirs")
    write_elsewhere(saved, whole[: len(whole) // 2])
    qtbot.waitUntil(lambda: "cannot be read yet" in gm.statusBar().currentMessage(),
                    timeout=WAIT_MS)
    assert _notes(gm) == [] and not gm.session.modified
    write_elsewhere(saved, whole)
    qtbot.waitUntil(lambda: _notes(gm) == ["theirs"], timeout=WAIT_MS)


def test_the_watch_follows_the_encounter_open(gm, qtbot, saved, tmp_path) -> None:
    other = tmp_path / "Bridge.encounter"
    other.write_bytes(saved.read_bytes())
    assert gm.files.open_path(other)
    write_elsewhere(saved, _theirs(saved, "old file"))
    write_elsewhere(other, _theirs(other, "new file"))
    qtbot.waitUntil(lambda: _notes(gm) == ["new file"], timeout=WAIT_MS)
    qtbot.wait(600)
    assert _notes(gm) == ["new file"]  # the file put away is no longer watched
    assert gm.files.new_encounter()  # nor is any file once a new encounter is made
    write_elsewhere(other, _theirs(other, "later"))
    qtbot.wait(800)
    assert gm.encounter.fighters == {} and _bar(gm) is None


def test_a_fight_played_on_the_command_line_meanwhile_is_taken(gm, qtbot, saved) -> None:
    """``sheetdesk encounter act`` on the file the GM screen has open (another terminal,
    a script): the window takes the new turn as it is saved."""
    subprocess.run([sys.executable, "-m", "desktop", "encounter", "act", str(saved), "note",
                    "text=from the command line"], check=True, timeout=60,
                   cwd=Path(__file__).resolve().parents[3], capture_output=True)
    qtbot.waitUntil(lambda: _notes(gm) == ["from the command line"], timeout=WAIT_MS)
    assert not gm.session.modified


def test_a_file_put_back_as_it_was_takes_the_bar_away(gm, qtbot, saved, tmp_path) -> None:
    """A sync that deletes and writes the file anew, or a file renamed and renamed back."""
    aside = tmp_path / "aside.encounter"
    saved.rename(aside)
    qtbot.waitUntil(lambda: _bar(gm) is not None, timeout=WAIT_MS)
    aside.rename(saved)
    qtbot.waitUntil(lambda: _bar(gm) is None, timeout=WAIT_MS)
    assert "again the version you have" in gm.statusBar().currentMessage()
    saved.unlink()  # gone again: told again
    qtbot.waitUntil(lambda: _bar(gm) is not None, timeout=WAIT_MS)
