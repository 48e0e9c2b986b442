"""A character file changed, replaced, deleted or half-written on disk by someone else
while it is open: noticed, reloaded or asked about, never overwritten unasked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton

from desktop.model.disk_stamp import ChangedOnDisk, GoneFromDisk
from desktop.ui import autosave
from desktop.ui.disk_changes import DiskBar, copy_path
from tests.elsewhere import replace_elsewhere, write_elsewhere

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "resources" / "pow" / "characters" / "electrobabe.sheetdesk"


@pytest.fixture
def sparky(tmp_path) -> Path:
    path = tmp_path / "Sparky.sheetdesk"
    path.write_bytes(EXAMPLE.read_bytes())
    return path


def _brawn(path: Path, value: int) -> bytes:
    """The file's text with Brawn set to ``value``, as another device would save it."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["attributes"]["brawn"] = value
    return json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8")


def _bar(editor) -> DiskBar | None:
    bars = [b for b in editor.findChildren(DiskBar) if not b.isHidden()]
    return bars[0] if bars else None


def test_a_change_on_disk_with_nothing_unsaved_is_reloaded(window, qtbot, sparky) -> None:
    editor = window.open_path(sparky)
    document = editor.document
    write_elsewhere(sparky, _brawn(sparky, 4))
    qtbot.waitUntil(lambda: document.character.attributes.brawn == 4, timeout=10000)
    assert window.tabs.currentWidget() is editor  # the same tab
    assert not document.modified
    assert "Reloaded Sparky.sheetdesk" in window.statusBar().currentMessage()
    assert document.undo_stack.undoText() == "Reload from disk"  # the history goes on
    document.undo_stack.undo()
    assert document.character.attributes.brawn != 4


def test_an_atomic_replace_is_noticed_and_the_watch_goes_on(window, qtbot, sparky) -> None:
    document = window.open_path(sparky).document
    replace_elsewhere(sparky, _brawn(sparky, 4))
    qtbot.waitUntil(lambda: document.character.attributes.brawn == 4, timeout=10000)
    replace_elsewhere(sparky, _brawn(sparky, 1))  # re-armed: noticed again
    qtbot.waitUntil(lambda: document.character.attributes.brawn == 1, timeout=10000)


def test_a_change_while_editing_offers_a_choice_and_reload_keeps_mine(
        window, qtbot, sparky, prompts) -> None:
    editor = window.open_path(sparky)
    document = editor.document
    document.apply("Name", lambda c: setattr(c, "name", "Mine"))
    write_elsewhere(sparky, _brawn(sparky, 4))
    qtbot.waitUntil(lambda: _bar(editor) is not None, timeout=10000)
    assert document.character.name == "Mine"  # nothing taken without asking
    assert [b.text() for b in _bar(editor).findChildren(QPushButton)] == [
        "Reload theirs", "Keep mine", "Save mine as a copy"]
    _bar(editor).reload_button.click()
    assert document.character.attributes.brawn == 4 and document.character.name != "Mine"
    kept = [autosave.read(path) for path in autosave.autosave_dir().glob("*.json")]
    assert any(r.character.name == "Mine" for r in kept)


def test_keep_mine_lets_save_write_over_theirs(window, qtbot, sparky, prompts) -> None:
    editor = window.open_path(sparky)
    document = editor.document
    document.apply("Name", lambda c: setattr(c, "name", "Mine"))
    write_elsewhere(sparky, _brawn(sparky, 4))
    qtbot.waitUntil(lambda: _bar(editor) is not None, timeout=10000)
    _bar(editor).keep_button.click()
    assert window.save(editor)
    assert prompts.confirmations == []
    assert json.loads(sparky.read_text(encoding="utf-8"))["name"] == "Mine"


def test_save_mine_as_a_copy_leaves_theirs(window, qtbot, sparky) -> None:
    editor = window.open_path(sparky)
    document = editor.document
    document.apply("Name", lambda c: setattr(c, "name", "Mine"))
    theirs = _brawn(sparky, 4)
    write_elsewhere(sparky, theirs)
    qtbot.waitUntil(lambda: _bar(editor) is not None, timeout=10000)
    _bar(editor).copy_button.click()
    assert sparky.read_bytes() == theirs
    copy = sparky.with_name("Sparky (my copy).sheetdesk")
    assert json.loads(copy.read_text(encoding="utf-8"))["name"] == "Mine"
    assert document.path == copy and not document.modified


def test_save_after_an_unnoticed_change_asks_first(window, sparky, prompts) -> None:
    editor = window.open_path(sparky)
    document = editor.document
    document.apply("Name", lambda c: setattr(c, "name", "Mine"))
    theirs = _brawn(sparky, 4)
    sparky.write_bytes(theirs)  # before the watcher has looked
    with pytest.raises(ChangedOnDisk):
        document.save()
    prompts.confirm_answers = [False]
    assert not window.save(editor)
    assert sparky.read_bytes() == theirs  # not overwritten unasked
    assert prompts.confirmations and "changed on disk" in prompts.confirmations[0][1]
    prompts.confirm_answers = [True]
    assert window.save(editor)
    assert json.loads(sparky.read_text(encoding="utf-8"))["name"] == "Mine"


def test_a_deleted_file_is_reported_and_save_asks_where(window, qtbot, sparky, prompts,
                                                          tmp_path) -> None:
    editor = window.open_path(sparky)
    document = editor.document
    sparky.rename(tmp_path / "Renamed.sheetdesk")
    qtbot.waitUntil(lambda: _bar(editor) is not None, timeout=10000)
    assert "deleted or renamed" in _bar(editor).label.text()
    with pytest.raises(GoneFromDisk):
        document.save()
    elsewhere = tmp_path / "Elsewhere.sheetdesk"
    prompts.paths = [elsewhere]
    assert window.save(editor)
    assert not sparky.exists()  # not recreated silently
    assert elsewhere.exists() and document.path == elsewhere


def test_a_half_written_file_is_not_taken_and_is_read_once_it_settles(
        window, qtbot, sparky) -> None:
    document = window.open_path(sparky).document
    whole = _brawn(sparky, 4)
    write_elsewhere(sparky, whole[: len(whole) // 2])
    qtbot.waitUntil(lambda: "cannot be read yet" in window.statusBar().currentMessage(),
                    timeout=10000)
    assert document.character.attributes.brawn != 4 and not document.modified
    write_elsewhere(sparky, whole)
    qtbot.waitUntil(lambda: document.character.attributes.brawn == 4, timeout=10000)


def test_a_file_put_back_removes_the_bar(window, qtbot, sparky, tmp_path) -> None:
    editor = window.open_path(sparky)
    moved = tmp_path / "Moved.sheetdesk"
    sparky.rename(moved)
    qtbot.waitUntil(lambda: _bar(editor) is not None, timeout=10000)
    moved.rename(sparky)  # a sync tool puts it back
    qtbot.waitUntil(lambda: _bar(editor) is None, timeout=10000)
    assert "back on disk" in window.statusBar().currentMessage()


@pytest.mark.parametrize("name", ["Sparky (conflicted copy).sheetdesk",
                                  "Sparky (Ana's conflicted copy 2026-11-29).sheetdesk",
                                  "Sparky.sync-conflict-20261129-101010-ABCDEF7.sheetdesk"])
def test_sync_conflict_copies_open_like_any_file(window, tmp_path, name) -> None:
    path = tmp_path / name
    path.write_bytes(EXAMPLE.read_bytes())
    editor = window.open_path(path)
    assert editor is not None and editor.document.path == path.resolve()


def test_a_copy_takes_a_free_name(tmp_path) -> None:
    path = tmp_path / "Bob.sheetdesk"
    assert copy_path(path).name == "Bob (my copy).sheetdesk"
    (tmp_path / "Bob (my copy).sheetdesk").write_text("x")
    assert copy_path(path).name == "Bob (my copy 2).sheetdesk"
