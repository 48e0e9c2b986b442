"""A character as text: its game's ``text_document`` (built from the same sheet view
the PDF prints) written in one of the formats. No Qt, no reportlab."""

from __future__ import annotations

import importlib
from typing import Any

from desktop.systems import system_of
from desktop.text.render import FORMATS, render

__all__ = ["FORMATS", "character_text"]


def character_text(character: Any, fmt: str) -> str:
    """``character`` in ``fmt`` ("markdown", "bbcode" or "text")."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown text format {fmt!r} (known: {', '.join(FORMATS)})")
    module = importlib.import_module(system_of(character).module_name("text"))
    return render(module.text_document(character), fmt)
