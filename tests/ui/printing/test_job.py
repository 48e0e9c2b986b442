"""File ▸ Print…: the choice of what and whose, the print dialog (scripted: cancel, a
page range, copies, another paper), no printer installed, a failing job, and a long
job's progress bar with Cancel."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import QTimer
from PySide6.QtGui import QKeySequence, QPageSize
from PySide6.QtWidgets import QApplication, QProgressDialog

from desktop.systems.files import load_character
from desktop.ui.export_dialog import ExportChoice
from desktop.ui.printing import job as print_job
from desktop.ui.printing.commands import character_job
from desktop.ui.printing.job import run_print
from tests.ui.print_script import cancel, differing, needs_pdftoppm, pngs, to_pdf_file

EXAMPLES = Path(__file__).resolve().parents[3] / "resources" / "pow" / "characters"


def test_print_is_ctrl_p_and_export_keeps_ctrl_e(window, electrobabe):
    file_menu = window.menuBar().actions()[0].menu()
    assert window.print_action in file_menu.actions()
    assert window.print_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Print)
    assert window.export_action.shortcuts() == [QKeySequence("Ctrl+E")]
    assert not window.print_action.isEnabled(), "nothing to print yet"
    window.open_path(electrobabe)
    assert window.print_action.isEnabled()


def test_cancelled_print_dialog_prints_nothing(window, electrobabe, prompts, tmp_path):
    window.open_path(electrobabe)
    prompts.setup = cancel
    window.print_action.trigger()
    assert prompts.page_counts == [2], "the dialog was offered the sheet and the card"
    assert not list(tmp_path.glob("*.pdf")) and prompts.warnings == []
    prompts.choice = None  # the choice of what to print cancelled: no print dialog
    window.print_action.trigger()
    assert prompts.page_counts == [2]


@needs_pdftoppm
def test_page_range_2_to_2_prints_the_card_only(window, electrobabe, prompts, tmp_path):
    window.open_path(electrobabe)
    out = tmp_path / "printed.pdf"
    prompts.setup = to_pdf_file(out, pages=(2, 2))
    window.print_action.trigger()
    assert len(PdfReader(out).pages) == 1
    assert "Sent 1 page" in window.statusBar().currentMessage()
    exported = tmp_path / "exported.pdf"
    assert window.export([window.current_editor().document], exported, "both", "a4")
    printed, _sheet, card = pngs(out, tmp_path), *pngs(exported, tmp_path)
    assert differing(printed[0], card) < 0.01, "the second page: the ID card"


def test_two_copies_print_everything_twice_in_order(window, electrobabe, prompts, tmp_path):
    window.open_path(electrobabe)
    out = tmp_path / "printed.pdf"
    prompts.choice = ExportChoice("sheet", "a4", False)
    prompts.setup = to_pdf_file(out, copies=2)
    window.print_action.trigger()
    assert len(PdfReader(out).pages) == 2, "one sheet, two copies"


def test_everyone_open_on_letter_paper(window, electrobabe, prompts, tmp_path):
    window.open_path(electrobabe)
    window.open_path(EXAMPLES / "sparky.sheetdesk")
    out = tmp_path / "party.pdf"
    prompts.choice = ExportChoice("card", "a4", True)
    prompts.setup = to_pdf_file(out, paper=QPageSize.PageSizeId.Letter)
    window.print_action.trigger()
    pdf = PdfReader(out)
    assert len(pdf.pages) == 2, "two ID cards"
    assert round(float(pdf.pages[0].mediabox.width)) == 612, "remade for the paper chosen"


def test_no_printer_offers_export_pdf(window, electrobabe, prompts, monkeypatch):
    window.open_path(electrobabe)
    exported: list[bool] = []
    monkeypatch.setattr(window, "export_dialog", lambda: exported.append(True))
    prompts.printers = False
    window.print_action.trigger()
    assert prompts.no_printer_asked == 1 and exported == [True]
    assert prompts.page_counts == [], "no print dialog"
    prompts.export_instead = False
    window.print_action.trigger()
    assert exported == [True]


def test_a_failing_job_says_so_once_and_the_window_goes_on(window, electrobabe, prompts,
                                                          tmp_path):
    window.open_path(electrobabe)
    prompts.setup = to_pdf_file(tmp_path / "no such folder" / "x.pdf")
    window.print_action.trigger()
    assert len(prompts.warnings) == 1 and prompts.warnings[0][0] == "Cannot print"
    out = tmp_path / "fine.pdf"
    prompts.setup = to_pdf_file(out)
    window.print_action.trigger()
    assert len(PdfReader(out).pages) == 2


def test_a_long_job_shows_its_progress_and_can_be_cancelled(window, prompts, tmp_path,
                                                            qtbot):
    character = load_character(EXAMPLES / "sparky.sheetdesk")
    job = character_job(window, [character] * print_job.BIG_PARTS, "card")
    seen: list[str] = []

    def press_cancel() -> None:
        bars = [w for w in QApplication.topLevelWidgets()
                if isinstance(w, QProgressDialog) and w.isVisible()]
        if not bars:
            QTimer.singleShot(5, press_cancel)
            return
        seen.append(bars[0].labelText())
        bars[0].cancel()

    QTimer.singleShot(0, press_cancel)
    prompts.setup = to_pdf_file(tmp_path / "never.pdf")
    assert not run_print(window, prompts, job)
    assert seen and "Preparing" in seen[0]
    assert prompts.page_counts == [], "cancelled before the print dialog"
    assert not (tmp_path / "never.pdf").exists()


def test_cancel_while_the_pages_print(window, prompts, tmp_path, monkeypatch):
    monkeypatch.setattr(print_job, "BIG_PAGES", 3)
    character = load_character(EXAMPLES / "sparky.sheetdesk")
    job = character_job(window, [character] * 4, "card")
    labels: list[str] = []

    def press_cancel() -> None:
        bars = [w for w in QApplication.topLevelWidgets()
                if isinstance(w, QProgressDialog) and w.isVisible()]
        if not bars:
            QTimer.singleShot(5, press_cancel)
            return
        labels.append(bars[0].labelText())
        bars[0].cancel()

    out = tmp_path / "cancelled.pdf"

    def setup(printer, count):  # the dialog's OK, then Cancel on the progress bar
        QTimer.singleShot(0, press_cancel)
        return to_pdf_file(out)(printer, count)

    prompts.setup = setup
    assert not run_print(window, prompts, job)
    assert labels and labels[0].startswith("Printing page")
    assert prompts.warnings == [], "a cancelled job is no failure"
    assert "Sent" not in window.statusBar().currentMessage()
