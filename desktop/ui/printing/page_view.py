"""The preview's pages on screen: one column or two side by side, at any zoom, each
page rendered from the PDF when it first comes into view."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QRect, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop.ui.printing.pages import POINTS_PER_INCH, PdfPages

GAP = 16
"""Pixels between pages and around them."""
MIN_ZOOM, MAX_ZOOM = 0.1, 4.0
KEEP_IMAGES = 12
"""Rendered pages kept for repainting, the latest drawn: a few screens' worth, not the
hundred pages of a party (several MB each at a large zoom)."""


class PageView(QWidget):
    """Draws ``pages`` at ``zoom`` (1.0: a page as large on screen as on paper)."""

    def __init__(self, pages: PdfPages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, palette.color(QPalette.ColorRole.Mid))
        self.setPalette(palette)
        self._pages = pages
        self._zoom = 1.0
        self._columns = 1
        self._images: OrderedDict[int, QImage] = OrderedDict()
        self._rects: list[QRect] = []
        self._size = QSize()
        self._layout()

    # -- what is shown -----------------------------------------------------------------
    @property
    def pages(self) -> PdfPages:
        return self._pages

    def set_pages(self, pages: PdfPages) -> None:
        self._pages = pages
        self._images.clear()
        self._layout()

    @property
    def zoom(self) -> float:
        return self._zoom

    def set_zoom(self, zoom: float) -> None:
        zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
        if abs(zoom - self._zoom) > 1e-4:
            self._zoom = zoom
            self._images.clear()
            self._layout()

    @property
    def columns(self) -> int:
        return self._columns

    def set_columns(self, columns: int) -> None:
        if columns != self._columns:
            self._columns = columns
            self._layout()

    # -- geometry ----------------------------------------------------------------------
    def pixels_per_point(self) -> float:
        return self._zoom * self.logicalDpiX() / POINTS_PER_INCH

    def fit_zoom(self, room: QSize, whole_page: bool) -> float:
        """The zoom at which a row of pages fills ``room``'s width (and, for
        ``whole_page``, a page fits its height too)."""
        if not len(self._pages):
            return self._zoom
        widest = max(self._pages.size(i).width() for i in range(len(self._pages)))
        tallest = max(self._pages.size(i).height() for i in range(len(self._pages)))
        per_point = self.logicalDpiX() / POINTS_PER_INCH
        across = (room.width() - GAP * (self._columns + 1)) / (widest * self._columns)
        if whole_page:
            across = min(across, (room.height() - 2 * GAP) / tallest)
        return min(MAX_ZOOM, max(MIN_ZOOM, across / per_point))

    def page_rect(self, index: int) -> QRect:
        return self._rects[index]

    def page_at(self, y: int) -> int:
        """The page whose row is at height ``y`` (the first page of that row)."""
        for index, rect in enumerate(self._rects):
            if rect.bottom() + GAP >= y:
                return index
        return max(0, len(self._rects) - 1)

    def sizeHint(self) -> QSize:
        return self._size

    def _layout(self) -> None:
        scale = self.pixels_per_point()
        sizes = [self._pages.size(i) for i in range(len(self._pages))]
        cell_w = max((round(s.width() * scale) for s in sizes), default=0)
        self._rects = []
        y = GAP
        for row in range(0, len(sizes), self._columns):
            row_sizes = sizes[row:row + self._columns]
            height = max(round(s.height() * scale) for s in row_sizes)
            for column, size in enumerate(row_sizes):
                w, h = round(size.width() * scale), round(size.height() * scale)
                x = GAP + column * (cell_w + GAP) + (cell_w - w) // 2
                self._rects.append(QRect(x, y + (height - h) // 2, w, h))
            y += height + GAP
        self._size = QSize(GAP + self._columns * (cell_w + GAP), y)
        self.resize(self._size)
        self.update()

    # -- drawing -----------------------------------------------------------------------
    def image(self, index: int) -> QImage:
        """The page as shown now (rendered on first use at this zoom)."""
        image = self._images.get(index)
        if image is None:
            ratio = self.devicePixelRatioF()
            image = self._pages.image(index, self.pixels_per_point() * POINTS_PER_INCH
                                      * ratio)
            image.setDevicePixelRatio(ratio)
            self._images[index] = image
            while len(self._images) > KEEP_IMAGES:
                self._images.popitem(last=False)
        self._images.move_to_end(index)
        return image

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        shadow = QColor(0, 0, 0, 60)
        for index, rect in enumerate(self._rects):
            if not rect.adjusted(-4, -4, 4, 4).intersects(event.rect()):
                continue
            painter.fillRect(rect.translated(3, 3), shadow)
            painter.drawImage(QRectF(rect), self.image(index))
        painter.end()

    def forget(self) -> None:
        """Drop the rendered pages (the dialog closes, or the pages change)."""
        self._images.clear()
