"""Text as it is drawn: font runs, put in visual order and shaped.

A line of text is split into font runs (``fonts.runs``). Plain text (Latin, Greek,
Cyrillic, CJK…) is drawn as it is, which is fast and extracts as typed. Text in a script
that needs shaping — Arabic joining, Devanagari conjuncts and vowel signs, Thai marks,
any combining mark — is shaped by HarfBuzz (``uharfbuzz``, through reportlab's
``shapeStr``), and a line with right-to-left characters (Hebrew, Arabic) is put in
visual order by the Unicode Bidirectional Algorithm (``python-bidi``'s levels, then
rule L2 over the runs). Without those libraries the text is drawn unshaped in logical
order, as before, and a warning says so once.
"""

from __future__ import annotations

import logging
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

from reportlab.pdfbase import pdfmetrics

from desktop.pdf import fonts

log = logging.getLogger(__name__)

# Scripts whose letters change shape or order with their neighbours.
_COMPLEX = (
    (0x0590, 0x08FF),  # Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
    (0x0900, 0x0DFF),  # Devanagari … Sinhala
    (0x0E00, 0x0FFF),  # Thai, Lao, Tibetan
    (0x1000, 0x109F),  # Myanmar
    (0x1780, 0x17FF),  # Khmer
    (0xA8E0, 0xA8FF),  # Devanagari Extended
    (0xFB1D, 0xFDFF),  # Hebrew and Arabic presentation forms
    (0xFE70, 0xFEFF),
)
_RTL = frozenset(("R", "AL", "RLE", "RLO", "RLI"))


@dataclass(frozen=True)
class Piece:
    """One run as drawn: its text (a reportlab ``ShapedStr`` once shaped), font, width."""

    text: str
    font: str
    width: float


def _is_complex(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _COMPLEX) or unicodedata.category(
        char) in ("Mn", "Mc", "Me")


_simple = set(map(chr, range(128)))
"""Characters known to need no shaping: ASCII, and each other one once it was checked."""


def needs_shaping(text: str) -> bool:
    """Whether ``text`` has a character that HarfBuzz or the bidi algorithm must handle."""
    if text.isascii() or _simple.issuperset(text):
        return False
    for char in set(text).difference(_simple):
        if _is_complex(char):
            return True
        _simple.add(char)  # a set of a few hundred letters, dashes and symbols at most
    return False


def has_rtl(text: str) -> bool:
    return not text.isascii() and any(unicodedata.bidirectional(c) in _RTL for c in text)


@cache
def _shaper() -> bool:
    """Whether HarfBuzz shaping is available (reportlab uses uharfbuzz when installed)."""
    try:
        import uharfbuzz  # noqa: F401
    except ImportError:
        log.warning("uharfbuzz is not installed: Arabic, Devanagari and Thai text is "
                    "printed unshaped")
        return False
    return True


def levels(text: str) -> list[int]:
    """The bidi embedding level of each character (even: left to right), base direction
    from the first strong character (rules P2-P3), as python-bidi resolves them."""
    try:
        from bidi import algorithm
    except ImportError:
        _warn_no_bidi()
        return [1 if unicodedata.bidirectional(c) in _RTL else 0 for c in text]
    storage = algorithm.get_empty_storage()
    base = algorithm.get_base_level(text)
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    algorithm.get_embedding_levels(text, storage)
    algorithm.explicit_embed_and_overrides(storage)
    algorithm.resolve_weak_types(storage)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    chars = storage["chars"]
    if len(chars) != len(text):  # explicit formatting characters were removed (X9)
        return [1 if unicodedata.bidirectional(c) in _RTL else 0 for c in text]
    return [int(ch["level"]) for ch in chars]


@cache
def _warn_no_bidi() -> None:
    log.warning("python-bidi is not installed: right-to-left text is printed as typed")


def _segments(text: str, font: str) -> list[tuple[str, str, int]]:
    """Font runs split further where the bidi level changes: (text, font, level)."""
    if not has_rtl(text):
        return [(piece, f, 0) for piece, f in fonts.runs(text, font)]
    lv = levels(text)
    out: list[tuple[str, str, int]] = []
    at = 0
    for piece, f in fonts.runs(text, font):
        for char in piece:
            level = lv[at]
            at += 1
            if out and out[-1][1] == f and out[-1][2] == level:
                out[-1] = (out[-1][0] + char, f, level)
            else:
                out.append((char, f, level))
    return out


def _visual_order(segments: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """Rule L2: from the highest level down to the lowest odd one, reverse every run of
    segments at that level or higher."""
    if not segments:
        return segments
    order = list(segments)
    highest = max(s[2] for s in order)
    lowest_odd = min((s[2] for s in order if s[2] % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if order[i][2] >= level:
                j = i
                while j < len(order) and order[j][2] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


def _shape(text: str, font: str, size: float, rtl: bool) -> Piece:
    """One segment shaped by HarfBuzz (glyphs come back in visual order)."""
    if _shaper() and getattr(pdfmetrics.getFont(font), "shapable", False):
        from reportlab.pdfbase.ttfonts import ShapedStr, shapeStr

        shaped = shapeStr(text, font, size)
        if isinstance(shaped, ShapedStr):
            width = sum(d.x_advance for d in shaped.__shapeData__) * size / 1000
            return Piece(shaped, font, width)
        text = str(shaped)
    elif rtl:  # no shaper: at least put right-to-left letters in reading order
        text = text[::-1]
    return Piece(text, font, pdfmetrics.stringWidth(text, font, size))


@lru_cache(maxsize=16384)
def layout(text: str, font: str, size: float) -> tuple[Piece, ...]:
    """``text`` as drawn left to right: runs in visual order, shaped where needed."""
    if not needs_shaping(text):
        return tuple(Piece(piece, f, fonts.measure(piece, f, size))
                     for piece, f in fonts.runs(text, font))
    pieces: list[Piece] = []
    for piece, f, level in _visual_order(_segments(text, font)):
        rtl = level % 2 == 1
        if needs_shaping(piece) or rtl:
            pieces.append(_shape(piece, f, size, rtl))
        else:
            pieces.append(Piece(piece, f, fonts.measure(piece, f, size)))
    return tuple(pieces)


def width(text: str, font: str, size: float) -> float:
    return sum(p.width for p in layout(text, font, size))
