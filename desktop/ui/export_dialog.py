"""Export PDF: what to print (sheet, ID card, both), paper size, one or the party."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QRadioButton,
    QWidget,
)

PAPER_KEY = "export/paper"
PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class ExportChoice:
    """What the Export PDF dialog asks for: what to print, on which paper, one or the party."""

    what: str
    paper: str
    party: bool


def default_paper() -> str:
    """Letter where people use it (US, Canada, Mexico…), A4 everywhere else."""
    letter = {QLocale.Country.UnitedStates, QLocale.Country.Canada, QLocale.Country.Mexico,
              QLocale.Country.Chile, QLocale.Country.Colombia, QLocale.Country.Venezuela,
              QLocale.Country.Philippines}
    return "letter" if QLocale.system().territory() in letter else "a4"


def remembered_paper(settings: Any) -> str:
    """The paper the user chose last for Export PDF, else the one usual where they live
    (printing, the preview and the blank sheets use it too)."""
    paper = settings.value(PAPER_KEY)
    return paper if paper in PAPERS else default_paper()


class ExportDialog(QDialog):
    """Export PDF's questions; with ``printing`` the same for File ▸ Print, without the
    paper (the print dialog that follows asks for it)."""

    def __init__(self, open_count: int, parent: QWidget | None = None,
                 paper: str | None = None, printing: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print" if printing else "Export PDF")
        layout = QFormLayout(self)
        self.what = QButtonGroup(self)
        row = QHBoxLayout()
        for value, label in (("sheet", "Character &sheet"), ("card", "&ID card"),
                             ("both", "&Both")):
            button = QRadioButton(label)
            button.setProperty("value", value)
            self.what.addButton(button)
            row.addWidget(button)
            button.setChecked(value == "both")
        layout.addRow("Print:", row)
        self.paper = QComboBox(self)
        self.paper.addItem("A4", "a4")
        self.paper.addItem("US Letter", "letter")
        self.paper.setCurrentIndex(self.paper.findData(paper or default_paper()))
        if printing:
            self.paper.hide()
        else:
            layout.addRow("&Paper:", self.paper)
        where = "in one job" if printing else "in one PDF"
        self.party = QCheckBox(f"All {open_count} open characters {where}"
                               if open_count > 1 else f"All open characters {where}")
        self.party.setEnabled(open_count > 1)
        layout.addRow("", self.party)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            "Print…" if printing else "Export…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addRow(buttons)

    def choice(self) -> ExportChoice:
        checked = self.what.checkedButton()
        return ExportChoice(checked.property("value") if checked else "both",
                            self.paper.currentData(), self.party.isChecked())
