"""The findings beside an editor (desktop.ui.widgets.findings)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget

from desktop.model.findings import Finding, Rule, Severity
from desktop.ui.widgets.findings import FindingsList

RULE = Rule("POW!", "Stats")


@pytest.fixture
def findings(qtbot):
    view = QListWidget()
    qtbot.addWidget(view)
    return FindingsList(view)


def _items(findings: FindingsList) -> list[tuple[str, bool, object]]:
    view = findings.view
    return [(view.item(i).text(), view.item(i).icon().isNull(),
             view.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(view.count())]


def test_no_findings_say_so_and_need_no_icons(findings) -> None:
    """Most characters have no findings: their list is one line, and the style's
    message icons are not asked for (opening a file spends no time on them)."""
    findings.show([])
    assert _items(findings) == [("No findings: the character follows the rules.", True,
                                 None)]
    assert findings._icons == {}


def test_findings_are_listed_worst_first_with_their_icons_and_fields(findings) -> None:
    findings.show([])
    findings.show([Finding(Severity.INFO, "A note", RULE, "name"),
                   Finding(Severity.ERROR, "Too many points", RULE, "stats.agility")])
    assert _items(findings) == [("Too many points\n(POW!, Stats)", False, "stats.agility"),
                                ("A note\n(POW!, Stats)", False, "name")]
    chosen: list[str] = []
    findings.field_chosen.connect(chosen.append)
    findings._activated(findings.view.item(0))
    assert chosen == ["stats.agility"]
