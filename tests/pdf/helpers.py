"""PDF helpers every game's printing tests share (imported, not collected)."""

from __future__ import annotations

import io
from collections.abc import Callable

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import fonts
from desktop.pdf.page import Page, Paper


def render(draw: Callable[[Canvas], None], paper: Paper = "a4") -> bytes:
    """A PDF of whatever ``draw`` puts on a fresh canvas of ``paper``."""
    fonts.register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=Page.of(paper).size, invariant=1)
    draw(canvas)
    canvas.save()
    return buffer.getvalue()


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF, its whitespace collapsed."""
    return [" ".join(page.extract_text().split())
            for page in PdfReader(io.BytesIO(data)).pages]
