"""The house look shared by every sheet: ink, greys, an accent, line widths."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

INK = HexColor("#1b1b1b")
MUTED = HexColor("#5f6368")
"""Labels and captions."""
RULE = HexColor("#9aa0a6")
"""Box outlines."""
HEADER_FILL = HexColor("#e8eaed")
"""Light grey section headers."""
FILL = HexColor("#c4c7cc")
"""Filled-in bubbles: dark enough to read as "not there", light enough to print."""
PAPER = HexColor("#ffffff")
ACCENT = HexColor("#c62828")
"""One strong colour for logos; it prints as a dark grey in black and white."""

LINE = 0.6
HAIRLINE = 0.35


def with_alpha(color: Color, alpha: float) -> Color:
    return Color(color.red, color.green, color.blue, alpha)
