"""Every game's printing tests measure text, so the fonts are registered first, as an
export does before drawing: a test must not lean on another having run before it."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def registered_fonts(request: pytest.FixtureRequest) -> None:
    if "printing" in request.path.parts:
        from desktop.pdf import fonts

        fonts.register_fonts()
