"""Text that fits its box: shrink to a minimum size, then wrap, then ellipsize.

Nothing is ever clipped silently: ``fit_text`` returns a ``Fitted`` that says whether
the text was shrunk, wrapped or cut short, so a sheet can print the full text elsewhere.
Every line is measured and drawn as ``shaping.layout`` lays it out: font fallback per
character, right-to-left runs in visual order, complex scripts shaped; characters that
no font has are noted for ``fonts.collect_missing``.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import fonts, shaping
from desktop.pdf.page import Rect

ELLIPSIS = "…"
LEADING = 1.2
"""Line height as a multiple of the font size."""
ASCENT = 0.93
"""DejaVu Sans's ascender, as a fraction of the size: the first baseline's offset."""
STEP = 0.25

Align = Literal["left", "center", "right"]


@lru_cache(maxsize=65536)
def width(text: str, font: str, size: float) -> float:
    return shaping.width(text, font, size)


def draw(canvas: Canvas, x: float, y: float, text: str, font: str, size: float,
         align: Align = "left") -> None:
    """One line at baseline ``y``, each run in the font that has its glyphs, in visual
    order and shaped (``shaping.layout``)."""
    fonts.note_missing(text, font)
    pieces = shaping.layout(text, font, size)
    if align != "left":
        w = sum(p.width for p in pieces)
        x -= w if align == "right" else w / 2
    for piece in pieces:
        canvas.setFont(piece.font, size)
        canvas.drawString(x, y, piece.text)
        x += piece.width


def _is_wide(char: str) -> bool:
    """CJK and other wide characters: a line may break between any two of them."""
    return unicodedata.east_asian_width(char) in ("W", "F")


@lru_cache(maxsize=8192)
def _tokens(paragraph: str) -> tuple[str, ...]:
    """Words with their trailing spaces; each wide character is a word of its own."""
    out: list[str] = []
    word = ""
    for char in paragraph:
        if _is_wide(char):
            if word:
                out.append(word)
            out.append(char)
            word = ""
        elif char == " " and word and not word.endswith(" "):
            word += char
        elif word.endswith(" "):
            out.append(word)
            word = char
        else:
            word += char
    if word:
        out.append(word)
    return tuple(out)


def forget_wrapping() -> None:
    """Empty the wrapping caches (benchmarks measure an export from cold)."""
    _wrap.cache_clear()
    _tokens.cache_clear()
    shaping.layout.cache_clear()


def wrap(text: str, font: str, size: float, max_width: float) -> list[str]:
    """Greedy line breaking at spaces (and between wide characters); a word longer
    than the line is broken between letters. Newlines in ``text`` are kept."""
    return list(_wrap(text, font, size, max_width))


@lru_cache(maxsize=16384)
def _wrap(text: str, font: str, size: float, max_width: float) -> tuple[str, ...]:
    # Kept: a sheet's layout measures the same texts at the same sizes again and again
    # while it shares the page out.
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for token in _tokens(paragraph):
            if width((line + token).rstrip(), font, size) <= max_width:
                line += token
                continue
            if line.strip():
                lines.append(line.rstrip())
            line = ""
            while width(token.rstrip(), font, size) > max_width and len(token.rstrip()) > 1:
                cut = _longest_prefix(token, font, size, max_width)
                lines.append(token[:cut])
                token = token[cut:]
            line = token
        lines.append(line.rstrip())
    return tuple(lines)


def _longest_prefix(token: str, font: str, size: float, max_width: float) -> int:
    cut = 1
    while cut < len(token) and width(token[:cut + 1], font, size) <= max_width:
        cut += 1
    return cut


def ellipsize(line: str, font: str, size: float, max_width: float) -> str:
    """``line`` cut short with "…" so that it fits ``max_width``."""
    line = line.rstrip()
    while line and width(line + ELLIPSIS, font, size) > max_width:
        line = line[:-1].rstrip()
    return line + ELLIPSIS


@dataclass(frozen=True)
class Fitted:
    text: str
    """The full text asked for, whatever was printed."""
    font: str
    size: float
    lines: tuple[str, ...]
    shrunk: bool
    wrapped: bool
    truncated: bool

    @property
    def leading(self) -> float:
        return self.size * LEADING

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading

    @property
    def status(self) -> str:
        if self.truncated:
            return "truncated"
        if self.wrapped:
            return "wrapped"
        return "shrunk" if self.shrunk else "fits"


def _sizes(max_size: float, min_size: float) -> list[float]:
    count = max(math.floor((max_size - min_size) / STEP + 1e-9), 0)
    sizes = [max_size - i * STEP for i in range(count + 1)]
    return sizes if sizes[-1] <= min_size + 1e-9 else [*sizes, min_size]


def fit_text(text: str, box_w: float, box_h: float, font: str, max_size: float,
             min_size: float, *, wrap_first: bool = False) -> Fitted:
    """The largest size, then the fewest changes, that make ``text`` fit the box.

    Order: one line at ``max_size`` down to ``min_size``; then wrapped lines from
    ``max_size`` down; then wrapped at ``min_size`` with the last line that fits ending
    in "…" (``truncated``). ``wrap_first`` skips the one-line pass (for paragraphs).
    """
    text = text.strip()
    min_size = min(min_size, max_size)
    sizes = _sizes(max_size, min_size)
    one_line = "\n" not in text
    if one_line and not wrap_first:
        for size in sizes:
            if size * LEADING <= box_h + 1e-6 and width(text, font, size) <= box_w:
                return Fitted(text, font, size, (text,), size < max_size, False, False)
    for size in sizes:
        lines = wrap(text, font, size, box_w)
        if len(lines) * size * LEADING <= box_h + 1e-6:
            return Fitted(text, font, size, tuple(lines), size < max_size, len(lines) > 1,
                          False)
    lines = wrap(text, font, min_size, box_w)
    room = int((box_h + 1e-6) // (min_size * LEADING))
    kept = lines[:room]
    if kept:
        kept[-1] = ellipsize(kept[-1], font, min_size, box_w)
    return Fitted(text, font, min_size, tuple(kept), min_size < max_size, len(lines) > 1,
                  True)


def draw_fitted(canvas: Canvas, fitted: Fitted, box: Rect, align: Align = "left",
                valign: Literal["top", "middle", "bottom"] = "top") -> None:
    """Draw lines from ``fit_text`` inside ``box`` (they are known to fit)."""
    if valign == "top":
        top = box.top
    elif valign == "middle":
        top = box.y + (box.h + fitted.height) / 2
    else:
        top = box.y + fitted.height
    x = {"left": box.x, "center": box.x + box.w / 2, "right": box.right}[align]
    baseline = top - fitted.size * (ASCENT + (LEADING - 1) / 2)
    for line in fitted.lines:
        draw(canvas, x, baseline, line, fitted.font, fitted.size, align)
        baseline -= fitted.leading


def fit_and_draw(canvas: Canvas, text: str, box: Rect, font: str, max_size: float,
                 min_size: float, *, align: Align = "left",
                 valign: Literal["top", "middle", "bottom"] = "top",
                 wrap_first: bool = False) -> Fitted:
    fitted = fit_text(text, box.w, box.h, font, max_size, min_size, wrap_first=wrap_first)
    draw_fitted(canvas, fitted, box, align, valign)
    return fitted
