"""Helpers the Powers printing tests share (imported, not collected: no ``test_``
prefix)."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader

from desktop.paths import resource
from desktop.pdf.page import Page, Paper
from desktop.pdf.sheet_parts import Overflow
from desktop.systems.powers.printing import sheet
from desktop.systems.powers.printing.view import sheet_view
from desktop.systems.powers.rules.character import PowersCharacter
from tests.pdf.helpers import pdf_pages, render  # noqa: F401 (shared)

EXAMPLES = ("bob", "dave", "nigel")
PAPERS: tuple[Paper, ...] = ("a4", "letter")


def example(stem: str) -> PowersCharacter:
    """One of the example characters ("bob", "dave", "nigel"), from its file."""
    text = resource("powers", "characters", f"{stem}.sheetdesk").read_text(encoding="utf-8")
    return PowersCharacter.model_validate_json(text)


def changed_example(stem: str, /, **changes: Any) -> PowersCharacter:
    """An example character with some of its fields replaced."""
    return PowersCharacter.model_validate(example(stem).model_dump() | changes)



def sheet_pdf(character: PowersCharacter, paper: Paper = "a4") -> bytes:
    """The character's sheet through ``draw_sheet``, as ``desktop.pdf.export`` calls it."""
    return render(lambda canvas: sheet.draw_sheet(canvas, character, Page.of(paper)), paper)


def sheet_overflow(character: PowersCharacter, paper: Paper = "a4") -> Overflow:
    """What the sheet had to cut short (and would print on a continuation page)."""
    overflow = Overflow()
    render(lambda canvas: sheet.render_sheet(canvas, sheet_view(character), Page.of(paper),
                                             overflow), paper)
    return overflow



def text_positions(data: bytes, page: int = 0) -> list[tuple[str, float, float]]:
    """Every piece of text on a page with its position."""
    out: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font_dict, font_size) -> None:
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            out.append((text.strip(), x, y))

    PdfReader(io.BytesIO(data)).pages[page].extract_text(visitor_text=visit)
    return out
