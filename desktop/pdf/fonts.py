"""The embedded Unicode fonts: DejaVu Sans from resources/fonts, plus a CJK fallback.

DejaVu covers Latin, Greek and Cyrillic ("Kaiser Überlegen", "Ωmega") but not CJK.
reportlab has no per-glyph fallback, so ``runs`` splits text into pieces that each
font can show; a CJK TrueType font found on the system is the fallback. With none,
the primary font draws its "missing glyph" box rather than failing.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from desktop.paths import resource

log = logging.getLogger(__name__)

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
OBLIQUE = "DejaVuSans-Oblique"
FALLBACK = "SheetdeskCJK"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf",
          OBLIQUE: "DejaVuSans-Oblique.ttf"}

# TrueType-outline CJK fonts on common systems (reportlab cannot embed CFF/OTF ones
# such as Noto Sans CJK, so those are left out): Linux, Windows, macOS.
CJK_CANDIDATES: tuple[str, ...] = (
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/droid/DroidSansFallback.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/truetype/takao-gothic/TakaoPGothic.ttf",
    "/usr/share/fonts/truetype/unfonts-core/UnDotum.ttf",
    "C:/Windows/Fonts/msgothic.ttc",
    "C:/Windows/Fonts/simsun.ttc",
    "C:/Windows/Fonts/malgun.ttf",
    "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
)


@cache
def register_fonts() -> tuple[str, ...]:
    """Register the fonts once per process; the fallback font names that are usable."""
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(resource("fonts", filename))))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=OBLIQUE,
                                  boldItalic=BOLD)
    fallback = _register_first(FALLBACK, CJK_CANDIDATES)
    return (fallback,) if fallback else ()


def _register_first(name: str, candidates: Iterable[str]) -> str | None:
    for candidate in candidates:
        if not Path(candidate).is_file():
            continue
        try:
            pdfmetrics.registerFont(TTFont(name, candidate))
        except (TTFError, OSError, ValueError) as exc:  # e.g. CFF outlines, bad file
            log.info("CJK fallback %s not usable: %s", candidate, exc)
            continue
        return name
    return None


def covers(font: str, char: str) -> bool:
    """Whether ``font`` has a glyph for ``char``."""
    glyphs = getattr(pdfmetrics.getFont(font).face, "charToGlyph", None)
    if glyphs is None:  # a built-in Type 1 font (Helvetica...): Latin-1 only
        return ord(char) < 256
    return ord(char) in glyphs


def runs(text: str, font: str, fallbacks: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """``text`` split into (piece, font) runs: the first font that has each glyph.

    Characters no font has stay with ``font`` (a visible box beats a crash or a gap).
    """
    if fallbacks is None:
        fallbacks = register_fonts()
    out: list[tuple[str, str]] = []
    for char in text:
        chosen = font
        if not char.isspace() and not covers(font, char):
            chosen = next((f for f in fallbacks if covers(f, char)), font)
        if out and out[-1][1] == chosen:
            out[-1] = (out[-1][0] + char, chosen)
        else:
            out.append((char, chosen))
    return out


def string_width(text: str, font: str, size: float) -> float:
    return sum(pdfmetrics.stringWidth(piece, f, size) for piece, f in runs(text, font))
