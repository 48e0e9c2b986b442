from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import boxes, fonts
from desktop.pdf.page import Rect


def test_field_label_header_and_section_print_their_text() -> None:
    fonts.register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    fitted = boxes.field(canvas, Rect(50, 700, 200, 30), "Name", "Kaiser Überlegen")
    room = boxes.section(canvas, Rect(50, 500, 300, 150), "Specials", note="per frame")
    canvas.save()
    text = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text()
    assert fitted.status == "fits"
    assert "NAME" in text and "Kaiser Überlegen" in text and "SPECIALS" in text
    assert "per frame" in text
    assert room.top < 650 and room.y > 500 and room.x > 50


def test_box_grid_keeps_every_box_inside_its_room() -> None:
    from desktop.pdf.boxes import box_grid
    from desktop.pdf.page import Page

    room = Page.of("letter").content.take_top(40)[0]
    for count in (1, 5, 9, 23, 60, 99, 999):
        squares = box_grid(room, count, max_size=15)
        assert len(squares) == count
        for square in squares:
            assert room.x - 0.01 <= square.x and square.right <= room.right + 0.01
            assert room.y - 0.01 <= square.y and square.top <= room.top + 0.01
    assert box_grid(room, 0) == []
