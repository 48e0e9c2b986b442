"""The list of findings beside an editor; activating one asks to focus its field."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyle

from desktop.model.findings import Finding, Severity

_ICONS = {
    Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
    Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
    Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
}
_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class FindingsList(QObject):
    """Drives a QListWidget from a form; emits ``field_chosen`` with a field path."""

    field_chosen = Signal(str)

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self.view = view
        self._shown: list[Finding] | None = None
        self._icons: dict[Severity, QIcon] = {}
        view.itemActivated.connect(self._activated)
        view.itemClicked.connect(self._activated)

    def show(self, findings: list[Finding]) -> None:
        ordered = sorted(findings, key=lambda f: _ORDER[f.severity])
        if ordered == self._shown:
            return
        self._shown = ordered
        self.view.clear()
        if not ordered:
            item = QListWidgetItem("No findings: the character follows the rules.")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.view.addItem(item)
            return
        if not self._icons:  # not before a finding needs one: most characters have none
            style = self.view.style()
            self._icons = {k: style.standardIcon(v) for k, v in _ICONS.items()}
        for finding in ordered:
            item = QListWidgetItem(self._icons[finding.severity],
                                   f"{finding.message}\n({finding.rule})")
            item.setData(Qt.ItemDataRole.UserRole, finding.field)
            item.setToolTip(f"{finding.severity.value.capitalize()}: {finding.message}\n"
                            f"Rule: {finding.rule}")
            self.view.addItem(item)

    def _activated(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path:
            self.field_chosen.emit(path)
