"""The main window as a user drives it: files, tabs, undo, prompts, recent, drops."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDropEvent

from desktop.systems.files import load_character
from desktop.ui.prompts import Unsaved


def test_starts_on_the_welcome_page(window):
    assert window.welcome.isVisible()
    assert not window.tabs.isVisible()
    assert not window.save_action.isEnabled()


def test_new_character_from_the_game_picker(window, prompts):
    window.new_action.trigger()
    assert window.tabs.count() == 1
    assert window.current_document().character.system == "pow"
    assert window.save_action.isEnabled()
    prompts.game = None  # cancelled
    window.new_action.trigger()
    assert window.tabs.count() == 1


def test_open_edit_save_reopen_round_trip(window, electrobabe, prompts):
    editor = window.open_path(electrobabe)
    doc = editor.document
    doc.apply("Brawn", lambda c: setattr(c.attributes, "brawn", 2))
    assert doc.modified and window.isWindowModified()
    assert window.tabs.tabText(0).endswith("*")
    window.save_action.trigger()
    assert not doc.modified
    assert load_character(electrobabe) == doc.character
    assert (electrobabe.parent / "electrobabe.sheetdesk.bak").exists()
    window.close_tab()
    reopened = window.open_path(electrobabe)
    assert reopened.document.character.attributes.brawn == 2
    assert prompts.warnings == []


def test_opening_the_same_file_twice_switches_to_it(window, electrobabe):
    first = window.open_path(electrobabe)
    window.new_character("pow")
    again = window.open_path(electrobabe)
    assert again is first
    assert window.tabs.count() == 2
    assert window.current_editor() is first


def test_broken_file_is_reported_and_left_untouched(window, prompts, tmp_path):
    broken = tmp_path / "broken.sheetdesk"
    broken.write_bytes(b'{"format": "sheetdesk.character", "version": 1, "system": "pow", '
                       b'"name": "X", "attributes": {"agility": "fast", "brawn": 1, '
                       b'"cognition": 1, "damage": 1, "energy": 1, "fellowship": 1}}')
    before = broken.read_bytes()
    assert window.open_path(broken) is None
    assert window.tabs.count() == 0
    _title, text = prompts.warnings[-1]
    assert "broken.sheetdesk" in text and "attributes.agility" in text
    assert "\n" not in text
    assert broken.read_bytes() == before


def test_foreign_file_is_reported(window, prompts, tmp_path):
    foreign = tmp_path / "notes.sheetdesk"
    foreign.write_text(json.dumps({"hello": "world"}))
    assert window.open_path(foreign) is None
    assert "not a Sheetdesk character file" in prompts.warnings[-1][1]


def test_undo_and_redo_through_the_edit_menu(window, electrobabe):
    doc = window.open_path(electrobabe).document
    doc.apply("Agility", lambda c: setattr(c.attributes, "agility", 4))
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert doc.character.attributes.agility == 2
    assert not doc.modified
    window.redo_action.trigger()
    assert doc.character.attributes.agility == 4


def test_each_tab_has_its_own_undo_stack(window, electrobabe):
    first = window.open_path(electrobabe).document
    second = window.new_character("pow").document
    second.apply("Name", lambda c: setattr(c, "name", "Second"))
    first_tab = window.tabs.indexOf(window.editors()[0])
    window.tabs.setCurrentIndex(first_tab)
    assert not window.undo_action.isEnabled()  # the first document has nothing to undo
    window.tabs.setCurrentIndex(1)
    window.undo_action.trigger()
    assert second.character.name == ""
    assert first.character.name == "Electrobabe"


def test_close_with_unsaved_changes_asks(window, prompts, electrobabe):
    doc = window.open_path(electrobabe).document
    doc.apply("Name", lambda c: setattr(c, "name", "Changed"))
    prompts.unsaved_answers = [Unsaved.CANCEL]
    assert not window.close_tab()
    assert window.tabs.count() == 1
    prompts.unsaved_answers = [Unsaved.SAVE]
    assert window.close_tab()
    assert load_character(electrobabe).name == "Changed"


def test_discard_leaves_the_file_alone(window, prompts, electrobabe):
    before = electrobabe.read_bytes()
    doc = window.open_path(electrobabe).document
    doc.apply("Name", lambda c: setattr(c, "name", "Changed"))
    prompts.unsaved_answers = [Unsaved.DISCARD]
    assert window.close_tab()
    assert electrobabe.read_bytes() == before


def test_save_as_for_a_new_character_adds_the_suffix(window, prompts, tmp_path):
    doc = window.new_character("pow").document
    doc.apply("Name", lambda c: setattr(c, "name", "Ωmega"))
    prompts.paths = [tmp_path / "omega"]
    window.save_action.trigger()
    saved = tmp_path / "omega.sheetdesk"
    assert load_character(saved).name == "Ωmega"
    assert doc.path == saved.resolve() or doc.path == saved


def test_cancelled_save_as_keeps_the_document_modified(window, prompts):
    doc = window.new_character("pow").document
    doc.apply("Name", lambda c: setattr(c, "name", "X"))
    prompts.paths = [None]
    assert not window.save()
    assert doc.modified


def test_save_failure_is_reported_and_nothing_is_lost(window, prompts, electrobabe, tmp_path):
    doc = window.open_path(electrobabe).document
    doc.apply("Name", lambda c: setattr(c, "name", "Changed"))
    prompts.paths = [tmp_path / "missing-folder" / "x.sheetdesk"]
    assert not window.save_as()
    assert "missing-folder" in prompts.warnings[-1][1]
    assert doc.modified and doc.character.name == "Changed"


def test_quit_with_unsaved_changes_can_be_cancelled(window, prompts, electrobabe):
    doc = window.open_path(electrobabe).document
    doc.apply("Name", lambda c: setattr(c, "name", "Changed"))
    prompts.unsaved_answers = [Unsaved.CANCEL]
    assert not window.close()
    assert window.tabs.count() == 1


def test_recent_files_are_remembered(window, electrobabe, qtbot, prompts):
    window.open_path(electrobabe)
    actions = [a for a in window.recent_menu.actions() if a.toolTip().endswith(".sheetdesk")]
    assert actions and Path(actions[0].toolTip()) == electrobabe.resolve()
    window.close_tab()
    actions[0].trigger()
    assert window.tabs.count() == 1


def test_window_geometry_is_restored(qtbot, prompts, electrobabe):
    from desktop.ui.main_window import MainWindow

    first = MainWindow(prompts=prompts)
    qtbot.addWidget(first)
    first.resize(640, 480)  # inside the offscreen screen (800×600)
    first.show()
    first.close()
    second = MainWindow(prompts=prompts)
    qtbot.addWidget(second)
    assert (second.width(), second.height()) == (640, 480)


def test_dropping_files_opens_them(window, electrobabe, tmp_path):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(electrobabe))])
    event = QDropEvent(QPoint(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert window.tabs.count() == 1
    assert window.current_document().character.name == "Electrobabe"


def test_standard_shortcuts(window):
    from PySide6.QtGui import QKeySequence

    assert window.open_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
    assert window.save_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Save)
    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert QKeySequence("Ctrl+E") in window.export_action.shortcuts()


def test_edit_that_would_make_a_bad_file_is_refused(window, electrobabe):
    doc = window.open_path(electrobabe).document
    assert not doc.apply("damage", lambda c: setattr(c, "money", -5))
    assert doc.character.money >= 0
    assert not doc.modified
    assert "money" in window.statusBar().currentMessage()
