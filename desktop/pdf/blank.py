"""Blank sheets: a game's sheet (and ID card) for a character not
made yet, to fill in by hand or in a PDF reader. Every box a player writes in (Name,
Player, Basic Concept, scores, totals…) is an empty PDF form field, and pool bubbles are
unshaded: the only values printed are those the book prints on its own blank sheet
(Pocket Universe's "Melee: 10="), and the rules' own words and tables. No findings: a
blank sheet has no character to check.

``sheetdesk export --blank GAME -o OUT.pdf`` and File ▸ Print blank sheet use it.
"""

from __future__ import annotations

from pathlib import Path

from desktop.model.storage import atomic_write_bytes
from desktop.pdf.export import What, render_pdf
from desktop.pdf.fillable import form_fields
from desktop.pdf.page import Paper
from desktop.systems import get


def render_blank(system_id: str, what: What = "sheet", paper: Paper = "a4") -> bytes:
    """The blank sheet (or card, or both) of the game ``system_id`` as PDF bytes."""
    character = get(system_id).new_character("")
    with form_fields():
        return render_pdf([character], what=what, paper=paper)


def export_blank(system_id: str, out: str | Path, what: What = "sheet",
                 paper: Paper = "a4") -> None:
    """Write the blank sheet of ``system_id`` to ``out`` (atomically)."""
    atomic_write_bytes(out, render_blank(system_id, what, paper), keep_backup=False)
