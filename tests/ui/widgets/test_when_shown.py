"""Work put off until a widget's tab is shown: a hidden tab's static text."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QApplication, QLabel, QTabWidget, QVBoxLayout, QWidget

from desktop.ui.widgets.when_shown import after_first_paint, in_view, on_show, text_when_shown


@pytest.fixture
def tabs(qtbot) -> QTabWidget:
    widget = QTabWidget()
    qtbot.addWidget(widget)
    for name in ("first", "second"):
        page = QWidget()
        QVBoxLayout(page).addWidget(QLabel(objectName=f"{name}Label"))
        widget.addTab(page, name)
    return widget


def label(tabs: QTabWidget, name: str) -> QLabel:
    return tabs.findChild(QLabel, f"{name}Label")


def test_a_text_in_view_is_set_at_once(tabs):
    assert in_view(label(tabs, "first"))
    text_when_shown(label(tabs, "first"), "now")
    assert label(tabs, "first").text() == "now"


def test_a_text_on_a_hidden_tab_is_set_when_its_tab_is_shown(tabs, qtbot):
    tabs.show()
    qtbot.waitExposed(tabs)
    second = label(tabs, "second")
    assert not in_view(second)
    text_when_shown(second, "later")
    assert second.text() == ""
    tabs.setCurrentIndex(1)
    assert second.text() == "later"
    second.setText("changed")
    tabs.setCurrentIndex(0)
    tabs.setCurrentIndex(1)
    assert second.text() == "changed"  # set once: never put back


def test_on_show_runs_at_each_show(tabs):
    shown = []
    on_show(label(tabs, "second"), lambda: shown.append(1))
    tabs.show()
    tabs.setCurrentIndex(1)
    tabs.setCurrentIndex(0)
    tabs.setCurrentIndex(1)
    assert len(shown) == 2


def test_after_first_paint_runs_once_after_the_paint(qtbot):
    widget = QWidget()
    qtbot.addWidget(widget)
    calls = []
    after_first_paint(widget, lambda: calls.append("painted"))
    widget.show()
    qtbot.waitUntil(lambda: calls == ["painted"])
    widget.repaint()
    qtbot.wait(20)
    assert calls == ["painted"]


def test_after_first_paint_does_not_call_back_once_the_widget_is_gone(qtbot):
    """A window closed (its editor deleted) between its first paint and the call back
    is left alone: the call back would reach deleted widgets."""
    widget = QWidget()
    calls = []
    after_first_paint(widget, lambda: calls.append("painted"))
    QApplication.sendEvent(widget, QPaintEvent(widget.rect()))  # the call back is due
    shiboken6.delete(widget)
    qtbot.wait(20)
    assert calls == []
