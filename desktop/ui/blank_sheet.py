"""File ▸ Print blank sheet: a game's blank sheet in the print preview, to print and
fill in by hand, or to export as a PDF to type into in a PDF reader
(``desktop.pdf.blank``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMenu, QWidget

from desktop.model.errors import DocumentError
from desktop.systems import SYSTEMS


def blank_sheet_menu(window: Any, parent: QWidget | None = None) -> QMenu:
    """One entry per game; ``window`` is the main window (prompts, settings, status)."""
    menu = QMenu("Print &blank sheet", parent)
    menu.setToolTipsVisible(True)
    for system in SYSTEMS.values():
        action = menu.addAction(f"{system.name}…")
        tip = f"A blank {system.book} sheet to fill in by hand or in a PDF reader"
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(lambda _=False, s=system.id: preview_blank(window, s))
    return menu


def preview_blank(window: Any, system_id: str) -> Any:
    """The blank sheet in the print preview, which prints it or exports it."""
    from desktop.ui.printing.commands import blank_job
    from desktop.ui.printing.preview import show_preview

    job = blank_job(window, system_id, lambda: print_blank(window, system_id))
    return show_preview(window, window.prompts, job)


def print_blank(window: Any, system_id: str) -> Path | None:
    """Export PDF of the blank sheet: ask where, write it there and say so; None if
    cancelled or failed."""
    system = SYSTEMS[system_id]
    suggested = Path.home() / f"{system.book} blank sheet.pdf"
    path = window.prompts.pdf_path(str(suggested))
    if path is None:
        return None
    path = Path(path)
    if path.suffix.lower() != ".pdf":
        path = path.with_suffix(".pdf")
    from desktop.pdf.blank import export_blank  # reportlab loads only when printing
    from desktop.ui.export_dialog import remembered_paper

    try:  # the paper the user chose last, as Export PDF and the preview use
        export_blank(system_id, path, paper=remembered_paper(window.settings))
    except (DocumentError, OSError) as exc:
        window.prompts.warn("Cannot export", getattr(exc, "message", str(exc)))
        return None
    window.statusBar().showMessage(f"Exported a blank {system.book} sheet to {path}", 6000)
    return path
