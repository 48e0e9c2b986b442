"""Printing's benchmark rows: the print preview of a character's sheet and ID card
until it is on screen, and ten characters printed into a PDF-file printer (the pages
rendered by pdfium at the printer's resolution, up to 300 dpi, and written by Qt)."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "resources" / "pow" / "characters" / "electrobabe.sheetdesk"


class _Prompts:
    """The print dialog answered: a PDF file as the printer."""

    def __init__(self, out: Path) -> None:
        self.out = out

    def warn(self, title: str, text: str) -> None:
        raise RuntimeError(f"{title}: {text}")

    def has_printer(self) -> bool:
        return True

    def print_setup(self, printer, pages: int) -> bool:
        from PySide6.QtPrintSupport import QPrinter

        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(self.out))
        return True


def _app():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def preview_visible_ms() -> dict[str, float]:
    """File ▸ Print preview… with a character open, until the dialog has painted its
    pages: the first in the process (pdfium and reportlab load) and the median after."""
    app = _app()
    from PySide6.QtWidgets import QApplication

    from desktop.ui.main_window import MainWindow
    from desktop.ui.prompts import Prompts

    window = MainWindow(prompts=Prompts(None))  # type: ignore[arg-type]
    window.resize(1280, 720)
    window.show()
    window.open_path(EXAMPLE)
    app.processEvents()

    def once() -> float:
        start = time.perf_counter()
        window.preview_action.trigger()
        dialog = QApplication.activeModalWidget()
        app.processEvents()
        dialog.view.repaint()  # painted: its visible pages rendered
        elapsed = (time.perf_counter() - start) * 1000
        assert dialog.view._images, "no page was painted"
        dialog.close()
        app.processEvents()
        return elapsed

    first = once()
    times = [once() for _ in range(7)]
    window.close()
    return {"first": first, "median": statistics.median(times)}


def print_10_characters_ms() -> float:
    """Ten example characters' sheets and cards, from the print dialog's OK to the last
    page written, through a PDF-file printer (median of three)."""
    _app()
    from desktop.systems.files import load_character
    from desktop.ui.printing.commands import character_job
    from desktop.ui.printing.job import run_print

    paths = sorted(REPO.glob("resources/*/characters/*.sheetdesk"))[:10]
    characters = [load_character(p) for p in paths]

    class Window:  # what character_job reads of the main window
        settings = type("S", (), {"value": staticmethod(lambda key: "a4")})()

        def export_dialog(self) -> None: ...

        def statusBar(self):
            return type("B", (), {"showMessage": staticmethod(lambda *a: None)})()

    times = []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "printed.pdf"
        for _ in range(3):
            job = character_job(Window(), characters, "both")
            start = time.perf_counter()
            assert run_print(None, _Prompts(out), job)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def rows() -> dict[str, tuple[float, str, float | None]]:
    """The rows for ``run.py``: name: (value, unit, budget)."""
    preview = preview_visible_ms()
    return {
        "print_preview_visible": (preview["median"], "ms", 300.0),
        # No budget: the first preview in a process also loads pdfium and reportlab.
        "print_preview_visible_first": (preview["first"], "ms", None),
        "print_10_characters_pdf_printer": (print_10_characters_ms(), "ms", 2000.0),
    }
