"""No word is broken between its letters on any printed page: every text the sheets,
ID cards and blank sheets of all games wrap keeps its words whole (a word too wide for
its box is made smaller or cut short with "…", never split over two lines)."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.paths import resource
from desktop.pdf import text as text_module
from desktop.pdf.blank import render_blank
from desktop.pdf.export import render_pdf
from desktop.systems import SYSTEMS
from desktop.systems.files import load_character


def test_no_printed_line_breaks_a_word(monkeypatch: pytest.MonkeyPatch) -> None:
    broken: list[tuple[str, list[str]]] = []
    wrap = text_module.wrap

    def checked(text: str, *args, **kwargs) -> list[str]:
        lines = wrap(text, *args, **kwargs)
        if not any(text_module._is_wide(c) for c in text):  # CJK breaks between letters
            words = " ".join(lines).split()
            if words != text.split()[:len(words)]:
                broken.append((text, lines))
        return lines

    monkeypatch.setattr(text_module, "wrap", checked)
    text_module.forget_wrapping()
    try:
        paths = sorted(Path(resource("pow")).parent.glob("*/characters/*.sheetdesk"))
        render_pdf([load_character(path) for path in paths], what="both")
        for game in SYSTEMS:
            render_blank(game, what="both")
    finally:
        text_module.forget_wrapping()
    assert broken == []
