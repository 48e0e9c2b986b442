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
    assert len(PdfReader(exported).pages) == 2, "four cards on a page, then the status"
    printed = tmp_path / "printed.pdf"
    gm_prompts.setup = to_pdf_file(printed)
    gm.menus.print_action.trigger()
    assert gm_prompts.page_counts == [2]
    cards, status = pngs(printed, tmp_path)
    exported_cards, exported_status = pngs(exported, tmp_path)
    assert differing(cards, exported_cards) < 0.01
    # The status sheet is landscape: on the portrait paper it is turned, its top to the
    # paper's left, as printers turn landscape pages.
    with Image.open(status) as page:
        assert page.width < page.height
        page.rotate(-90, expand=True).save(tmp_path / "turned.png")
    assert differing(tmp_path / "turned.png", exported_status) < 0.01
    gm.menus.preview_action.trigger()
    preview = QApplication.activeModalWidget()
    assert isinstance(preview, PreviewDialog)
    assert len(preview.view.pages) == 2 and "ID cards and status sheet" in preview.windowTitle()
    preview.close()


def test_no_printer_offers_export(gm, gm_prompts, party, tmp_path) -> None:
    sample_fight(gm, party, gm_prompts)
    gm_prompts.printers = False
    gm_prompts.paths = [tmp_path / "instead"]
    gm.menus.print_action.trigger()
    assert gm_prompts.no_printer_asked == 1
    assert (tmp_path / "instead.pdf").is_file()
