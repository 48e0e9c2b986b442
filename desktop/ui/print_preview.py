"""File ▸ Print preview. PySide6-Essentials has no QtPdf, so the
current character's sheet and ID card go to a PDF in Sheetdesk's temporary folder and
the system's PDF viewer shows it (and prints it). The paper is the one the user chose
last (Export PDF remembers it per user), which the blank sheets use too."""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

from desktop import APP_ID
from desktop.model.errors import DocumentError
from desktop.ui.export_dialog import default_paper

PAPER_KEY = "export/paper"
PAPERS = ("a4", "letter")
KEEP_SECONDS = 24 * 3600
"""Older previews are removed: a viewer has long finished reading them."""


def remembered_paper(settings: Any) -> str:
    """The paper the user chose last, else the one usual where they live."""
    paper = settings.value(PAPER_KEY)
    return paper if paper in PAPERS else default_paper()


def preview_dir() -> Path:
    """Sheetdesk's own folder for previews in the system's temporary folder (one per
    user: another user's previews are none of ours)."""
    user = re.sub(r"[^\w.-]", "_", os.environ.get("USER") or os.environ.get("USERNAME")
                  or "user")
    path = Path(tempfile.gettempdir()) / f"{APP_ID}-preview-{user}"
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def _clean(folder: Path, now: float) -> None:
    for old in folder.glob("*.pdf"):
        try:
            if now - old.stat().st_mtime > KEEP_SECONDS:
                old.unlink()
        except OSError:  # open in a viewer (Windows) or already gone: next time
            pass


def _file_name(character: Any) -> str:
    name = re.sub(r"[^\w .-]", "", getattr(character, "name", "") or "").strip()
    return (name or "character")[:60]


def write_preview(character: Any, paper: str) -> Path:
    """The character's sheet and card as a new PDF in the preview folder (a new name
    each time: a viewer may still hold the last one open)."""
    from desktop.pdf.export import export_pdf  # reportlab loads only when printing

    folder = preview_dir()
    _clean(folder, time.time())
    handle, name = tempfile.mkstemp(prefix=f"{_file_name(character)} preview ",
                                    suffix=".pdf", dir=folder)
    os.close(handle)
    path = Path(name)
    try:
        export_pdf([character], path, what="both", paper=paper, warn=None)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return path


def print_preview(window: Any) -> Path | None:
    """Show the current character as it prints; the PDF's path, or None if nothing is
    open or it could not be made or shown (the user is told why)."""
    editor = window.current_editor()
    if editor is None:
        return None
    try:
        path = write_preview(editor.document.character, remembered_paper(window.settings))
    except (DocumentError, OSError) as exc:
        window.prompts.warn("Cannot make the preview", getattr(exc, "message", str(exc)))
        return None
    if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
        window.prompts.warn(
            "Cannot show the preview",
            f"No program opened the preview. It is saved as\n{path}\n"
            "Open it in a PDF viewer to see and print it, or use File ▸ Export PDF.")
        return None
    window.statusBar().showMessage(f"Preview opened in your PDF viewer ({path.name})", 6000)
    return path
