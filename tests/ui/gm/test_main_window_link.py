"""The main window and the GM screen open together: a character open in both stays one."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.systems.files import load_character
from desktop.ui.gm.window import GmWindow


@pytest.fixture
def linked(window, gm_prompts, qtbot):
    """The GM screen opened from the main window with Ctrl+G (scripted prompts)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    gm = window.gm_window
    assert isinstance(gm, GmWindow)
    gm.prompts = gm_prompts
    gm.resize(800, 600)
    qtbot.waitExposed(gm)
    yield gm
    gm_prompts.unsaved_answers.clear()
    if window.gm_window is not None:
        gm.close()


def test_ctrl_g_opens_one_gm_screen(window, linked) -> None:
    assert linked.isVisible()
    assert window.open_gm_screen() is linked, "one GM screen at a time"
    assert linked.sources.characters is window


def test_a_closed_gm_screen_opens_afresh(window, linked, qtbot) -> None:
    linked.close()
    qtbot.waitUntil(lambda: window.gm_window is None)
    again = window.open_gm_screen()
    assert again is not linked and again.isVisible()
    again.close()


def test_adding_an_open_character_takes_the_open_version(window, linked, gm_prompts,
                                                         party) -> None:
    editor = window.open_path(party["sparky"])
    editor.document.apply("Agility", lambda c: setattr(c.attributes, "agility", 4))
    gm_prompts.character_files = [party["sparky"]]
    assert linked.add_files()
    assert linked.encounter.character("Sparky").attributes.agility == 4
    assert load_character(party["sparky"]).attributes.agility == 3, "not saved yet"


def test_write_back_to_an_open_character_is_an_undoable_edit(window, linked, gm_prompts,
                                                            party) -> None:
    editor = window.open_path(party["electrobabe"])
    document = editor.document
    gm_prompts.character_files = [party["electrobabe"]]
    linked.add_files()
    linked.start_fight()
    linked.perform("Electrobabe", "damage", {"points": 5})
    on_disk = party["electrobabe"].read_bytes()
    assert linked.sources.write_back("Electrobabe")
    assert document.character.tracking.pools == {"damage": 4}
    assert document.modified
    assert document.undo_stack.undoText().startswith("Written back from the GM screen")
    assert party["electrobabe"].read_bytes() == on_disk, "the open document got it instead"
    assert "the open character in the main window" in linked.log_view.texts()[-1]
    document.undo_stack.undo()
    assert document.character.tracking.pools == {}


def test_write_back_of_a_file_not_open_saves_it(window, linked, gm_prompts, party) -> None:
    window.open_path(party["sparky"])  # another character is open; Cutter is not
    gm_prompts.character_files = [party["cutter"]]
    linked.add_files()
    linked.perform("Cutter", "damage", {"points": 1})
    assert linked.sources.write_back("Cutter")
    assert load_character(party["cutter"]).tracking.pools == {"damage": 3}


def test_the_welcome_page_opens_the_gm_screen(window, qtbot) -> None:
    from PySide6.QtWidgets import QPushButton

    button = window.welcome.findChild(QPushButton, "welcomeGmButton")
    assert button is not None and "GM screen" in button.text()
    button.click()
    gm = window.gm_window
    assert isinstance(gm, GmWindow) and gm.isVisible()
    gm.close()
