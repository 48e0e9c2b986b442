"""The book's notes on tabs not shown at first are there when their tab is shown."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QTabWidget

from tests.systems.protector.editor.conftest import text, w


def test_the_trait_and_conflict_notes_show_with_their_tabs(arclight) -> None:
    tabs = w(arclight, QTabWidget, "detailTabs")
    for name in ("traitTypesNote", "conflictsNote"):
        label = w(arclight, QLabel, name)
        tabs.setCurrentWidget(next(tabs.widget(i) for i in range(tabs.count())
                                   if tabs.widget(i).isAncestorOf(label)))
        assert label.isVisible()
    assert "steps a die" in text(arclight, "traitTypesNote")
    assert "Each conflict has a difficulty of" in text(arclight, "conflictsNote")
