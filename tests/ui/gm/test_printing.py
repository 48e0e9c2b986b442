"""The GM screen prints the fight's ID cards (four to a page) and status sheet through
the print dialog, shows them in the print preview, and exports them as a PDF."""

from __future__ import annotations

from PIL import Image
from pypdf import PdfReader
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from desktop.ui.printing.preview import PreviewDialog
from tests.ui.gm.conftest import sample_fight
from tests.ui.print_script import differing, needs_pdftoppm, pngs, to_pdf_file


def test_the_file_menu_prints_previews_and_exports(gm) -> None:
    file_menu = gm.menuBar().actions()[0].menu()
    for action in (gm.menus.print_action, gm.menus.preview_action, gm.menus.export_pdf_action):
        assert action in file_menu.actions()
    assert gm.menus.print_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Print)
    assert gm.menus.export_pdf_action.shortcut() == QKeySequence("Ctrl+E")


@needs_pdftoppm
def test_print_and_preview_the_fight(gm, gm_prompts, party, tmp_path, qtbot) -> None:
    sample_fight(gm, party, gm_prompts)
    gm_prompts.paths = [tmp_path / "exported.pdf"]
    gm.menus.export_pdf_action.trigger()
    exported = tmp_path / "exported.pdf"
    count = len(PdfReader(exported).pages)
    assert count >= 2, "the ID cards, then the status sheet"
    printed = tmp_path / "printed.pdf"
    gm_prompts.setup = to_pdf_file(printed)
    gm.menus.print_action.trigger()
    assert gm_prompts.page_counts == [count]
    mine, theirs = pngs(printed, tmp_path), pngs(exported, tmp_path)
    assert len(mine) == len(theirs) == count
    for number, (page, original) in enumerate(zip(mine, theirs, strict=True)):
        with Image.open(page) as image, Image.open(original) as want:
            assert image.width < image.height, "on the portrait paper"
            if want.width > want.height:  # a landscape page (the status sheet) is
                # turned as printers turn them, its top to the paper's left
                image.rotate(-90, expand=True).save(page)
        assert differing(page, original) < 0.01, f"page {number + 1}"
    gm.menus.preview_action.trigger()
    preview = QApplication.activeModalWidget()
    assert isinstance(preview, PreviewDialog)
    assert len(preview.view.pages) == count
    assert "ID cards and status sheet" in preview.windowTitle()
    preview.close()


def test_no_printer_offers_export(gm, gm_prompts, party, tmp_path) -> None:
    sample_fight(gm, party, gm_prompts)
    gm_prompts.printers = False
    gm_prompts.paths = [tmp_path / "instead"]
    gm.menus.print_action.trigger()
    assert gm_prompts.no_printer_asked == 1
    assert (tmp_path / "instead.pdf").is_file()
