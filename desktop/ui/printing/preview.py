"""Print preview: the pages as they print, inside Sheetdesk. Page through them, zoom,
fit the width or the whole page, one page or two side by side, then print them or
export them as a PDF. The keys: Page Up / Page Down, Home / End, Ctrl++ / Ctrl+-,
Ctrl+P to print, Ctrl+E to export, Esc to close."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.printing.job import BIG_PARTS, FAILURES, PrintJob, Progress, make_pages, run_print
from desktop.ui.printing.page_view import GAP, PageView

if TYPE_CHECKING:
    from desktop.ui.printing.asking import Asker
    from desktop.ui.printing.pages import PdfPages

ZOOM_STEP = 1.25
WHATS = (("both", "Sheet and ID card"), ("sheet", "Character sheet"), ("card", "ID card"))
"""Export PDF's choices of what to print, in the preview's words."""


@dataclass(frozen=True)
class Choices:
    """What to print and whose, as Export PDF offers it: ``job(what, party)``."""

    open_count: int
    job: Callable[[str, bool], PrintJob]


class PreviewDialog(QDialog):
    def __init__(self, parent: QWidget | None, prompts: Asker, job: PrintJob,
                 pages: PdfPages, choices: Choices | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.prompts = prompts
        self.job = job
        self.choices = choices
        self._fit: str | None = "page"
        self._current = 0
        self._jumping = False
        self.view = PageView(pages)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.view)
        self.scroll.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.scroll.viewport().setPalette(self.view.palette())  # one grey around the pages
        self.scroll.viewport().setAutoFillBackground(True)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.scroll.verticalScrollBar().valueChanged.connect(self._scrolled)
        self.toolbar = QToolBar()
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toolbar.setIconSize(QSize(16, 16))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.scroll, 1)
        self._build_actions()
        self._show_title()
        self.scroll.setFocus()
        self._size_to_screen()

    # -- the toolbar ---------------------------------------------------------------------
    def _action(self, text: str, slot: Callable[[], object], keys: tuple = (),
                icon: str = "", tip: str = "") -> QAction:
        action = QAction(QIcon.fromTheme(icon) if icon else QIcon(), text, self)
        action.setShortcuts([QKeySequence(k) for k in keys])
        shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{tip or text.replace('&', '').rstrip('…')}"
                          + (f" ({shortcut})" if shortcut else ""))
        action.triggered.connect(slot)
        self.addAction(action)  # the keys work wherever the focus is in the dialog
        return action

    def _build_actions(self) -> None:
        std = QKeySequence.StandardKey
        bar = self.toolbar
        self.prev_action = self._action("Previous", lambda: self.step(-1),
                                        (std.MoveToPreviousPage,), "go-previous",
                                        "Previous page")
        self.next_action = self._action("Next", lambda: self.step(1),
                                        (std.MoveToNextPage,), "go-next", "Next page")
        self._action("First page", lambda: self.go_to(0), ("Ctrl+Home",))
        self._action("Last page", lambda: self.go_to(len(self.view.pages) - 1),
                     ("Ctrl+End",))
        bar.addAction(self.prev_action)
        self.page_spin = QSpinBox()
        self.page_spin.setAccessibleName("Page")
        self.page_spin.setKeyboardTracking(False)
        self.page_spin.valueChanged.connect(lambda n: self.go_to(n - 1))
        bar.addWidget(self.page_spin)
        bar.addAction(self.next_action)
        bar.addSeparator()
        self.zoom_out_action = self._action("−", lambda: self.zoom_by(1 / ZOOM_STEP),
                                            (std.ZoomOut,), "zoom-out", "Zoom out")
        self.zoom_in_action = self._action("+", lambda: self.zoom_by(ZOOM_STEP),
                                           (std.ZoomIn, "Ctrl+="), "zoom-in", "Zoom in")
        self.zoom_label = QLabel()
        self.zoom_label.setMinimumWidth(self.zoom_label.fontMetrics().horizontalAdvance(
            "0000 %"))
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.fit_width_action = self._action("Fit width", lambda: self.fit("width"),
                                             ("Ctrl+0",), "zoom-fit-width")
        self.fit_page_action = self._action("Whole page", lambda: self.fit("page"),
                                            ("Ctrl+9",), "zoom-fit-best")
        bar.addAction(self.zoom_out_action)
        bar.addWidget(self.zoom_label)
        bar.addAction(self.zoom_in_action)
        fits = QActionGroup(self)
        for action in (self.fit_width_action, self.fit_page_action):
            action.setCheckable(True)
            fits.addAction(action)
            bar.addAction(action)
        fits.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        self.fit_page_action.setChecked(True)
        bar.addSeparator()
        self.one_action = self._action("One page", lambda: self.set_columns(1), ("Ctrl+1",))
        self.two_action = self._action("Two pages", lambda: self.set_columns(2), ("Ctrl+2",),
                                       tip="Two pages side by side")
        sides = QActionGroup(self)
        for action in (self.one_action, self.two_action):
            action.setCheckable(True)
            sides.addAction(action)
            bar.addAction(action)
        self.one_action.setChecked(True)
        if self.choices is not None:
            bar.addSeparator()
            self._add_choices(bar, self.choices)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        bar.addWidget(spacer)
        self.export_action = self._action("Export PDF…", self.export, ("Ctrl+E",),
                                          "document-save-as", "Save these pages as a PDF")
        self.print_action = self._action("Print…", self.print_, (std.Print,),
                                         "document-print")
        bar.addAction(self.export_action)
        bar.addAction(self.print_action)
        self.export_action.setEnabled(self.job.export is not None)

    def _add_choices(self, bar: QToolBar, choices: Choices) -> None:
        self.what = QComboBox()
        self.what.setAccessibleName("Print")
        for value, label in WHATS:
            self.what.addItem(label, value)
        self.what.currentIndexChanged.connect(self._choose)
        bar.addWidget(self.what)
        self.party = QCheckBox(f"All {choices.open_count} open", self)
        self.party.setToolTip("Every open character, one after the other")
        self.party.toggled.connect(self._choose)
        if choices.open_count > 1:
            bar.addWidget(self.party)
        else:
            self.party.hide()

    # -- paging and zoom -----------------------------------------------------------------
    def page(self) -> int:
        """The current page (0-based): the one gone to, or the first of the row at the
        top of the view once the user scrolls to another row."""
        return self._current

    def go_to(self, index: int) -> None:
        count = len(self.view.pages)
        self._current = max(0, min(count - 1, index))
        if count:
            rect = self.view.page_rect(self._current)
            self._jumping = True  # the last rows cannot scroll to the top: still current
            self.scroll.verticalScrollBar().setValue(rect.top() - GAP)
            self.scroll.ensureVisible(rect.center().x(), rect.top(), 0, 0)
            self._jumping = False
        self._show_page()

    def step(self, rows: int) -> None:
        """The first page of the row ``rows`` rows on (one page, or two side by side)."""
        columns = self.view.columns
        self.go_to(self._current - self._current % columns + rows * columns)

    def zoom_by(self, factor: float) -> None:
        self._set_fit(None)
        self._zoom(self.view.zoom * factor)

    def fit(self, how: str | None) -> None:
        self._set_fit(how)
        if how is None:
            return
        room = self.scroll.viewport().size()
        if how == "width" and not self.scroll.verticalScrollBar().isVisible():
            # the page grows taller than the view: room for the scroll bar that follows
            room.setWidth(room.width() - self.style().pixelMetric(
                QStyle.PixelMetric.PM_ScrollBarExtent))
        self._zoom(self.view.fit_zoom(room, how == "page"))

    def set_columns(self, columns: int) -> None:
        page = self.page()
        self.view.set_columns(columns)
        (self.one_action if columns == 1 else self.two_action).setChecked(True)
        self.fit(self._fit)
        self.go_to(page)

    def _set_fit(self, how: str | None) -> None:
        self._fit = how
        self.fit_width_action.setChecked(how == "width")
        self.fit_page_action.setChecked(how == "page")

    def _zoom(self, zoom: float) -> None:
        page = self.page()
        self.view.set_zoom(zoom)
        self.zoom_label.setText(f"{round(self.view.zoom * 100)} %")
        self.go_to(page)

    def _scrolled(self) -> None:
        if self._jumping or not len(self.view.pages):
            return
        top = self.view.page_at(self.scroll.verticalScrollBar().value() + GAP + 1)
        columns = self.view.columns
        if top // columns != self._current // columns:  # scrolled to another row
            self._current = top
            self._show_page()

    def _show_page(self) -> None:
        count, index = len(self.view.pages), self._current
        self.page_spin.blockSignals(True)
        self.page_spin.setRange(1 if count else 0, count)
        self.page_spin.setSuffix(f" of {count}")
        self.page_spin.setValue(index + 1)
        self.page_spin.blockSignals(False)
        self.prev_action.setEnabled(index >= self.view.columns)
        self.next_action.setEnabled(index // self.view.columns
                                    < (count - 1) // self.view.columns)

    def _show_title(self) -> None:
        self.setWindowTitle(f"Print preview — {self.job.title}")
        self._show_page()

    def _size_to_screen(self) -> None:
        room = self.screen().availableGeometry()
        self.resize(min(room.width() * 9 // 10, max(1000, room.width() * 2 // 3)),
                    room.height() * 9 // 10)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fit(self._fit)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._fit is not None:
            self.fit(self._fit)

    # -- what is printed -----------------------------------------------------------------
    def _choose(self) -> None:
        if self.choices is None:
            return
        job = self.choices.job(self.what.currentData(), self.party.isChecked())
        pages = load_pages(self, self.prompts, job)
        if pages is None:
            return
        old = self.view.pages
        self.job = job
        self.view.set_pages(pages)
        old.close()
        self._show_title()
        self.fit(self._fit)
        self.go_to(0)

    def print_(self) -> bool:
        """Print these pages through the print dialog; the preview closes once printed."""
        if run_print(self, self.prompts, self.job, self.view.pages):
            self.accept()
            return True
        return False

    def export(self) -> None:
        if self.job.export is not None:
            self.job.export()

    def done(self, result: int) -> None:
        self.view.forget()
        self.view.pages.close()
        super().done(result)


def load_pages(parent: QWidget | None, prompts: Asker, job: PrintJob) -> PdfPages | None:
    """The job's pages on its paper; None when cancelled or failed (told)."""
    progress = Progress(parent, "Print preview", job.parts >= BIG_PARTS)
    try:
        return make_pages(job, job.paper, progress)
    except FAILURES as exc:
        prompts.warn("Cannot show the preview", getattr(exc, "message", str(exc)))
        return None
    finally:
        progress.close()


def show_preview(parent: QWidget | None, prompts: Asker, job: PrintJob,
                 choices: Choices | None = None) -> PreviewDialog | None:
    """Open the preview of ``job`` over ``parent`` (which waits until it closes)."""
    pages = load_pages(parent, prompts, job)
    if pages is None:
        return None
    dialog = PreviewDialog(parent, prompts, job, pages, choices)
    dialog.open()
    return dialog
