from __future__ import annotations

import io
import logging
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop.pdf.export import export_pdf, render_pdf, render_pdf_checked
from desktop.systems.pow.rules.character import PowCharacter


def _character(name: str, concept: str = "A high school student in search of the "
               "world's best pizza", **stats: int) -> PowCharacter:
    attributes = {"agility": 3, "brawn": 2, "cognition": 2, "damage": 3, "energy": 2,
                  "fellowship": 1} | stats
    return PowCharacter(name=name, concept=concept, player="Dana", worldbook="Power Grrrl",
                        attributes=attributes)


PARTY = [_character("Kaiser Überlegen"), _character("Ωmega"), _character("東京 Kid")]


def _reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


@pytest.mark.parametrize(("what", "pages"), [("sheet", 1), ("card", 1), ("both", 2)])
def test_page_counts_for_one_character(what: str, pages: int) -> None:
    assert len(_reader(render_pdf(PARTY[:1], what)).pages) == pages  # type: ignore[arg-type]


def test_a_party_of_three_goes_into_one_pdf_in_order() -> None:
    reader = _reader(render_pdf(PARTY, "both"))
    assert len(reader.pages) == 6
    texts = [page.extract_text() for page in reader.pages]
    assert "Kaiser Überlegen" in texts[0] and "Hi, My Name Is:" in texts[1]
    assert "Ωmega" in texts[2] and "Ωmega" in texts[3]
    assert "Kid" in texts[4]


@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_media_box_follows_the_paper(paper: str, size: tuple[int, int]) -> None:
    for page in _reader(render_pdf(PARTY[:1], "both", paper)).pages:  # type: ignore[arg-type]
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == size


def test_fonts_are_embedded_and_nothing_uses_a_base14_font() -> None:
    reader = _reader(render_pdf(PARTY, "both"))
    seen = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            seen.add(str(font["/BaseFont"]))
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font).get(
                "/FontDescriptor")
            assert descriptor is not None, font["/BaseFont"]
            assert "/FontFile2" in descriptor.get_object(), font["/BaseFont"]
    assert any("DejaVuSans-Bold" in name for name in seen)
    assert any(name.endswith("DejaVuSans") for name in seen)


def test_unicode_names_print_and_cjk_does_not_crash() -> None:
    text = "".join(page.extract_text() for page in _reader(render_pdf(PARTY, "sheet")).pages)
    assert "Kaiser Überlegen" in text and "Ωmega" in text


def test_export_writes_atomically_and_replaces_without_a_backup(tmp_path: Path) -> None:
    out = tmp_path / "party.pdf"
    out.write_bytes(b"old")
    export_pdf(PARTY, out, "card", "letter")
    assert out.read_bytes().startswith(b"%PDF")
    assert len(_reader(out.read_bytes()).pages) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["party.pdf"]


def test_same_party_gives_the_same_bytes() -> None:
    assert render_pdf(PARTY[:1]) == render_pdf(PARTY[:1])


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="nothing to export"):
        render_pdf([])
    with pytest.raises(ValueError, match="--what"):
        render_pdf(PARTY, "poster")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="paper"):
        render_pdf(PARTY, "both", "a5")  # type: ignore[arg-type]


# ------------------------------------------------------------ rendered pixels

def _ppm_ink(path: Path, rows: slice | None = None) -> tuple[int, int]:
    """(non-white pixels, all pixels) of a binary PPM (P6), optionally some rows only."""
    data = path.read_bytes()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P6" and parts[3] == b"255"
    w, h = int(parts[1]), int(parts[2])
    pixels = parts[4][: w * h * 3]
    lines = range(h)[rows] if rows else range(h)
    ink = 0
    for y in lines:
        row = pixels[y * w * 3:(y + 1) * w * 3]
        ink += sum(1 for i in range(0, len(row), 3) if min(row[i:i + 3]) < 200)
    return ink, w * len(lines)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rendered_pages_are_not_blank(tmp_path: Path, paper: str) -> None:
    pdf = tmp_path / "party.pdf"
    export_pdf(PARTY[:1], pdf, "both", paper)  # type: ignore[arg-type]
    subprocess.run(["pdftoppm", "-r", "30", str(pdf), str(tmp_path / "p")], check=True)
    sheet, card = sorted(tmp_path.glob("p-*.ppm"))
    ink, total = _ppm_ink(sheet)
    assert ink > total * 0.03
    # The card's back panel (top 40 %) is drawn turned over: its ink must land on the page.
    _, height = _ppm_ink(card, slice(0, 1))
    rows = total // height
    back_ink, back_total = _ppm_ink(card, slice(int(rows * 0.08), int(rows * 0.4)))
    assert back_ink > back_total * 0.02


# -- every script on paper -----------------------------------------------------

SEVEN_SCRIPTS = ["东京 Tōkyō", "ひらがな", "서울", "สวัสดี", "नमस्ते", "Dragon 🐉🎲", "שלום",
                 "سلام"]


@pytest.mark.filterwarnings("ignore")
def test_names_in_every_script_print_and_nothing_is_unprintable(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="pypdf")
    data, unprintable = render_pdf_checked([_character(n) for n in SEVEN_SCRIPTS], "card")
    assert unprintable == []
    # a card may wrap a long name: compare without the spaces and line breaks
    texts = ["".join(page.extract_text().split()) for page in _reader(data).pages]
    for name, text in zip(SEVEN_SCRIPTS[:4], texts, strict=False):
        assert "".join(name.split()) in text  # drawn as typed: extracted as typed
    # reportlab's ToUnicode map writes astral characters (emoji) in a form pypdf
    # cannot read back; the glyphs are drawn (Symbola below), the text is not checked
    assert "Dragon" in texts[5]
    assert "שלום" in texts[6]  # drawn in visual order; pypdf reads it back in logical order
    fonts_used = {str(f["/BaseFont"]) for page in _reader(data).pages
                  for f in page["/Resources"]["/Font"].values()}
    for family in ("DroidSansFallback", "NanumGothic", "NotoSansThai", "NotoSansDevanagari",
                   "Symbola"):
        assert any(family in f for f in fonts_used), family


def test_a_character_no_font_has_is_reported_once_per_character(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    party = [_character("Ra 𓀀𓁐"), _character("Plain"), _character("𓀀 again")]
    with caplog.at_level(logging.WARNING, logger="desktop.pdf.export"):
        problems = export_pdf(party, tmp_path / "p.pdf", what="both")
    assert (tmp_path / "p.pdf").is_file()  # the export still succeeds
    assert [(p.index, p.name, p.chars) for p in problems] == [
        (0, "Ra 𓀀𓁐", "𓀀𓁐"), (2, "𓀀 again", "𓀀")]
    assert "2 characters cannot be printed" in problems[0].message
    assert "U+13050 EGYPTIAN HIEROGLYPH B001" in problems[0].message
    assert len(caplog.records) == 2  # one warning line per character
    seen: list[str] = []
    export_pdf(party, tmp_path / "q.pdf", what="card", warn=lambda p: seen.append(p.name))
    assert seen == ["Ra 𓀀𓁐", "𓀀 again"]


@pytest.mark.slow
def test_the_command_line_export_warns_on_one_line(tmp_path: Path) -> None:
    source = tmp_path / "ra.sheetdesk"
    source.write_text(_character("Ra 𓀀").model_dump_json(), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "desktop", "export", str(source), "-o",
                           str(tmp_path / "ra.pdf")], capture_output=True, text=True,
                          encoding="utf-8", check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Ra 𓀀: 1 character cannot be printed" in lines[0]


def test_streams_are_binary_and_reportlabs_setting_is_left_as_it_was() -> None:
    from reportlab import rl_config

    before = rl_config.useA85
    data = render_pdf(PARTY[:1], "card")
    assert rl_config.useA85 == before
    assert b"ASCII85Decode" not in data and b"FlateDecode" in data
    assert "Kaiser" in _reader(data).pages[0].extract_text()
