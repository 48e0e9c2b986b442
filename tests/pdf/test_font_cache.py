from __future__ import annotations

import io
import logging
import os
import shutil
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from desktop.paths import resource
from desktop.pdf import font_cache

# Each test registers DejaVu under its own name: its face, not the app's (conftest).
pytestmark = pytest.mark.usefixtures("private_font_registry")


@pytest.fixture
def dejavu(tmp_path: Path) -> Path:
    copy = tmp_path / "fonts" / "DejaVuSans.ttf"
    copy.parent.mkdir()
    shutil.copyfile(resource("fonts", "DejaVuSans.ttf"), copy)
    return copy


def _entries() -> list[Path]:
    return sorted(font_cache.cache_dir().glob("*.pickle"))


def _pdf(font: TTFont) -> bytes:
    from reportlab.pdfbase import pdfmetrics

    # This very font, not an earlier one of the same name or face (reportlab would
    # resolve to that); the registry is the test's own (private_font_registry).
    pdfmetrics._fonts.pop(font.fontName, None)
    pdfmetrics._dynFaceNames.pop(font.face.name, None)
    pdfmetrics.registerFont(font)
    assert pdfmetrics.getFont(font.fontName) is font  # the font under test is drawn
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1)
    canvas.setFont(font.fontName, 12)
    canvas.drawString(72, 720, "Kaiser Überlegen, Ωmega")
    canvas.save()
    return out.getvalue()


def test_the_cache_folder_follows_the_environment(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHEETDESK_CACHE_DIR", str(tmp_path / "c"))
    assert font_cache.cache_dir() == tmp_path / "c" / "fonts"


def test_a_cached_font_is_the_parsed_one(dejavu: Path) -> None:
    parsed = font_cache.load("SheetdeskCacheTest", dejavu)  # parses and writes the cache
    assert len(_entries()) == 1
    cached = font_cache.load("SheetdeskCacheTest", dejavu)
    assert cached is not parsed and cached.face is not parsed.face
    fresh = TTFont("SheetdeskCacheTest", str(dejavu))
    for name, value in vars(fresh.face).items():
        if name != "_pdfScale":
            assert getattr(cached.face, name) == value, name
    assert cached.face._pdfScale(2048) == fresh.face._pdfScale(2048)
    assert cached.stringWidth("Ωmega", 10) == fresh.stringWidth("Ωmega", 10)
    assert cached.shapable == fresh.shapable
    assert _pdf(cached) == _pdf(fresh)  # the same embedded subset, byte for byte


def test_a_changed_font_file_is_parsed_again(dejavu: Path) -> None:
    font_cache.load("SheetdeskCacheTest", dejavu)
    shutil.copyfile(resource("fonts", "DejaVuSans-Bold.ttf"), dejavu)
    stat = dejavu.stat()
    os.utime(dejavu, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    bold = font_cache.load("SheetdeskCacheTest", dejavu)
    assert b"Bold" in bytes(bold.face.name)
    assert bold.stringWidth("Wide", 10) == TTFont("B", str(dejavu)).stringWidth("Wide", 10)
    assert len(_entries()) == 2
    assert b"Bold" in bytes(font_cache.load("SheetdeskCacheTest", dejavu).face.name)


def test_a_damaged_cache_is_parsed_again_and_replaced(
        dejavu: Path, caplog: pytest.LogCaptureFixture) -> None:
    font_cache.load("SheetdeskCacheTest", dejavu)
    (entry,) = _entries()
    entry.write_bytes(b"not a pickle")
    with caplog.at_level(logging.INFO, logger="desktop.pdf.font_cache"):
        font = font_cache.load("SheetdeskCacheTest", dejavu)
    assert font.stringWidth("Ωmega", 10) > 0
    assert "not usable" in caplog.text
    assert entry.read_bytes() != b"not a pickle"


def test_a_cache_that_cannot_be_written_is_no_error(
        dejavu: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("SHEETDESK_CACHE_DIR", str(blocked))
    font = font_cache.load("SheetdeskCacheTest", dejavu)
    assert font.stringWidth("Ωmega", 10) > 0


def test_a_missing_font_file_still_fails_as_before(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        font_cache.load("SheetdeskCacheTest", tmp_path / "none.ttf")
