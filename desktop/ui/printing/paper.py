"""Pages onto a printer: true scale, centred on the sheet of paper, turned when the
page lies the other way, only the pages and copies the print dialog asked for."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSizeF
from PySide6.QtGui import QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter

from desktop.ui.printing.pages import POINTS_PER_INCH, PdfPages

MAX_DPI = 300
"""Pages are rendered at the printer's resolution up to this: finer than a printer's
halftone shows on paper, and a 1200 dpi A4 page would be half a gigabyte of pixels."""


SLACK = 0.005
"""How much larger than the paper a page may be and still print at true scale, centred
(its edge, where nothing is drawn, falls off)."""
PAPER_SIZES = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}


class PrintFailed(Exception):
    """The printer refused the job or failed during it; ``message`` says so to the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def paper_of(printer: QPrinter) -> str:
    """The PDF paper that matches the printer's: US Letter or else A4."""
    size = printer.pageLayout().pageSize().id()
    return "letter" if size in (QPageSize.PageSizeId.Letter,
                                QPageSize.PageSizeId.Legal) else "a4"


def chosen_pages(printer: QPrinter, count: int) -> list[int]:
    """The pages (0-based) of ``count`` that the print dialog's page range picks, each
    as many times as the copies asked for when the printer cannot make copies itself."""
    ranges = printer.pageRanges()
    if printer.printRange() == QPrinter.PrintRange.PageRange and not ranges.isEmpty():
        pages = [i for i in range(count) if ranges.contains(i + 1)]
    else:
        pages = list(range(count))
    copies = printer.copyCount()
    if copies <= 1 or printer.supportsMultipleCopies():
        return pages
    if printer.collateCopies():
        return pages * copies
    return [page for page in pages for _ in range(copies)]


def placement(page: QSizeF, paper: QRectF, dpi_x: float, dpi_y: float
              ) -> tuple[QRectF, bool]:
    """Where a page of ``page`` points goes on ``paper`` (device pixels): its rectangle
    centred on the paper, before turning, and whether it is turned a quarter to fit."""
    width = page.width() / POINTS_PER_INCH * dpi_x
    height = page.height() / POINTS_PER_INCH * dpi_y
    turned = (width > height) != (paper.width() > paper.height()) and width != height
    room_w, room_h = ((paper.height(), paper.width()) if turned
                      else (paper.width(), paper.height()))
    # Larger than the paper: shrunk to fit. Not for A4's fraction of a point beyond the
    # whole points that Qt's A4 paper has (595.28 by 841.89 against 595 by 842).
    over = max(width / room_w, height / room_h)
    shrink = 1 / over if over > 1 + SLACK else 1.0
    width, height = width * shrink, height * shrink
    return QRectF(-width / 2, -height / 2, width, height), turned


def print_pages(printer: QPrinter, pages: PdfPages, order: list[int],
                step: Callable[[int], bool] | None = None) -> bool:
    """Print ``order`` (page indices) of ``pages``; ``step(n)`` is called before the
    n-th sheet and stops the job (False) when it returns False.

    Raises ``PrintFailed`` when the printer cannot start or finish the job."""
    printer.setFullPage(True)  # the painter's origin is the paper's corner
    painter = QPainter()
    if not painter.begin(printer):
        raise PrintFailed(f"The printer “{printer.printerName() or printer.outputFileName()}"
                          "” cannot start the job.")
    # Where Qt writes the pages as PDF (to a file, and to CUPS on Linux), images are JPEG
    # unless asked otherwise: lossless keeps text edges clean and is half the size.
    painter.setRenderHint(QPainter.RenderHint.LosslessImageRendering)
    try:
        paper = printer.paperRect(QPrinter.Unit.DevicePixel)
        centre = paper.center()
        dpi_x, dpi_y = printer.logicalDpiX(), printer.logicalDpiY()
        dpi = min(max(dpi_x, dpi_y), MAX_DPI)
        for n, index in enumerate(order):
            if step is not None and not step(n):
                printer.abort()
                return False
            if n and not printer.newPage():
                raise PrintFailed("The printer stopped in the middle of the job.")
            target, turned = placement(pages.size(index), paper, dpi_x, dpi_y)
            painter.save()
            painter.translate(QPointF(centre))
            if turned:  # as printers turn a landscape page: its top to the paper's left
                painter.rotate(-90)
            painter.drawImage(target, pages.image(index, dpi))
            painter.restore()
    finally:
        if painter.isActive():
            painter.end()
    if printer.printerState() == QPrinter.PrinterState.Error:
        raise PrintFailed("The printer reported an error; the job may be incomplete.")
    return True

