"""File ▸ Print blank sheet."""

from __future__ import annotations

from pypdf import PdfReader
from PySide6.QtWidgets import QApplication

from desktop.systems import SYSTEMS
from desktop.ui.blank_sheet import blank_sheet_menu, print_blank
from desktop.ui.printing.preview import PreviewDialog
from tests.ui.print_script import differing, needs_pdftoppm, pngs, to_pdf_file


@needs_pdftoppm
def test_the_menu_has_every_game_and_opens_its_blank_in_the_preview(window, prompts,
                                                                     tmp_path, qtbot):
    menu = blank_sheet_menu(window, window)
    names = [a.text() for a in menu.actions()]
    assert names == [f"{s.name}…" for s in SYSTEMS.values()]
    menu.actions()[list(SYSTEMS).index("kruhl")].trigger()
    preview = QApplication.activeModalWidget()
    assert isinstance(preview, PreviewDialog)
    assert "Blank Warlords of Kruhl sheet" in preview.windowTitle()
    prompts.paths = [tmp_path / "blank"]
    preview.export_action.trigger()  # Export PDF: the fillable sheet
    out = tmp_path / "blank.pdf"
    assert out.exists() and "Name" in PdfReader(out).get_fields()
    assert "blank Warlords of Kruhl sheet" in window.statusBar().currentMessage()
    printed = tmp_path / "printed.pdf"
    prompts.setup = to_pdf_file(printed)
    preview.print_action.trigger()  # printed: its text, the fields as they are filled
    assert not PdfReader(printed).get_fields()
    mine, theirs = pngs(printed, tmp_path), pngs(out, tmp_path)
    assert len(mine) == len(theirs)
    for printed_page, exported_page in zip(mine, theirs, strict=True):
        assert differing(printed_page, exported_page) < 0.01
        # The fields' pale backgrounds print as a PDF reader shows them: seen at a finer
        # tolerance, where without them a fifth of the page differs.
        assert differing(printed_page, exported_page, tolerance=16) < 0.05


def test_cancel_writes_nothing_and_a_failure_is_told(window, prompts, tmp_path):
    prompts.paths = [None]
    assert print_blank(window, "pow") is None
    prompts.paths = [tmp_path / "no such folder" / "x.pdf"]
    assert print_blank(window, "pow") is None
    assert prompts.warnings and prompts.warnings[-1][0] == "Cannot export"


def test_file_menu_offers_it_even_with_no_character_open(window):
    file_menu = window.menuBar().actions()[0].menu()
    entries = [a.text() for a in file_menu.actions()]
    assert "Print &blank sheet" in entries
    assert window.blank_menu.isEnabled() and window.tabs.count() == 0
