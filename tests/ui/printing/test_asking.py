"""Printing's questions as the windows ask them with real dialogs (not shown: each
dialog's exec answers as a user would)."""

from __future__ import annotations

from PySide6.QtPrintSupport import QAbstractPrintDialog, QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import QMessageBox

from desktop.ui.export_dialog import ExportDialog
from desktop.ui.prompts import Prompts


def test_what_and_whose_in_the_export_dialogs_words(qtbot, monkeypatch):
    def accept(dialog):
        assert dialog.windowTitle() == "Print"
        dialog.party.setChecked(True)
        return ExportDialog.DialogCode.Accepted

    monkeypatch.setattr(ExportDialog, "exec", accept)
    choice = Prompts(None).print_choice(2)  # type: ignore[arg-type]
    assert choice is not None and choice.party and choice.what == "both"
    monkeypatch.setattr(ExportDialog, "exec", lambda dialog: ExportDialog.DialogCode.Rejected)
    assert Prompts(None).print_choice(2) is None  # type: ignore[arg-type]


def test_the_print_dialog_offers_the_pages_to_choose_from(qtbot, monkeypatch):
    seen: dict[str, object] = {}

    def cancel(dialog):
        seen.update(pages=(dialog.minPage(), dialog.maxPage()), range=dialog.testOption(
            QAbstractPrintDialog.PrintDialogOption.PrintPageRange))
        return QPrintDialog.DialogCode.Rejected

    monkeypatch.setattr(QPrintDialog, "exec", cancel)
    assert not Prompts(None).print_setup(QPrinter(), 5)  # type: ignore[arg-type]
    assert seen == {"pages": (1, 5), "range": True}


def test_no_printer_offers_export_pdf(qtbot, monkeypatch):
    texts: list[str] = []

    def choose(box, label):
        texts.append(box.text())
        next(b for b in box.buttons() if b.text() == label).click()

    prompts = Prompts(None)  # type: ignore[arg-type]
    monkeypatch.setattr(QMessageBox, "exec", lambda box: choose(box, "Export PDF…"))
    assert prompts.no_printer()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: choose(box, "Cancel"))
    assert not prompts.no_printer()
    assert "no printer installed" in texts[0]
    assert prompts.has_printer() == bool(QPrinterInfo.availablePrinters())
