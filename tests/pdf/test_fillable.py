"""Form fields only inside form_fields(), with unique names."""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import fillable
from desktop.pdf.page import Rect


def test_fields_only_while_making_a_form_and_names_made_unique():
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    assert fillable.text_field(canvas, Rect(10, 10, 100, 20), "Name") is None
    with fillable.form_fields():
        assert fillable.active()
        assert fillable.text_field(canvas, Rect(10, 10, 100, 20), "Name") == "Name"
        assert fillable.text_field(canvas, Rect(10, 40, 100, 20), "Name") == "Name 2"
        assert fillable.text_field(canvas, Rect(10, 70, 4, 4), "Tiny") is None
        fillable.text_field(canvas, Rect(10, 100, 200, 80), "Notes", multiline=True)
    assert not fillable.active()
    canvas.showPage()
    canvas.save()
    assert set(PdfReader(io.BytesIO(buffer.getvalue())).get_fields()) == {
        "Name", "Name 2", "Notes"}
