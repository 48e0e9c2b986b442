"""Helpers the Warlords of Kruhl printing tests share (imported, not collected: no
``test_`` prefix)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.paths import resource
from desktop.pdf import fonts
from desktop.pdf.page import Page, Paper
from desktop.pdf.sheet_parts import Overflow
from desktop.systems.kruhl.printing import sheet
from desktop.systems.kruhl.printing.view import sheet_view
from desktop.systems.kruhl.rules.character import KruhlCharacter

EXAMPLES = ("soraya", "virek-kohl")


def example(stem: str) -> KruhlCharacter:
    """One of the chapter's characters ("soraya", "virek-kohl"), from its file."""
    text = resource("kruhl", "characters", f"{stem}.sheetdesk").read_text(encoding="utf-8")
    return KruhlCharacter.model_validate_json(text)


def changed_example(stem: str, /, **changes: Any) -> KruhlCharacter:
    """An example character with some of its fields replaced."""
    return KruhlCharacter.model_validate(example(stem).model_dump() | changes)


def render(draw: Callable[[Canvas], None], paper: Paper = "a4") -> bytes:
    """A PDF of whatever ``draw`` puts on a fresh canvas of ``paper``."""
    fonts.register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=Page.of(paper).size, invariant=1)
    draw(canvas)
    canvas.save()
    return buffer.getvalue()


def sheet_pdf(character: KruhlCharacter, paper: Paper = "a4") -> bytes:
    """The character's sheet through ``draw_sheet``, as ``desktop.pdf.export`` calls it."""
    return render(lambda canvas: sheet.draw_sheet(canvas, character, Page.of(paper)), paper)


def sheet_overflow(character: KruhlCharacter, paper: Paper = "a4") -> Overflow:
    """What the sheet had to cut short (and would print on a continuation page)."""
    overflow = Overflow()
    render(lambda canvas: sheet.render_sheet(canvas, sheet_view(character), Page.of(paper),
                                             overflow), paper)
    return overflow


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF, its whitespace collapsed."""
    return [" ".join(page.extract_text().split())
            for page in PdfReader(io.BytesIO(data)).pages]
