"""Parsed TrueType fonts kept between runs, so an export does not parse DejaVu again.

reportlab reads a TrueType font's tables in Python (its character map, every glyph's
width and position) each time a process registers it: about 6 ms a face, a twentieth
of a party export. ``load`` keeps what that parse produced in the user's cache folder
and, on the next run, reads it back in a third of the time, with the font file's own
bytes (which the PDF's subset is cut from) read afresh. The cached copy is used only
for the same file (path, size and modification time) and the same reportlab and
Python; anything else, or a cache that cannot be read, parses the font as before and
writes a new entry (an old one stays: a few hundred kilobytes, left when a font or
reportlab changes). A cache that cannot be written is no error: the next run parses
again.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from desktop.paths import user_cache_dir

log = logging.getLogger(__name__)

FORMAT = 1
"""Bumped when what is kept changes, so older caches are parsed again."""
_NOT_KEPT = frozenset(("face", "state", "_ttf_data", "_pdfScale"))
"""The font file's bytes (read afresh), a lambda and a weak dictionary (rebuilt)."""


def cache_dir() -> Path:
    """``SHEETDESK_CACHE_DIR``, or the user's cache folder for Sheetdesk."""
    return user_cache_dir() / "fonts"


def _key(name: str, path: Path) -> str:
    """What the parse depends on: the file as it is now, reportlab and Python."""
    stat = path.stat()
    parts = (FORMAT, name, str(path.resolve()), stat.st_size, stat.st_mtime_ns,
             reportlab.Version, sys.version_info[:2])
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:24]


def _entry(name: str, path: Path) -> Path:
    return cache_dir() / f"{name}-{_key(name, path)}.pickle"


def load(name: str, path: str | Path) -> TTFont:
    """``TTFont(name, path)``, from the cache when it holds this very file's parse."""
    path = Path(path)
    entry = _entry(name, path)
    font = _read(entry, path)
    if font is None:
        font = TTFont(name, str(path))
        _write(entry, font)
    return font


def _read(entry: Path, path: Path) -> TTFont | None:
    try:
        with entry.open("rb") as handle:
            font_state, face_state = pickle.load(handle)  # our own file, written below
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except Exception as exc:  # a damaged or foreign cache: parse the font again
        log.info("font cache %s not usable, parsing the font: %s", entry, exc)
        return None
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(face_state)
    face._ttf_data = data
    face._pdfScale = _scale(face.unitsPerEm)
    font = TTFont.__new__(TTFont)
    font.__dict__.update(font_state)
    font.face = face
    font.state = WeakKeyDictionary()
    return font


def _scale(units_per_em: int) -> Any:
    """reportlab's font-units-to-thousandths function (a lambda it cannot pickle)."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _write(entry: Path, font: TTFont) -> None:
    font_state = {k: v for k, v in vars(font).items() if k not in _NOT_KEPT}
    face_state = {k: v for k, v in vars(font.face).items() if k not in _NOT_KEPT}
    temporary = None
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=entry.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            pickle.dump((font_state, face_state), out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, entry)  # whole or not at all, for a run reading it now
    except (OSError, pickle.PicklingError) as exc:
        log.info("font cache %s not written: %s", entry, exc)
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
