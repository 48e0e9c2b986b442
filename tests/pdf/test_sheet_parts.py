from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import fonts, sheet_parts
from desktop.pdf.page import Page, Rect


def test_a_table_too_long_for_its_box_sends_the_rest_to_the_continuation_page() -> None:
    fonts.register_fonts()
    buffer = io.BytesIO()
    page = Page.of("a4")
    canvas = Canvas(buffer, pagesize=page.size)
    overflow = sheet_parts.Overflow()
    rows = [[f"Skill {i}", str(i), "a long note " * 3] for i in range(40)]
    sheet_parts.table(canvas, Rect(40, 600, 300, 80), ["Skill", "Score", "Notes"], [4, 1, 5],
                      rows, True, overflow, "Skill")
    assert overflow.entries, "forty rows cannot fit 80 points"
    assert overflow.entries[-1][0] == "Skill: Skill 39"
    sheet_parts.continuation(canvas, "Tharsh", page, overflow.entries)
    canvas.save()
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(buffer.getvalue())).pages]
    assert "more on the continuation page" in pages[0]
    assert "THARSH: CONTINUED FROM THE CHARACTER SHEET" in pages[1]
    assert "Skill 39" in " ".join(pages[1:])


def test_a_column_title_stays_inside_its_column(monkeypatch) -> None:
    """Pocket Universe's weapons header never runs "= TOTAL" into "RANGE"."""
    fonts.register_fonts()  # measured in the sheet's own fonts, whichever test ran before
    drawn = []
    monkeypatch.setattr(sheet_parts, "draw", lambda c, x, y, text, font, size, *a:
                        drawn.append((text, size)))
    cell = Rect(0, 0, 18, 10)
    sheet_parts.column_title(Canvas(io.BytesIO()), cell, "= Total")
    (text, size), = drawn
    assert 4 <= size <= 5.5
    assert sheet_parts.fit_text(text, 1e9, 10, fonts.BOLD, size, size).lines == (text,)
    from desktop.pdf.text import width

    assert width(text, fonts.BOLD, size) <= cell.w + 1e-6
