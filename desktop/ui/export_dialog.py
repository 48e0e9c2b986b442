"""Export PDF: what to print (sheet, ID card, both), paper size, one or the party."""

from __future__ import annotations

from dataclasses import dataclass

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


class ExportDialog(QDialog):
    def __init__(self, open_count: int, parent: QWidget | None = None,
                 paper: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export PDF")
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
        self.paper = QComboBox()
        self.paper.addItem("A4", "a4")
        self.paper.addItem("US Letter", "letter")
        self.paper.setCurrentIndex(self.paper.findData(paper or default_paper()))
        layout.addRow("&Paper:", self.paper)
        self.party = QCheckBox(f"All {open_count} open characters in one PDF"
                               if open_count > 1 else "All open characters in one PDF")
        self.party.setEnabled(open_count > 1)
        layout.addRow("", self.party)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Export…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addRow(buttons)

    def choice(self) -> ExportChoice:
        checked = self.what.checkedButton()
        return ExportChoice(checked.property("value") if checked else "both",
                            self.paper.currentData(), self.party.isChecked())
