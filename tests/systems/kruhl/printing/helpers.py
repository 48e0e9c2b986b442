"""Helpers the Warlords of Kruhl printing tests share (imported, not collected: no
``test_`` prefix)."""

from __future__ import annotations

from typing import Any

from desktop.paths import resource
from desktop.pdf.page import Page, Paper
from desktop.pdf.sheet_parts import Overflow
from desktop.systems.kruhl.printing import sheet
from desktop.systems.kruhl.printing.view import sheet_view
from desktop.systems.kruhl.rules.character import KruhlCharacter
from tests.pdf.helpers import pdf_pages, render  # noqa: F401 (shared)

EXAMPLES = ("soraya", "virek-kohl")


def example(stem: str) -> KruhlCharacter:
    """One of the chapter's characters ("soraya", "virek-kohl"), from its file."""
    text = resource("kruhl", "characters", f"{stem}.sheetdesk").read_text(encoding="utf-8")
    return KruhlCharacter.model_validate_json(text)


def changed_example(stem: str, /, **changes: Any) -> KruhlCharacter:
    """An example character with some of its fields replaced."""
    return KruhlCharacter.model_validate(example(stem).model_dump() | changes)



def sheet_pdf(character: KruhlCharacter, paper: Paper = "a4") -> bytes:
    """The character's sheet through ``draw_sheet``, as ``desktop.pdf.export`` calls it."""
    return render(lambda canvas: sheet.draw_sheet(canvas, character, Page.of(paper)), paper)


def sheet_overflow(character: KruhlCharacter, paper: Paper = "a4") -> Overflow:
    """What the sheet had to cut short (and would print on a continuation page)."""
    overflow = Overflow()
    render(lambda canvas: sheet.render_sheet(canvas, sheet_view(character), Page.of(paper),
                                             overflow), paper)
    return overflow

