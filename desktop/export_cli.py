"""``sheetdesk export``: character sheets and ID cards, or a blank sheet, to a PDF; or,
with ``--format markdown|bbcode|text``, one character as text for play by post (to
``-o OUT`` or stdout), worded from the same view of the character the PDF sheet prints.

Moved out of ``desktop.cli``, which hands in its parser, its usage error and the PDF
entry points (``Io``, as for ``encounter_cli``). No reportlab here: it loads only once
every file has been read.

An export is a batch that ends with the process, so cyclic garbage is collected far
less often while it runs (mypy's setting): each full collection walked every pydantic
schema and parsed font again, about 20 ms of a party's export, and reference
counting frees nearly everything anyway.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.model.errors import DocumentError

if TYPE_CHECKING:
    import argparse

EXIT_OK = 0


@dataclass(frozen=True)
class Io:
    """What the command line lends the export."""

    parser: Callable[..., argparse.ArgumentParser]
    usage_error: type[Exception]
    pdf: Callable[[], Callable[..., Any]]
    """Imports and returns ``export_pdf`` (reportlab loads here)."""
    blank: Callable[[], Callable[..., Any]]
    """Imports and returns ``export_blank``."""
    systems: Sequence[str]
    prog: str
    emit: Callable[[str], None] = print
    """Writes one line to stdout (the text export without ``-o``)."""

def run(io: Io, args: list[str]) -> int:
    if any(a == "--format" or a.startswith("--format=") for a in args):
        return _export_text(io, args)
    parser = io.parser("export", description="Export character sheets and ID cards to a PDF.")
    parser.add_argument("files", nargs="*", metavar="FILE")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    parser.add_argument("--what", choices=("sheet", "card", "both"), default=None)
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")
    parser.add_argument("--blank", metavar="SYSTEM", choices=list(io.systems),
                        help="a blank sheet of SYSTEM to fill in (PDF form fields)")
    ns = parser.parse_args(args)
    if ns.blank is not None or not ns.files:
        return _export_blank(io, parser, ns)
    ns.what = ns.what or "both"
    return _export(io, ns)


def _export(io: Io, ns: argparse.Namespace) -> int:
    from desktop.systems.files import load_character, refuse_document_output

    characters = [load_character(path) for path in ns.files]  # all read before writing
    if Path(ns.output).is_dir():
        raise DocumentError(ns.output, "is a folder, not a file")
    refuse_document_output(ns.output, ns.files)
    try:
        export_pdf = io.pdf()  # reportlab is imported only here
    except ImportError as exc:
        raise io.usage_error(f"PDF export is not available: {exc}") from None

    def warn(problem: Any) -> None:  # the PDF is written; name the file that lost glyphs
        print(f"{io.prog}: export: {ns.files[problem.index]}: warning: {problem.message}",
              file=sys.stderr)

    export_pdf(characters, ns.output, what=ns.what, paper=ns.paper, warn=warn)
    return EXIT_OK


def _export_blank(io: Io, parser: argparse.ArgumentParser, ns: argparse.Namespace) -> int:
    """``export --blank SYSTEM -o OUT.pdf``: a game's blank, fillable sheet."""
    if ns.blank is None or ns.files:
        parser.error("give character FILEs, or --blank SYSTEM for a blank sheet (not both)")
    from desktop.systems.files import refuse_document_output

    if Path(ns.output).is_dir():
        raise DocumentError(ns.output, "is a folder, not a file")
    refuse_document_output(ns.output, [])
    try:
        export_blank = io.blank()  # reportlab is imported only here
    except ImportError as exc:
        raise io.usage_error(f"PDF export is not available: {exc}") from None
    export_blank(ns.blank, ns.output, what=ns.what or "sheet", paper=ns.paper)
    return EXIT_OK


TEXT_FORMATS = ("markdown", "bbcode", "text")


def _export_text(io: Io, args: list[str]) -> int:
    """``export FILE --format markdown|bbcode|text [-o OUT]``: a character as text."""
    parser = io.parser("export", description="Export a character as text (for play by post).")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--format", required=True, choices=TEXT_FORMATS)
    parser.add_argument("-o", "--output", metavar="OUT", default=None)
    ns = parser.parse_args(args)
    from desktop.systems.files import load_character, refuse_document_output
    from desktop.text.export import character_text

    text = character_text(load_character(ns.file), ns.format)
    if ns.output is None:
        io.emit(text.removesuffix("\n"))
        return EXIT_OK
    if Path(ns.output).is_dir():
        raise DocumentError(ns.output, "is a folder, not a file")
    refuse_document_output(ns.output, [ns.file], "a text file")
    from desktop.model.storage import atomic_write_text

    atomic_write_text(ns.output, text, keep_backup=False)
    return EXIT_OK
