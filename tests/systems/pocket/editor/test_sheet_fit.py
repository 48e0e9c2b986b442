"""The editor's sheet fits its window without sideways scrolling."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QScrollArea, QTabWidget, QWidget

from desktop.systems.files import load_character
from desktop.ui.forms import child
from tests.systems.pocket.editor.conftest import EXAMPLES, make_editor


@pytest.mark.parametrize("size", [(1280, 860), (800, 560)])
def test_the_sheet_fits_without_sideways_scrolling(qtbot, size):
    editor = make_editor(qtbot, load_character(EXAMPLES / "kestra.sheetdesk"), size)
    scroll = child(editor.form, QScrollArea, "sheetScroll")
    tabs = child(editor.form, QTabWidget, "detailTabs")
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        qtbot.wait(1)
        assert not scroll.horizontalScrollBar().isVisible(), tabs.tabText(index)
        # As tall as the page shown (or the room left), not as the tallest page.
        page = tabs.currentWidget()
        assert tabs.height() <= max(page.sizeHint().height() + 60,
                                    scroll.viewport().height()), tabs.tabText(index)
    attributes = child(editor.form, QWidget, "attributesGroup")
    record = child(editor.form, QWidget, "recordGroup")
    side_by_side = attributes.y() == record.y()
    assert side_by_side == (size[0] == 1280)
