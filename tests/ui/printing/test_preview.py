"""File ▸ Print preview…: the pages inside the app, as many as Export PDF makes for a
sheet, a card, both, and a Powers character with power cards; paging and zoom by
keyboard; one page or two side by side; Print and Export PDF from the preview."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop.pdf.export import render_pdf
from desktop.systems.files import load_character
from desktop.ui.printing.preview import PreviewDialog
from tests.ui.print_script import to_pdf_file

REPO = Path(__file__).resolve().parents[3]
BOB = REPO / "resources" / "powers" / "characters" / "bob.sheetdesk"


def preview(window, qtbot) -> PreviewDialog:
    window.preview_action.trigger()
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, PreviewDialog)
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)  # its keys are the active window's
    return dialog


@pytest.fixture(autouse=True)
def _close_previews():
    """A preview the test left open closes (and deletes itself) after it."""
    yield
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, PreviewDialog) and widget.isVisible():
            widget.close()


def count(dialog: PreviewDialog) -> int:
    return len(dialog.view.pages)


@pytest.fixture
def shown(window, electrobabe, qtbot) -> PreviewDialog:
    window.open_path(electrobabe)
    return preview(window, qtbot)


def test_sheet_card_and_both(shown):
    assert count(shown) == 2 and shown.page_spin.suffix() == " of 2"
    assert "Electrobabe" in shown.windowTitle()
    shown.what.setCurrentIndex(shown.what.findData("sheet"))
    assert count(shown) == 1
    shown.what.setCurrentIndex(shown.what.findData("card"))
    assert count(shown) == 1
    shown.what.setCurrentIndex(shown.what.findData("both"))
    assert count(shown) == 2


def test_a_powers_character_with_power_cards(window, qtbot):
    window.open_path(BOB)
    dialog = preview(window, qtbot)
    exported = len(PdfReader(io.BytesIO(render_pdf([load_character(BOB)], "both"))).pages)
    assert exported > 2, "sheet, power cards, ID card"
    assert count(dialog) == exported


def test_everyone_open(window, electrobabe, qtbot):
    window.open_path(electrobabe)
    window.open_path(REPO / "resources" / "pow" / "characters" / "sparky.sheetdesk")
    dialog = preview(window, qtbot)
    assert count(dialog) == 2, "the current character only, at first"
    dialog.party.setChecked(True)
    assert count(dialog) == 4 and "2 characters" in dialog.windowTitle()
    dialog.two_action.trigger()  # side by side, Page Down goes a row on
    qtbot.keyClick(dialog.scroll, Qt.Key.Key_PageDown)
    assert dialog.page_spin.value() == 3 and not dialog.next_action.isEnabled()
    qtbot.keyClick(dialog.scroll, Qt.Key.Key_PageUp)
    assert dialog.page_spin.value() == 1 and not dialog.prev_action.isEnabled()


def test_paging_by_keyboard(shown, qtbot):
    assert shown.page() == 0 and not shown.prev_action.isEnabled()
    qtbot.keyClick(shown.scroll, Qt.Key.Key_PageDown)
    assert shown.page_spin.value() == 2
    assert not shown.next_action.isEnabled()
    qtbot.keyClick(shown.scroll, Qt.Key.Key_PageUp)
    assert shown.page_spin.value() == 1
    qtbot.keyClick(shown.scroll, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert shown.page_spin.value() == 2


def test_zoom_by_keyboard(shown, qtbot):
    fitted = shown.view.zoom
    assert shown.fit_page_action.isChecked()
    qtbot.keyClick(shown.scroll, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert shown.view.zoom == pytest.approx(fitted * 1.25)
    assert not shown.fit_page_action.isChecked()
    qtbot.keyClick(shown.scroll, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(shown.scroll, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert shown.view.zoom == pytest.approx(fitted / 1.25)
    assert shown.zoom_label.text() == f"{round(shown.view.zoom * 100)} %"
    qtbot.keyClick(shown.scroll, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    width = shown.scroll.viewport().width()
    assert shown.fit_width_action.isChecked()
    assert width - 40 < shown.view.width() <= width, "the page fills the width"


def test_two_pages_side_by_side(shown):
    one, two = shown.view.page_rect(0), shown.view.page_rect(1)
    assert two.top() > one.bottom()
    shown.two_action.trigger()
    one, two = shown.view.page_rect(0), shown.view.page_rect(1)
    assert two.top() == one.top() and two.left() > one.right()
    assert shown.view.width() <= shown.scroll.viewport().width(), "both fit"


def test_print_from_the_preview(shown, prompts, tmp_path):
    out = tmp_path / "printed.pdf"
    prompts.setup = to_pdf_file(out)
    shown.print_action.trigger()
    assert len(PdfReader(out).pages) == 2
    assert not shown.isVisible(), "printed: the preview closes"


def test_export_from_the_preview(window, electrobabe, monkeypatch, qtbot):
    window.open_path(electrobabe)
    exported: list[bool] = []
    monkeypatch.setattr(window, "export_dialog", lambda: exported.append(True))
    dialog = preview(window, qtbot)
    qtbot.keyClick(dialog.scroll, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert exported == [True] and dialog.isVisible()


def test_a_preview_that_cannot_be_made_is_told(window, electrobabe, prompts, monkeypatch,
                                               qtbot):
    from desktop.pdf import export

    def fail(*_args, **_kwargs):
        raise OSError("no fonts")

    window.open_path(electrobabe)
    monkeypatch.setattr(export, "render_pdf", fail)
    window.preview_action.trigger()
    assert prompts.warnings == [("Cannot show the preview", "no fonts")]
    assert not isinstance(QApplication.activeModalWidget(), PreviewDialog)


def test_fit_width_leaves_room_for_the_scroll_bar(window, qtbot):
    window.blank_menu.menu().actions()[0].trigger()  # one page: no scroll bar at first
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, PreviewDialog)
    dialog.resize(1000, 600)
    qtbot.waitExposed(dialog)
    assert not dialog.scroll.verticalScrollBar().isVisible()
    dialog.fit_width_action.trigger()
    qtbot.waitUntil(dialog.scroll.verticalScrollBar().isVisible)
    assert not dialog.scroll.horizontalScrollBar().isVisible()
