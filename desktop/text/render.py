"""A ``TextDocument`` written as Markdown (Discord, Reddit, wikis), BBCode (forums) or
plain text (e-mail, chat).

Tables are pipe tables in Markdown; in plain text and BBCode (whose ``[table]`` most
forums lack) they are columns lined up in a fixed-width block, counting wide
characters (Chinese, Japanese, emoji) as two columns, or, when that would be wider than
a forum post, one entry per row with its headings. Nothing is lost or cut.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from desktop.text.document import Fields, Items, Paragraph, Table, TextDocument

FORMATS = ("markdown", "bbcode", "text")
WIDE = 80
"""A table wider than this (in columns of a fixed-width font) is written row by row."""

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")
_BB_TAG = re.compile(r"\[(?=/?[A-Za-z*])")
"""An opening bracket a forum could read as a tag ("[b]", "[/code]", "[*]")."""
ZERO_WIDTH_SPACE = "\u200b"


def render(doc: TextDocument, fmt: str) -> str:
    """The document in ``fmt`` (one of FORMATS), ending with one newline."""
    writer: dict[str, Callable[[TextDocument], list[str]]] = {
        "markdown": _markdown, "bbcode": _bbcode, "text": _text}
    lines = writer[fmt](doc)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def display_width(text: str) -> int:
    """Columns ``text`` takes in a fixed-width font: wide characters two, combining
    marks none, and an emoji joined to the one before it (🐕‍🦺) none."""
    width = 0
    joined = False
    for ch in text:
        if joined or unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            joined = ch == "\u200d"
            continue
        joined = False
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def _one_line(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------------ Markdown

def _md(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", _one_line(text))


def _md_paragraph(text: str) -> list[str]:
    return [_MD_SPECIAL.sub(r"\\\1", line.strip()) if line.strip() else ""
            for line in text.splitlines()]


def _markdown(doc: TextDocument) -> list[str]:
    out = [f"# {_md(doc.title)}", ""]
    if doc.subtitle:
        out += [f"*{_md(doc.subtitle)}*", ""]
    for sec in doc.sections:
        out += [f"## {_md(sec.title)}", ""]
        for block in sec.blocks:
            if isinstance(block, Fields):
                out += [f"- **{_md(label)}:** {_md(value)}" for label, value in block.items]
            elif isinstance(block, Table):
                out.append("| " + " | ".join(_md(h) for h in block.header) + " |")
                out.append("|" + "|".join(" --- " for _ in block.header) + "|")
                out += ["| " + " | ".join(_md(c) or " " for c in row) + " |"
                        for row in block.rows]
            elif isinstance(block, Items):
                out += [f"- {_md(item)}" for item in block.items]
            else:
                out += _md_paragraph(block.text)
            out.append("")
    return out


# -------------------------------------------------------------- plain text, BBCode

def _aligned(table: Table) -> list[str] | None:
    """The table as lined-up columns, or None if it would be wider than ``WIDE``."""
    widths = [max(display_width(c) for c in column)
              for column in zip(table.header, *table.rows, strict=True)]
    if sum(widths) + 2 * (len(widths) - 1) > WIDE:
        return None

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(_pad(c, w) for c, w in zip(cells, widths, strict=True)).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return [line(table.header), rule, *(line(row) for row in table.rows)]


def _entries(table: Table) -> list[tuple[str, str]]:
    """Each row as its first cell and "Heading: value · …" for the others."""
    out = []
    for row in table.rows:
        rest = " · ".join(f"{h}: {c}" for h, c in zip(table.header[1:], row[1:], strict=True)
                          if c)
        out.append((row[0] or "—", rest))
    return out


def _text(doc: TextDocument) -> list[str]:
    out = [doc.title, "=" * max(display_width(doc.title), 3)]
    if doc.subtitle:
        out.append(doc.subtitle)
    out.append("")
    for sec in doc.sections:
        out += [sec.title, "-" * max(display_width(sec.title), 3)]
        for block in sec.blocks:
            if isinstance(block, Fields):
                out += [f"{label}: {_one_line(value)}" for label, value in block.items]
            elif isinstance(block, Table):
                aligned = _aligned(block)
                if aligned is not None:
                    out += aligned
                else:
                    for first, rest in _entries(block):
                        out += [f"* {first}"] + ([f"  {rest}"] if rest else [])
            elif isinstance(block, Items):
                out += [f"- {item}" for item in block.items]
            else:
                out += [line.rstrip() for line in block.text.splitlines()]
            out.append("")
    return out


def _bb(text: str) -> str:
    """Text as a forum shows it, never as markup: BBCode has no escape, so a bracket
    that could open a tag ("[b]" in a name) gets an invisible zero-width space after
    it, which no forum reads as a tag."""
    return _BB_TAG.sub("[" + ZERO_WIDTH_SPACE, text)


def _bbcode(doc: TextDocument) -> list[str]:
    out = [f"[size=150][b]{_bb(_one_line(doc.title))}[/b][/size]"]
    if doc.subtitle:
        out.append(f"[i]{_bb(_one_line(doc.subtitle))}[/i]")
    out.append("")
    for sec in doc.sections:
        out.append(f"[b][u]{_bb(_one_line(sec.title))}[/u][/b]")
        for block in sec.blocks:
            if isinstance(block, Fields):
                out += [f"[b]{_bb(label)}:[/b] {_bb(_one_line(value))}"
                        for label, value in block.items]
            elif isinstance(block, Table):
                aligned = _aligned(block)
                if aligned is not None:  # "[/code]" in a cell would end the block
                    out += ["[code]", *(_bb(line) for line in aligned), "[/code]"]
                else:
                    out.append("[list]")
                    out += [f"[*][b]{_bb(first)}[/b]" + (f" — {_bb(rest)}" if rest else "")
                            for first, rest in _entries(block)]
                    out.append("[/list]")
            elif isinstance(block, Items):
                out += ["[list]", *(f"[*]{_bb(item)}" for item in block.items), "[/list]"]
            elif isinstance(block, Paragraph):
                out += [_bb(line.rstrip()) for line in block.text.splitlines()]
            out.append("")
    return out
