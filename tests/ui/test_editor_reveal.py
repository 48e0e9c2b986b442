from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QTabWidget, QVBoxLayout, QWidget

from desktop.ui.editor import reveal


def test_reveal_switches_nested_tabs_to_the_widget(qtbot) -> None:
    outer = QTabWidget()
    qtbot.addWidget(outer)
    outer.addTab(QWidget(), "First")
    page = QWidget()
    inner = QTabWidget(page)
    QVBoxLayout(page).addWidget(inner)
    outer.addTab(page, "Second")
    inner.addTab(QWidget(), "A")
    holder = QWidget()
    target = QLineEdit(holder)
    inner.addTab(holder, "B")
    outer.show()
    reveal(target)
    assert outer.currentIndex() == 1
    assert inner.currentIndex() == 1
