"""Export PDF from the window: one character or the party, sheet/card/both, A4/Letter."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtWidgets import QPushButton, QRadioButton

from desktop.ui.export_dialog import ExportDialog

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "pow" / "characters"


def test_export_one_character(window, electrobabe, tmp_path):
    editor = window.open_path(electrobabe)
    out = tmp_path / "sheet"
    assert window.export([editor.document], out, "both", "letter")
    pdf = PdfReader(out.with_suffix(".pdf"))
    assert len(pdf.pages) == 2
    assert round(float(pdf.pages[0].mediabox.width)) == 612  # US Letter
    assert "Electrobabe" in pdf.pages[0].extract_text()
    assert "Exported" in window.statusBar().currentMessage()


def test_export_the_party_from_the_dialog(window, electrobabe, prompts, tmp_path,
                                          monkeypatch):
    window.open_path(electrobabe)
    window.open_path(EXAMPLES / "sparky.sheetdesk")

    def accept(dialog):
        dialog.party.setChecked(True)
        next(b for b in dialog.findChildren(QRadioButton) if b.property("value") == "card"
             ).setChecked(True)
        return ExportDialog.DialogCode.Accepted

    monkeypatch.setattr(ExportDialog, "exec", accept)
    prompts.paths = [tmp_path / "party.pdf"]
    window.export_action.trigger()
    pdf = PdfReader(tmp_path / "party.pdf")
    assert len(pdf.pages) == 2  # two ID cards
    text = "".join(page.extract_text() for page in pdf.pages)
    assert "Electrobabe" in text and "Sparky" in text


def test_a_name_no_font_has_is_reported_after_the_export(window, electrobabe, prompts,
                                                         tmp_path):
    editor = window.open_path(electrobabe)
    editor.document.apply("Name", lambda c: setattr(c, "name", "Ra 𓀀"))
    assert window.export([editor.document], tmp_path / "ra.pdf", "card", "a4")
    assert (tmp_path / "ra.pdf").is_file()
    title, text = prompts.warnings[-1]
    assert "cannot be printed" in title and "EGYPTIAN HIEROGLYPH" in text


def test_export_failure_is_reported(window, electrobabe, prompts, tmp_path):
    editor = window.open_path(electrobabe)
    assert not window.export([editor.document], tmp_path / "missing" / "x.pdf", "sheet", "a4")
    assert "missing" in prompts.warnings[-1][1]


def test_dialog_defaults(qtbot):
    dialog = ExportDialog(open_count=1, paper="letter")
    qtbot.addWidget(dialog)
    choice = dialog.choice()
    assert (choice.what, choice.paper, choice.party) == ("both", "letter", False)
    assert not dialog.party.isEnabled()
    assert dialog.party.text() == "All open characters in one PDF"  # not "All 1 open"


def test_the_same_choices_for_print_without_the_paper(qtbot):
    dialog = ExportDialog(open_count=3, printing=True)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.windowTitle() == "Print"
    assert not dialog.paper.isVisible(), "the print dialog asks for the paper"
    assert dialog.party.isEnabled() and dialog.party.text() == "All 3 open characters in one job"
    assert "Print…" in [b.text() for b in dialog.findChildren(QPushButton)]
