"""Party export: sheets and ID cards of any games' characters in one PDF.

Each game's ``sheet`` part (``desktop.systems.<id>.sheet``) provides::

    draw_sheet(canvas, character, page: Page) -> None
        the character sheet, starting on a fresh page; for a sheet longer than one
        page it calls ``canvas.showPage()`` between its pages (not after the last)
    draw_card(canvas, character, box: Rect) -> None
        the ID card inside ``box`` (a whole page here; smaller on the GM screen)

The PDF is built in memory and then written atomically, so a failed export never
leaves half a file where the last good one was.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from reportlab.pdfgen.canvas import Canvas

from desktop.model.storage import atomic_write_bytes
from desktop.pdf import fonts
from desktop.pdf.page import Page, Paper
from desktop.systems import get

What = Literal["sheet", "card", "both"]
WHATS: tuple[str, ...] = ("sheet", "card", "both")
CREATOR = "Sheetdesk"


def _title(characters: Sequence[Any], what: What) -> str:
    names = [getattr(c, "name", "") or "Unnamed" for c in characters]
    kind = {"sheet": "Character sheets", "card": "ID cards",
            "both": "Character sheets and ID cards"}[what]
    return f"{kind}: {', '.join(names)}" if names else kind


def render_pdf(characters: Sequence[Any], what: What = "both",
               paper: Paper = "a4") -> bytes:
    """The PDF as bytes: for each character in order its sheet, then its card."""
    if what not in WHATS:
        raise ValueError(f"unknown --what {what!r} (use sheet, card or both)")
    page = Page.of(paper)
    if not characters:
        raise ValueError("nothing to export: no characters given")
    fonts.register_fonts()
    buffer = io.BytesIO()
    # invariant: no timestamps or random ids, so the same party gives the same bytes.
    # The initial font would otherwise be Helvetica, listed (unembedded) on every page.
    canvas = Canvas(buffer, pagesize=page.size, invariant=1, pageCompression=1,
                    initialFontName=fonts.REGULAR, initialFontSize=10)
    canvas.setTitle(_title(characters, what))
    canvas.setCreator(CREATOR)
    canvas.setAuthor(CREATOR)
    for character in characters:
        system = get(character.system)
        if what in ("sheet", "both"):
            system.part("sheet").draw_sheet(canvas, character, page)
            canvas.showPage()
        if what in ("card", "both"):
            system.part("card").draw_card(canvas, character, page.content)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def export_pdf(characters: list, out: str | Path, what: What = "both",
               paper: Paper = "a4") -> None:
    """Write the sheets and/or ID cards of ``characters`` to ``out`` in one PDF."""
    atomic_write_bytes(out, render_pdf(characters, what, paper), keep_backup=False)
