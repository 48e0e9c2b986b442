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
from collections.abc import Callable
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
    if text and not shaping.needs_shaping(text) and fonts.coverage(font).issuperset(text):
        # One run in one font, nothing to shape (nearly every line of a sheet): its
        # width is reportlab's, without laying it out (the same number, to the bit).
        return fonts.measure(text, font, size)
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
        # What canvas.drawString does, less the width it measures again and throws away
        # (reportlab's Python loop over every character, a twentieth of an export).
        line = canvas.beginText(x, y)
        line.textLine(piece.text)
        canvas.drawText(line)
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
    _fit.cache_clear()
    _wrap.cache_clear()
    _tokens.cache_clear()
    _widest_word.cache_clear()
    shaping.layout.cache_clear()


def wrap(text: str, font: str, size: float, max_width: float,
         max_lines: int | None = None) -> list[str]:
    """Greedy line breaking at spaces (and between wide characters); a word longer
    than the line is broken between letters. Newlines in ``text`` are kept. With
    ``max_lines``, wrapping stops once there are more lines than that (a box that
    holds a few lines never pays for wrapping a whole book)."""
    return list(_wrap(text, font, size, max_width, max_lines))


@lru_cache(maxsize=16384)
def _wrap(text: str, font: str, size: float, max_width: float,
          max_lines: int | None = None) -> tuple[str, ...]:
    # Kept: a sheet's layout measures the same texts at the same sizes again and again
    # while it shares the page out.
    lines: list[str] = []
    plain = _plain(text, font)
    for paragraph in text.split("\n"):
        if max_lines is not None and len(lines) > max_lines:
            break
        line, units = "", 0.0
        for token in _tokens(paragraph):
            if max_lines is not None and len(lines) > max_lines:
                break
            if plain:  # the line's advance so far plus the word's, not the line again
                whole, bare = _token_units(token, font)
                tried = units + bare if bare is not None else _units(line.rstrip(), font)
                fits = 0.001 * size * tried <= max_width
            else:
                fits = _fits(line, token, font, size, max_width)
            if fits:
                line += token
                units += whole if plain else 0.0
                continue
            if line.strip():
                lines.append(line.rstrip())
            # A word longer than the line, broken between letters: each piece is
            # measured, never the whole rest of the word again (linear).
            start, word = 0, token.rstrip()
            while len(word) - start > 1 and (max_lines is None or len(lines) <= max_lines):
                cut = _longest_prefix(word, start, lambda t: t, font, size, max_width)
                if start + cut >= len(word):
                    break
                lines.append(word[start:start + cut])
                start += cut
            line = token[start:]
            units = _units(line, font) if plain else 0.0
        lines.append(line.rstrip())
    return tuple(lines)


def _plain(text: str, font: str) -> bool:
    """Whether ``text`` is one run of ``font`` with nothing to shape, in a font whose
    advances add up exactly: then ``width`` of any part of it is ``0.001 * size`` times
    the sum of its words' advances, the very number ``width`` returns."""
    return (not shaping.needs_shaping(text) and fonts.coverage(font).issuperset(text)
            and fonts.exact_sums(font))


def _units(text: str, font: str) -> float:
    return fonts.advance(text, font) or 0.0


def _token_units(token: str, font: str) -> tuple[float, float | None]:
    """A word's advance with its trailing spaces, and without them (None if it is all
    spaces: the line before it is then measured without its own)."""
    bare = token.rstrip()
    return _units(token, font), (_units(bare, font) if bare else None)


PREFIX = 256
"""A text longer than this is first measured by its start: if that is too wide, so is
the whole (linear wrapping of a long unbroken word)."""


def _fits(line: str, token: str, font: str, size: float, max_width: float) -> bool:
    if len(token) > PREFIX and width((line + token[:PREFIX]).rstrip(), font, size) > max_width:
        return False
    return width((line + token).rstrip(), font, size) <= max_width


def _longest_prefix(text: str, start: int, shown: Callable[[str], str], font: str,
                    size: float, max_width: float) -> int:
    """The most characters of ``text`` from ``start`` (at least 1) whose ``shown`` form
    fits ``max_width``: doubling, then halving, so a long text costs O(k log k) for
    the k characters that fit, not its whole length."""
    def fits(n: int) -> bool:
        return width(shown(text[start:start + n]), font, size) <= max_width

    rest = len(text) - start
    low, high = 1, 2
    while high <= rest and fits(high):
        low, high = high, high * 2
    high = min(high, rest + 1)  # low fits (or is 1); high does not (or is past the end)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def ellipsize(line: str, font: str, size: float, max_width: float) -> str:
    """``line`` cut short with "…" so that it fits ``max_width``."""
    line = line.rstrip()
    if line and width(line + ELLIPSIS, font, size) > max_width:
        keep = _longest_prefix(line, 0, lambda t: t.rstrip() + ELLIPSIS, font, size,
                               max_width)
        line = line[:keep].rstrip()
    while line and width(line + ELLIPSIS, font, size) > max_width:
        line = line[:-1].rstrip()
    return line + ELLIPSIS


@dataclass(frozen=True)
class Fitted:
    """How a text fits its box: its size and lines, and whether it was shrunk, wrapped or cut."""

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


@lru_cache(maxsize=8192)
def _widest_word(text: str, font: str) -> str:
    """The word of ``text`` that needs the most room (each wide character is a word; a
    word longer than PREFIX characters counts by its start)."""
    widest, most = "", -1.0
    for paragraph in text.split("\n"):
        for token in _tokens(paragraph):
            bare = token.rstrip()[:PREFIX]
            if bare and (w := width(bare, font, 1.0)) > most:
                widest, most = bare, w
    return widest


def _elide_words(text: str, font: str, size: float, max_width: float) -> str:
    """``text`` with every word too wide for a line at ``size`` cut short with "…"
    (a line never breaks inside a word)."""
    paragraphs = []
    for paragraph in text.split("\n"):
        out = []
        for token in _tokens(paragraph):
            bare = token.rstrip()
            if bare and not _is_wide(bare[0]) and (
                    len(bare) > PREFIX or width(bare, font, size) > max_width):
                token = ellipsize(bare[:PREFIX], font, size, max_width) + token[len(bare):]
            out.append(token)
        paragraphs.append("".join(out))
    return "\n".join(paragraphs)


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
    Lines break between words only: a size at which a word is wider than the box is
    passed over, and a word too wide even at ``min_size`` is cut short with "…"
    (``truncated``), never broken over two lines.
    """
    return _fit(text, box_w, box_h, font, max_size, min_size, wrap_first)


@lru_cache(maxsize=8192)
def _fit(text: str, box_w: float, box_h: float, font: str, max_size: float,
         min_size: float, wrap_first: bool) -> Fitted:
    # Kept: a sheet fits a text once to share out the page and again to draw it, and
    # an ID card measures its back before drawing it (a Fitted is immutable).
    text = text.strip()
    min_size = min(min_size, max_size)
    sizes = _sizes(max_size, min_size)
    one_line = "\n" not in text
    if one_line and not wrap_first:
        # Width grows with the size: measured once, it rules out the sizes far too wide
        # without measuring a long text at each of them.
        # A long text whose start alone is too wide is not measured whole at all.
        too_long = len(text) > PREFIX and width(text[:PREFIX], font, min_size) > box_w
        per_point = 0.0 if too_long or max_size <= 0 else width(text, font, max_size) / max_size
        for size in [] if too_long else sizes:
            if per_point * size > box_w * 1.01 + 1e-6:
                continue
            if size * LEADING <= box_h + 1e-6 and width(text, font, size) <= box_w:
                return Fitted(text, font, size, (text,), size < max_size, False, False)
    widest = _widest_word(text, font)
    for size in sizes:
        if width(widest, font, size) > box_w + 1e-6:
            continue  # that word would break between its letters: try a smaller size
        room = int((box_h + 1e-6) // (size * LEADING))
        lines = wrap(text, font, size, box_w, max(room, 1))
        if len(lines) * size * LEADING <= box_h + 1e-6:
            return Fitted(text, font, size, tuple(lines), size < max_size, len(lines) > 1,
                          False)
    room = int((box_h + 1e-6) // (min_size * LEADING))
    elided = _elide_words(text, font, min_size, box_w)
    lines = wrap(elided, font, min_size, box_w, max(room, 1))
    kept = lines[:room]
    if kept and (len(lines) > room or elided == text):
        kept[-1] = ellipsize(kept[-1], font, min_size, box_w)
    return Fitted(text, font, min_size, tuple(kept), min_size < max_size, len(lines) > 1,
                  True)


WORD_MIN = 4.5
"""The smallest size a table cell's text shrinks to so that a long word fits whole."""


def fit_cell(text: str, box_w: float, box_h: float, font: str, size: float, *,
             word_min: float = WORD_MIN) -> Fitted:
    """``text`` wrapped at ``size`` in a table's cell, as ``fit_text`` with ``wrap_first``;
    but a word too wide for the cell at ``size`` ("unbalanced" in a narrow column) makes
    this cell's text smaller, down to ``word_min``, rather than be cut short."""
    fitted = fit_text(text, box_w, box_h, font, size, size, wrap_first=True)
    if (fitted.truncated and word_min < size
            and width(_widest_word(text.strip(), font), font, size) > box_w):
        smaller = fit_text(text, box_w, box_h, font, size, word_min, wrap_first=True)
        if not smaller.truncated:
            return smaller
    return fitted


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
