"""The preview's page view: rows of one or two pages, and only the last few pages
drawn kept as images, however long the job."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize

from desktop.pdf.export import render_pdf
from desktop.systems.files import load_character
from desktop.ui.printing import page_view
from desktop.ui.printing.page_view import GAP, PageView
from desktop.ui.printing.pages import PdfPages

SPARKY = Path(__file__).resolve().parents[3] / "resources/pow/characters/sparky.sheetdesk"


def test_a_long_job_keeps_a_few_pages_rendered(qtbot):
    cards = PdfPages([render_pdf([load_character(SPARKY)] * 14, "card")])
    view = PageView(cards)
    qtbot.addWidget(view)
    view.set_zoom(0.3)
    for index in range(len(cards)):
        assert not view.image(index).isNull()
    assert len(view._images) == page_view.KEEP_IMAGES  # the latest drawn
    assert set(view._images) == set(range(14 - page_view.KEEP_IMAGES, 14))
    view.set_columns(2)
    assert view.page_rect(1).top() == view.page_rect(0).top()
    assert view.page_at(view.page_rect(3).top()) == 2, "the row's first page"
    zoom = view.fit_zoom(QSize(800, 600), whole_page=True)
    view.set_zoom(zoom)
    assert view.page_rect(0).height() <= 600 - 2 * GAP + 1
    cards.close()
