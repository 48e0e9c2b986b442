"""The first window for a person new to the app: the book's example characters, recent
files, a quick guide and the keyboard shortcuts, all reachable from it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QPushButton, QTextBrowser, QToolButton

from desktop.ui.help_menu import quit_keys, shortcuts
from desktop.ui.welcome import examples

REPO = Path(__file__).resolve().parents[2]


def test_every_shipped_example_is_offered() -> None:
    shipped = sorted(REPO.glob("resources/*/characters/*.sheetdesk"))
    found = examples()
    assert len(found) == len(shipped) == 12
    assert len({e.game for e in found}) == 5
    assert all(e.name and "_" not in e.name for e in found)


def test_an_example_opens_from_the_first_window_as_a_new_character(window, qtbot) -> None:
    button = window.welcome.findChild(QToolButton, "welcomeExamples")
    assert button is not None and button.isVisible()
    menu = button.menu()
    names = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert "Electrobabe" in names and "Kestra of the Marches" in names
    next(a for a in menu.actions() if a.text() == "Electrobabe").trigger()
    document = window.current_document()
    assert document.character.name == "Electrobabe"
    assert document.path is None  # Save asks where: the shipped file stays as it is


def test_recent_files_are_on_the_first_window(window, tmp_path) -> None:
    path = tmp_path / "Sparky.sheetdesk"
    path.write_bytes((REPO / "resources" / "pow" / "characters" / "sparky.sheetdesk")
                     .read_bytes())
    window.open_path(path)
    window.close_tab()
    recent = [b for b in window.welcome.findChildren(QPushButton)
              if b.text().startswith("Sparky — POW!")]
    assert recent and recent[0].toolTip() == str(path)
    recent[0].click()
    assert window.current_document().path == path.resolve()


def test_help_has_a_guide_and_the_shortcuts_of_the_window(window, qtbot) -> None:
    listed = {(command, keys) for _menu, command, keys in shortcuts(window)}
    save = QKeySequence(QKeySequence.StandardKey.Save).toString(
        QKeySequence.SequenceFormat.NativeText)
    assert ("Save", save) in listed
    assert any(command == "GM Screen" for command, _keys in listed)
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    texts = [a.text() for a in help_menu.actions()]
    assert texts[:2] == ["Quick &guide", "&Keyboard shortcuts"]
    help_menu.actions()[1].trigger()
    dialog = window.findChild(QDialog, "helpDialog")
    assert dialog is not None and dialog.isVisible()
    assert "Export PDF" in dialog.findChild(QTextBrowser).toPlainText()
    dialog.reject()


def test_ctrl_q_quits_everywhere() -> None:
    assert QKeySequence("Ctrl+Q") in quit_keys()
