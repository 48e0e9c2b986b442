"""PDF pages as images: one or more PDFs (reportlab's output) read by pdfium and
rendered at any resolution, with each page's size in points."""

from __future__ import annotations

import sys
from collections.abc import Iterable

import pypdfium2 as pdfium
from PySide6.QtCore import QSizeF
from PySide6.QtGui import QImage

POINTS_PER_INCH = 72.0
LITTLE_ENDIAN = sys.byteorder == "little"
PIXELS = QImage.Format.Format_RGB32 if LITTLE_ENDIAN else QImage.Format.Format_RGBX8888
"""pdfium's BGRx bytes are Qt's RGB32 (0xffRRGGBB) on a little-endian machine, the
format Qt draws and writes to a printer without converting; else RGBx is asked for."""


class PdfPages:
    """The pages of PDFs given as bytes, in order, as one run of pages."""

    def __init__(self, pdfs: Iterable[bytes] = (), paper: str = "a4") -> None:
        self.paper = paper
        """The paper the PDFs were made for (``a4`` or ``letter``)."""
        self._documents: list[pdfium.PdfDocument] = []
        self._pages: list[tuple[pdfium.PdfDocument, int, QSizeF]] = []
        for data in pdfs:
            self.add(data)

    def add(self, data: bytes) -> None:
        """Append the pages of one more PDF."""
        document = pdfium.PdfDocument(data)
        # Form fields (a blank sheet's) are drawn as PDF readers show and print them:
        # their boxes and backgrounds, and whatever is typed in them.
        document.init_forms()
        sizes = [QSizeF(*document.get_page_size(i)) for i in range(len(document))]
        self._documents.append(document)
        self._pages.extend((document, index, size) for index, size in enumerate(sizes))

    def __len__(self) -> int:
        return len(self._pages)

    def size(self, index: int) -> QSizeF:
        """The page's size in points (1/72 inch)."""
        return QSizeF(self._pages[index][2])

    def image(self, index: int, dpi: float) -> QImage:
        """The page at ``dpi`` dots per inch, on white. (pdfium is not for concurrent
        use: everything here runs in the GUI thread.)"""
        document, number, _size = self._pages[index]
        page = document[number]
        try:
            bitmap = page.render(scale=dpi / POINTS_PER_INCH, prefer_bgrx=True,
                                 rev_byteorder=not LITTLE_ENDIAN)
            image = QImage(memoryview(bitmap.buffer), bitmap.width, bitmap.height,
                           bitmap.stride, PIXELS)
            return image.copy()  # its own pixels: the bitmap's go with it
        finally:
            page.close()

    def close(self) -> None:
        for document in self._documents:
            document.close()
        self._documents.clear()
        self._pages.clear()
