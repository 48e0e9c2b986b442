"""Party export: sheets and ID cards of any games' characters in one PDF.

Each game's ``sheet`` part (``desktop.systems.<id>.sheet``) provides::

    draw_sheet(canvas, character, page: Page) -> None
        the character sheet, starting on a fresh page; for a sheet longer than one
        page it calls ``canvas.showPage()`` between its pages (not after the last)
    draw_card(canvas, character, box: Rect) -> None
        the ID card inside ``box`` (a whole page here; smaller on the GM screen)

The PDF is built in memory and then written atomically, so a failed export never
leaves half a file where the last good one was. A character whose text has characters
that no font can draw still exports (they show as boxes), and is reported: one
``Unprintable`` per character, logged as a warning unless the caller handles it.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from desktop.model.storage import atomic_write_bytes
from desktop.pdf import fonts
from desktop.pdf.page import Page, Paper
from desktop.systems import get

log = logging.getLogger(__name__)

What = Literal["sheet", "card", "both"]
WHATS: tuple[str, ...] = ("sheet", "card", "both")
CREATOR = "Sheetdesk"


def _title(characters: Sequence[Any], what: What) -> str:
    names = [getattr(c, "name", "") or "Unnamed" for c in characters]
    kind = {"sheet": "Character sheets", "card": "ID cards",
            "both": "Character sheets and ID cards"}[what]
    return f"{kind}: {', '.join(names)}" if names else kind


@dataclass(frozen=True)
class Unprintable:
    """Characters of one exported character's text that no font could draw."""

    index: int
    """The character's position in the list exported (the CLI's FILE order)."""
    name: str
    chars: str

    @property
    def message(self) -> str:
        count = len(self.chars)
        return (f"{self.name or 'Unnamed'}: {count} character{'s' if count != 1 else ''} "
                f"cannot be printed, no font has {'them' if count != 1 else 'it'} "
                f"(drawn as boxes): {fonts.describe_missing(self.chars)}")


def render_pdf(characters: Sequence[Any], what: What = "both",
               paper: Paper = "a4") -> bytes:
    """The PDF as bytes: for each character in order its sheet, then (``both``) the
    pages a game prints after it, such as Powers' power cards, then its card."""
    return render_pdf_checked(characters, what, paper)[0]


def render_pdf_checked(characters: Sequence[Any], what: What = "both",
                       paper: Paper = "a4") -> tuple[bytes, list[Unprintable]]:
    """The PDF as bytes, and what could not be printed of each character."""
    if what not in WHATS:
        raise ValueError(f"unknown --what {what!r} (use sheet, card or both)")
    page = Page.of(paper)
    if not characters:
        raise ValueError("nothing to export: no characters given")
    fonts.register_primary()
    with _binary_streams():
        return _render(characters, what, page)


@contextmanager
def _binary_streams() -> Iterator[None]:
    """Compressed streams stay binary instead of also being ASCII85-encoded (reportlab's
    default, for PDFs sent through 7-bit channels): the same pages, an eighth smaller,
    and no pure-Python encoding of every page at save (a twentieth of an export)."""
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before


def _render(characters: Sequence[Any], what: What, page: Page
            ) -> tuple[bytes, list[Unprintable]]:
    buffer = io.BytesIO()
    # invariant: no timestamps or random ids, so the same party gives the same bytes.
    # The initial font would otherwise be Helvetica, listed (unembedded) on every page.
    canvas = Canvas(buffer, pagesize=page.size, invariant=1, pageCompression=1,
                    initialFontName=fonts.REGULAR, initialFontSize=10)
    canvas.setTitle(_title(characters, what))
    canvas.setCreator(CREATOR)
    canvas.setAuthor(CREATOR)
    unprintable: list[Unprintable] = []
    for index, character in enumerate(characters):
        system = get(character.system)
        with fonts.collect_missing() as missing:
            if what in ("sheet", "both"):
                system.part("sheet").draw_sheet(canvas, character, page)
                canvas.showPage()
                handouts = system.optional_part("handouts")
                # Powers' power cards follow its sheet when cards are asked for too:
                # the sheet alone is the sheet's pages, not a page holding one card.
                if handouts is not None and what == "both":
                    handouts.draw_handouts(canvas, character, page)
            if what in ("card", "both"):
                system.part("card").draw_card(canvas, character, page.content)
                canvas.showPage()
        if missing:
            unprintable.append(Unprintable(index, getattr(character, "name", "") or "",
                                           "".join(sorted(missing))))
    canvas.save()
    return buffer.getvalue(), unprintable


def _log(problem: Unprintable) -> None:
    log.warning("warning: %s", problem.message)


def export_pdf(characters: list, out: str | Path, what: What = "both",
               paper: Paper = "a4",
               warn: Callable[[Unprintable], None] | None = _log) -> list[Unprintable]:
    """Write the sheets and/or ID cards of ``characters`` to ``out`` in one PDF.

    Returns what could not be printed, one entry per character, each also passed to
    ``warn`` (by default a logged warning, which reaches stderr when nothing configured
    logging: one line per character)."""
    data, unprintable = render_pdf_checked(characters, what, paper)
    atomic_write_bytes(out, data, keep_backup=False)
    for problem in unprintable:
        if warn is not None:
            warn(problem)
    return unprintable
