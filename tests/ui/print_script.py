"""Scripted answers to printing's questions (``desktop.ui.printing.asking``): the print
dialog is a function given the printer, so a test prints into a PDF file with the page
range and copies it chose, or cancels. And the comparison of printed pages with the
exported PDF's, as poppler draws them."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrinter

from desktop.ui.export_dialog import ExportChoice

Setup = Callable[[QPrinter, int], bool]
needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                    reason="needs poppler's pdftoppm")


def to_pdf_file(path: Path, pages: tuple[int, int] | None = None, copies: int = 1,
                paper: QPageSize.PageSizeId | None = None, dpi: int = 150) -> Setup:
    """A print dialog whose user picks a PDF file as the printer, then OK. The printer
    has ``dpi`` (a quarter of the pixels of the 300 dpi pages a real printer gets, for
    quicker tests; ``test_paper`` prints at 300)."""

    def setup(printer: QPrinter, count: int) -> bool:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(path))
        printer.setResolution(dpi)
        if paper is not None:
            printer.setPageSize(QPageSize(paper))
        if pages is not None:
            printer.setPrintRange(QPrinter.PrintRange.PageRange)
            printer.setFromTo(*pages)
        printer.setCopyCount(copies)
        return True

    return setup


def cancel(printer: QPrinter, count: int) -> bool:
    return False


class ScriptedPrinting:
    """Printing's questions answered from the test's script."""

    def __init__(self) -> None:
        self.printers = True
        """Whether a printer is installed."""
        self.export_instead = True
        self.no_printer_asked = 0
        self.choice: ExportChoice | None = ExportChoice("both", "a4", False)
        self.setup: Setup = cancel
        self.page_counts: list[int] = []
        """The pages each print dialog was offered."""

    def has_printer(self) -> bool:
        return self.printers

    def no_printer(self) -> bool:
        self.no_printer_asked += 1
        return self.export_instead

    def print_choice(self, open_count: int) -> ExportChoice | None:
        return self.choice

    def print_setup(self, printer: QPrinter, pages: int) -> bool:
        self.page_counts.append(pages)
        return self.setup(printer, pages)


def pngs(pdf: Path, folder: Path) -> list[Path]:
    """The PDF's pages at 100 dpi, as poppler draws them."""
    prefix = folder / pdf.stem
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(pdf), str(prefix)], check=True)
    return sorted(folder.glob(f"{pdf.stem}-*.png"))


def differing(a: Path, b: Path, tolerance: int = 42) -> float:
    """The share of pixels of ``a`` whose grey is more than ``tolerance`` (of 255; a
    sixth by default) off every pixel of ``b`` within one pixel. The one pixel of slack
    is poppler's: it snaps an image (the printed page) to whole pixels but draws lines
    and text where they fall, half a pixel apart at most; a page that is moved, scaled
    or missing content still differs."""
    one, two = Image.open(a).convert("L"), Image.open(b).convert("L")
    assert one.size == two.size
    lowest, highest = two.filter(ImageFilter.MinFilter(3)), two.filter(ImageFilter.MaxFilter(3))
    off = ImageChops.lighter(ImageChops.subtract(lowest, one), ImageChops.subtract(one, highest))
    changed = off.point(lambda v: 255 if v > tolerance else 0).histogram()[255]
    return changed / (one.size[0] * one.size[1])
