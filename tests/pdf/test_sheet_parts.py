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
