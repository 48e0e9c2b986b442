"""File ▸ Print preview: the current character's sheet and ID card
as a PDF in Sheetdesk's temporary folder, opened in the system viewer, on the paper the
user chose last; a viewer that does not open is told about."""

from __future__ import annotations

import os
import time

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QDesktopServices, QKeySequence

from desktop.ui import blank_sheet, print_preview
from desktop.ui.main_window import MainWindow


@pytest.fixture
def opened(monkeypatch, tmp_path) -> list[str]:
    """What the viewer was asked to open; previews go to a folder of the test's."""
    urls: list[str] = []

    def open_url(url) -> bool:
        urls.append(url.toLocalFile())
        return True

    monkeypatch.setattr(QDesktopServices, "openUrl", open_url)
    monkeypatch.setattr(print_preview, "preview_dir", lambda: tmp_path / "previews")
    (tmp_path / "previews").mkdir()
    return urls


def test_the_action_is_in_the_file_menu_with_its_shortcut(window: MainWindow):
    file_menu = window.menuBar().actions()[0].menu()
    assert window.preview_action in file_menu.actions()
    assert window.preview_action.shortcut() == QKeySequence("Ctrl+Shift+P")
    assert not window.preview_action.isEnabled(), "nothing to preview yet"


def test_preview_writes_the_current_character_on_the_remembered_paper(
        window, electrobabe, opened, tmp_path):
    window.settings.set_value("export/paper", "letter")
    window.open_path(electrobabe)
    assert window.preview_action.isEnabled()
    window.preview_action.trigger()
    assert len(opened) == 1
    pdf = PdfReader(opened[0])
    assert opened[0].startswith(str(tmp_path / "previews"))
    assert len(pdf.pages) == 2, "the sheet and the ID card"
    assert round(float(pdf.pages[0].mediabox.width)) == 612  # US Letter
    assert "Electrobabe" in pdf.pages[0].extract_text()
    assert "Preview opened" in window.statusBar().currentMessage()
    window.settings.set_value("export/paper", "a4")
    window.preview_action.trigger()
    assert len(opened) == 2 and opened[0] != opened[1], "a new file: the old may be open"
    assert round(float(PdfReader(opened[1]).pages[0].mediabox.width)) == 595  # A4


def test_a_viewer_that_does_not_open_is_told(window, electrobabe, prompts, monkeypatch,
                                             tmp_path):
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: False)
    monkeypatch.setattr(print_preview, "preview_dir", lambda: tmp_path)
    window.open_path(electrobabe)
    assert print_preview.print_preview(window) is None
    title, text = prompts.warnings[-1]
    assert title == "Cannot show the preview"
    saved = next(tmp_path.glob("*.pdf"))
    assert str(saved) in text, "the message says where the PDF is"


def test_a_preview_that_cannot_be_written_is_told(window, electrobabe, prompts,
                                                  monkeypatch, opened):
    def fail(*_args, **_kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(print_preview, "write_preview", fail)
    window.open_path(electrobabe)
    assert print_preview.print_preview(window) is None
    assert prompts.warnings[-1] == ("Cannot make the preview", "disk full")
    assert opened == []


def test_old_previews_are_cleared(tmp_path, monkeypatch):
    monkeypatch.setattr(print_preview, "preview_dir", lambda: tmp_path)
    old = tmp_path / "old preview.pdf"
    old.write_bytes(b"%PDF")
    day_ago = time.time() - print_preview.KEEP_SECONDS - 60
    os.utime(old, (day_ago, day_ago))
    from desktop.systems import get

    path = print_preview.write_preview(get("pocket").new_character("Ana"), "a4")
    assert not old.exists() and path.exists() and path.name.startswith("Ana preview")


def test_the_paper_is_remembered_and_shared_with_blank_sheets(window, prompts, tmp_path):
    window.settings.set_value("export/paper", "letter")
    assert print_preview.remembered_paper(window.settings) == "letter"
    prompts.paths = [tmp_path / "blank.pdf"]
    blank_sheet.print_blank(window, "protector")
    assert round(float(PdfReader(tmp_path / "blank.pdf").pages[0].mediabox.width)) == 612
    window.settings.set_value("export/paper", "tabloid")  # a hand-edited settings file
    assert print_preview.remembered_paper(window.settings) in ("a4", "letter")


def test_the_preview_folder_is_the_apps_own(monkeypatch, tmp_path):
    monkeypatch.setattr(print_preview.tempfile, "gettempdir", lambda: str(tmp_path))
    folder = print_preview.preview_dir()
    assert folder.parent == tmp_path and folder.name.startswith("sheetdesk-preview")
    assert folder.is_dir()
