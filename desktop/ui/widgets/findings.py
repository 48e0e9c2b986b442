"""The list of findings beside an editor; activating one asks to focus its field."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from desktop.model.findings import Finding, Severity

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
            self._icons = _icons(self.view)
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


def _icons(view: QListWidget) -> dict[Severity, QIcon]:
    """The style's message-box icons by severity. QStyle is imported here, not with the
    module: importing it builds its dozen enums (~1 ms of an editor's first paint, which
    for a character without findings shows no icon)."""
    from PySide6.QtWidgets import QStyle

    kinds = {Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
             Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
             Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation}
    style = view.style()
    return {severity: style.standardIcon(kind) for severity, kind in kinds.items()}
