"""The embedded Unicode fonts: DejaVu Sans, then bundled fallbacks for other scripts.

DejaVu covers Latin, Greek, Cyrillic, Hebrew and Arabic ("Kaiser Überlegen", "Ωmega",
"שלום") but not CJK, Hangul, Thai, Devanagari or emoji. reportlab has no per-glyph
fallback, so ``runs`` splits text into pieces that each font can show, trying the
bundled fallbacks in ``resources/fonts`` (licences beside them) in ``FALLBACKS`` order,
then one CJK TrueType font the system may have. A font file that does not load is
skipped with a warning. A character that no font has is drawn as the primary font's
box, and ``collect_missing`` lets an export name it to the user instead of staying
silent.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from itertools import repeat
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from desktop.paths import resource

log = logging.getLogger(__name__)

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
OBLIQUE = "DejaVuSans-Oblique"
FALLBACK = "SheetdeskCJK"
"""The name of a CJK font found on the system (after the bundled ones)."""

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf",
          OBLIQUE: "DejaVuSans-Oblique.ttf"}

FALLBACKS: tuple[tuple[str, str], ...] = (
    # (registered name, file in resources/fonts): tried in this order
    ("SheetdeskHebrew", "NotoSansHebrew-Regular.ttf"),
    ("SheetdeskArabic", "NotoSansArabic-Regular.ttf"),
    ("SheetdeskDevanagari", "NotoSansDevanagari-Regular.ttf"),
    ("SheetdeskThai", "NotoSansThai-Regular.ttf"),
    ("SheetdeskHan", "DroidSansFallbackFull.ttf"),  # Chinese, Japanese kana and kanji
    ("SheetdeskHangul", "NanumGothic.ttf"),  # Korean
    ("SheetdeskSymbols", "Symbola-emoji.ttf"),  # emoji, dingbats, arrows (monochrome)
)

# TrueType-outline CJK fonts on common systems (reportlab cannot embed CFF/OTF ones
# such as Noto Sans CJK, so those are left out): Linux, Windows, macOS. One of them,
# if present, backs up the bundled fonts for the rarer ideographs.
CJK_CANDIDATES: tuple[str, ...] = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "C:/Windows/Fonts/msgothic.ttc",
    "C:/Windows/Fonts/simsun.ttc",
    "C:/Windows/Fonts/malgun.ttf",
    "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
)

_LOAD_ERRORS = (TTFError, OSError, ValueError, KeyError, IndexError, AssertionError)
_missing: ContextVar[set[str] | None] = ContextVar("sheetdesk_missing_glyphs", default=None)


@cache
def register_primary() -> None:
    """Register the DejaVu faces once per process: all that Latin, Greek and Cyrillic
    text needs. The fallbacks (about 10 MB to parse) wait until a character needs one."""
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(resource("fonts", filename))))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=OBLIQUE,
                                  boldItalic=BOLD)


@cache
def register_fonts() -> tuple[str, ...]:
    """Register the fonts once per process; the fallback font names that are usable."""
    register_primary()
    usable = [name for name, filename in FALLBACKS
              if _register(name, _bundled(filename), warn=True)]
    system = _register_first(FALLBACK, CJK_CANDIDATES)
    return (*usable, *((system,) if system else ()))


def _bundled(filename: str) -> str:
    return str(resource("fonts", filename))


def _register(name: str, path: str, *, warn: bool) -> bool:
    """Register ``path`` as ``name``; False (and a warning for a bundled font) if the file
    is missing or is no TrueType font reportlab can embed."""
    try:
        pdfmetrics.registerFont(TTFont(name, path))
    except _LOAD_ERRORS as exc:  # a broken or CFF-outline font: use the next one
        (log.warning if warn else log.info)("font %s not usable, skipped: %s", path, exc)
        return False
    return True


def _register_first(name: str, candidates: Iterable[str]) -> str | None:
    for candidate in candidates:
        if Path(candidate).is_file() and _register(name, candidate, warn=False):
            return name
    return None


def covers(font: str, char: str) -> bool:
    """Whether ``font`` has a glyph for ``char``."""
    glyphs = getattr(pdfmetrics.getFont(font).face, "charToGlyph", None)
    if glyphs is None:  # a built-in Type 1 font (Helvetica...): Latin-1 only
        return ord(char) < 256
    return ord(char) in glyphs


_coverage: dict[str, tuple[object, frozenset[str]]] = {}


def coverage(font: str) -> frozenset[str]:
    """The characters ``font`` has glyphs for, and the whitespace (which needs none),
    worked out once per registered font object (``covers`` for a whole string at once)."""
    face = pdfmetrics.getFont(font)
    known = _coverage.get(font)
    if known is None or known[0] is not face:
        glyphs = getattr(face.face, "charToGlyph", None)
        codes = range(256) if glyphs is None else glyphs
        try:
            chars = frozenset(map(chr, codes))
        except (ValueError, OverflowError):  # a font mapping codes beyond Unicode
            chars = frozenset(chr(code) for code in codes if 0 <= code <= 0x10FFFF)
        known = (face, chars | _spaces())
        _coverage[font] = known
    return known[1]


@cache
def _spaces() -> frozenset[str]:
    """The whitespace characters up to the ideographic space (they need no glyph)."""
    return frozenset(c for c in map(chr, range(0x3000 + 1)) if c.isspace())


def invisible(char: str) -> bool:
    """Joiners, variation selectors and other format characters: nothing to draw."""
    return unicodedata.category(char) == "Cf" or 0xFE00 <= ord(char) <= 0xFE0F or (
        0xE0100 <= ord(char) <= 0xE01EF)


def _attaches(char: str) -> bool:
    """A mark or joiner that belongs with the character before it (same font)."""
    return unicodedata.category(char) in ("Mn", "Mc", "Me") or invisible(char)


def runs(text: str, font: str, fallbacks: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """``text`` split into (piece, font) runs: the first font that has each glyph.

    Spaces, combining marks and joiners stay in the run before them when its font has
    them. Characters no font has stay with ``font`` (a visible box beats a crash or a
    gap); ``note_missing`` tells ``collect_missing`` of them.
    """
    if not text:
        return []
    if coverage(font).issuperset(text):  # the usual case: one run, no fallback needed
        return [(text, font)]
    if fallbacks is None:
        fallbacks = register_fonts()
    out: list[tuple[str, str]] = []
    for char in text:
        previous = out[-1][1] if out else font
        if (char.isspace() or _attaches(char)) and covers(previous, char):
            chosen = previous
        elif char.isspace() or covers(font, char):
            chosen = font
        else:
            chosen = next((f for f in fallbacks if covers(f, char)), "")
            if not chosen:
                chosen = previous if invisible(char) else font
        if out and out[-1][1] == chosen:
            out[-1] = (out[-1][0] + char, chosen)
        else:
            out.append((char, chosen))
    return out


def drawable(char: str, font: str, fallbacks: Sequence[str] | None = None) -> bool:
    """Whether ``font`` or a fallback has ``char`` (spaces and joiners need no glyph)."""
    if char.isspace() or invisible(char) or covers(font, char):
        return True
    return any(covers(f, char) for f in (register_fonts() if fallbacks is None else fallbacks))


def missing_glyphs(text: str, font: str, fallbacks: Sequence[str] | None = None) -> str:
    """The characters of ``text`` that neither ``font`` nor any fallback can draw."""
    return "".join(sorted({c for c in text if not drawable(c, font, fallbacks)}))


def note_missing(text: str, font: str) -> None:
    """Add the characters of ``text`` that cannot be drawn to the ``collect_missing``
    set in force (drawing calls this; nothing happens outside such a block)."""
    found = _missing.get()
    if found is not None and not text.isascii():
        found.update(missing_glyphs(text, font))


@contextmanager
def collect_missing() -> Iterator[set[str]]:
    """Within the block, every character that ``runs`` finds no glyph for is added to
    the yielded set (an export reports them per character; nothing is boxed silently)."""
    found: set[str] = set()
    token = _missing.set(found)
    try:
        yield found
    finally:
        _missing.reset(token)


def describe_missing(chars: Iterable[str]) -> str:
    """"'𓀀' (U+13000 EGYPTIAN HIEROGLYPH A001), …": characters as a user can look up."""
    return ", ".join(f"'{c}' (U+{ord(c):04X} {unicodedata.name(c, 'unnamed')})"
                     for c in sorted(set(chars)))


_advances: dict[str, tuple[object, dict[str, float]]] = {}
_ADVANCES_KEPT = 65536
"""Measured texts kept per font (a long session's previews start over past this)."""


def advance(text: str, font: str) -> float | None:
    """The glyph advances of ``text`` in the TrueType ``font`` summed, in thousandths of
    the size (None for a built-in Type 1 font).

    ``pdfmetrics.stringWidth`` is ``0.001 * size * advance`` (to within a rounding of the
    last bit: its C accelerator sums in another order). Kept per text: wrapping a line
    adds a word's advance to the line's instead of measuring the line again."""
    face = pdfmetrics.getFont(font)
    known = _advances.get(font)
    if known is None or known[0] is not face or len(known[1]) > _ADVANCES_KEPT:
        known = (face, {})
        _advances[font] = known
    found = known[1].get(text)
    if found is None:
        widths = getattr(face.face, "charWidths", None)
        if widths is None:
            return None
        found = sum(map(widths.get, map(ord, text), repeat(face.face.defaultWidth)))
        known[1][text] = found
    return found


_exact: dict[str, tuple[object, bool]] = {}


def exact_sums(font: str) -> bool:
    """Whether every advance of the TrueType ``font`` is a whole multiple of 1/256 (as
    DejaVu's are: 2048 units to the em). Then every sum of them is exact, so a line's
    advance is its words' advances added up, to the bit, in any order."""
    face = pdfmetrics.getFont(font)
    known = _exact.get(font)
    if known is None or known[0] is not face:
        widths = getattr(face.face, "charWidths", None)
        exact = widths is not None and all(
            (w * 256).is_integer() and 0 <= w < 1e6
            for w in (*widths.values(), face.face.defaultWidth))
        known = (face, exact)
        _exact[font] = known
    return known[1]


def measure(text: str, font: str, size: float) -> float:
    """``pdfmetrics.stringWidth(text, font, size)`` for a text ``font`` has (one run):
    reportlab's own measure (its C accelerator's, where installed) is the one the page
    is drawn with."""
    return pdfmetrics.stringWidth(text, font, size)


def string_width(text: str, font: str, size: float) -> float:
    return sum(measure(piece, f, size) for piece, f in runs(text, font))
