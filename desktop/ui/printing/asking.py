"""The questions printing asks: what to print, the system's print dialog, and what to
do when no printer is installed. A mixin of the windows' ``Prompts``, so tests answer
them from a script instead of opening modal dialogs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter
    from PySide6.QtWidgets import QWidget

    from desktop.ui.export_dialog import ExportChoice


class Asker(Protocol):
    """What printing asks of a window's prompts (tests script the same methods)."""

    def has_printer(self) -> bool: ...

    def no_printer(self) -> bool: ...

    def print_setup(self, printer: QPrinter, pages: int) -> bool: ...

    def warn(self, title: str, text: str) -> None: ...


class PrintPrompts:
    """The questions, asked with the system's dialogs."""

    parent: QWidget

    # The dialogs are imported when first asked, not while the window starts.

    def has_printer(self) -> bool:
        from PySide6.QtPrintSupport import QPrinterInfo

        return bool(QPrinterInfo.availablePrinters())

    def no_printer(self) -> bool:
        """No printer is installed: True when the user would rather export a PDF."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(
            QMessageBox.Icon.Information, "No printer installed",
            "This computer has no printer installed. Export the pages as a PDF instead, "
            "to print them from another program or computer?", parent=self.parent)
        export = box.addButton("Export PDF…", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(export)
        box.exec()
        return box.clickedButton() is export

    def print_choice(self, open_count: int) -> ExportChoice | None:
        """What to print (sheet, ID card or both) and whose, as Export PDF asks it;
        the paper is the printer's."""
        from desktop.ui.export_dialog import ExportDialog

        dialog = ExportDialog(open_count, self.parent, printing=True)
        if dialog.exec() != ExportDialog.DialogCode.Accepted:
            return None
        return dialog.choice()

    def print_setup(self, printer: QPrinter, pages: int) -> bool:
        """The system's print dialog for ``printer`` (printer, paper, page range of
        ``pages``, copies); False when cancelled."""
        from PySide6.QtPrintSupport import QAbstractPrintDialog, QPrintDialog

        dialog = QPrintDialog(printer, self.parent)
        dialog.setMinMax(1, max(1, pages))
        option = QAbstractPrintDialog.PrintDialogOption
        dialog.setOptions(option.PrintPageRange | option.PrintCollateCopies
                          | option.PrintShowPageSize)
        return dialog.exec() == QPrintDialog.DialogCode.Accepted
