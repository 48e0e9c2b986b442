"""The print commands of the main window (File ▸ Print…, Print preview…, Print blank
sheet) and of the GM screen (the fight's ID cards and status sheet): each makes a
``PrintJob`` of its PDFs and hands it to the print dialog or the preview."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from desktop.ui.export_dialog import remembered_paper
from desktop.ui.printing.job import PrintJob, run_print
from desktop.ui.printing.preview import Choices, PreviewDialog, show_preview

STATUS_MS = 6000


def _status(window: Any) -> Any:
    return lambda text: window.statusBar().showMessage(text, STATUS_MS)


# -- characters (the main window) -------------------------------------------------------
def character_job(window: Any, characters: Sequence[Any], what: str) -> PrintJob:
    """The sheets and/or ID cards of ``characters``, one PDF each, as Export PDF makes
    them (``what``: sheet, card or both)."""
    characters = list(characters)

    def make(paper: str) -> Iterator[bytes]:
        from desktop.pdf.export import render_pdf  # reportlab loads only when printing

        for character in characters:
            yield render_pdf([character], what, paper)  # type: ignore[arg-type]

    names = [getattr(c, "name", "") or "Unnamed" for c in characters]
    title = names[0] if len(names) == 1 else f"{len(names)} characters"
    return PrintJob(title, make, len(characters), remembered_paper(window.settings),
                    export=window.export_dialog, status=_status(window))


def _characters(window: Any, party: bool) -> list[Any]:
    editors = window.editors() if party else [window.current_editor()]
    return [editor.document.character for editor in editors]


def print_characters(window: Any) -> bool:
    """File ▸ Print…: what and whose (as Export PDF asks), then the print dialog."""
    if window.current_editor() is None:
        return False
    choice = window.prompts.print_choice(window.tabs.count())
    if choice is None:
        return False
    job = character_job(window, _characters(window, choice.party), choice.what)
    return run_print(window, window.prompts, job)


def preview_characters(window: Any) -> PreviewDialog | None:
    """File ▸ Print preview…: the current character's sheet and ID card; the preview
    offers the other choices of Export PDF."""
    if window.current_editor() is None:
        return None

    def job(what: str, party: bool) -> PrintJob:
        return character_job(window, _characters(window, party), what)

    return show_preview(window, window.prompts, job("both", False),
                        Choices(window.tabs.count(), job))


# -- blank sheets -----------------------------------------------------------------------
def blank_job(window: Any, system_id: str, export: Callable[[], object]) -> PrintJob:
    """A game's blank, fillable sheet: its printed text, its form fields empty;
    ``export`` is its Export PDF."""
    from desktop.systems import SYSTEMS

    def make(paper: str) -> Iterator[bytes]:
        from desktop.pdf.blank import render_blank  # reportlab loads only when printing

        yield render_blank(system_id, paper=paper)  # type: ignore[arg-type]

    return PrintJob(f"Blank {SYSTEMS[system_id].book} sheet", make, 1,
                    remembered_paper(window.settings), export=export,
                    status=_status(window))


# -- the GM screen ----------------------------------------------------------------------
def encounter_job(gm: Any) -> PrintJob:
    """The fight's ID cards, four to a page, then its status sheet."""
    encounter = gm.encounter

    def make(paper: str) -> Iterator[bytes]:
        from desktop.pdf.encounter_print import render_encounter_pdf  # reportlab on demand

        yield render_encounter_pdf(encounter, paper)  # type: ignore[arg-type]

    return PrintJob(f"{encounter.name or 'Encounter'}: ID cards and status sheet", make, 1,
                    remembered_paper(gm.settings), export=gm.files.print_dialog,
                    status=gm.show_message)


def print_encounter(gm: Any) -> bool:
    return run_print(gm, gm.prompts, encounter_job(gm))


def preview_encounter(gm: Any) -> PreviewDialog | None:
    return show_preview(gm, gm.prompts, encounter_job(gm))
