"""A character as a text document: a title, then sections of labelled values, tables and
paragraphs. Each game fills one from its sheet view (``printing/text.py``); the
renderers in ``render`` write it out. Empty values, tables and sections are left out
here, once, so no format prints an empty heading.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Fields:
    """Labelled values, one a line ("Initiative: +3 + 2d6")."""

    items: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Table:
    """Rows under column headings."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Paragraph:
    """Free text (a description, notes), its line breaks kept."""

    text: str


@dataclass(frozen=True)
class Items:
    """A list, one entry a line (a fight's log)."""

    items: tuple[str, ...]


Block = Fields | Table | Paragraph | Items


@dataclass(frozen=True)
class Section:
    """A heading and what is under it, as a box of the sheet."""

    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class TextDocument:
    """A whole character: its name, a line under it (concept, game) and its sections."""

    title: str
    subtitle: str
    sections: tuple[Section, ...]


def fields(*items: tuple[str, object]) -> Fields | None:
    """Labelled values without the empty ones; None if none is left."""
    kept = tuple((label, str(value).strip()) for label, value in items
                 if value is not None and str(value).strip())
    return Fields(kept) if kept else None


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> Table | None:
    """A table of the rows given (cells as text, spaces collapsed); None if it has none.
    Columns that are empty in every row are dropped."""
    cells = [tuple(" ".join(str(c).split()) for c in row) for row in rows]
    if not cells:
        return None
    keep = [i for i in range(len(header)) if any(row[i] for row in cells)]
    return Table(tuple(header[i] for i in keep), tuple(tuple(row[i] for i in keep)
                                                       for row in cells))


def items(entries: Iterable[str]) -> Items | None:
    kept = tuple(" ".join(e.split()) for e in entries if e.strip())
    return Items(kept) if kept else None


def paragraph(text: str | None) -> Paragraph | None:
    return Paragraph(text.strip()) if text and text.strip() else None


def section(title: str, *blocks: Block | None) -> Section | None:
    """A section of the blocks that are not None; None if none is left."""
    kept = tuple(b for b in blocks if b is not None)
    return Section(title, kept) if kept else None


def document(title: str, subtitle: str, *sections: Section | None) -> TextDocument:
    return TextDocument(title.strip() or "Unnamed character", subtitle.strip(),
                        tuple(s for s in sections if s is not None))
