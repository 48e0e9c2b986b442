"""Fixtures for the PDF layer's tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def private_font_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """reportlab's font registry for this test alone, given back afterwards.

    reportlab resolves a TrueType font registered under a new name to the first font
    registered with the same face. A test that registers a DejaVu file under a name of
    its own before the app's fonts are registered would otherwise stand in for
    DejaVuSans in every later PDF of the process: two fonts named alike in one document
    ("redefining named object 'F2+0'"), depending on which tests ran first."""
    from reportlab.pdfbase import pdfmetrics

    monkeypatch.setattr(pdfmetrics, "_fonts", dict(pdfmetrics._fonts))
    monkeypatch.setattr(pdfmetrics, "_dynFaceNames", {})
