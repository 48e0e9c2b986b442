"""Pages onto a printer: a character printed into a PDF-file printer matches Export
PDF's pages (size in points, and under 1 % of pixels differing at 100 dpi), at true
scale, centred, turned when the page lies the other way; page range and copies."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QRectF, QSizeF
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrinter

from desktop.pdf.export import render_pdf
from desktop.systems.files import load_character
from desktop.ui.printing.pages import PdfPages
from desktop.ui.printing.paper import chosen_pages, paper_of, placement, print_pages
from tests.ui.print_script import differing, needs_pdftoppm, pngs

REPO = Path(__file__).resolve().parents[3]
ELECTROBABE = REPO / "resources" / "pow" / "characters" / "electrobabe.sheetdesk"
SPARKY = REPO / "resources" / "pow" / "characters" / "sparky.sheetdesk"


def pdf_printer(path: Path, paper=QPageSize.PageSizeId.A4) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setPageSize(QPageSize(paper))
    return printer


@needs_pdftoppm
@pytest.mark.parametrize(("path", "paper", "points"), [
    (ELECTROBABE, "a4", (595, 842)), (SPARKY, "letter", (612, 792))])
def test_printed_pages_match_the_exported_pdf(qapp, tmp_path, path, paper, points):
    exported = tmp_path / "exported.pdf"
    what = "both" if paper == "a4" else "card"
    data = render_pdf([load_character(path)], what, paper)
    exported.write_bytes(data)
    printed = tmp_path / "printed.pdf"
    pages = PdfPages([data], paper)
    printer = pdf_printer(printed, QPageSize.PageSizeId.A4 if paper == "a4"
                         else QPageSize.PageSizeId.Letter)
    assert paper_of(printer) == paper
    assert print_pages(printer, pages, chosen_pages(printer, len(pages)))
    pages.close()
    want, got = PdfReader(exported).pages, PdfReader(printed).pages
    assert len(got) == len(want) == (2 if what == "both" else 1)
    for page, original in zip(got, want, strict=True):
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx((float(original.mediabox.width),
                                      float(original.mediabox.height)), abs=1)
        assert size == pytest.approx(points, abs=1)
    for mine, theirs in zip(pngs(printed, tmp_path), pngs(exported, tmp_path),
                            strict=True):
        assert differing(mine, theirs) < 0.01, mine.name


def test_page_range_and_copies(qapp, tmp_path):
    printer = pdf_printer(tmp_path / "x.pdf")
    assert chosen_pages(printer, 3) == [0, 1, 2]
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    printer.setFromTo(2, 3)
    assert chosen_pages(printer, 3) == [1, 2]
    printer.setCopyCount(2)
    assert not printer.supportsMultipleCopies(), "a PDF file gets each copy written out"
    printer.setCollateCopies(True)
    assert chosen_pages(printer, 3) == [1, 2, 1, 2]
    printer.setCollateCopies(False)
    assert chosen_pages(printer, 3) == [1, 1, 2, 2]


def test_true_scale_centred_and_turned():
    a4 = QRectF(0, 0, 2480, 3508)  # A4 at 300 dpi
    box, turned = placement(QSizeF(283.46, 283.46), a4, 300, 300)  # 10 cm square
    assert not turned
    assert box.width() == pytest.approx(1181, abs=1)  # 10 cm at 300 dpi
    assert box.center().x() == pytest.approx(0) and box.center().y() == pytest.approx(0)
    box, turned = placement(QSizeF(842, 595), a4, 300, 300)  # a landscape page
    assert turned and box.width() == pytest.approx(3508, abs=1)
    box, turned = placement(QSizeF(595, 842), QRectF(0, 0, 2550, 3300), 300, 300)
    assert not turned and box.height() == pytest.approx(3300), "A4 on Letter: shrunk, not cut"
