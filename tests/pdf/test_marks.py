from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import fonts, marks
from desktop.pdf.page import Rect


def test_fold_and_tape_lines_print_their_labels() -> None:
    fonts.register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    box = Rect(40, 40, 500, 700)
    marks.fold_line(canvas, box, 400)
    marks.tape_line(canvas, box, 200)
    marks.cut_outline(canvas, box)
    marks.crop_marks(canvas, box)
    canvas.save()
    text = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text()
    assert "FOLD HERE" in text
    assert "FOLD HERE AND TAPE TO OTHER SIDE TO STAND UP" in text
