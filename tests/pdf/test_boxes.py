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
