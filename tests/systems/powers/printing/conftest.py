"""Every Powers printing test measures text, so the fonts are registered first, as an
export does before drawing: a test must not lean on another having run before it."""

from __future__ import annotations

import pytest

from desktop.pdf import fonts


@pytest.fixture(autouse=True)
def registered_fonts() -> None:
    fonts.register_fonts()
