"""A print job from the command to the last sheet: the PDFs made for the printer's
paper, the system's print dialog, the pages printed, with a progress bar and Cancel for
long jobs, and one message when something fails."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from desktop.model.errors import DocumentError
from desktop.ui.printing.pages import PdfPages
from desktop.ui.printing.paper import PAPER_SIZES, PrintFailed, chosen_pages, paper_of, print_pages

if TYPE_CHECKING:
    from desktop.ui.printing.asking import Asker

BIG_PARTS = 6
"""From this many PDFs to make (characters, one PDF each) a progress bar shows."""
BIG_PAGES = 12
"""From this many sheets of paper a progress bar shows while they print."""
FAILURES = (DocumentError, OSError, ValueError)
"""What making the PDFs can raise; anything else is a bug and goes to the crash guard."""


@dataclass
class PrintJob:
    """What to print: ``make(paper)`` yields the PDFs in order (one per character, so a
    long job can show its progress and stop), ``parts`` of them."""

    title: str
    make: Callable[[str], Iterator[bytes]]
    parts: int
    paper: str
    """The paper for the preview: the one chosen last for Export PDF."""
    export: Callable[[], object] | None = None
    """Export PDF instead (offered when no printer is installed, and in the preview)."""
    status: Callable[[str], None] | None = None
    """Where to say that the job went to the printer (the window's status bar)."""


class Progress:
    """A progress bar with Cancel, shown only for long jobs."""

    def __init__(self, parent: QWidget | None, title: str, shown: bool) -> None:
        self.dialog: QProgressDialog | None = None
        if shown:
            self.dialog = QProgressDialog(parent)
            self.dialog.setWindowTitle(title)
            self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
            self.dialog.setMinimumDuration(0)
            self.dialog.setAutoReset(False)
            self.dialog.setAutoClose(False)

    def start(self, label: str, total: int) -> None:
        if self.dialog is not None:
            self.dialog.setLabelText(label)
            self.dialog.setRange(0, total)
            self.dialog.setValue(0)

    def step(self, done: int, label: str | None = None) -> bool:
        """Show ``done`` steps done; False once the user pressed Cancel."""
        if self.dialog is None:
            return True
        if label is not None:
            self.dialog.setLabelText(label)
        self.dialog.setValue(done)
        QApplication.processEvents()  # Cancel is clicked between two steps
        return not self.dialog.wasCanceled()

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None


def make_pages(job: PrintJob, paper: str, progress: Progress) -> PdfPages | None:
    """The job's pages on ``paper``; None when cancelled. Raises what making a PDF
    raises (``FAILURES``)."""
    pages = PdfPages(paper=paper)
    progress.start("Preparing the pages…", job.parts)
    for done, data in enumerate(job.make(paper)):
        if not progress.step(done, f"Preparing the pages… ({done + 1} of {job.parts})"):
            pages.close()
            return None
        pages.add(data)
    return pages


def run_print(parent: QWidget | None, prompts: Asker, job: PrintJob,
              pages: PdfPages | None = None) -> bool:
    """Print ``job`` (its ``pages`` when already made, as in the preview): True when
    every sheet went to the printer."""
    if not prompts.has_printer():
        if prompts.no_printer() and job.export is not None:
            job.export()
        return False
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(job.title)
    if pages is not None:  # the dialog offers the paper the preview showed
        printer.setPageSize(QPageSize(PAPER_SIZES[pages.paper]))
    big = job.parts >= BIG_PARTS
    progress = Progress(parent, "Print", big)
    own = pages is None
    done = False
    order: list[int] = []
    try:
        if pages is None:
            pages = make_pages(job, paper_of(printer), progress)
        progress.close()
        if pages is None or not prompts.print_setup(printer, len(pages)):
            return False
        if paper_of(printer) != pages.paper:  # another paper chosen: pages made for it
            progress = Progress(parent, "Print", big)
            remade = make_pages(job, paper_of(printer), progress)
            progress.close()
            if remade is None:
                return False
            if own:
                pages.close()
            pages, own = remade, True
        order = chosen_pages(printer, len(pages))
        progress = Progress(parent, "Print", len(order) >= BIG_PAGES)
        progress.start(f"Printing “{job.title}”…", len(order))
        done = print_pages(printer, pages, order, lambda n: progress.step(
            n, f"Printing page {n + 1} of {len(order)}…"))
    except (*FAILURES, PrintFailed) as exc:
        prompts.warn("Cannot print", getattr(exc, "message", str(exc)))
    finally:
        progress.close()
        if own and pages is not None:
            pages.close()
    if done and job.status is not None:
        job.status(f"Sent {len(order)} page{'s' if len(order) != 1 else ''} of "
                   f"“{job.title}” to {printer.printerName() or 'the printer'}")
    return done
